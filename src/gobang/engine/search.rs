//! Alpha-beta search: principal variation search (PVS) with iterative
//! deepening under a time budget, a transposition table, and pruning by
//! threats (a side facing a four or an open three has few answers), move
//! count pruning, late move reductions and reverse futility pruning.

use super::board::{Board, Color, Combination, Threat};
use super::clock::Clock;
use super::threat::{defences, five_points, threat_points};

/// A won game's score; wins sooner score higher.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses found by the search.
pub const WON: i32 = WIN - 1_000;

/// How much the mover's shapes count against the other's, in fifths, in
/// [`Eval::Worth`]: 6 counts them 1.2 times. The mover plays next, so its
/// shapes are worth more than the same shapes of the other's.
pub const ATTACK: i32 = 6;

/// How the search values a position at its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// What a stone on each point near the stones would be worth
    /// ([`worth_of`](super::board::worth_of), the worth moves are ordered
    /// by), summed for each side, the mover's counted `attack` fifths
    /// ([`ATTACK`]).
    Worth {
        /// The mover's weight, in fifths.
        attack: i32,
    },
    /// The values fitted to who won in match games
    /// ([`FITTED`](super::board::FITTED)), summed over the same points,
    /// the mover's less the other's.
    Fitted,
}

/// The position's value for `me`, to move, by `eval`.
pub fn evaluate(board: &Board, me: Color, eval: Eval) -> i32 {
    let (mut mine, mut theirs) = (0, 0);
    match eval {
        Eval::Worth { attack } => {
            for p in board.near_points() {
                mine += board.worth(p, me);
                theirs += board.worth(p, me.other());
            }
            (mine * attack - theirs * 5) / 5
        }
        Eval::Fitted => {
            for p in board.near_points() {
                mine += board.fitted(p, me).0;
                theirs += board.fitted(p, me.other()).1;
            }
            mine - theirs
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    bound: u8,
}

/// The transposition table: a fixed number of entries, the newest kept.
#[derive(Clone)]
pub struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one entry).
    pub fn with_bytes(bytes: usize) -> Table {
        Table { entries: vec![Entry::default(); Table::entries_for(bytes)] }
    }

    /// How many entries a table of at most `bytes` bytes holds: a power of two.
    fn entries_for(bytes: usize) -> usize {
        let n = (bytes / std::mem::size_of::<Entry>()).max(1);
        1usize << (usize::BITS - 1 - n.leading_zeros())
    }

    /// The bytes [`Table::with_bytes`] would take for `bytes`.
    pub fn bytes_for(bytes: usize) -> usize {
        Table::entries_for(bytes) * std::mem::size_of::<Entry>()
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} entries)", self.entries.len())
    }
}

/// The search.
pub struct Search<'c> {
    clock: &'c Clock,
    table: &'c mut Table,
    /// The most moves tried at a node.
    width: usize,
    /// How leaves are valued.
    eval: Eval,
    /// Nodes visited.
    pub nodes: u64,
    aborted: bool,
}

/// The side to move's salt in the table's keys.
fn key(board: &Board, me: Color) -> u64 {
    board.hash() ^ if me == Color::White { 0x2545_f491_4f6c_dd1d } else { 0 }
}

/// Late move reductions: at a node with at least this many plies to go, ...
const REDUCE_FROM_DEPTH: i32 = 3;
/// ... the moves after this many that make no four are searched less deep
/// first ([`reduction`]), and at full depth only if they beat the best so
/// far. Move ordering puts the good moves first, so the late ones rarely
/// do, and the plies saved go deeper.
const REDUCE_AFTER: usize = 4;

/// How many plies less deep the `i`th move (from 0) of a node `depth`
/// plies from the leaves is searched first, when it is reduced: at least
/// one, more the deeper the node and the later the move (0.75 ln(depth)
/// ln(i + 1), as strong Gomoku engines reduce), and never so many that
/// nothing is left to search.
fn reduction(depth: i32, i: usize) -> i32 {
    let r = (0.75 * f64::from(depth).ln() * (i as f64 + 1.0).ln()) as i32;
    r.clamp(1, (depth - 2).max(1))
}

/// Move count pruning: a node this many plies from the leaves tries at
/// most `3 + depth^1.32` moves by their worth (4 one ply from the leaves,
/// 9 at four plies, the width from seven), besides the moves that build.
/// Near the leaves the late moves seldom matter, and the plies they cost
/// go deeper where they do. With the larger [`reduction`]s, at 1 s a move
/// the search completes 1.4 plies more, and against Pela 2023 it scored
/// 74.0% where the search before scored 72.7% on the same 240 games
/// (docs/gobang-engine-log.md, "Rapfi given three times the time, and a
/// more selective search").
fn moves_at(depth: i32, width: usize) -> usize {
    width.min(3 + f64::from(depth.max(1)).powf(1.32) as usize)
}

/// Reverse futility pruning: a node at most this many plies from the
/// leaves, ...
const FUTILE_DEPTH: i32 = 6;
/// ... whose static value beats beta by this much for each ply left, is
/// taken to hold beta without a search, unless the other side threatens
/// something ([`threatened`]). Values are logits times 1,000; on the
/// benchmark's positions a quiet node's searched value fell more than 930
/// below its static value in 5 nodes of 100 one ply from the leaves, and
/// more than 1,150 two plies from them, so the margin trades a few such
/// nodes for depth: at depth 8 the search visits 23% fewer positions
/// (docs/gobang-engine-log.md, "Reverse futility pruning").
const FUTILE_MARGIN: i32 = 450;

/// Whether `them` threatens to win in a move or two: they have an open
/// three (they could make an open four) or a point that makes a four and
/// an open three at once. Their fours ([`Threat::Five`] points) the caller
/// checks itself.
fn threatened(board: &Board, them: Color) -> bool {
    board.count(Threat::OpenFour, them) > 0 || board.count(Threat::FourThree, them) > 0
}

/// Besides the moves a node tries by their worth, at most this many more
/// that build for either side ([`Combination::builds`]), the best of the
/// rest first. The worth ranks a closed three below an open two, so a
/// closed three with an open two beside it seldom made the list, and
/// that is the quiet move public engines build their attacks with.
/// Against Pela 2023 at 1 s a move, on the same 240 games, the engine
/// with them scored 69.6% and without them 65.4%, most of the gain as
/// white (docs/gobang-engine-log.md, "Moves that build").
const BUILDERS: usize = 4;

/// The moves worth searching for `me`, best first: at most `width` by
/// their worth and the moves that build, or, where the other side has a
/// five or an open three to answer, every answer.
pub fn moves(board: &Board, me: Color, width: usize) -> Vec<usize> {
    let them = me.other();
    let (fives, n) = five_points(board, them);
    if n > 0 {
        // Renju: a five that black may not block is lost.
        return if board.forbidden(fives[0], me) { Vec::new() } else { vec![fives[0]] };
    }
    let threats = threat_points(board, them);
    let mut scored: Vec<(i32, usize)> = if threats.is_empty() {
        board
            .near_points()
            .map(|p| (board.worth(p, me) + board.worth(p, them) * 4 / 5, p))
            .collect()
    } else {
        // An open three against me: my fours, or a stone that spoils it.
        let mut answers = defences(board, &threats, me);
        for p in board.near_points() {
            if board.threat(p, me) >= Threat::Four && !answers.contains(&p) {
                answers.push(p);
            }
        }
        answers.into_iter().map(|p| (board.worth(p, me) + board.worth(p, them), p)).collect()
    };
    // Renju: black's forbidden points are no moves.
    scored.retain(|&(_, p)| !board.forbidden(p, me));
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    if !threats.is_empty() {
        return scored.into_iter().map(|(_, p)| p).collect();
    }
    let builds = |p, colour| board.combination(p, colour).is_some_and(Combination::builds);
    let rest = scored.iter().skip(width).map(|&(_, p)| p);
    let builders = rest.filter(|&p| builds(p, me) || builds(p, them)).take(BUILDERS);
    scored.iter().take(width).map(|&(_, p)| p).chain(builders).collect()
}

impl<'c> Search<'c> {
    /// A search with `table`, trying at most `width` moves at a node and
    /// valuing the leaves by `eval`.
    pub fn new(clock: &'c Clock, table: &'c mut Table, width: usize, eval: Eval) -> Search<'c> {
        Search { clock, table, width, eval, nodes: 0, aborted: false }
    }

    /// Whether the search ran out of time or was stopped.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The value of `mv` for `me` searched `depth` plies deep, within
    /// `(alpha, beta)`; the board is as it was afterwards.
    pub fn root_move(
        &mut self,
        board: &mut Board,
        me: Color,
        mv: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        board.play(mv, me);
        let score = if board.won_at(mv) {
            WIN - 1
        } else {
            -self.negamax(board, me.other(), depth - 1, -beta, -alpha, 1)
        };
        board.undo();
        score
    }

    fn negamax(
        &mut self,
        board: &mut Board,
        me: Color,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.clock.out() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let them = me.other();
        // My five, their fives, my open four, as the board counts them.
        if board.count(Threat::Five, me) > 0 {
            return WIN - ply;
        }
        let n = board.count(Threat::Five, them);
        if n >= 2 {
            return -(WIN - ply - 1);
        }
        if n == 0 && board.count(Threat::OpenFour, me) > 0 {
            return WIN - ply - 2;
        }
        if board.full() {
            return 0;
        }
        if depth <= 0 && n == 0 {
            return evaluate(board, me, self.eval);
        }
        if depth <= FUTILE_DEPTH && beta.abs() < WON && n == 0 && !threatened(board, them) {
            let value = evaluate(board, me, self.eval);
            if value - FUTILE_MARGIN * depth >= beta {
                return value;
            }
        }
        let key = key(board, me);
        let slot = self.table.slot(key);
        let entry = self.table.entries[slot];
        let mut first = None;
        if entry.key == key && entry.bound != 0 {
            first = Some(entry.mv as usize);
            let score = from_table(entry.score, ply);
            if entry.depth as i32 >= depth {
                match entry.bound {
                    1 => return score,
                    2 if score >= beta => return score,
                    3 if score <= alpha => return score,
                    _ => {}
                }
            }
            // A win found at any depth holds at every depth (a deeper
            // search can only find a quicker one), and so does a loss: so
            // the next iteration, and the next move, need not prove again
            // what the table already holds.
            match entry.bound {
                1 | 2 if score > WON && score >= beta => return score,
                1 | 3 if score < -WON && score <= alpha => return score,
                _ => {}
            }
        }
        let mut list = moves(board, me, moves_at(depth, self.width));
        if let Some(f) = first.filter(|f| list.contains(f)) {
            list.retain(|&p| p != f);
            list.insert(0, f);
        }
        let next = if list.len() == 1 { depth } else { depth - 1 };
        let (alpha0, mut best, mut best_move) = (alpha, -WIN, list.first().copied().unwrap_or(0));
        for (i, &p) in list.iter().enumerate() {
            let reduced = depth >= REDUCE_FROM_DEPTH
                && i >= REDUCE_AFTER
                && board.threat(p, me) < Threat::Four;
            board.play(p, me);
            let score = if i == 0 {
                -self.negamax(board, them, next, -beta, -alpha, ply + 1)
            } else {
                // A null window first: does it beat alpha at all? Reduced
                // moves ask it less deep, then (if so) at full depth.
                let mut s = alpha + 1;
                if reduced {
                    let less = next - reduction(depth, i);
                    s = -self.negamax(board, them, less, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha {
                    s = -self.negamax(board, them, next, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    -self.negamax(board, them, next, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            board.undo();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = p;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        self.table.entries[slot] = Entry {
            key,
            score: to_table(best, ply),
            mv: best_move as u16,
            depth: depth as i8,
            bound,
        };
        best
    }
}

/// A win's score as the table keeps it: counted from the node, not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > WON {
        score + ply
    } else if score < -WON {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > WON {
        score - ply
    } else if score < -WON {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::engine::board::{POINTS, SIZE};
    use crate::gobang::extras::rules::Rule;

    fn builds(board: &Board, p: usize) -> bool {
        [Color::Black, Color::White]
            .iter()
            .any(|&c| board.combination(p, c).is_some_and(Combination::builds))
    }

    /// A freestyle board with `stones` played, each `(row, column, colour)`.
    fn board_of(stones: &[(usize, usize, Color)]) -> Board {
        let mut board = Board::new(Rule::Freestyle);
        for &(r, c, colour) in stones {
            board.play(r * SIZE + c, colour);
        }
        board
    }

    #[test]
    fn nodes_near_the_leaves_try_fewer_moves() {
        let counts: Vec<usize> = (0..=8).map(|depth| moves_at(depth, 14)).collect();
        assert_eq!(counts, [4, 4, 5, 7, 9, 11, 13, 14, 14]);
        // Never more than the width.
        assert_eq!(moves_at(5, 6), 6);
    }

    #[test]
    fn late_moves_deep_in_the_tree_are_reduced_more_but_never_to_nothing() {
        for depth in REDUCE_FROM_DEPTH..40 {
            for i in REDUCE_AFTER..60 {
                let r = reduction(depth, i);
                // At least a ply; the reduced search keeps at least one.
                assert!(r >= 1 && depth - 1 - r >= 1, "depth {depth}, move {i}: {r}");
                if depth > REDUCE_FROM_DEPTH {
                    assert!(r >= reduction(depth - 1, i), "depth {depth}, move {i}");
                }
                if i > REDUCE_AFTER {
                    assert!(r >= reduction(depth, i - 1), "depth {depth}, move {i}");
                }
            }
        }
        // The fifth move at three plies loses one ply; the thirtieth at
        // twelve plies, six.
        assert_eq!(reduction(3, 4), 1);
        assert_eq!(reduction(12, 30), 6);
    }

    #[test]
    fn a_quiet_node_far_above_beta_is_not_searched() {
        use Color::{Black, White};
        let stones = [(7, 7, Black), (6, 8, White), (8, 8, Black), (5, 5, White)];
        let clock = Clock::new(None, None);
        let mut table = Table::with_bytes(1 << 20);
        // Black's move, then white to move two plies from the leaves. The
        // question "does black's move score above 20,000?" puts white's
        // beta at -20,000, far below white's static value.
        let nodes = |board: &mut Board, mv: usize, depth: i32, table: &mut Table| {
            let mut search = Search::new(&clock, table, 14, Eval::Fitted);
            let score = search.root_move(board, Black, mv, depth, 20_000, 20_001);
            assert!(score <= 20_000, "{score}");
            search.nodes
        };
        let mut board = board_of(&stones);
        let quiet = 3 * SIZE + 11;
        assert_eq!(nodes(&mut board, quiet, 3, &mut table), 1);
        // Further from the leaves than the pruning reaches, white searches.
        table.clear();
        assert!(nodes(&mut board, quiet, FUTILE_DEPTH + 2, &mut table) > 1);
        // Black's move makes an open three (G7, H7, I7 with F7 and J7
        // free): white must answer it, and searches.
        let mut board = board_of(&[stones[0], stones[1], (7, 6, Black), stones[3]]);
        let three = 7 * SIZE + 8;
        table.clear();
        assert!(nodes(&mut board, three, 3, &mut table) > 1);
    }

    #[test]
    fn moves_that_build_are_tried_beyond_the_width() {
        use Color::{Black, White};
        // Row 7 reads white E7, black F7 and G7; black H6 stands above H7.
        // Elsewhere, stones whose points the worth ranks higher.
        let stones = [
            (7, 5, Black),
            (7, 4, White),
            (7, 6, Black),
            (3, 3, White),
            (6, 7, Black),
            (3, 5, White),
            (11, 11, Black),
            (11, 3, White),
            (11, 9, Black),
            (5, 11, White),
        ];
        let board = board_of(&stones);
        let all = moves(&board, Black, POINTS);
        // Black on H7 makes a closed three along row 7 and an open two
        // down column H: it builds, and the worth ranks it low.
        let h7 = 7 * SIZE + 7;
        assert!(builds(&board, h7));
        let rank = all.iter().position(|&p| p == h7).unwrap();
        assert!(rank >= 4, "H7 ranks {rank}");
        let mut left_out = 0;
        for width in 1..=rank {
            let list = moves(&board, Black, width);
            assert_eq!(list[..width], all[..width], "width {width}");
            let expected: Vec<usize> = all[width..]
                .iter()
                .copied()
                .filter(|&p| builds(&board, p))
                .take(BUILDERS)
                .collect();
            assert_eq!(list[width..], expected[..], "width {width}");
            left_out += all[width..].iter().filter(|p| !list.contains(p)).count();
        }
        // Just outside the width, H7 is still tried; quiet points are not.
        assert!(moves(&board, Black, rank).contains(&h7));
        assert!(left_out > 0);
    }

    #[test]
    fn a_loss_found_shallow_is_not_searched_again_deeper() {
        use Color::{Black, White};
        // Black F7, G7, H7 against white E7 along row 7, and black I5, I6
        // down column I: black on I7 makes a four and an open three.
        let stones = [
            (7, 5, Black),
            (7, 4, White),
            (7, 6, Black),
            (2, 2, White),
            (7, 7, Black),
            (2, 12, White),
            (5, 8, Black),
            (12, 2, White),
            (6, 8, Black),
            (12, 12, White),
        ];
        let mut board = board_of(&stones);
        let i7 = 7 * SIZE + 8;
        let clock = Clock::new(None, None);
        let mut table = Table::with_bytes(1 << 20);
        let mut search = Search::new(&clock, &mut table, 14, Eval::Fitted);
        let shallow = search.root_move(&mut board, Black, i7, 2, -WIN, WIN);
        assert!(shallow > WON, "I7 scored {shallow}");
        // Six plies deeper, asked only whether I7 wins: white's loss after
        // it, kept from the shallow search, answers at once.
        let mut search = Search::new(&clock, &mut table, 14, Eval::Fitted);
        let deep = search.root_move(&mut board, Black, i7, 8, WON, WON + 1);
        assert!(deep > WON, "I7 scored {deep}");
        assert_eq!(search.nodes, 1);
        // A fresh table has to search for it.
        let mut fresh = Table::with_bytes(1 << 20);
        let mut search = Search::new(&clock, &mut fresh, 14, Eval::Fitted);
        assert!(search.root_move(&mut board, Black, i7, 8, WON, WON + 1) > WON);
        assert!(search.nodes > 1);
    }
}

//! A strong Gobang engine, pure logic: no SDL, no I/O.
//!
//! - [`shape`]: what a stone makes along a line, from a table built once.
//! - [`board`]: the board, its line keys kept up to date move by move.
//! - [`threat`]: proofs of a forced win, VCF (continuous fours) and VCT
//!   (continuous fours and threes).
//! - [`search`]: alpha-beta (PVS) with iterative deepening, a
//!   transposition table, and threat pruning.
//! - [`fit`]: the evaluation's values, fitted to who won in match games.
//! - [`review`]: where a finished game was decided, by the threat search.
//!
//! [`think`] puts them together for one move: a five, else a proven win,
//! else the search's best move that leaves the other side no VCF, within
//! a time budget, stopping at once when a shared flag says so.
//! docs/gobang-engine.md explains it for learners.

pub mod board;
pub mod brain;
pub mod clock;
pub mod fit;
pub mod ledger;
pub mod matches;
pub mod report;
pub mod review;
pub mod search;
pub mod shape;
pub mod threat;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use rand::Rng;

pub use clock::Clock;

use crate::gobang::extras::rules::Rule;
use crate::gobang::extras::wins::{Prove, ProvenLine};
use crate::gobang::port::robot::{Maps, Stone};
use board::{coords, Board, Color, SIZE};
use search::{moves, Eval, Search, Table, ATTACK, WIN, WON};
use threat::{five_points, Proof, Prover};

/// How well the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Greedy and noisy: one stone ahead, blocks fours, blind to threes.
    Easy,
    /// Two plies, a little noise, no threat search.
    Medium,
    /// Four plies and VCF, 0.3 s a move.
    Hard,
    /// VCF, VCT, a guard against the other's VCF, deepening for 1 s.
    Expert,
    /// The same for 3 s a move.
    Master,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 5] =
    [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Master];

impl Level {
    /// The level's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// How the level searches.
    pub fn settings(self) -> Settings {
        let base = Settings {
            depth: 2,
            width: 10,
            vcf: false,
            vct: false,
            guard: false,
            noise: 0,
            blind: false,
            eval: Eval::Worth { attack: ATTACK },
            time: Duration::from_millis(300),
        };
        // The deepening levels value positions by the fitted evaluation:
        // against PentaZen 0.2.1 at 100 ms a move it won 90 of 200 games
        // where the worth won 57, at 1 s 91 of 160 against 93. Hard and
        // below keep the worth, the mover's counted 1.2 times.
        match self {
            Level::Easy => Settings { depth: 0, noise: 60, blind: true, ..base },
            Level::Medium => Settings { depth: 2, noise: 8, ..base },
            Level::Hard => Settings { depth: 4, width: 12, vcf: true, ..base },
            Level::Expert => Settings {
                depth: 20,
                width: 14,
                vcf: true,
                vct: true,
                guard: true,
                eval: Eval::Fitted,
                time: Duration::from_secs(1),
                ..base
            },
            // Expert's search for longer. It used to try 18 moves a node;
            // at 300 ms a move 14 won 54% of 476 games against 18.
            Level::Master => {
                Settings { depth: 24, time: Duration::from_secs(3), ..Level::Expert.settings() }
            }
        }
    }
}

impl Level {
    /// The level numbered `n`, 1 (easy) to 5 (master).
    pub fn numbered(n: usize) -> Option<Level> {
        LEVELS.get(n.checked_sub(1)?).copied()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name or number that is no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is no level: easy, medium, hard, expert, master (or 1 to 5)", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        LEVELS
            .iter()
            .enumerate()
            .find(|(i, l)| l.name() == s.to_ascii_lowercase() || (i + 1).to_string() == s)
            .map(|(_, &l)| l)
            .ok_or_else(|| LevelError(s.into()))
    }
}

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The deepest alpha-beta iteration, in plies (0: one stone's worth only).
    pub depth: i32,
    /// The most moves tried at a node.
    pub width: usize,
    /// Look for a win by continuous fours.
    pub vcf: bool,
    /// Look for a win by continuous threats.
    pub vct: bool,
    /// Refuse moves that let the other side win by continuous fours.
    pub guard: bool,
    /// Play any move within this many percent of the best, at random.
    pub noise: i32,
    /// Blind to the other's open threes: only its fours are blocked.
    pub blind: bool,
    /// How the search values the positions at its leaves.
    pub eval: Eval,
    /// The time for a move.
    pub time: Duration,
}

/// The engine's answer for one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The point, `row * 15 + col`.
    pub point: usize,
    /// Its value for the mover (a win or loss beyond [`search::WON`]).
    pub score: i32,
    /// The deepest completed search, in plies.
    pub depth: i32,
    /// Positions visited.
    pub nodes: u64,
    /// A forced win, when one is proven.
    pub proof: Option<Proof>,
}

impl Thought {
    /// The answer a proof gives: its first move, scored as a win in as
    /// many moves as its line, after `nodes` positions of threat search.
    pub fn proven(proof: Proof, nodes: u64) -> Thought {
        let score = WIN - proof.line.len() as i32;
        Thought { point: proof.line[0], score, depth: 0, nodes, proof: Some(proof) }
    }

    /// The point as `(row, col)`.
    pub fn row_col(&self) -> (usize, usize) {
        coords(self.point)
    }
}

/// The move for `me` on `board` (which must have an empty point), by
/// `settings`, within `clock`, with a table of `table` and noise from `rng`.
pub fn think(
    board: &mut Board,
    me: Color,
    settings: &Settings,
    clock: &Clock,
    table: &mut Table,
    rng: &mut impl Rng,
) -> Option<Thought> {
    let them = me.other();
    let centre = 7 * SIZE + 7;
    let answer = |point, score, proof| Some(Thought { point, score, depth: 0, nodes: 0, proof });
    if board.moves().is_empty() {
        return answer(centre, 0, None);
    }
    let (fives, n) = five_points(board, me);
    if n > 0 {
        return answer(
            fives[0],
            WIN - 1,
            Some(Proof { kind: threat::Kind::Five, line: vec![fives[0]] }),
        );
    }
    let (theirs, n) = five_points(board, them);
    // Renju: a five black may not block is lost either way; black plays on
    // elsewhere rather than lose by a forbidden stone.
    if n > 0 && !board.forbidden(theirs[0], me) {
        return answer(theirs[0], if n > 1 { -WIN + 2 } else { 0 }, None);
    }
    let mut nodes = 0;
    for (on, threes, share) in [(settings.vcf, 0, 0.2), (settings.vct, VCT_THREES, 0.3)] {
        if on {
            let part = clock.part(share);
            let mut prover = Prover::with_bytes(&part, table.bytes());
            let proof = prover.prove(board, me, 16, threes);
            nodes += prover.nodes;
            if let Some(proof) = proof {
                return Some(Thought::proven(proof, nodes));
            }
        }
    }
    let mut list = if settings.blind {
        let mut near: Vec<(i32, usize)> = board
            .near_points()
            .map(|p| (board.worth(p, me) + board.worth(p, them) / 4, p))
            .collect();
        near.sort_by_key(|x| std::cmp::Reverse(x.0));
        near.into_iter().take(settings.width).map(|(_, p)| p).collect()
    } else {
        moves(board, me, settings.width.max(8))
    };
    // Renju: black's forbidden points are no moves.
    list.retain(|&p| !board.forbidden(p, me));
    if list.is_empty() {
        // No stone near anything (or, under renju, nothing near allowed):
        // any point that may be played.
        list = (0..board::POINTS)
            .filter(|&p| board.at(p).is_none() && !board.forbidden(p, me))
            .take(1)
            .collect();
    }
    if list.is_empty() {
        return None; // a full board
    }
    if settings.guard && list.len() > 1 {
        let part = clock.part(0.3);
        let mut safe = Vec::new();
        for &p in &list {
            board.play(p, me);
            let mut prover = Prover::with_bytes(&part, table.bytes());
            let lost = prover.prove(board, them, 12, 0).is_some();
            nodes += prover.nodes;
            board.undo();
            if !lost && !prover.aborted() {
                safe.push(p);
            }
        }
        if !safe.is_empty() {
            list = safe;
        }
    }
    let mut scored: Vec<(i32, usize)> = if settings.depth == 0 {
        list.iter().map(|&p| (board.worth(p, me) + board.worth(p, them) / 2, p)).collect()
    } else {
        list.iter().map(|&p| (0, p)).collect()
    };
    let mut depth_done = 0;
    let mut search = Search::new(clock, table, settings.width, settings.eval);
    for depth in 1..=settings.depth {
        let mut next = Vec::with_capacity(scored.len());
        let mut alpha = -WIN;
        for (i, &(_, p)) in scored.iter().enumerate() {
            let score = if i == 0 {
                search.root_move(board, me, p, depth, -WIN, WIN)
            } else {
                let s = search.root_move(board, me, p, depth, alpha, alpha + 1);
                if s > alpha {
                    search.root_move(board, me, p, depth, alpha, WIN)
                } else {
                    s
                }
            };
            if search.aborted() {
                break;
            }
            alpha = alpha.max(score);
            next.push((score, p));
        }
        if search.aborted() {
            // Keep the last full iteration, unless this one found better.
            if let (Some(&(s, p)), Some(&(old, _))) =
                (next.iter().max_by_key(|x| x.0), scored.first())
            {
                if depth_done > 0 && s > old {
                    scored.retain(|x| x.1 != p);
                    scored.insert(0, (s, p));
                }
            }
            break;
        }
        next.sort_by_key(|x| std::cmp::Reverse(x.0));
        scored = next;
        depth_done = depth;
        if scored[0].0.abs() > WON || scored.len() == 1 {
            break;
        }
    }
    nodes += search.nodes;
    if depth_done == 0 && settings.depth > 0 {
        // Not even one ply: order by the stones' worth.
        scored = list.iter().map(|&p| (board.worth(p, me) + board.worth(p, them) / 2, p)).collect();
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    }
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    let best = scored[0].0;
    let (score, point) = if settings.noise > 0 && best.abs() < WON {
        let near: Vec<&(i32, usize)> = scored
            .iter()
            .filter(|(s, _)| best - s <= settings.noise * best.abs().max(100) / 100)
            .collect();
        *near[rng.random_range(0..near.len())]
    } else {
        scored[0]
    };
    Some(Thought { point, score, depth: depth_done, nodes, proof: None })
}

/// The most threes in a VCT the engine looks for while it plays. Measured
/// on the 595 positions of 20 games at 200 ms each: 3 found 140 wins, 4
/// found 149, 5 found 153, taking 22, 50 and 75 ms a position on average;
/// at 5 the search had too little time left, and a 20-game match against
/// a public engine went from 8 wins to 4.
pub const VCT_THREES: u8 = 3;

/// The most threes when showing a proven win, where nothing else needs
/// the time.
pub const SHOWN_VCT_THREES: u8 = 5;

/// The rules a hook can play, by the index its `RULE` names.
const RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// The engine as the game's hook
/// ([`Engine`](crate::gobang::port::hooks::Engine)): `LEVEL` is the index
/// in [`LEVELS`], `RULE` the index in `RULES`.
pub fn hook<const LEVEL: usize, const RULE: usize>(
    maps: &Maps,
    stone: Stone,
) -> Option<(i32, i32)> {
    let mut board = Board::from_maps(maps, RULES[RULE]);
    let settings = LEVELS[LEVEL].settings();
    let clock = Clock::new(Some(settings.time), None);
    let mut table = Table::with_bytes(16 << 20);
    let thought =
        think(&mut board, Color::of(stone), &settings, &clock, &mut table, &mut rand::rng())?;
    let (r, c) = thought.row_col();
    Some((r as i32, c as i32))
}

/// The threat search as `--show-wins` asks it
/// ([`crate::gobang::extras::wins`]): a forced win for `stone`, to move
/// on `maps`, under `rule`, with its main line: a VCF if one is found
/// within 300 ms, else a VCT within another 300 ms (a five to play at once
/// is no line to show).
pub fn prover_for(rule: Rule) -> Prove {
    Arc::new(move |maps: &Maps, stone: Stone| {
        let mut board = Board::from_maps(maps, rule);
        for threes in [0, SHOWN_VCT_THREES] {
            let clock = Clock::new(Some(Duration::from_millis(300)), None);
            let Some(proof) = Prover::new(&clock).prove(&mut board, Color::of(stone), 16, threes)
            else {
                continue;
            };
            let kind = match proof.kind {
                threat::Kind::Five => return None,
                threat::Kind::Vcf => "VCF",
                threat::Kind::Vct => "VCT",
            };
            let line = proof.line.iter().map(|&p| coords(p)).map(|(r, c)| (r as i32, c as i32));
            return Some(ProvenLine { kind, line: line.collect() });
        }
        None
    })
}

/// The hook for `level` under `rule`.
pub fn hook_for(level: Level, rule: Rule) -> crate::gobang::port::hooks::Engine {
    use crate::gobang::port::hooks::Engine;
    /// The five levels' hooks under the rule `R`.
    fn levels<const R: usize>() -> [Engine; 5] {
        [hook::<0, R>, hook::<1, R>, hook::<2, R>, hook::<3, R>, hook::<4, R>]
    }
    let hooks = match rule {
        Rule::Freestyle => levels::<0>(),
        Rule::Standard => levels::<1>(),
        Rule::Renju => levels::<2>(),
    };
    let index = match level {
        Level::Easy => 0,
        Level::Medium => 1,
        Level::Hard => 2,
        Level::Expert => 3,
        Level::Master => 4,
    };
    hooks[index]
}

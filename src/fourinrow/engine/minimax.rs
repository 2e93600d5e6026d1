//! The Connect Four lab's computer player, an alternative opponent: minimax
//! with alpha-beta pruning over a score that counts windows of four cells.
//!
//! The lab is a sibling pygame tutorial: a Connect Four game with minimax
//! and a two-player button, a `class ConnectFour` whose AI looks four moves
//! ahead. This module is written from its description, not translated line
//! by line; each item names its twin in the lab, if it has one:
//!
//! | the lab (`ConnectFour` method) | here |
//! | --- | --- |
//! | `evaluate_window(window, player)` | [`evaluate_window`] |
//! | `score_position(player)` | [`score_position`] (centre column: [`centre_column`]) |
//! | `get_valid_locations()` | [`get_valid_locations`] |
//! | the terminal test at the top of `minimax` | [`terminal_score`] |
//! | `minimax(depth, maximizingPlayer, alpha, beta)` | [`minimax`] (values), [`minimax_move`] (the top level) |
//! | `ai_move()` (`minimax(4, True, -inf, inf)`) | [`minimax_move`] with [`DEFAULT_DEPTH`] |
//!
//! # How the lab's rules read on this board
//!
//! The lab keeps a numpy array `board[row][col]` whose row 0 fills last,
//! so its row 0 is the top row, like `y = 0` here: its `board[r][c]` is
//! `board[c][r]` here. (The lab draws the rows upside down, which changes
//! nothing for the AI: every rule below looks the same turned upside down.)
//! The lab's maximiser is always the AI (player 2) and its minimiser the
//! human (player 1); here the maximiser is the `tile` passed in and the
//! minimiser is `tile.enemy()`, so either colour can use it. Every score is
//! from the maximiser's point of view: leaves are scored with
//! `score_position(board, tile)` whoever is to move, as in the lab.
//!
//! # Order and ties
//!
//! Columns are always tried left to right (`0..width`, the lab's
//! `get_valid_locations`), skipping full ones. The column played is chosen
//! by the lab's rule: first an initial pick among the valid columns (the
//! lab's `random.choice(valid_locations)`; here one call to
//! [`Choices::choice`], so it can be seeded, replayed and tested), then the
//! scan keeps the first column whose value is *strictly* greater than the
//! best so far, which starts at minus infinity. Every value is finite, so
//! the very first column already beats minus infinity and replaces the
//! initial pick: at depth 1 and more the move is the **leftmost** column with
//! the greatest value, and the initial pick never survives (in the lab too).
//! Only at depth 0, where no move is looked at, is the initial pick played
//! (the lab cannot play at depth 0: its `minimax` returns no column there;
//! here depth 0 is a random player). [`minimax_move`] asks for the pick
//! exactly once for each move it returns, and not at all when it returns
//! `None`, so a seeded generator or a replay script advances by one choice
//! per move whatever the depth. (The lab also calls `random.choice` at
//! every inner node, for a column it throws away; here they make no call.)
//!
//! Wins score the same however far away they are (the lab's
//! `10000000`, [`WIN_SCORE`]): the player does not hurry a win or delay a
//! loss, and when a column further left also wins by force within the
//! horizon, it plays that one rather than the immediate win, as the lab
//! does.

use crate::fourinrow::port::board::{
    get_lowest_empty_space, is_board_full, is_valid_move, is_winner, Board, Tile,
};

/// The one random decision this AI makes: an initial pick among the valid
/// columns (the lab's `random.choice(valid_locations)`), so that it can be
/// seeded, replayed and tested.
pub trait Choices {
    /// Picks one of `seq`, which is never empty.
    fn choice(&mut self, seq: &[usize]) -> usize;
}

/// Any random generator makes the pick at random, as the lab does: a
/// blanket implementation, for every type `R` that is an `rand::Rng`.
impl<R: rand::Rng> Choices for R {
    fn choice(&mut self, seq: &[usize]) -> usize {
        seq[self.random_range(0..seq.len())]
    }
}

/// How many moves ahead the lab looks: `ai_move` calls `minimax(4, ...)`.
pub const DEFAULT_DEPTH: u32 = 4;

/// The value of a position the maximiser has won; a loss is its negative
/// and a draw is `0`. The lab: `return (None, 10000000)` in `minimax`.
pub const WIN_SCORE: i64 = 10_000_000;

/// Stands for the lab's `float('inf')`: greater than any score. Its
/// negative, `-INFINITY`, is the lab's `-float('inf')`.
pub const INFINITY: i64 = i64::MAX;

/// A window holding four of the player's tokens. The lab: `score += 100`.
pub const FOUR_SCORE: i64 = 100;

/// A window holding three of the player's tokens and one empty cell.
/// The lab: `score += 10`.
pub const THREE_SCORE: i64 = 10;

/// A window holding two of the player's tokens and two empty cells.
/// The lab: `score += 5`.
pub const TWO_SCORE: i64 = 5;

/// A window holding three of the opponent's tokens and one empty cell.
/// The lab: `score -= 80  # 阻止对手三连` ("stop the opponent's three").
pub const OPPONENT_THREE_SCORE: i64 = -80;

/// Each of the player's tokens in the centre column. The lab:
/// `score += center_count * 3`.
pub const CENTRE_SCORE: i64 = 3;

/// What the search found for one move: the column to play and the values
/// behind it, for the teaching overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinimaxMove {
    /// The column to play: always a valid one (see the module's "Order and
    /// ties" for how it is chosen).
    pub column: usize,
    /// The minimax value of the move played, the greatest of
    /// `column_scores` (at depth 0, the board's own [`score_position`]).
    /// The lab: the second half of `minimax`'s `(column, value)`.
    pub score: i64,
    /// The exact minimax value of each first move, indexed by column, `None`
    /// for full columns. Each first move is searched with its own full
    /// window, so these are values, not alpha-beta bounds. At depth 0 no
    /// move is looked at and every valid column holds the board's own score.
    pub column_scores: Vec<Option<i64>>,
}

/// The score of one window of four cells for `tile`: [`FOUR_SCORE`] for
/// four of its tokens, else [`THREE_SCORE`] for three and an empty cell,
/// else [`TWO_SCORE`] for two and two empty cells; plus
/// [`OPPONENT_THREE_SCORE`] when the window holds three of the opponent's
/// tokens and an empty cell. Anything else scores `0` (in particular four
/// of the opponent's tokens and two of them do not count).
///
/// The lab: `evaluate_window(window, player)`, with `Option<Tile>` cells
/// instead of `0`, `1`, `2`.
pub fn evaluate_window(window: &[Option<Tile>; 4], tile: Tile) -> i64 {
    let count = |cell: Option<Tile>| window.iter().filter(|&&c| c == cell).count();
    let (mine, theirs, empty) = (count(Some(tile)), count(Some(tile.enemy())), count(None));
    let mut score = 0;
    if mine == 4 {
        score += FOUR_SCORE;
    } else if mine == 3 && empty == 1 {
        score += THREE_SCORE;
    } else if mine == 2 && empty == 2 {
        score += TWO_SCORE;
    }
    if theirs == 3 && empty == 1 {
        score += OPPONENT_THREE_SCORE;
    }
    score
}

/// The column whose tokens earn [`CENTRE_SCORE`]: `width / 2`, the middle
/// one for odd widths and the right one of the middle two for even widths.
///
/// The lab: `self.COLUMNS // 2` in `score_position`.
pub fn centre_column(board: &Board) -> usize {
    board.width() / 2
}

/// How good the board looks for `tile`, without looking ahead:
/// [`CENTRE_SCORE`] for each of its tokens in the [`centre_column`], plus
/// [`evaluate_window`] of every window of four cells, across, down and on
/// both diagonals.
///
/// The lab: `score_position(player)`, summing in the same order (centre,
/// rows, columns, `\` diagonals, `/` diagonals).
pub fn score_position(board: &Board, tile: Tile) -> i64 {
    let (width, height) = (board.width(), board.height());
    let centre = centre_column(board);
    let mut score =
        board[centre].iter().filter(|&&c| c == Some(tile)).count() as i64 * CENTRE_SCORE;
    // across: the lab's row_array[c:c + 4]
    for y in 0..height {
        for x in 0..width - 3 {
            score += evaluate_window(&std::array::from_fn(|i| board[x + i][y]), tile);
        }
    }
    // down: the lab's col_array[r:r + 4]
    for x in 0..width {
        for y in 0..height - 3 {
            score += evaluate_window(&std::array::from_fn(|i| board[x][y + i]), tile);
        }
    }
    // "\" going down to the right: the lab's board[r + i][c + i]
    for y in 0..height - 3 {
        for x in 0..width - 3 {
            score += evaluate_window(&std::array::from_fn(|i| board[x + i][y + i]), tile);
        }
    }
    // "/" going up to the right: the lab's board[r + 3 - i][c + i]
    for y in 0..height - 3 {
        for x in 0..width - 3 {
            score += evaluate_window(&std::array::from_fn(|i| board[x + i][y + 3 - i]), tile);
        }
    }
    score
}

/// The columns that can take a token, left to right: the order the search
/// tries them in.
///
/// The lab: `get_valid_locations()`.
pub fn get_valid_locations(board: &Board) -> Vec<usize> {
    (0..board.width()).filter(|&column| is_valid_move(board, column)).collect()
}

/// The value of a finished game, from `tile`'s point of view, or `None`
/// while it goes on: [`WIN_SCORE`] when `tile` has four in a row,
/// `-WIN_SCORE` when its opponent has, `0` for a full board with neither.
/// Should both have four in a row (no game gets there), `tile`'s counts,
/// because the lab tests the maximiser's win first.
///
/// The lab: `is_terminal = ...` and the `if is_terminal:` branch at the
/// top of `minimax`.
pub fn terminal_score(board: &Board, tile: Tile) -> Option<i64> {
    if is_winner(board, tile) {
        Some(WIN_SCORE)
    } else if is_winner(board, tile.enemy()) {
        Some(-WIN_SCORE)
    } else if is_board_full(board) {
        Some(0)
    } else {
        None
    }
}

/// The minimax value of `board` for `tile`, looking `depth` moves ahead,
/// with `tile` to move when `maximizing` and its opponent to move otherwise.
///
/// Finished games score [`terminal_score`] (at any depth), depth 0 scores
/// [`score_position`]; otherwise the mover tries every valid column left to
/// right, the maximiser keeping the greatest value and the minimiser the
/// least, and the loop stops as soon as `alpha >= beta` (alpha-beta
/// pruning, fail-soft). The result is the exact value when it lies strictly
/// between `alpha` and `beta`; otherwise it is only a bound: at most
/// `alpha` when the value is at most `alpha`, at least `beta` when the value
/// is at least `beta`. Call it with `(-INFINITY, INFINITY)` for the exact
/// value.
///
/// The lab: `minimax(depth, maximizingPlayer, alpha, beta)`, returning its
/// value only (the lab's inner calls use `[1]`, the value). The board is
/// not changed.
pub fn minimax(
    board: &Board,
    tile: Tile,
    depth: u32,
    maximizing: bool,
    alpha: i64,
    beta: i64,
) -> i64 {
    let mut board = board.clone();
    search(&mut board, tile, depth, maximizing, alpha, beta)
}

/// [`minimax`] on a board it borrows to play into: each move is made in
/// place and taken back after its search, where the lab copies the board.
fn search(
    board: &mut Board,
    tile: Tile,
    depth: u32,
    maximizing: bool,
    mut alpha: i64,
    mut beta: i64,
) -> i64 {
    if let Some(score) = terminal_score(board, tile) {
        return score;
    }
    if depth == 0 {
        return score_position(board, tile);
    }
    let mover = if maximizing { tile } else { tile.enemy() };
    let mut value = if maximizing { -INFINITY } else { INFINITY };
    for column in 0..board.width() {
        let Some(row) = get_lowest_empty_space(board, column) else {
            continue; // a full column: not one of the lab's valid_locations
        };
        board[column][row] = Some(mover);
        let score = search(board, tile, depth - 1, !maximizing, alpha, beta);
        board[column][row] = None;
        if maximizing {
            value = value.max(score);
            alpha = alpha.max(value);
        } else {
            value = value.min(score);
            beta = beta.min(value);
        }
        if alpha >= beta {
            break;
        }
    }
    value
}

/// The move the lab's AI makes for `tile` on `board`, looking `depth`
/// moves ahead ([`DEFAULT_DEPTH`] in the lab), with every first move's
/// value; `None` when there is nothing to play: the board is full, or either
/// side already has four in a row (the lab's `minimax` returns no column
/// there).
///
/// Each valid first move is searched with [`minimax`] and a full
/// `(-INFINITY, INFINITY)` window, so `column_scores` are exact. The column
/// follows the lab's rule (see the module's "Order and ties"): `choices`
/// is asked once for an initial pick among the valid columns, which the
/// first column of value greater than minus infinity replaces, and each
/// later column only if its value is strictly greater. That is the leftmost
/// best column at depth 1 and more, and the initial pick at depth 0. It is
/// the column and value the lab's single alpha-beta search finds: there,
/// the root's later moves get narrower windows, but a move can only come
/// back above the best so far with its exact value.
///
/// The lab: `ai_move()` with the top level of `minimax(4, True, -inf,
/// inf)`. The work grows as `width^depth`: depth 4 on a 7x6 board takes a
/// few milliseconds in a release build.
pub fn minimax_move(
    board: &Board,
    tile: Tile,
    depth: u32,
    choices: &mut dyn Choices,
) -> Option<MinimaxMove> {
    if terminal_score(board, tile).is_some() {
        return None;
    }
    let valid = get_valid_locations(board);
    let &first = valid.first()?;
    let pick = choices.choice(&valid);
    // `choice` promises one of `valid`; should an implementation break that
    // promise, the leftmost valid column stands in rather than a full one.
    let mut column = if valid.contains(&pick) { pick } else { first };
    let mut column_scores = vec![None; board.width()];
    if depth == 0 {
        let score = score_position(board, tile);
        for &c in &valid {
            column_scores[c] = Some(score);
        }
        return Some(MinimaxMove { column, score, column_scores });
    }
    let mut best = -INFINITY;
    let mut work = board.clone();
    for &c in &valid {
        let Some(row) = get_lowest_empty_space(&work, c) else {
            continue;
        };
        work[c][row] = Some(tile);
        let score = search(&mut work, tile, depth - 1, false, -INFINITY, INFINITY);
        work[c][row] = None;
        column_scores[c] = Some(score);
        if score > best {
            best = score;
            column = c;
        }
    }
    Some(MinimaxMove { column, score: best, column_scores })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::{get_new_board, make_move};
    use crate::fourinrow::port::settings::MIN_SIZE;
    use crate::fourinrow::tools::boardtext::parse_board;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A red cell, to write windows short.
    const R: Option<Tile> = Some(Tile::Red);
    /// A black cell.
    const B: Option<Tile> = Some(Tile::Black);
    /// An empty cell.
    const E: Option<Tile> = None;

    /// A [`Choices`] that always picks the same index of `seq` (wrapping)
    /// and counts how often it was asked.
    struct Fixed {
        index: usize,
        calls: usize,
    }

    impl Fixed {
        fn new(index: usize) -> Fixed {
            Fixed { index, calls: 0 }
        }
    }

    impl Choices for Fixed {
        fn choice(&mut self, seq: &[usize]) -> usize {
            self.calls += 1;
            seq[self.index % seq.len()]
        }
    }

    /// A [`Choices`] that breaks its promise and picks a column not offered.
    struct Rogue;

    impl Choices for Rogue {
        fn choice(&mut self, _seq: &[usize]) -> usize {
            usize::MAX
        }
    }

    /// A board from board text (rows top to bottom joined by `/`).
    fn board(text: &str) -> Board {
        parse_board(text).unwrap()
    }

    /// The lab's minimax without pruning: the reference the alpha-beta
    /// search must agree with.
    fn plain_minimax(board: &mut Board, tile: Tile, depth: u32, maximizing: bool) -> i64 {
        if let Some(score) = terminal_score(board, tile) {
            return score;
        }
        if depth == 0 {
            return score_position(board, tile);
        }
        let mover = if maximizing { tile } else { tile.enemy() };
        let mut values = Vec::new();
        for column in get_valid_locations(board) {
            let row = get_lowest_empty_space(board, column).unwrap();
            board[column][row] = Some(mover);
            values.push(plain_minimax(board, tile, depth - 1, !maximizing));
            board[column][row] = None;
        }
        if maximizing {
            *values.iter().max().unwrap()
        } else {
            *values.iter().min().unwrap()
        }
    }

    /// The lab's top level as it is written: one alpha-beta search whose
    /// root moves share alpha, an initial pick, then "first strictly better".
    fn lab_root(board: &Board, tile: Tile, depth: u32, pick: usize) -> (usize, i64) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut value = -INFINITY;
        let mut column = pick;
        for c in get_valid_locations(board) {
            let mut child = board.clone();
            make_move(&mut child, tile, c);
            let new_score = minimax(&child, tile, depth - 1, false, alpha, beta);
            if new_score > value {
                value = new_score;
                column = c;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        (column, value)
    }

    /// Every window of four by brute force over start cells and directions,
    /// independent of the four loops of `score_position`.
    fn all_windows(board: &Board) -> Vec<[Option<Tile>; 4]> {
        let (w, h) = (board.width() as i64, board.height() as i64);
        let mut out = Vec::new();
        for x in 0..w {
            for y in 0..h {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ex, ey) = (x + 3 * dx, y + 3 * dy);
                    if (0..w).contains(&ex) && (0..h).contains(&ey) {
                        out.push(std::array::from_fn(|i| {
                            let i = i as i64;
                            board[(x + i * dx) as usize][(y + i * dy) as usize]
                        }));
                    }
                }
            }
        }
        out
    }

    /// A position reached by `moves` random legal moves from an empty
    /// board, red first, stopping early if the game ends.
    fn random_position(rng: &mut StdRng, width: usize, height: usize, moves: usize) -> Board {
        let mut b = get_new_board(width, height);
        let mut mover = Tile::Red;
        for _ in 0..moves {
            if terminal_score(&b, mover).is_some() {
                break;
            }
            let valid = get_valid_locations(&b);
            make_move(&mut b, mover, valid[rng.random_range(0..valid.len())]);
            mover = mover.enemy();
        }
        b
    }

    /// The board with the colours swapped.
    fn swapped(b: &Board) -> Board {
        let mut out = b.clone();
        for x in 0..b.width() {
            for y in 0..b.height() {
                out[x][y] = b[x][y].map(Tile::enemy);
            }
        }
        out
    }

    /// The board turned left to right.
    fn mirrored(b: &Board) -> Board {
        let mut out = b.clone();
        for x in 0..b.width() {
            for y in 0..b.height() {
                out[x][y] = b[b.width() - 1 - x][y];
            }
        }
        out
    }

    #[test]
    fn four_of_the_players_tokens_score_100() {
        assert_eq!(evaluate_window(&[B, B, B, B], Tile::Black), 100);
        assert_eq!(evaluate_window(&[R, R, R, R], Tile::Red), 100);
    }

    #[test]
    fn three_and_an_empty_cell_score_10_wherever_the_gap_is() {
        for gap in 0..4 {
            let mut w = [B; 4];
            w[gap] = E;
            assert_eq!(evaluate_window(&w, Tile::Black), 10, "{w:?}");
        }
        assert_eq!(evaluate_window(&[R, E, R, R], Tile::Red), 10);
        // three blocked by the opponent score nothing
        assert_eq!(evaluate_window(&[B, B, R, B], Tile::Black), 0);
    }

    #[test]
    fn two_and_two_empty_cells_score_5() {
        for w in [[B, B, E, E], [E, B, E, B], [B, E, E, B], [E, E, B, B]] {
            assert_eq!(evaluate_window(&w, Tile::Black), 5, "{w:?}");
        }
        assert_eq!(evaluate_window(&[R, E, E, R], Tile::Red), 5);
        // two with an opponent's token, or one alone, score nothing
        assert_eq!(evaluate_window(&[B, B, R, E], Tile::Black), 0);
        assert_eq!(evaluate_window(&[B, E, E, E], Tile::Black), 0);
        assert_eq!(evaluate_window(&[E, E, E, E], Tile::Black), 0);
    }

    #[test]
    fn three_of_the_opponents_and_an_empty_cell_score_minus_80() {
        for gap in 0..4 {
            let mut w = [R; 4];
            w[gap] = E;
            assert_eq!(evaluate_window(&w, Tile::Black), -80, "{w:?}");
        }
        assert_eq!(evaluate_window(&[B, E, B, B], Tile::Red), -80);
        // the opponent's four, two or blocked three cost nothing: the lab only counts this one
        assert_eq!(evaluate_window(&[R, R, R, R], Tile::Black), 0);
        assert_eq!(evaluate_window(&[R, R, E, E], Tile::Black), 0);
        assert_eq!(evaluate_window(&[R, R, B, R], Tile::Black), 0);
    }

    #[test]
    fn score_position_sums_every_window_once() {
        for (w, h) in [(4, 4), (7, 6), (12, 9), (5, 8)] {
            let b = get_new_board(w, h);
            let expected = h * (w - 3) + w * (h - 3) + 2 * (w - 3) * (h - 3);
            assert_eq!(all_windows(&b).len(), expected);
        }
        // Four across at the bottom of a 4x4 board: one window of 100. The
        // vertical and diagonal windows through those tokens hold one each.
        let b = board("..../..../..../BBBB");
        assert_eq!(score_position(&b, Tile::Black), 100 + 3);
        assert_eq!(score_position(&b, Tile::Red), 0);
        // Against the brute-force window list, on random positions and sizes.
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..300 {
            let (w, h) = (rng.random_range(4..=12), rng.random_range(4..=9));
            let moves = rng.random_range(0..w * h);
            let b = random_position(&mut rng, w, h, moves);
            for tile in [Tile::Red, Tile::Black] {
                let centre = b[w / 2].iter().filter(|&&c| c == Some(tile)).count() as i64;
                let windows: i64 =
                    all_windows(&b).iter().map(|win| evaluate_window(win, tile)).sum();
                assert_eq!(score_position(&b, tile), 3 * centre + windows, "{b:?}");
            }
        }
    }

    #[test]
    fn each_token_in_the_centre_column_scores_3() {
        // 7 wide: the centre is column 3. One token alone makes no window score.
        let b = board("......./......./......./......./......./...B...");
        assert_eq!(centre_column(&b), 3);
        assert_eq!(score_position(&b, Tile::Black), 3);
        assert_eq!(score_position(&b, Tile::Red), 0);
        let off = board("......./......./......./......./......./..B....");
        assert_eq!(score_position(&off, Tile::Black), 0);
        // Three of black's in the centre, one red on top: 3 * 3 for the
        // centre, 10 for the window of the bottom four, 5 for the one above
        // (two black, two empty), nothing for the blocked ones.
        let b = board("......./......./...R.../...B.../...B.../...B...");
        assert_eq!(score_position(&b, Tile::Black), 9);
        // ... and red gains nothing from its token in the centre: the
        // window B R . . and R B B B hold no three of black with a gap.
        assert_eq!(score_position(&b, Tile::Red), 3);
    }

    #[test]
    fn even_widths_use_the_right_middle_column_as_the_lab_does() {
        let right = board("......../......../......../......../......../....B...");
        let left = board("......../......../......../......../......../...B....");
        assert_eq!(centre_column(&right), 4);
        assert_eq!(score_position(&right, Tile::Black), 3);
        assert_eq!(score_position(&left, Tile::Black), 0);
        assert_eq!(centre_column(&get_new_board(4, 4)), 2);
        assert_eq!(centre_column(&get_new_board(12, 9)), 6);
    }

    #[test]
    fn finished_games_score_the_labs_terminal_values() {
        let black_won = board("..../..../..../BBBB");
        assert_eq!(terminal_score(&black_won, Tile::Black), Some(WIN_SCORE));
        assert_eq!(terminal_score(&black_won, Tile::Red), Some(-WIN_SCORE));
        let draw = board("RBRB/RBRB/BRBR/BRBR");
        assert_eq!(terminal_score(&draw, Tile::Black), Some(0));
        // both four in a row (no game gets there): the maximiser's win is tested first
        let both = board("..../..../RRRR/BBBB");
        assert_eq!(terminal_score(&both, Tile::Black), Some(WIN_SCORE));
        assert_eq!(terminal_score(&both, Tile::Red), Some(WIN_SCORE));
        assert_eq!(terminal_score(&get_new_board(4, 4), Tile::Red), None);
        // terminal values win over depth 0's evaluation, at any depth
        for depth in 0..=3 {
            let v = minimax(&black_won, Tile::Black, depth, true, -INFINITY, INFINITY);
            assert_eq!(v, WIN_SCORE);
            let v = minimax(&draw, Tile::Red, depth, false, -INFINITY, INFINITY);
            assert_eq!(v, 0);
        }
        // and there is no move to make on a finished board
        for b in [black_won, draw, both] {
            for depth in 0..=4 {
                assert_eq!(minimax_move(&b, Tile::Black, depth, &mut Fixed::new(0)), None);
            }
        }
    }

    #[test]
    fn depth_zero_is_the_evaluation() {
        let b = board("......./......./......./......./...B.../..RBR..");
        for tile in [Tile::Red, Tile::Black] {
            for maximizing in [true, false] {
                let v = minimax(&b, tile, 0, maximizing, -INFINITY, INFINITY);
                assert_eq!(v, score_position(&b, tile));
            }
        }
    }

    #[test]
    fn it_takes_an_immediate_win() {
        // (board, tile, the winning column): across, down and diagonally,
        // for both colours, where no column further left also wins.
        let cases = [
            ("......./......./......./......./......./RBBB.RR", Tile::Black, 4),
            ("......./......./......./..R..../..R..../B.R.BB.", Tile::Red, 2),
            ("......./......./...R.../...BR../...BBR./RRBRBB.", Tile::Red, 6),
            ("..../..BR/.BRB/BRRR", Tile::Black, 3),
        ];
        for (text, tile, win) in cases {
            let b = board(text);
            for depth in 1..=4 {
                for pick in 0..b.width() {
                    let m = minimax_move(&b, tile, depth, &mut Fixed::new(pick)).unwrap();
                    assert_eq!((m.column, m.score), (win, WIN_SCORE), "{text} depth {depth}");
                    let mut after = b.clone();
                    make_move(&mut after, tile, m.column);
                    assert!(is_winner(&after, tile));
                }
            }
        }
    }

    #[test]
    fn it_blocks_an_immediate_loss() {
        // Red threatens column 4 across the bottom; black must block there.
        let b = board("......./......./......./......./......./BRRR.BB");
        for depth in 1..=4 {
            let m = minimax_move(&b, Tile::Black, depth, &mut Fixed::new(6)).unwrap();
            assert_eq!(m.column, 4, "depth {depth}: {m:?}");
            if depth >= 2 {
                // every other column lets red win on the next move
                for (c, s) in m.column_scores.iter().enumerate() {
                    if c != 4 {
                        assert_eq!(*s, Some(-WIN_SCORE), "column {c} at depth {depth}");
                    }
                }
                assert!(m.score > -WIN_SCORE);
            }
        }
        // The same for red, against black's threat down column 0.
        let b = board("......./......./B....../B....../B....R./RR...R.");
        for depth in 1..=4 {
            let m = minimax_move(&b, Tile::Red, depth, &mut Fixed::new(3)).unwrap();
            assert_eq!(m.column, 0, "depth {depth}: {m:?}");
        }
    }

    #[test]
    fn wins_are_not_hurried_a_column_further_left_that_also_wins_is_played() {
        // Black wins at once in column 5 (down). Column 2 makes a second
        // threat, three across the bottom with column 3 open, and red cannot
        // block both: it wins too, one move later, and as the leftmost
        // column worth WIN_SCORE the lab's rule plays it (column 3 would
        // win the same way).
        let b = board("......./......./......./.....B./RR...BR/BB..RBR");
        for depth in 3..=4 {
            let m = minimax_move(&b, Tile::Black, depth, &mut Fixed::new(5)).unwrap();
            let wins: Vec<usize> =
                (0..7).filter(|&c| m.column_scores[c] == Some(WIN_SCORE)).collect();
            assert_eq!(wins, vec![2, 3, 5], "depth {depth}: {m:?}");
            assert_eq!((m.column, m.score), (2, WIN_SCORE));
            let mut after = b.clone();
            make_move(&mut after, Tile::Black, 2);
            assert!(!is_winner(&after, Tile::Black));
        }
        // Looking one move ahead only, the immediate win is the only win.
        let m = minimax_move(&b, Tile::Black, 1, &mut Fixed::new(0)).unwrap();
        assert_eq!(m.column, 5);
    }

    #[test]
    fn it_never_picks_a_full_column() {
        // The columns that look best are full.
        let b = board("RRBBR../BBRRB../RRBBR../BBRRB../RRBBR../BBRRB..");
        for depth in 0..=4 {
            for pick in 0..2 {
                let m = minimax_move(&b, Tile::Black, depth, &mut Fixed::new(pick)).unwrap();
                assert!(m.column >= 5, "{m:?}");
                assert_eq!(&m.column_scores[..5], &[None; 5]);
                assert!(m.column_scores[5].is_some() && m.column_scores[6].is_some());
            }
        }
        // even a Choices that breaks its promise cannot make it play a full column
        let m = minimax_move(&b, Tile::Black, 0, &mut Rogue).unwrap();
        assert_eq!(m.column, 5);
        // and on random positions
        let mut rng = StdRng::seed_from_u64(2);
        for _ in 0..200 {
            let (w, h) = (rng.random_range(4..=8), rng.random_range(4..=7));
            let moves = rng.random_range(w * h / 2..w * h);
            let b = random_position(&mut rng, w, h, moves);
            let tile = if rng.random_bool(0.5) { Tile::Red } else { Tile::Black };
            let depth = rng.random_range(0..=3);
            match minimax_move(&b, tile, depth, &mut rng) {
                Some(m) => {
                    assert!(is_valid_move(&b, m.column), "{b:?} {m:?}");
                    for (c, s) in m.column_scores.iter().enumerate() {
                        assert_eq!(s.is_some(), is_valid_move(&b, c));
                    }
                }
                None => assert!(terminal_score(&b, tile).is_some()),
            }
        }
    }

    #[test]
    fn ties_go_to_the_leftmost_best_column_whatever_the_initial_pick() {
        // Mirror-symmetric on an odd width with the centre full: the best
        // columns come in pairs, and the left one of the pair is played.
        let b = board("...R.../...B.../...R.../...B.../...R.../...B...");
        for depth in 1..=4 {
            for pick in 0..6 {
                let mut choices = Fixed::new(pick);
                let m = minimax_move(&b, Tile::Red, depth, &mut choices).unwrap();
                assert_eq!(choices.calls, 1);
                assert!(m.column < 3);
                assert_eq!(m.column_scores[m.column], m.column_scores[6 - m.column]);
                let best = m.column_scores.iter().flatten().max().copied();
                assert_eq!(Some(m.score), best);
                let leftmost = m.column_scores.iter().position(|&s| s == best);
                assert_eq!(Some(m.column), leftmost, "depth {depth}");
            }
        }
    }

    #[test]
    fn depth_zero_plays_the_initial_pick() {
        // Column 1 is full, so the valid columns are 0, 2, 3, 4.
        let b = board(".R.../.B.../.R.../.BR..");
        let score = score_position(&b, Tile::Black);
        for (pick, column) in [0, 2, 3, 4].into_iter().enumerate() {
            let mut choices = Fixed::new(pick);
            let m = minimax_move(&b, Tile::Black, 0, &mut choices).unwrap();
            assert_eq!((m.column, m.score, choices.calls), (column, score, 1));
            let all = vec![Some(score), None, Some(score), Some(score), Some(score)];
            assert_eq!(m.column_scores, all);
        }
    }

    #[test]
    fn seeded_choices_give_the_same_games() {
        // Two whole games, the player against itself at depths 0 and 2, from
        // the same seed; a different seed changes the depth-0 moves.
        fn game(seed: u64) -> Vec<usize> {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut b = get_new_board(6, 5);
            let mut tile = Tile::Red;
            let mut moves = Vec::new();
            while let Some(m) = minimax_move(&b, tile, 2 * (moves.len() as u32 % 2), &mut rng) {
                make_move(&mut b, tile, m.column);
                moves.push(m.column);
                tile = tile.enemy();
            }
            moves
        }
        assert_eq!(game(11), game(11));
        assert_ne!(game(11), game(12));
        // With a fixed pick at depth 1 and more, the pick does not matter at all.
        let b = get_new_board(7, 6);
        let m0 = minimax_move(&b, Tile::Black, 3, &mut Fixed::new(0));
        for pick in 1..7 {
            assert_eq!(minimax_move(&b, Tile::Black, 3, &mut Fixed::new(pick)), m0);
        }
    }

    #[test]
    fn every_depth_up_to_4_on_several_sizes() {
        let mut rng = StdRng::seed_from_u64(3);
        for (w, h) in [(4, 4), (7, 6), (5, 9), (12, 4), (8, 7), (12, 9)] {
            assert!(w >= MIN_SIZE && h >= MIN_SIZE);
            let positions = [get_new_board(w, h), random_position(&mut rng, w, h, w * h / 3)];
            for b in &positions {
                for tile in [Tile::Red, Tile::Black] {
                    for depth in 0..=4 {
                        let Some(m) = minimax_move(b, tile, depth, &mut Fixed::new(0)) else {
                            assert!(terminal_score(b, tile).is_some());
                            continue;
                        };
                        assert!(is_valid_move(b, m.column));
                        assert_eq!(m.column_scores.len(), w);
                        assert_eq!(m.column_scores[m.column], Some(m.score));
                        let best = m.column_scores.iter().flatten().max().copied();
                        assert_eq!(Some(m.score), best, "{w}x{h} depth {depth}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_empty_board_is_symmetric_for_odd_widths() {
        for (w, h) in [(7, 6), (5, 4), (9, 7)] {
            let b = get_new_board(w, h);
            let m = minimax_move(&b, Tile::Black, 4, &mut Fixed::new(0)).unwrap();
            let mut reversed = m.column_scores.clone();
            reversed.reverse();
            assert_eq!(m.column_scores, reversed, "{w}x{h}");
        }
    }

    #[test]
    fn colours_and_mirroring_change_nothing_but_the_names() {
        let mut rng = StdRng::seed_from_u64(4);
        for _ in 0..40 {
            let (w, h) = (2 * rng.random_range(2..=5) + 1, rng.random_range(4..=7));
            let moves = rng.random_range(0..w * h);
            let b = random_position(&mut rng, w, h, moves);
            let depth = rng.random_range(0..=3);
            let m = minimax_move(&b, Tile::Black, depth, &mut Fixed::new(0));
            let red = minimax_move(&swapped(&b), Tile::Red, depth, &mut Fixed::new(0));
            assert_eq!(m, red, "{b:?}");
            let scores = |m: Option<MinimaxMove>| m.map(|m| m.column_scores);
            let mirror = minimax_move(&mirrored(&b), Tile::Black, depth, &mut Fixed::new(0));
            let mut back = scores(mirror);
            if let Some(s) = back.as_mut() {
                s.reverse();
            }
            assert_eq!(scores(m), back, "{b:?}");
        }
    }

    #[test]
    fn alpha_beta_gives_the_values_of_plain_minimax() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut compared = 0;
        for _ in 0..120 {
            let (w, h) = (rng.random_range(4..=8), rng.random_range(4..=7));
            let moves = rng.random_range(0..w * h);
            let b = random_position(&mut rng, w, h, moves);
            let tile = if rng.random_bool(0.5) { Tile::Red } else { Tile::Black };
            let depth = rng.random_range(0..=4);
            let exact = plain_minimax(&mut b.clone(), tile, depth, true);
            assert_eq!(minimax(&b, tile, depth, true, -INFINITY, INFINITY), exact);
            let exact_min = plain_minimax(&mut b.clone(), tile, depth, false);
            assert_eq!(minimax(&b, tile, depth, false, -INFINITY, INFINITY), exact_min);
            // narrower windows give the value inside, bounds outside
            let a = rng.random_range(-200..100);
            let window = (a, a + rng.random_range(1..200));
            let v = minimax(&b, tile, depth, true, window.0, window.1);
            if exact <= window.0 {
                assert!(v <= window.0 && v >= exact, "{b:?}");
            } else if exact >= window.1 {
                assert!(v >= window.1 && v <= exact, "{b:?}");
            } else {
                assert_eq!(v, exact, "{b:?}");
            }
            // each first move's score is its exact value; the column is the lab's
            let Some(m) = minimax_move(&b, tile, depth, &mut Fixed::new(1)) else {
                assert!(terminal_score(&b, tile).is_some());
                continue;
            };
            if depth == 0 {
                continue;
            }
            for c in 0..w {
                let expected = is_valid_move(&b, c).then(|| {
                    let mut child = b.clone();
                    make_move(&mut child, tile, c);
                    plain_minimax(&mut child, tile, depth - 1, false)
                });
                assert_eq!(m.column_scores[c], expected, "{b:?} column {c}");
            }
            assert_eq!(m.score, exact);
            let pick = get_valid_locations(&b)[1 % get_valid_locations(&b).len()];
            assert_eq!((m.column, m.score), lab_root(&b, tile, depth, pick), "{b:?}");
            compared += 1;
        }
        assert!(compared > 60, "only {compared} positions compared");
    }

    /// Not a check: prints how long depth 4 takes on empty boards, the
    /// game's usual size and its largest.
    /// `cargo test --release --lib depth_four_timing -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn depth_four_timing() {
        for (w, h) in [(7, 6), (12, 9)] {
            let b = get_new_board(w, h);
            let runs = 20;
            let start = std::time::Instant::now();
            let mut m = None;
            for _ in 0..runs {
                m = std::hint::black_box(minimax_move(&b, Tile::Black, 4, &mut Fixed::new(0)));
            }
            println!("depth 4, empty {w}x{h}: {:?} per move, {m:?}", start.elapsed() / runs);
        }
    }
}

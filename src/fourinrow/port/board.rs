//! The board and the rules of Four in a Row: `getNewBoard` ... `isWinner`.
//!
//! Python keeps the board as a list of columns, each a list of `'red'`,
//! `'black'` or `None`, and reads it as `board[x][y]` with `y = 0` the top
//! row. [`Board`] keeps that shape and that indexing (`board[x][y]` works
//! here too), but each cell is an `Option<Tile>`: the type itself says a
//! cell is empty or holds one of two colours, so no string can be misspelt.
//!
//! Nothing here draws, so every rule is unit-tested with no display.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A token colour: the strings `RED` and `BLACK` of the Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Python: RED = 'red'
    ///
    /// The human's tokens.
    Red,
    /// Python: BLACK = 'black'
    ///
    /// The computer's tokens.
    Black,
}

/// The most columns or rows any board may have. The window takes at most
/// 12x9; the tools (board text, records) refuse anything over this, which
/// no search could finish anyway.
pub const MAX_BOARD_SIZE: usize = 64;

/// Python: EMPTY = None
///
/// A cell with no token. Cells are `Option<Tile>`, so "empty" is `None`
/// here too; the name keeps the twins reading like the Python.
pub const EMPTY: Option<Tile> = None;

impl Tile {
    /// The other colour: the `if tile == RED: enemyTile = BLACK` lines.
    pub fn enemy(self) -> Tile {
        match self {
            Tile::Red => Tile::Black,
            Tile::Black => Tile::Red,
        }
    }

    /// The colour's name as the Python spells it: `"red"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Tile::Red => "red",
            Tile::Black => "black",
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board of `width` columns and `height` rows, indexed `board[x][y]`.
///
/// The cells are stored column after column, so `board[x]` is the slice of
/// column `x`, top (`y = 0`) to bottom (`y = height - 1`), just like the
/// Python list `board[x]`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Option<Tile>>,
}

impl Board {
    /// The number of columns: `BOARDWIDTH`.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows: `BOARDHEIGHT`.
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many tokens the board holds.
    pub fn token_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }
}

impl Index<usize> for Board {
    type Output = [Option<Tile>];

    /// Column `x`, so that `board[x][y]` reads as in the Python.
    fn index(&self, x: usize) -> &[Option<Tile>] {
        &self.cells[x * self.height..(x + 1) * self.height]
    }
}

impl IndexMut<usize> for Board {
    /// Column `x`, so that `board[x][y] = Some(Tile::Red)` reads as in the Python.
    fn index_mut(&mut self, x: usize) -> &mut [Option<Tile>] {
        &mut self.cells[x * self.height..(x + 1) * self.height]
    }
}

impl fmt::Debug for Board {
    /// Board text, as `Display` writes it ([`crate::fourinrow::port::boardtext`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Python: getNewBoard()
///
/// A new, empty board. The Python reads the size from the globals
/// `BOARDWIDTH` and `BOARDHEIGHT`; here it is passed in. Sizes come checked
/// (by [`Settings::validate`](crate::fourinrow::port::settings::Settings::validate),
/// the board-text parser or the record reader), so this cannot fail.
pub fn get_new_board(width: usize, height: usize) -> Board {
    Board { width, height, cells: vec![EMPTY; width * height] }
}

/// Python: getLowestEmptySpace(board, column)
///
/// The lowest empty row of `column`, or `None` when the column is full:
/// the Python returns `-1` for that, a number every caller must remember
/// to test; `Option` makes the test impossible to forget.
pub fn get_lowest_empty_space(board: &Board, column: usize) -> Option<usize> {
    (0..board.height()).rev().find(|&y| board[column][y] == EMPTY)
}

/// Python: makeMove(board, player, column)
///
/// Drops `player`'s token into `column`; a full column is left as it is.
pub fn make_move(board: &mut Board, player: Tile, column: usize) {
    if let Some(lowest) = get_lowest_empty_space(board, column) {
        board[column][lowest] = Some(player);
    }
}

/// Python: isValidMove(board, column)
///
/// Whether a token can be dropped into `column`: it exists and its top
/// cell is empty. Columns are `usize` here, so the Python's `column < 0`
/// test is the type's job.
pub fn is_valid_move(board: &Board, column: usize) -> bool {
    !(column >= board.width() || board[column][0] != EMPTY)
}

/// Python: isBoardFull(board)
///
/// Whether every cell holds a token.
pub fn is_board_full(board: &Board) -> bool {
    for x in 0..board.width() {
        for y in 0..board.height() {
            if board[x][y] == EMPTY {
                return false;
            }
        }
    }
    true
}

/// Python: isWinner(board, tile)
///
/// Whether `tile` has four in a row anywhere on the board: across, down, or
/// on either diagonal, scanned in the Python's order. (`saturating_sub`
/// keeps a board narrower than 4, which no game makes, from underflowing.)
pub fn is_winner(board: &Board, tile: Tile) -> bool {
    let (width, height) = (board.width(), board.height());
    let t = Some(tile);
    // horizontal
    for x in 0..width.saturating_sub(3) {
        for y in 0..height {
            if board[x][y] == t
                && board[x + 1][y] == t
                && board[x + 2][y] == t
                && board[x + 3][y] == t
            {
                return true;
            }
        }
    }
    // vertical
    for x in 0..width {
        for y in 0..height.saturating_sub(3) {
            if board[x][y] == t
                && board[x][y + 1] == t
                && board[x][y + 2] == t
                && board[x][y + 3] == t
            {
                return true;
            }
        }
    }
    // diagonal going up to the right: / shape
    for x in 0..width.saturating_sub(3) {
        for y in 3..height {
            if board[x][y] == t
                && board[x + 1][y - 1] == t
                && board[x + 2][y - 2] == t
                && board[x + 3][y - 3] == t
            {
                return true;
            }
        }
    }
    // diagonal going down to the right: \ shape
    for x in 0..width.saturating_sub(3) {
        for y in 0..height.saturating_sub(3) {
            if board[x][y] == t
                && board[x + 1][y + 1] == t
                && board[x + 2][y + 2] == t
                && board[x + 3][y + 3] == t
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of text, top row first (`.`, `R`, `B`).
    fn board(rows: &[&str]) -> Board {
        crate::fourinrow::port::testkit::board(&rows.join("/"))
    }

    #[test]
    fn new_board_is_empty_and_column_major() {
        let b = get_new_board(7, 6);
        assert_eq!((b.width(), b.height()), (7, 6));
        assert_eq!(b[6].len(), 6);
        assert!(b.cells.iter().all(Option::is_none));
        assert_eq!(b.token_count(), 0);
    }

    #[test]
    fn boards_too_small_for_a_four_never_win_and_do_not_underflow() {
        for (w, h) in [(0, 0), (3, 3), (1, 7), (7, 1)] {
            let mut b = get_new_board(w, h);
            for x in 0..w {
                make_move(&mut b, Tile::Red, x);
            }
            // One token a column: only a row of four or more can win.
            assert_eq!(is_winner(&b, Tile::Red), w >= 4, "{w}x{h}");
        }
    }

    #[test]
    fn tokens_fall_to_the_lowest_empty_space() {
        let mut b = get_new_board(7, 6);
        assert_eq!(get_lowest_empty_space(&b, 3), Some(5));
        make_move(&mut b, Tile::Red, 3);
        assert_eq!(b[3][5], Some(Tile::Red));
        make_move(&mut b, Tile::Black, 3);
        assert_eq!(b[3][4], Some(Tile::Black));
        assert_eq!(get_lowest_empty_space(&b, 3), Some(3));
        assert_eq!(b.token_count(), 2);
    }

    #[test]
    fn a_full_column_takes_no_more_tokens() {
        let mut b = get_new_board(4, 4);
        for _ in 0..4 {
            make_move(&mut b, Tile::Red, 0);
        }
        assert_eq!(get_lowest_empty_space(&b, 0), None);
        assert!(!is_valid_move(&b, 0));
        let before = b.clone();
        make_move(&mut b, Tile::Black, 0);
        assert_eq!(b, before, "makeMove on a full column changes nothing");
        assert!(is_valid_move(&b, 1));
    }

    #[test]
    fn columns_out_of_range_are_not_valid() {
        let b = get_new_board(7, 6);
        assert!(is_valid_move(&b, 0));
        assert!(is_valid_move(&b, 6));
        assert!(!is_valid_move(&b, 7));
        assert!(!is_valid_move(&b, usize::MAX));
    }

    #[test]
    fn full_board_is_full_and_one_gap_is_not() {
        let mut b = board(&["RBRB", "RBRB", "BRBR", "BRBR"]);
        assert!(is_board_full(&b));
        b[2][0] = None;
        assert!(!is_board_full(&b));
        assert!(!is_board_full(&get_new_board(4, 4)));
    }

    #[test]
    fn horizontal_wins_including_at_the_edges() {
        assert!(is_winner(&board(&["....", "....", "....", "RRRR"]), Tile::Red));
        assert!(is_winner(&board(&["BBBB", "....", "....", "...."]), Tile::Black));
        let right_edge = board(&[".......", ".......", "...BBBB", ".......", ".......", "......."]);
        assert!(is_winner(&right_edge, Tile::Black));
        assert!(!is_winner(&board(&["....", "....", "....", "RRR."]), Tile::Red));
        assert!(!is_winner(&board(&["....", "....", "....", "RRRR"]), Tile::Black));
    }

    #[test]
    fn vertical_wins_including_at_the_edges() {
        assert!(is_winner(&board(&["R...", "R...", "R...", "R..."]), Tile::Red));
        assert!(is_winner(&board(&["...B", "...B", "...B", "...B", "...R"]), Tile::Black));
        assert!(!is_winner(&board(&["....", "R...", "R...", "R..."]), Tile::Red));
        assert!(!is_winner(&board(&["R...", "R...", "B...", "R...", "R..."]), Tile::Red));
    }

    #[test]
    fn diagonal_wins_in_both_directions() {
        // "/" rising to the right, touching the bottom-left and top-right corners
        let rising = board(&["...R", "..RB", ".RBB", "RBBB"]);
        assert!(is_winner(&rising, Tile::Red));
        assert!(!is_winner(&rising, Tile::Black));
        // "\" falling to the right, touching the top-left and bottom-right corners
        let falling = board(&["B...", "RB..", "RRB.", "RRRB"]);
        assert!(is_winner(&falling, Tile::Black));
        assert!(!is_winner(&falling, Tile::Red));
        // away from the corners, on a wider board
        let inner = board(&[".......", ".......", "....R..", "...RB..", "..RBB..", ".RBBR.."]);
        assert!(is_winner(&inner, Tile::Red));
        let three = board(&[".......", ".......", ".......", "...RB..", "..RBB..", ".RBBR.."]);
        assert!(!is_winner(&three, Tile::Red));
    }

    /// Whether `tile` has four in a row, written another way than the twin:
    /// from every cell, four steps in each of the four directions.
    fn four_anywhere(b: &Board, tile: Tile) -> bool {
        let (w, h) = (b.width() as i64, b.height() as i64);
        let at = |x: i64, y: i64| {
            (0..w).contains(&x) && (0..h).contains(&y) && b[x as usize][y as usize] == Some(tile)
        };
        (0..w).any(|x| {
            (0..h).any(|y| {
                [(1, 0), (0, 1), (1, -1), (1, 1)]
                    .iter()
                    .any(|&(dx, dy)| (0..4).all(|i| at(x + i * dx, y + i * dy)))
            })
        })
    }

    /// Every line of four that fits a `w`x`h` board: its cells, in order.
    fn lines(w: usize, h: usize) -> Vec<[(usize, usize); 4]> {
        let mut all = Vec::new();
        for x in 0..w as i64 {
            for y in 0..h as i64 {
                for (dx, dy) in [(1, 0), (0, 1), (1, -1), (1, 1)] {
                    let cells = [0, 1, 2, 3].map(|i| (x + i * dx, y + i * dy));
                    if cells.iter().all(|&(cx, cy)| cx < w as i64 && (0..h as i64).contains(&cy)) {
                        all.push(cells.map(|(cx, cy)| (cx as usize, cy as usize)));
                    }
                }
            }
        }
        all
    }

    #[test]
    fn every_line_of_four_wins_at_every_place_and_three_of_it_never() {
        for (w, h) in [(4, 4), (5, 4), (4, 5), (7, 6), (6, 7)] {
            let all = lines(w, h);
            // Across: (w - 3) * h; down: w * (h - 3); each diagonal (w - 3) * (h - 3).
            assert_eq!(all.len(), (w - 3) * h + w * (h - 3) + 2 * (w - 3) * (h - 3));
            for line in all {
                for tile in [Tile::Red, Tile::Black] {
                    let mut b = get_new_board(w, h);
                    for (x, y) in line {
                        b[x][y] = Some(tile);
                    }
                    assert!(is_winner(&b, tile), "{line:?} on {b:?}");
                    assert!(!is_winner(&b, tile.enemy()), "{line:?} on {b:?}");
                    // Any one of the four taken away, or the enemy's: no four.
                    for (x, y) in line {
                        for gap in [None, Some(tile.enemy())] {
                            let mut broken = b.clone();
                            broken[x][y] = gap;
                            assert!(!is_winner(&broken, tile), "{broken:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn is_winner_agrees_with_a_plain_scan_on_random_boards() {
        // xorshift64: the same boards every run, with no generator to trust.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (mut wins, mut boards) = (0, 0);
        for _ in 0..3000 {
            let (w, h) = (4 + next(5) as usize, 4 + next(5) as usize);
            let mut b = get_new_board(w, h);
            // Mostly empty boards, some crowded.
            let empty_in_16 = 2 + next(8);
            for x in 0..w {
                for y in 0..h {
                    b[x][y] = match next(16) {
                        n if n < empty_in_16 => None,
                        n if n % 2 == 0 => Some(Tile::Red),
                        _ => Some(Tile::Black),
                    };
                }
            }
            for tile in [Tile::Red, Tile::Black] {
                let want = four_anywhere(&b, tile);
                assert_eq!(is_winner(&b, tile), want, "{tile} on {b:?}");
                wins += usize::from(want);
            }
            boards += 2;
        }
        // Both answers are common, so the comparison means something.
        assert!(wins > boards / 5 && wins < boards * 4 / 5, "{wins} wins of {boards}");
    }

    #[test]
    fn broken_lines_do_not_win() {
        let b = board(&["RRBRR", "B.B.B", "RBRBR", "BRBRB"]);
        assert!(!is_winner(&b, Tile::Red));
        assert!(!is_winner(&b, Tile::Black));
    }

    #[test]
    fn debug_prints_board_text() {
        let mut b = get_new_board(4, 4);
        make_move(&mut b, Tile::Red, 1);
        make_move(&mut b, Tile::Black, 1);
        assert_eq!(format!("{b:?}"), "..../..../.B../.R..");
    }

    #[test]
    fn tile_names_and_enemies() {
        assert_eq!(Tile::Red.enemy(), Tile::Black);
        assert_eq!(Tile::Black.enemy(), Tile::Red);
        assert_eq!(Tile::Red.to_string(), "red");
        assert_eq!(Tile::Black.name(), "black");
    }
}

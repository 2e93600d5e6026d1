//! The board and the rules of Four in a Row: the pure half of `fourinrow.py`.
//!
//! Python keeps the board as a list of columns, each a list of `'red'`,
//! `'black'` or `None`, and reads it as `board[x][y]` with `y = 0` the top
//! row. [`Board`] keeps that shape and that indexing (`board[x][y]` works
//! here too), but each cell is an `Option<Tile>`: the type itself says a
//! cell is empty or holds one of two colours, so no string can be misspelt.
//!
//! Nothing here knows about SDL, so every rule is unit-tested with no display.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The smallest board the game accepts, in both directions.
pub const MIN_SIZE: usize = 4;

/// A token colour. Python: the strings `RED = 'red'` and `BLACK = 'black'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// The human's tokens. Python: `RED`.
    Red,
    /// The computer's tokens. Python: `BLACK`.
    Black,
}

impl Tile {
    /// The other colour. Python: the `if tile == RED: enemyTile = BLACK` lines.
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

/// Why a board of some size cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
    /// The width that was asked for.
    pub width: usize,
    /// The height that was asked for.
    pub height: usize,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The Python original's assertion message, word for word, then the size at fault.
        write!(
            f,
            "Board must be at least 4x4. (asked for {}x{})",
            self.width, self.height
        )
    }
}

impl std::error::Error for BoardSizeError {}

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
    /// The number of columns. Python: `BOARDWIDTH`.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows. Python: `BOARDHEIGHT`.
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
    /// The board text of `shared/parity` (`.`, `R`, `B`; rows joined by `/`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..self.width {
                f.write_str(match self[x][y] {
                    None => ".",
                    Some(Tile::Red) => "R",
                    Some(Tile::Black) => "B",
                })?;
            }
        }
        Ok(())
    }
}

/// A new, empty board of the given size.
///
/// Python: `getNewBoard()`, which reads the size from the globals
/// `BOARDWIDTH` and `BOARDHEIGHT`; here the size is passed in, and the
/// module-level `assert BOARDWIDTH >= 4 and BOARDHEIGHT >= 4` becomes an error.
pub fn get_new_board(width: usize, height: usize) -> Result<Board, BoardSizeError> {
    if width < MIN_SIZE || height < MIN_SIZE {
        return Err(BoardSizeError { width, height });
    }
    Ok(Board {
        width,
        height,
        cells: vec![None; width * height],
    })
}

/// The lowest empty row of `column`, or `None` when the column is full.
///
/// Python: `getLowestEmptySpace(board, column)`, which returns `-1` for a
/// full column; `Option` says the same thing without a magic number.
pub fn get_lowest_empty_space(board: &Board, column: usize) -> Option<usize> {
    (0..board.height())
        .rev()
        .find(|&y| board[column][y].is_none())
}

/// Drops `player`'s token into `column`; a full column is left as it is.
///
/// Python: `makeMove(board, player, column)`.
pub fn make_move(board: &mut Board, player: Tile, column: usize) {
    if let Some(lowest) = get_lowest_empty_space(board, column) {
        board[column][lowest] = Some(player);
    }
}

/// Whether a token can be dropped into `column`: it exists and its top cell is empty.
///
/// Python: `isValidMove(board, column)`. Columns are `usize` here, so the
/// Python's `column < 0` test is the type's job.
pub fn is_valid_move(board: &Board, column: usize) -> bool {
    !(column >= board.width() || board[column][0].is_some())
}

/// Whether every cell holds a token. Python: `isBoardFull(board)`.
pub fn is_board_full(board: &Board) -> bool {
    for x in 0..board.width() {
        for y in 0..board.height() {
            if board[x][y].is_none() {
                return false;
            }
        }
    }
    true
}

/// Whether `tile` has four in a row anywhere on the board: across, down, or
/// on either diagonal. Python: `isWinner(board, tile)`, in the same order.
pub fn is_winner(board: &Board, tile: Tile) -> bool {
    let (width, height) = (board.width(), board.height());
    let t = Some(tile);
    // horizontal
    for x in 0..width - 3 {
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
        for y in 0..height - 3 {
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
    for x in 0..width - 3 {
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
    for x in 0..width - 3 {
        for y in 0..height - 3 {
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
        let mut b = get_new_board(rows[0].len(), rows.len()).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                b[x][y] = match c {
                    'R' => Some(Tile::Red),
                    'B' => Some(Tile::Black),
                    _ => None,
                };
            }
        }
        b
    }

    #[test]
    fn new_board_is_empty_and_column_major() {
        let b = get_new_board(7, 6).unwrap();
        assert_eq!((b.width(), b.height()), (7, 6));
        assert_eq!(b[6].len(), 6);
        assert!(b.cells.iter().all(Option::is_none));
        assert_eq!(b.token_count(), 0);
    }

    #[test]
    fn boards_smaller_than_4x4_are_refused_with_the_python_message() {
        for (w, h) in [(3, 6), (7, 3), (0, 0), (3, 3)] {
            let err = get_new_board(w, h).unwrap_err();
            assert!(err.to_string().starts_with("Board must be at least 4x4."));
            assert!(err.to_string().contains(&format!("{w}x{h}")));
        }
        assert!(get_new_board(4, 4).is_ok());
    }

    #[test]
    fn tokens_fall_to_the_lowest_empty_space() {
        let mut b = get_new_board(7, 6).unwrap();
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
        let mut b = get_new_board(4, 4).unwrap();
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
        let b = get_new_board(7, 6).unwrap();
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
        assert!(!is_board_full(&get_new_board(4, 4).unwrap()));
    }

    #[test]
    fn horizontal_wins_including_at_the_edges() {
        assert!(is_winner(
            &board(&["....", "....", "....", "RRRR"]),
            Tile::Red
        ));
        assert!(is_winner(
            &board(&["BBBB", "....", "....", "...."]),
            Tile::Black
        ));
        let right_edge = board(&[
            ".......", ".......", "...BBBB", ".......", ".......", ".......",
        ]);
        assert!(is_winner(&right_edge, Tile::Black));
        assert!(!is_winner(
            &board(&["....", "....", "....", "RRR."]),
            Tile::Red
        ));
        assert!(!is_winner(
            &board(&["....", "....", "....", "RRRR"]),
            Tile::Black
        ));
    }

    #[test]
    fn vertical_wins_including_at_the_edges() {
        assert!(is_winner(
            &board(&["R...", "R...", "R...", "R..."]),
            Tile::Red
        ));
        assert!(is_winner(
            &board(&["...B", "...B", "...B", "...B", "...R"]),
            Tile::Black
        ));
        assert!(!is_winner(
            &board(&["....", "R...", "R...", "R..."]),
            Tile::Red
        ));
        assert!(!is_winner(
            &board(&["R...", "R...", "B...", "R...", "R..."]),
            Tile::Red
        ));
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
        let inner = board(&[
            ".......", ".......", "....R..", "...RB..", "..RBB..", ".RBBR..",
        ]);
        assert!(is_winner(&inner, Tile::Red));
        let three = board(&[
            ".......", ".......", ".......", "...RB..", "..RBB..", ".RBBR..",
        ]);
        assert!(!is_winner(&three, Tile::Red));
    }

    #[test]
    fn broken_lines_do_not_win() {
        let b = board(&["RRBRR", "B.B.B", "RBRBR", "BRBRB"]);
        assert!(!is_winner(&b, Tile::Red));
        assert!(!is_winner(&b, Tile::Black));
    }

    #[test]
    fn debug_prints_board_text() {
        let mut b = get_new_board(4, 4).unwrap();
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

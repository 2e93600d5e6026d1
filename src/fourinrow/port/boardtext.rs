//! Not in the Python: board text, the one-line way to write a position,
//! defined once, as [`Board`]'s `Display` (`board.to_string()`, `{board}`)
//! and `FromStr` (`text.parse::<Board>()`). The tools read and write it, the
//! tests and the error messages show boards in it (`Debug` is the same).
//!
//! Rows from top to bottom joined by `/`, one character per column: `.`
//! empty, `R` red (the human's), `B` black (the computer's). The board's size
//! is the text's: 4 to [`MAX_BOARD_SIZE`](crate::fourinrow::port::board::MAX_BOARD_SIZE) columns and rows (the AI's work
//! grows as `width^(2*difficulty)`, so anything larger is a typo, not a
//! position). Example, 7x6 with two tokens in column 3:
//! `......./......./......./......./...R.../...B...`

use std::fmt;
use std::str::FromStr;

use crate::fourinrow::port::board::{get_new_board, Board, Tile};
use crate::fourinrow::port::settings::{BoardSize, SizeError};

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardTextError {
    /// Nothing but white space.
    Empty,
    /// A row whose length differs from the first row's.
    Ragged {
        /// The row, counted from 1 at the top.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A character other than `.`, `R`, `B`.
    UnknownCharacter {
        /// The character.
        found: char,
        /// The row, counted from 1 at the top.
        row: usize,
        /// The column, counted from 1 at the left.
        column: usize,
    },
    /// A token with an empty cell under it, which no game can reach.
    Floating {
        /// The row of the token, counted from 1 at the top.
        row: usize,
        /// The column, counted from 1 at the left.
        column: usize,
    },
    /// A size no board has.
    Size(SizeError),
}

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardTextError::Empty => write!(f, "empty board text"),
            BoardTextError::Ragged { row, len, expected } => {
                write!(f, "ragged rows: row {row} has {len} cells but row 1 has {expected}")
            }
            BoardTextError::UnknownCharacter { found, row, column } => write!(
                f,
                "unknown character {found:?} at row {row}, column {column} (use '.', 'R' or 'B')"
            ),
            BoardTextError::Floating { row, column } => {
                write!(f, "the token at row {row}, column {column} floats above an empty cell")
            }
            BoardTextError::Size(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoardTextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BoardTextError::Size(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Board {
    /// Board text (`.`, `R`, `B`; rows top to bottom joined by `/`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..self.width() {
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

impl FromStr for Board {
    type Err = BoardTextError;

    /// Reads a board text; white space around it is ignored.
    fn from_str(text: &str) -> Result<Board, BoardTextError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BoardTextError::Empty);
        }
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        for (i, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width {
                return Err(BoardTextError::Ragged { row: i + 1, len, expected: width });
            }
        }
        let height = rows.len();
        let size = BoardSize::new(width, height).map_err(BoardTextError::Size)?;
        let mut board = get_new_board(size.width(), size.height());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                board[x][y] = match c {
                    '.' => None,
                    'R' => Some(Tile::Red),
                    'B' => Some(Tile::Black),
                    found => {
                        return Err(BoardTextError::UnknownCharacter {
                            found,
                            row: y + 1,
                            column: x + 1,
                        })
                    }
                };
            }
        }
        for x in 0..width {
            for y in 0..height - 1 {
                if board[x][y].is_some() && board[x][y + 1].is_none() {
                    return Err(BoardTextError::Floating { row: y + 1, column: x + 1 });
                }
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::port::board::make_move;

    #[test]
    fn round_trips_the_readme_example() {
        let text = "......./......./......./......./...R.../...B...";
        let b = Board::from_str(text).unwrap();
        assert_eq!((b.width(), b.height()), (7, 6));
        assert_eq!(b[3][5], Some(Tile::Black));
        assert_eq!(b[3][4], Some(Tile::Red));
        assert_eq!(b.token_count(), 2);
        assert_eq!(b.to_string(), text);
    }

    #[test]
    fn formats_what_make_move_builds() {
        let mut b = get_new_board(4, 5);
        make_move(&mut b, Tile::Black, 0);
        make_move(&mut b, Tile::Red, 3);
        make_move(&mut b, Tile::Red, 3);
        assert_eq!(b.to_string(), "..../..../..../...R/B..R");
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    }

    #[test]
    fn names_each_fault() {
        assert_eq!(Board::from_str("  \n"), Err(BoardTextError::Empty));
        assert_eq!(
            Board::from_str("..../.../..../...."),
            Err(BoardTextError::Ragged { row: 2, len: 3, expected: 4 })
        );
        assert_eq!(
            Board::from_str("..../..x./..../...."),
            Err(BoardTextError::UnknownCharacter { found: 'x', row: 2, column: 3 })
        );
        assert_eq!(
            Board::from_str("..../.R../..../...."),
            Err(BoardTextError::Floating { row: 2, column: 2 })
        );
        assert_eq!(
            Board::from_str(".../.../.../..."),
            Err(BoardTextError::Size(SizeError::TooSmall { width: 3, height: 4 }))
        );
        let wide = vec![".".repeat(65); 4].join("/");
        assert!(matches!(
            Board::from_str(&wide),
            Err(BoardTextError::Size(SizeError::TooLarge { width: 65, .. }))
        ));
    }

    #[test]
    fn messages_are_one_readable_line() {
        let err = Board::from_str("..../..x./..../....").unwrap_err().to_string();
        assert_eq!(err, "unknown character 'x' at row 2, column 3 (use '.', 'R' or 'B')");
        let err = Board::from_str("RRR/.../.../...").unwrap_err().to_string();
        assert!(err.starts_with("Board must be at least 4x4."), "{err}");
        assert!(!err.contains('\n'));
    }
}

//! Gobang's board text, which `fourinrow gobang analyze` reads and the
//! strong engine's report writes: the 15 rows of `maps`, row 0 first, each
//! 15 points of `.` (empty), `X` (black, the Python's `'1'`) or `O` (white,
//! `'0'`), the rows joined by `/` (or written on lines of their own).

use std::fmt;
use std::str::FromStr;

use crate::gobang::port::robot::{Maps, Stone, EMPTY_MAPS};
use crate::gobang::port::setup::{COL, ROW};

/// A Gobang board, read from and written as board text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board(pub Maps);

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTextError(pub String);

impl fmt::Display for BoardTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Board {
    type Err = BoardTextError;

    fn from_str(text: &str) -> Result<Board, BoardTextError> {
        let rows: Vec<&str> =
            text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()).collect();
        if rows.len() != COL {
            return Err(BoardTextError(format!(
                "a Gobang board text has {COL} rows (joined by '/'), this one has {}",
                rows.len()
            )));
        }
        let mut maps = EMPTY_MAPS;
        for (x, row) in rows.iter().enumerate() {
            let points: Vec<char> = row.chars().collect();
            if points.len() != ROW {
                return Err(BoardTextError(format!(
                    "row {x} has {} points, not {ROW}: {row:?}",
                    points.len()
                )));
            }
            for (y, &c) in points.iter().enumerate() {
                maps[x][y] = match c {
                    '.' => None,
                    'X' | 'x' => Some(Stone::Black),
                    'O' | 'o' => Some(Stone::White),
                    other => {
                        return Err(BoardTextError(format!(
                            "row {x}, point {y} is {other:?}: use '.', 'X' (black) or 'O' (white)"
                        )))
                    }
                };
            }
        }
        Ok(Board(maps))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (x, row) in self.0.iter().enumerate() {
            if x > 0 {
                f.write_str("/")?;
            }
            for cell in row {
                f.write_str(match cell {
                    None => ".",
                    Some(Stone::Black) => "X",
                    Some(Stone::White) => "O",
                })?;
            }
        }
        Ok(())
    }
}

/// The side to move on `board`: black when the counts of stones are equal.
pub fn to_move(board: &Board) -> Stone {
    let count = |s| board.0.iter().flatten().filter(|&&c| c == Some(s)).count();
    if count(Stone::Black) > count(Stone::White) {
        Stone::White
    } else {
        Stone::Black
    }
}

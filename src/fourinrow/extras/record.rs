//! `--record FILE`: every game played, one line each, appended to a file;
//! `fourinrow analyze --record FILE` reads them back.
//!
//! A line reads `7x6 first=black moves=3,3,4,2 result=black`: the board's
//! size, who moved first (the colours alternate from there), the columns
//! played counting from 0 at the left (as `analyze`'s `best_moves` do), and
//! how the game ended.

use std::fmt;

pub use crate::io::record_file::RecordFile;

use crate::fourinrow::port::board::{
    get_new_board, is_valid_move, make_move, Board, Tile, MAX_BOARD_SIZE,
};
use crate::fourinrow::port::settings::{BoardSize, SizeError, MIN_SIZE};

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    /// Red made four in a row.
    Red,
    /// Black made four in a row.
    Black,
    /// The board filled up.
    Tie,
    /// R or F1 started a new game.
    Restarted,
    /// The window was closed, or Esc pressed, or a replay ended.
    Unfinished,
}

impl RecordResult {
    /// Every result, for parsing and for messages.
    const ALL: [RecordResult; 5] = [
        RecordResult::Red,
        RecordResult::Black,
        RecordResult::Tie,
        RecordResult::Restarted,
        RecordResult::Unfinished,
    ];

    /// The word used in record files.
    pub fn name(self) -> &'static str {
        match self {
            RecordResult::Red => "red",
            RecordResult::Black => "black",
            RecordResult::Tie => "tie",
            RecordResult::Restarted => "restarted",
            RecordResult::Unfinished => "unfinished",
        }
    }
}

/// One line of a record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The board's size.
    pub size: BoardSize,
    /// Who moved first.
    pub first: Tile,
    /// The columns played, in order.
    pub moves: Vec<usize>,
    /// How the game ended.
    pub result: RecordResult,
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(usize::to_string).collect();
        write!(
            f,
            "{}x{} first={} moves={} result={}",
            self.size.width(),
            self.size.height(),
            self.first,
            moves.join(","),
            self.result.name()
        )
    }
}

/// What is wrong with a record line, or with a move in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The line holds nothing.
    Empty,
    /// The first field is not `WxH`.
    NotASize(String),
    /// A width, height or column is not a whole number (`what` names it).
    Number {
        /// `width`, `height` or `column`.
        what: &'static str,
        /// The text given.
        text: String,
        /// Why it did not parse.
        source: std::num::ParseIntError,
    },
    /// The size is outside what a board may be.
    Size {
        /// The size as written.
        size: String,
        /// Why [`BoardSize::new`] refused it.
        source: SizeError,
    },
    /// A field is not `key=value`.
    NotKeyValue(String),
    /// `first=` names no colour.
    First(String),
    /// More moves than the board has cells.
    TooManyMoves {
        /// How many moves.
        count: usize,
        /// The size as written.
        size: String,
    },
    /// `result=` names no result.
    Result(String),
    /// A key the format does not have.
    UnknownField(String),
    /// A field the format needs is missing (`first=` or `moves=`).
    Missing(&'static str),
    /// Move `index` (from 1) goes into a full or missing column.
    InvalidMove {
        /// Which move, from 1.
        index: usize,
        /// Its column.
        column: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => f.write_str("empty line"),
            RecordError::NotASize(size) => write!(f, "'{size}' is not a size like 7x6"),
            RecordError::Number { what, text, source } => match source.kind() {
                std::num::IntErrorKind::PosOverflow => {
                    write!(f, "{what} '{text}' is far too large")
                }
                _ => write!(f, "{what} '{text}' is not a whole number"),
            },
            RecordError::Size { size, .. } => write!(
                f,
                "a {size} board is out of range: {MIN_SIZE} to {MAX_BOARD_SIZE} columns and rows"
            ),
            RecordError::NotKeyValue(field) => write!(f, "'{field}' is not key=value"),
            RecordError::First(value) => write!(f, "first={value}: give red or black"),
            RecordError::TooManyMoves { count, size } => {
                write!(f, "{count} moves do not fit a {size} board")
            }
            RecordError::Result(value) => {
                let names: Vec<&str> = RecordResult::ALL.iter().map(|r| r.name()).collect();
                write!(f, "result={value} is not one of {}", names.join(", "))
            }
            RecordError::UnknownField(key) => write!(f, "unknown field '{key}'"),
            RecordError::Missing(field) => write!(f, "missing {field}"),
            RecordError::InvalidMove { index, column } => {
                write!(f, "move {index} (column {column}) is not a valid move")
            }
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Number { source, .. } => Some(source),
            RecordError::Size { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl GameRecord {
    /// Reads one record line; the error says what is wrong with it. Sizes
    /// are 4 to 64 each way; there are at most as many moves as cells.
    pub fn parse(line: &str) -> Result<GameRecord, RecordError> {
        let mut fields = line.split_whitespace();
        let size = fields.next().ok_or(RecordError::Empty)?;
        let (w, h) = size.split_once('x').ok_or_else(|| RecordError::NotASize(size.into()))?;
        let number = |text: &str, what: &'static str| {
            text.parse::<usize>().map_err(|source| RecordError::Number {
                what,
                text: text.into(),
                source,
            })
        };
        let (width, height) = (number(w, "width")?, number(h, "height")?);
        let board_size = BoardSize::new(width, height)
            .map_err(|source| RecordError::Size { size: size.into(), source })?;
        let (mut first, mut moves, mut result) = (None, None, None);
        for field in fields {
            let (key, value) =
                field.split_once('=').ok_or_else(|| RecordError::NotKeyValue(field.into()))?;
            match key {
                "first" => {
                    first = Some(match value {
                        "red" => Tile::Red,
                        "black" => Tile::Black,
                        _ => return Err(RecordError::First(value.into())),
                    })
                }
                "moves" => {
                    let columns = value
                        .split(',')
                        .filter(|s| !s.is_empty())
                        .map(|s| number(s, "column"))
                        .collect::<Result<Vec<_>, _>>()?;
                    if columns.len() > width * height {
                        let (count, size) = (columns.len(), size.into());
                        return Err(RecordError::TooManyMoves { count, size });
                    }
                    moves = Some(columns);
                }
                "result" => {
                    result = Some(
                        RecordResult::ALL
                            .into_iter()
                            .find(|r| r.name() == value)
                            .ok_or_else(|| RecordError::Result(value.into()))?,
                    )
                }
                _ => return Err(RecordError::UnknownField(key.into())),
            }
        }
        Ok(GameRecord {
            size: board_size,
            first: first.ok_or(RecordError::Missing("first="))?,
            moves: moves.ok_or(RecordError::Missing("moves="))?,
            result: result.unwrap_or(RecordResult::Unfinished),
        })
    }

    /// Every position of the game before each move, with the colour to
    /// move: what the player (or the computer) faced. Fails on a move into
    /// a full or missing column.
    pub fn positions(&self) -> Result<Vec<(Board, Tile)>, RecordError> {
        let mut board = get_new_board(self.size.width(), self.size.height());
        let mut tile = self.first;
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, &column) in self.moves.iter().enumerate() {
            if !is_valid_move(&board, column) {
                return Err(RecordError::InvalidMove { index: i + 1, column });
            }
            out.push((board.clone(), tile));
            make_move(&mut board, tile, column);
            tile = tile.enemy();
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_takes_the_sizes_a_board_size_takes() {
        for (w, h) in [(3, 4), (4, 3), (4, 4), (7, 6), (64, 64), (65, 4), (4, 65)] {
            let line = format!("{w}x{h} first=red moves=0 result=unfinished");
            let parsed = GameRecord::parse(&line);
            assert_eq!(parsed.is_ok(), BoardSize::new(w, h).is_ok(), "{line}: {parsed:?}");
        }
    }

    #[test]
    fn records_round_trip_and_replay_their_positions() {
        let record = GameRecord {
            size: BoardSize::new(7, 6).unwrap(),
            first: Tile::Black,
            moves: vec![3, 3, 4],
            result: RecordResult::Unfinished,
        };
        let line = record.to_string();
        assert_eq!(line, "7x6 first=black moves=3,3,4 result=unfinished");
        assert_eq!(GameRecord::parse(&line).unwrap(), record);
        let positions = record.positions().unwrap();
        assert_eq!(positions.len(), 3);
        assert_eq!(positions[2].1, Tile::Black);
        assert_eq!(
            format!("{:?}", positions[2].0),
            "......./......./......./......./...R.../...B..."
        );
        assert!(GameRecord::parse("7x6 first=green moves=1 result=tie")
            .unwrap_err()
            .to_string()
            .contains("first=green"));
        assert!(GameRecord::parse("seven first=red moves=").is_err());
        let bad = GameRecord::parse("4x4 first=red moves=0,0,0,0,0 result=tie").unwrap();
        assert!(bad.positions().unwrap_err().to_string().contains("move 5"));
    }

    #[test]
    fn sizes_are_capped_before_anything_is_allocated() {
        // Regressions: the first overflowed width * height; the second tried
        // to allocate gigabytes for every position.
        for line in [
            "4611686018427387904x4 first=red moves=0",
            "70000x70000 first=red moves=0,1,2",
            "3x6 first=red moves=0",
            "65x4 first=red moves=0",
            // The height is capped on its own too.
            "4x3 first=red moves=0",
            "4x65 first=red moves=0",
            "4x1000 first=red moves=0",
        ] {
            let err = GameRecord::parse(line).unwrap_err().to_string();
            assert!(err.contains("out of range"), "{line}: {err}");
        }
        assert!(GameRecord::parse("64x64 first=red moves=0").is_ok());
        let many = vec!["0"; 17].join(",");
        let err = GameRecord::parse(&format!("4x4 first=red moves={many}")).unwrap_err();
        assert_eq!(err.to_string(), "17 moves do not fit a 4x4 board");
    }

    #[test]
    fn errors_keep_what_caused_them() {
        use std::error::Error as _;
        let err = GameRecord::parse("3x6 first=red moves=0").unwrap_err();
        let cause = err.source().map(|e| e.to_string());
        assert_eq!(cause, Some(BoardSize::new(3, 6).unwrap_err().to_string()));
        let err = GameRecord::parse("7x6 first=red moves=0,x").unwrap_err();
        assert_eq!(err.to_string(), "column 'x' is not a whole number");
        let cause = err.source().map(|e| e.to_string());
        assert_eq!(cause, "x".parse::<usize>().err().map(|e| e.to_string()));
        let err = GameRecord::parse("7x6 first=red").unwrap_err();
        assert!(err.source().is_none(), "{err}");
    }
}

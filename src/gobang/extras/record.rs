//! `--record FILE` for Gobang: every game played, one line each, appended
//! to a file; `fourinrow gobang analyze --record FILE` reads them back.
//!
//! A line reads `gobang rule=original moves=H7,I7,H8 result=black`: the
//! win rule the game was judged by (`original`, the Python's one-way check,
//! or the rules extra's `freestyle` or `standard`), the points played in
//! order, black first, and how the game ended. A point is named as the
//! board names it: the column's letter (A to O, along the top) and the
//! row's number (0 to 14, down the left side; the top row, 0, has no
//! number on the board).
//!
//! The file is the shared [`RecordFile`], as Four in a Row's: appended to, never
//! truncated, locked while a line goes in, a line always whole, a FIFO or a
//! device refused. The word `gobang` at the start keeps the two games'
//! lines apart: each game's reader names the other's lines as not its own.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use crate::error::{Error, Stop};
use crate::gobang::port::drawing::Display;
use crate::gobang::port::extra::Extra;
use crate::gobang::port::robot::{Maps, Stone, EMPTY_MAPS};
use crate::gobang::port::setup::{COL, ROW, X_AXIS_LIST};
use crate::gobang::port::status::State;
use crate::io::record_file::RecordFile;
use crate::io::{Event, Frontend};

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Black made five.
    Black,
    /// White made five.
    White,
    /// The board filled up.
    Draw,
    /// F1 (or the undo-lab's restart button) started a new game.
    Restarted,
    /// The window was closed, or a replay ended, mid-game.
    Unfinished,
}

impl GameResult {
    const ALL: [GameResult; 5] = [
        GameResult::Black,
        GameResult::White,
        GameResult::Draw,
        GameResult::Restarted,
        GameResult::Unfinished,
    ];

    /// The word used in record files.
    pub fn name(self) -> &'static str {
        match self {
            GameResult::Black => "black",
            GameResult::White => "white",
            GameResult::Draw => "draw",
            GameResult::Restarted => "restarted",
            GameResult::Unfinished => "unfinished",
        }
    }
}

/// The win rules a record may name.
pub const RULES: [&str; 4] = ["original", "freestyle", "standard", "renju"];

/// One line of a record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The win rule: one of [`RULES`].
    pub rule: &'static str,
    /// The points played, `(row, col)`, black first.
    pub moves: Vec<(i32, i32)>,
    /// How the game ended.
    pub result: GameResult,
}

/// A point's name: column letter, row number (`H7` is row 7, column 7).
pub fn point_name((row, col): (i32, i32)) -> String {
    format!("{}{row}", X_AXIS_LIST[col as usize])
}

/// A name that is no point of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointError(pub String);

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a point: a column A to O, then a row 0 to 14", self.0)
    }
}

impl std::error::Error for PointError {}

/// The point a name like `H7` stands for; the error says what is wrong.
pub fn parse_point(name: &str) -> Result<(i32, i32), PointError> {
    let mut chars = name.chars();
    let letter = chars.next().map(|c| c.to_ascii_uppercase().to_string());
    let col = X_AXIS_LIST.iter().position(|l| Some(*l) == letter.as_deref());
    let row = chars.as_str().parse::<i32>().ok().filter(|r| (0..ROW as i32).contains(r));
    match (col, row) {
        (Some(col), Some(row)) => Ok((row, col as i32)),
        _ => Err(PointError(name.into())),
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(|&p| point_name(p)).collect();
        write!(
            f,
            "gobang rule={} moves={} result={}",
            self.rule,
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
    /// The line does not begin `gobang`.
    NotGobang,
    /// A field is not `key=value`.
    NotKeyValue(String),
    /// `rule=` names no rule.
    Rule(String),
    /// More moves than the board has points.
    TooManyMoves(usize),
    /// A move names no point (its message is this one's).
    Point(PointError),
    /// `result=` names no result.
    Result(String),
    /// A key the format does not have.
    UnknownField(String),
    /// `moves=` is missing.
    MissingMoves,
    /// Move `index` (from 1) is onto a taken point.
    Taken {
        /// Which move, from 1.
        index: usize,
        /// The point, `(row, col)`.
        point: (i32, i32),
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => f.write_str("empty line"),
            RecordError::NotGobang => {
                f.write_str("not a Gobang game (its line does not begin 'gobang')")
            }
            RecordError::NotKeyValue(field) => write!(f, "'{field}' is not key=value"),
            RecordError::Rule(value) => {
                write!(f, "rule={value} is not one of {}", RULES.join(", "))
            }
            RecordError::TooManyMoves(count) => {
                write!(f, "{count} moves do not fit a 15x15 board")
            }
            RecordError::Point(e) => e.fmt(f),
            RecordError::Result(value) => {
                let names: Vec<&str> = GameResult::ALL.iter().map(|r| r.name()).collect();
                write!(f, "result={value} is not one of {}", names.join(", "))
            }
            RecordError::UnknownField(key) => write!(f, "unknown field '{key}'"),
            RecordError::MissingMoves => f.write_str("missing moves="),
            RecordError::Taken { index, point } => {
                write!(f, "move {index} ({}) is onto a taken point", point_name(*point))
            }
        }
    }
}

/// No variant wraps an error it does not print itself.
impl std::error::Error for RecordError {}

impl GameRecord {
    /// Reads one record line; the error says what is wrong with it.
    pub fn parse(line: &str) -> Result<GameRecord, RecordError> {
        let mut fields = line.split_whitespace();
        match fields.next() {
            Some("gobang") => {}
            Some(_) => return Err(RecordError::NotGobang),
            None => return Err(RecordError::Empty),
        }
        let (mut rule, mut moves, mut result) = (None, None, None);
        for field in fields {
            let (key, value) =
                field.split_once('=').ok_or_else(|| RecordError::NotKeyValue(field.into()))?;
            match key {
                "rule" => {
                    rule = Some(
                        RULES
                            .into_iter()
                            .find(|r| *r == value)
                            .ok_or_else(|| RecordError::Rule(value.into()))?,
                    )
                }
                "moves" => {
                    let names: Vec<&str> = value.split(',').filter(|s| !s.is_empty()).collect();
                    if names.len() > ROW * COL {
                        return Err(RecordError::TooManyMoves(names.len()));
                    }
                    let points = names.into_iter().map(parse_point).collect::<Result<_, _>>();
                    moves = Some(points.map_err(RecordError::Point)?);
                }
                "result" => {
                    result = Some(
                        GameResult::ALL
                            .into_iter()
                            .find(|r| r.name() == value)
                            .ok_or_else(|| RecordError::Result(value.into()))?,
                    )
                }
                _ => return Err(RecordError::UnknownField(key.into())),
            }
        }
        Ok(GameRecord {
            rule: rule.unwrap_or("original"),
            moves: moves.ok_or(RecordError::MissingMoves)?,
            result: result.unwrap_or(GameResult::Unfinished),
        })
    }

    /// Every position of the game before each move, with the stone to
    /// move. Fails on a move onto a taken point.
    pub fn positions(&self) -> Result<Vec<(Maps, Stone)>, RecordError> {
        let mut maps = EMPTY_MAPS;
        let mut stone = Stone::Black;
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, &(row, col)) in self.moves.iter().enumerate() {
            let cell = &mut maps[row as usize][col as usize];
            if cell.is_some() {
                return Err(RecordError::Taken { index: i + 1, point: (row, col) });
            }
            out.push((maps, stone));
            maps[row as usize][col as usize] = Some(stone);
            stone = if stone == Stone::Black { Stone::White } else { Stone::Black };
        }
        Ok(out)
    }
}

/// What the recorder has seen of the game on show.
struct Log {
    file: RecordFile,
    rule: &'static str,
    /// `State::games` when last seen: a change is a new game.
    game: u32,
    /// The points of the game on show, as last seen.
    moves: Vec<(i32, i32)>,
    /// Whether this game's line is written.
    written: bool,
}

impl Log {
    /// Writes the game seen so far, if it has moves and is not written yet.
    fn write(&mut self, result: GameResult) -> Result<(), Error> {
        if self.written || self.moves.is_empty() {
            return Ok(());
        }
        self.written = true;
        self.file.write(&GameRecord { rule: self.rule, moves: self.moves.clone(), result })
    }

    /// Looks at the game: a new one writes the last (restarted), an ended
    /// one is written with its result.
    fn sync(&mut self, state: &State) -> Result<(), Error> {
        if state.games != self.game {
            self.write(GameResult::Restarted)?;
            (self.game, self.written) = (state.games, false);
        }
        self.moves = state.step_list.iter().map(|s| s.2).collect();
        if !state.starting {
            let result = match state.step_list.last().and_then(|s| state.result_text(s.2)) {
                Some("Black wins") => GameResult::Black,
                Some("White wins") => GameResult::White,
                _ => GameResult::Draw,
            };
            self.write(result)?;
        }
        Ok(())
    }
}

/// The `--record` extra: it watches the game through the [`Extra`] hook
/// and appends each game when it ends, restarts or is left. A handle:
/// the caller keeps a clone, to write the game left unfinished with
/// [`Recorder::finish`] once `main` has stopped.
#[derive(Clone)]
pub struct Recorder(Rc<RefCell<Log>>);

impl Recorder {
    /// Opens (or creates) the record file `file`, to append games judged by `rule`.
    pub fn open(file: &std::path::Path, rule: &'static str) -> Result<Recorder, Error> {
        let file = RecordFile::open(file)?;
        let log = Log { file, rule, game: 0, moves: Vec::new(), written: false };
        Ok(Recorder(Rc::new(RefCell::new(log))))
    }

    /// Writes the game on show, if it has moves and is not written yet,
    /// as unfinished: the window was closed, or the replay ended.
    pub fn finish(&self) -> Result<(), Error> {
        self.0.borrow_mut().write(GameResult::Unfinished)
    }
}

impl Extra for Recorder {
    fn frame(
        &mut self,
        state: &mut State,
        _: &mut Display,
        _: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        Ok(self.0.borrow_mut().sync(state)?)
    }

    /// Before each event: F1 may be about to start a new game.
    fn on_event(
        &mut self,
        _: &Event,
        state: &mut State,
        _: &mut Display,
        _: &mut dyn Frontend,
    ) -> Result<bool, Stop> {
        self.0.borrow_mut().sync(state)?;
        Ok(false)
    }

    fn stopped(&mut self, state: &State) {
        // The moves made since the last look; writing waits for `finish`.
        self.0.borrow_mut().moves = state.step_list.iter().map(|s| s.2).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_replay_their_positions() {
        let record = GameRecord {
            rule: "freestyle",
            moves: vec![(7, 7), (7, 8), (0, 14)],
            result: GameResult::Restarted,
        };
        let line = record.to_string();
        assert_eq!(line, "gobang rule=freestyle moves=H7,I7,O0 result=restarted");
        assert_eq!(GameRecord::parse(&line).unwrap(), record);
        let positions = record.positions().unwrap();
        assert_eq!(positions.len(), 3);
        assert_eq!(positions[2].1, Stone::Black);
        assert_eq!(positions[2].0[7][8], Some(Stone::White));
        assert_eq!(positions[2].0[0][14], None);
        assert_eq!(parse_point("a0"), Ok((0, 0)));
        for bad in ["P7", "H15", "H-1", "7H", "", "H"] {
            assert!(parse_point(bad).unwrap_err().to_string().contains("not a point"), "{bad}");
        }
        let err = |line: &str| GameRecord::parse(line).unwrap_err().to_string();
        assert!(err("7x6 first=red moves=3,3 result=red").contains("not a Gobang game"));
        assert!(err("gobang rule=caro moves=H7").contains("rule=caro"));
        assert_eq!(GameRecord::parse("gobang rule=renju moves=H7").map(|r| r.rule), Ok("renju"));
        assert!(err("gobang moves=H7 result=red").contains("result=red"));
        assert!(err("gobang rule=original").contains("missing moves="));
        let many = vec!["H7"; 226].join(",");
        assert!(err(&format!("gobang moves={many}")).contains("226 moves do not fit"));
        let taken = GameRecord::parse("gobang moves=H7,I7,H7").unwrap();
        assert_eq!(taken.positions().unwrap_err().to_string(), "move 3 (H7) is onto a taken point");
    }
}

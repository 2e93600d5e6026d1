//! `fourinrow gobang pbrain`: the step-list Gobang's AI as a Gomocup engine,
//! speaking the "pbrain" protocol on stdin and stdout, so that Gomocup
//! managers (piskvork and the like) can play it against other engines.
//!
//! Commands, one a line: `START size`, `BEGIN`, `TURN x,y`, `BOARD` then
//! `x,y,who` lines and `DONE`, `INFO key value`, `RESTART`, `TAKEBACK x,y`,
//! `ABOUT`, `END`. Coordinates are the manager's: `x` the column, `y` the
//! row, from 0; the board is 15x15, the only size the AI knows. The engine
//! answers with `x,y` for a move, `OK`, `ERROR reason` for a bad command
//! (and goes on), `UNKNOWN` for a command it does not know.
//!
//! The AI is the twin of `AI.layerOne`, which always plays `'0'`: the
//! engine's own stones are put on its board as `'0'` and the opponent's as
//! `'1'`, whoever started. Its search takes milliseconds (at most about a
//! tenth of a second on crowded boards), far inside any time a manager gives
//! (`INFO timeout_turn`); the limits are read and kept, not needed.
//! `--engine undo-lab` plays the undo-lab tutorial's AI instead, and
//! `--engine strong` the strong engine, which honours the limits.

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::gobang::port::robot::{first_empty, Maps, Stone, AI, EMPTY_MAPS};
use crate::gobang::port::setup::{COL, ROW};
// Not in the Python: the strong engine, opt-in (`--engine strong`).
use crate::gobang::engine::brain::Brain;
// Not in the Python: the undo-lab tutorial's AI, opt-in (`--engine undo-lab`).
use crate::gobang::extras::lab;

/// What the engine knows between commands.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The board, `maps[row][col]`: own stones white, the opponent's black.
    maps: Maps,
    /// Whether `START` has been received.
    started: bool,
    /// The `INFO` values received, by key (`timeout_turn` in ms, ...).
    pub info: Vec<(String, String)>,
    /// Which AI answers: the tutorial's unless another is chosen.
    pub ai: Ai,
}

/// The AI that plays (`--engine`).
#[derive(Clone, Debug, Default)]
pub enum Ai {
    /// The step-list tutorial's `AI.layerOne` (the twin).
    #[default]
    StepList,
    /// Not the tutorial's: the undo-lab tutorial's pattern values.
    UndoLab,
    /// Not the tutorial's: the strong engine.
    Strong(Brain),
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Ai::StepList)
    }
}

impl Engine {
    /// An engine that plays as `ai`, before `START`.
    pub fn new(ai: Ai) -> Engine {
        Engine { maps: EMPTY_MAPS, started: false, info: Vec::new(), ai }
    }
}

/// Why a command is answered `ERROR`: the rest of that line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Refusal {
    /// Not `fields` numbers separated by commas.
    Fields {
        /// How many were expected.
        fields: usize,
        /// What was given.
        text: String,
    },
    /// A coordinate that is no number.
    NotANumber {
        /// What was given.
        text: String,
        /// Why it did not parse.
        source: std::num::ParseIntError,
    },
    /// A point off the board.
    OffBoard(usize, usize),
    /// A `BOARD` line's third field is not 1, 2 or 3.
    Who(String),
    /// `START` with another size than 15.
    Size(usize),
    /// `START` with no size.
    NoSize(String),
    /// A command before `START`.
    NoGame,
    /// A stone onto a taken point.
    Taken(usize, usize),
    /// `TAKEBACK` of an empty point.
    Empty(usize, usize),
    /// A point a `BOARD` block gives twice.
    Twice(usize, usize),
    /// A faulty line in a `BOARD` block.
    BoardLine {
        /// The line.
        line: String,
        /// What is wrong with it (printed too).
        fault: Box<Refusal>,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Fields { fields, text } => {
                write!(f, "expected {fields} numbers separated by commas, got '{text}'")
            }
            Refusal::NotANumber { text, .. } => write!(f, "'{text}' is not a number"),
            Refusal::OffBoard(x, y) => write!(f, "{x},{y} is off the {COL}x{ROW} board"),
            Refusal::Who(other) => write!(f, "'{other}' is not 1 (mine), 2 (theirs) or 3"),
            Refusal::Size(size) => {
                write!(f, "unsupported size {size}: this AI plays on 15x15 only")
            }
            Refusal::NoSize(text) => write!(f, "START needs a board size, got '{text}'"),
            Refusal::NoGame => f.write_str("no game: send START 15 first"),
            Refusal::Taken(x, y) => write!(f, "{x},{y} is already taken"),
            Refusal::Empty(x, y) => write!(f, "{x},{y} is empty"),
            Refusal::Twice(x, y) => write!(f, "BOARD gives {x},{y} twice"),
            Refusal::BoardLine { line, fault } => write!(f, "BOARD line '{line}': {fault}"),
        }
    }
}

impl std::error::Error for Refusal {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Refusal::NotANumber { source, .. } => Some(source),
            Refusal::BoardLine { fault, .. } => Some(fault.as_ref()),
            _ => None,
        }
    }
}

/// Reads `x,y` (or `x,y,who` with `fields` 3) as numbers on the board.
fn point(text: &str, fields: usize) -> Result<(usize, usize, Option<u8>), Refusal> {
    let parts: Vec<&str> = text.trim().split(',').map(str::trim).collect();
    if parts.len() != fields {
        return Err(Refusal::Fields { fields, text: text.trim().into() });
    }
    let number = |s: &str| {
        s.parse::<usize>().map_err(|source| Refusal::NotANumber { text: s.into(), source })
    };
    let (x, y) = (number(parts[0])?, number(parts[1])?);
    if x >= COL || y >= ROW {
        return Err(Refusal::OffBoard(x, y));
    }
    let who = if fields == 3 {
        match parts[2] {
            "1" => Some(1),
            "2" => Some(2),
            "3" => Some(3),
            other => return Err(Refusal::Who(other.into())),
        }
    } else {
        None
    };
    Ok((x, y, who))
}

impl Engine {
    /// The engine's move on the board as it is: played, and written `x,y`.
    fn think(&mut self) -> String {
        let found = match &mut self.ai {
            // Not the tutorial's: the strong engine answers.
            Ai::Strong(brain) => return brain.answer(&mut self.maps, &self.info),
            // Not the tutorial's: the undo-lab AI, for the engine's own stones.
            Ai::UndoLab => lab::engine(&self.maps, Stone::White),
            Ai::StepList => Some(AI::new(self.maps).layer_one(&mut |_| {})),
        };
        // With two points left the AI can answer none: then the first empty point.
        let Some((row, col)) = found.filter(|p| AI::in_board(p.0, p.1)).or(first_empty(&self.maps))
        else {
            return "ERROR the board is full".into();
        };
        self.maps[row as usize][col as usize] = Some(Stone::White);
        format!("{col},{row}")
    }

    /// Puts a stone on an empty point.
    fn place(&mut self, x: usize, y: usize, stone: Stone) -> Result<(), Refusal> {
        match self.maps[y][x] {
            None => {
                self.maps[y][x] = Some(stone);
                Ok(())
            }
            Some(_) => Err(Refusal::Taken(x, y)),
        }
    }

    fn require_start(&self) -> Result<(), Refusal> {
        if self.started {
            Ok(())
        } else {
            Err(Refusal::NoGame)
        }
    }

    /// Answers one command line; `lines` gives the lines of a `BOARD`
    /// block. Returns the reply (if any), and whether to stop.
    pub fn answer(
        &mut self,
        line: &str,
        lines: &mut dyn Iterator<Item = io::Result<String>>,
    ) -> io::Result<(Option<String>, bool)> {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let reply = |r: Result<String, Refusal>| {
            Ok((Some(r.unwrap_or_else(|e| format!("ERROR {e}"))), false))
        };
        match command.to_ascii_uppercase().as_str() {
            "" => Ok((None, false)),
            "START" => reply(match rest.trim().parse::<usize>() {
                Ok(size) if size == COL => {
                    *self = Engine {
                        info: std::mem::take(&mut self.info),
                        ai: std::mem::take(&mut self.ai),
                        started: true,
                        ..Engine::default()
                    };
                    if let Ai::Strong(brain) = &mut self.ai {
                        brain.prepare(&self.info);
                    }
                    Ok("OK".into())
                }
                Ok(size) => Err(Refusal::Size(size)),
                Err(_) => Err(Refusal::NoSize(rest.trim().into())),
            }),
            "RESTART" => reply(self.require_start().map(|()| {
                self.maps = EMPTY_MAPS;
                "OK".into()
            })),
            "BEGIN" => reply(self.require_start().map(|()| self.think())),
            "TURN" => reply(self.require_start().and_then(|()| {
                let (x, y, _) = point(rest, 2)?;
                self.place(x, y, Stone::Black)?;
                Ok(self.think())
            })),
            "TAKEBACK" => reply(self.require_start().and_then(|()| {
                let (x, y, _) = point(rest, 2)?;
                if self.maps[y][x].is_none() {
                    return Err(Refusal::Empty(x, y));
                }
                self.maps[y][x] = None;
                Ok("OK".into())
            })),
            "BOARD" => {
                let mut maps = EMPTY_MAPS;
                let mut fault = self.require_start().err();
                loop {
                    let Some(next) = lines.next() else {
                        return Ok((None, true)); // input ended inside the block
                    };
                    let next = next?;
                    if next.trim().eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if fault.is_some() {
                        continue;
                    }
                    match point(&next, 3) {
                        Ok((x, y, who)) if maps[y][x].is_none() => {
                            // 1 is the engine's own stone; 2 (and 3) the opponent's.
                            maps[y][x] =
                                Some(if who == Some(1) { Stone::White } else { Stone::Black });
                        }
                        Ok((x, y, _)) => fault = Some(Refusal::Twice(x, y)),
                        Err(e) => {
                            let line = next.trim().into();
                            fault = Some(Refusal::BoardLine { line, fault: Box::new(e) });
                        }
                    }
                }
                match fault {
                    Some(e) => reply(Err(e)),
                    None => {
                        self.maps = maps;
                        reply(Ok(self.think()))
                    }
                }
            }
            "INFO" => {
                let (key, value) =
                    rest.trim().split_once(char::is_whitespace).unwrap_or((rest.trim(), ""));
                self.info.retain(|(k, _)| k != key);
                self.info.push((key.to_string(), value.trim().to_string()));
                // Not the tutorial's: the strong engine says what it cannot do.
                let refused = match &self.ai {
                    Ai::Strong(brain) => brain.refuses(key, value.trim()),
                    Ai::StepList | Ai::UndoLab => None,
                };
                Ok((refused.map(|e| format!("ERROR {e}")), false))
            }
            "ABOUT" if matches!(self.ai, Ai::Strong(_)) => reply(Ok(Brain::about())),
            "ABOUT" => reply(Ok(format!(
                "name=\"fourinrow-gobang\", version=\"{}\", author=\"the fourinrow project\", \
                 country=\"-\", www=\"the {} Gobang's AI, ported from pygame\"",
                env!("CARGO_PKG_VERSION"),
                if matches!(self.ai, Ai::UndoLab) { "undo-lab" } else { "step-list" }
            ))),
            "END" => Ok((None, true)),
            _ => Ok((Some(format!("UNKNOWN command '{command}'")), false)),
        }
    }
}

/// Speaks the protocol on `input` and `out` until `END` or the input ends.
pub fn run_pbrain(input: impl BufRead, out: impl Write) -> io::Result<()> {
    run_pbrain_with(Engine::default(), input, out)
}

/// Speaks the protocol as `engine` (with a [`Brain`]: the strong engine).
pub fn run_pbrain_with(
    mut engine: Engine,
    input: impl BufRead,
    mut out: impl Write,
) -> io::Result<()> {
    let mut lines = input.lines();
    while let Some(line) = lines.next() {
        let line = line?;
        let (reply, stop) = engine.answer(&line, &mut lines)?;
        if let Some(reply) = reply {
            writeln!(out, "{reply}")?;
            out.flush()?;
        }
        if stop {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        run_pbrain(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(String::from).collect()
    }

    #[test]
    fn a_game_begins_at_the_centre_and_answers_turns() {
        let replies = talk("START 15\nINFO timeout_turn 1000\nBEGIN\nTURN 8,7\nEND\nTURN 1,1\n");
        assert_eq!(replies[..2], ["OK".to_string(), "7,7".to_string()]);
        let (x, y) = replies[2].split_once(',').unwrap();
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!((x, y) != (7, 7) && (x, y) != (8, 7), "an empty point: {x},{y}");
        assert_eq!(replies.len(), 3, "nothing after END");
    }

    #[test]
    fn the_undo_lab_ai_answers_as_its_own_choice_for_the_engines_stones() {
        let mut out = Vec::new();
        // Black (2) on a diagonal, white (1) beside it.
        let input = "START 15\nBOARD\n7,7,2\n7,8,1\n8,8,2\n6,6,1\n9,9,2\nDONE\nABOUT\nEND\n";
        run_pbrain_with(Engine::new(Ai::UndoLab), input.as_bytes(), &mut out).unwrap();
        let replies: Vec<String> =
            String::from_utf8(out).unwrap().lines().map(String::from).collect();
        // The same board as the engine holds it: its own stones white.
        let mut maps = EMPTY_MAPS;
        for (x, y) in [(7, 7), (8, 8), (9, 9)] {
            maps[y][x] = Some(Stone::Black);
        }
        for (x, y) in [(7, 8), (6, 6)] {
            maps[y][x] = Some(Stone::White);
        }
        let (row, col) = lab::engine(&maps, Stone::White).unwrap();
        assert_eq!(replies[..2], ["OK".to_string(), format!("{col},{row}")]);
        // Not the step-list AI's answer to the same board.
        let step_list = talk(input);
        assert_ne!(step_list[1], replies[1], "the same point as the step-list AI");
        assert!(replies[2].contains("the undo-lab Gobang's AI"), "{}", replies[2]);
    }

    #[test]
    fn a_board_block_sets_the_position() {
        // The opponent (2) took the centre: the AI answers as the Python
        // answers that board (white to move, black at (7, 7)): row 8, column 8.
        assert_eq!(talk("START 15\nBOARD\n7,7,2\nDONE\n"), ["OK", "8,8"]);
        // Its own stone (1) on the centre and the opponent's beside it.
        let replies = talk("START 15\nBOARD\n7,7,1\n8,7,2\nDONE\nTAKEBACK 8,7\nRESTART\nBEGIN\n");
        assert_eq!(replies[2..], ["OK".to_string(), "OK".to_string(), "7,7".to_string()]);
    }

    #[test]
    fn bad_commands_get_an_error_and_the_engine_goes_on() {
        let replies = talk(
            "TURN 1,1\nSTART 19\nSTART\nSTART 15\nTURN 15,2\nTURN a,b\nTURN 7,7\nTURN 7,7\n\
             BOARD\n1,1,9\nDONE\nTAKEBACK 0,0\nDANCE\nABOUT\n",
        );
        assert_eq!(replies[0], "ERROR no game: send START 15 first");
        assert!(replies[1].starts_with("ERROR unsupported size 19"));
        assert!(replies[2].starts_with("ERROR START needs a board size"));
        assert_eq!(replies[3], "OK");
        assert_eq!(replies[4], "ERROR 15,2 is off the 15x15 board");
        assert_eq!(replies[5], "ERROR 'a' is not a number");
        assert_eq!(replies[6], "8,8", "the AI's reply to the centre");
        assert_eq!(replies[7], "ERROR 7,7 is already taken");
        assert!(replies[8].starts_with("ERROR BOARD line '1,1,9'"));
        assert_eq!(replies[9], "ERROR 0,0 is empty");
        assert_eq!(replies[10], "UNKNOWN command 'DANCE'");
        assert!(replies[11].starts_with("name=\"fourinrow-gobang\""));
    }
}

//! `fourinrow gobang analyze`: the AI's choice for board texts, one JSON
//! line each, and the board text itself.
//!
//! A board text is the 15 rows of `maps`, row 0 first, each 15 points of
//! `.` (empty), `X` (black, the Python's `'1'`) or `O` (white, `'0'`),
//! the rows joined by `/` (or written on lines of their own). The answer is
//! what `AI(maps).layerOne()` returns and prints in the Python, which
//! always plays white (`'0'`). With `--engine undo-lab` the answer is the
//! undo-lab tutorial's AI's ([`lab`]), for the side to move.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::gobang::engine::{self, Level};
use crate::gobang::extras::lab::{self, Strategy};
use crate::gobang::port::robot::{Maps, Stone, AI, EMPTY_MAPS};
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

/// What `layerOne` answers for a board: the point, and the line it prints
/// (none when the centre is free or a five is found at once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// `(row, col)`, as the Python returns it.
    pub point: (i32, i32),
    /// The score it prints (`l1_max`), if it prints one.
    pub score: Option<i32>,
    /// The line it prints, if any.
    pub printed: Option<String>,
}

/// The twin's choice for `board`.
pub fn choose(board: &Board) -> Choice {
    let mut printed = None;
    let point = AI::new(board.0).layer_one(&mut |line| printed = Some(line));
    let score =
        printed.as_deref().and_then(|l| l.rsplit_once("score:")).and_then(|(_, s)| s.parse().ok());
    Choice { point, score, printed }
}

/// Which AI answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GobangEngine {
    /// The step-list tutorial's `layerOne` (the twin).
    #[default]
    StepList,
    /// The undo-lab tutorial's pattern values ([`lab`]).
    UndoLab,
    /// Not a tutorial's: the strong engine at a level ([`engine`]).
    Strong(Level),
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

/// The undo-lab engine's JSON line for `board`.
fn lab_line(board: &Board) -> Result<String, BoardTextError> {
    let me = to_move(board);
    let choice = lab::value_chess(&board.0, me)
        .ok_or_else(|| BoardTextError("the board is full: there is no point to play".into()))?;
    let strategy = match choice.strategy {
        Strategy::Centre => "centre",
        Strategy::Win => "win",
        Strategy::Block => "block",
        Strategy::Balance => "balance",
    };
    let side = if me == Stone::Black { "X" } else { "O" };
    Ok(format!(
        "{{\"board\": \"{board}\", \"engine\": \"undo-lab\", \"plays\": \"{side}\", \"point\": [{}, {}], \"score\": {}, \"strategy\": \"{strategy}\", \"diff\": {:?}}}",
        choice.point.0,
        choice.point.1,
        choice.score,
        choice.diff
    ))
}

/// The JSON line for one board text by `engine`, or what is wrong with it.
pub fn analyze_with(text: &str, engine: GobangEngine) -> Result<String, BoardTextError> {
    match engine {
        GobangEngine::StepList => analyze_line(text),
        GobangEngine::UndoLab => lab_line(&text.trim().parse()?),
        GobangEngine::Strong(level) => {
            let board: Board = text.trim().parse()?;
            engine::report::analyze_line(&board.0, &board.to_string(), level).ok_or_else(|| {
                BoardTextError("the board is full: there is no point to play".into())
            })
        }
    }
}

/// The JSON line for one board text, or what is wrong with it.
pub fn analyze_line(text: &str) -> Result<String, BoardTextError> {
    let board: Board = text.trim().parse()?;
    let choice = choose(&board);
    let score = choice.score.map_or("null".to_string(), |s| s.to_string());
    Ok(format!(
        "{{\"board\": \"{board}\", \"point\": [{}, {}], \"score\": {score}}}",
        choice.point.0, choice.point.1
    ))
}

/// Answers each board of `boards`, or of the lines of `input` if there are
/// none; a faulty board gets one line on `errors`, naming it. Returns how
/// many were faulty.
pub fn run_analyze(
    boards: &[String],
    engine: GobangEngine,
    input: impl BufRead,
    mut out: impl Write,
    mut errors: impl Write,
) -> io::Result<usize> {
    let mut faulty = 0;
    let mut answer = |n: usize, text: &str| -> io::Result<()> {
        match analyze_with(text, engine) {
            Ok(line) => writeln!(out, "{line}"),
            Err(e) => {
                faulty += 1;
                writeln!(errors, "fourinrow: gobang analyze: board {n}: {e}")
            }
        }
    };
    if boards.is_empty() {
        for (n, line) in input.lines().enumerate() {
            let line = line?;
            if !line.trim().is_empty() {
                answer(n + 1, &line)?;
            }
        }
    } else {
        for (n, text) in boards.iter().enumerate() {
            answer(n + 1, text)?;
        }
    }
    Ok(faulty)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EMPTY: &str = "...............";

    fn text(rows: &[(usize, &str)]) -> String {
        let mut all = vec![EMPTY.to_string(); 15];
        for &(x, row) in rows {
            all[x] = format!("{row:.<15}");
        }
        all.join("/")
    }

    #[test]
    fn board_text_reads_and_writes_the_same() {
        let t = text(&[(7, ".......XO"), (8, "........x")]);
        let board: Board = t.parse().unwrap();
        assert_eq!(board.0[7][7], Some(Stone::Black));
        assert_eq!(board.0[7][8], Some(Stone::White));
        assert_eq!(board.to_string(), t.replace('x', "X"));
        let on_lines: Board = t.replace('/', "\n").parse().unwrap();
        assert_eq!(on_lines, board);
    }

    #[test]
    fn bad_board_texts_say_what_is_wrong() {
        let err = |t: &str| t.parse::<Board>().unwrap_err().0;
        assert_eq!(err(""), "a Gobang board text has 15 rows (joined by '/'), this one has 0");
        assert!(err(&text(&[(3, "..#")])).contains("row 3, point 2 is '#'"));
        let short = text(&[]).replacen(EMPTY, "....", 1);
        assert!(err(&short).starts_with("row 0 has 4 points, not 15"));
    }

    #[test]
    fn the_answer_is_the_python_layer_one() {
        let line = analyze_line(&text(&[])).unwrap();
        assert!(line.ends_with("\"point\": [7, 7], \"score\": null}"), "{line}");
        let line = analyze_line(&text(&[(7, ".......X")])).unwrap();
        // One of the positions the Python answered (tests/gobang_ai.rs checks a thousand).
        assert!(line.ends_with("\"point\": [8, 8], \"score\": -1}"), "{line}");
    }

    #[test]
    fn the_undo_lab_engine_answers_for_the_side_to_move() {
        let line = analyze_with(&text(&[]), GobangEngine::UndoLab).unwrap();
        assert!(line.contains("\"plays\": \"X\", \"point\": [7, 7], \"score\": 0"), "{line}");
        // White to move, with four white stones in row 7: it completes five.
        let t = text(&[(7, "...OOOO"), (9, "..XXXX"), (10, "X")]);
        let line = analyze_with(&t, GobangEngine::UndoLab).unwrap();
        assert!(line.contains("\"plays\": \"O\""), "{line}");
        assert!(line.contains("\"strategy\": \"win\""), "{line}");
        assert!(line.contains("\"point\": [7, 2]") || line.contains("\"point\": [7, 7]"), "{line}");
    }

    #[test]
    fn faulty_lines_are_counted_and_named() {
        let input = format!("{}\nnonsense\n", text(&[]));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty =
            run_analyze(&[], GobangEngine::StepList, input.as_bytes(), &mut out, &mut err).unwrap();
        assert_eq!(faulty, 1);
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
        assert!(String::from_utf8(err)
            .unwrap()
            .starts_with("fourinrow: gobang analyze: board 2: "));
    }
}

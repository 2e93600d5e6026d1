//! `fourinrow gobang analyze`: the AI's choice for board texts, one JSON
//! line each, and the board text itself.
//!
//! A board text is the 15 rows of `maps`, row 0 first, each 15 points of
//! `.` (empty), `X` (black, the Python's `'1'`) or `O` (white, `'0'`),
//! the rows joined by `/` (or written on lines of their own). The answer is
//! what `AI(maps).layerOne()` returns and prints in the Python, which
//! always plays white (`'0'`). With `--engine undo-lab` the answer is the
//! undo-lab tutorial's AI's ([`lab`]), for the side to move.
//!
//! `--record FILE` answers the positions of the games a `--record` file
//! holds ([`run_analyze_record`]): what the AI would have played at each
//! turn, beside what was played.

use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

use crate::files::{self, Lines};
pub use crate::gobang::boardtext::{to_move, Board, BoardTextError};
use crate::gobang::engine::{self, Level};
use crate::gobang::extras::lab::{self, Strategy};
use crate::gobang::extras::record::{point_name, GameRecord};
use crate::gobang::port::robot::{Maps, Stone, AI};

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

/// The largest record file read: 64 MB, some 70,000 whole games.
pub const MAX_RECORD_FILE: u64 = 64 << 20;

/// Answers the positions of every game in the record file `path`, one
/// JSON line each: the board before a move, the AI's answer, and which
/// game, which move and what was played. The step-list AI plays white
/// only, so it answers the positions before white's moves; the undo-lab
/// AI answers every position, for the side to move. A faulty line gets one
/// line on `errors`, naming it; the others are answered. Returns how many
/// were faulty.
pub fn run_analyze_record(
    path: &Path,
    engine: GobangEngine,
    mut out: impl Write,
    errors: impl Write,
) -> io::Result<usize> {
    each_game(path, "gobang analyze", errors, |game, record, positions| {
        for (k, (maps, stone)) in positions.iter().enumerate() {
            if engine == GobangEngine::StepList && *stone != Stone::White {
                continue;
            }
            let board = Board(*maps);
            let answer = match engine {
                GobangEngine::StepList => analyze_line(&board.to_string()),
                GobangEngine::UndoLab => lab_line(&board),
                GobangEngine::Strong(level) => {
                    engine::report::analyze_line(&board.0, &board.to_string(), level).ok_or_else(
                        || BoardTextError("the board is full: there is no point to play".into()),
                    )
                }
            }
            .map_err(|e| {
                io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display()))
            })?;
            // [row, col], as "point" is; "name" as the board and the record name it.
            let (row, col) = record.moves[k];
            let head = answer.strip_suffix('}').unwrap_or(&answer);
            let (n, name) = (k + 1, point_name((row, col)));
            writeln!(
                out,
                "{head}, \"game\": {game}, \"move\": {n}, \"played\": [{row}, {col}], \"name\": \"{name}\"}}"
            )?;
        }
        out.flush()
    })
}

/// Reads the record file `path` and hands `each` every game in it: its
/// number (1 the first good one), the record, and the position before
/// each move. A faulty line gets one line on `errors`, naming `tool`, the
/// file and the line; the others are read. Returns how many were faulty.
pub fn each_game(
    path: &Path,
    tool: &str,
    mut errors: impl Write,
    mut each: impl FnMut(usize, &GameRecord, &[(Maps, Stone)]) -> io::Result<()>,
) -> io::Result<usize> {
    let cannot = |e: &dyn fmt::Display| {
        io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display()))
    };
    let file = files::open_regular(path)
        .map_err(|e| cannot(&format!("cannot read the record: {}", files::describe(&e))))?;
    if file.metadata().map(|m| m.len()).unwrap_or(0) > MAX_RECORD_FILE {
        return Err(cannot(&format!("too large for a record (over {} MB)", MAX_RECORD_FILE >> 20)));
    }
    let mut lines =
        Lines::new(io::BufReader::new(file.take(MAX_RECORD_FILE)), path.display().to_string());
    let (mut faulty, mut game) = (0, 0);
    while let Some((number, line)) = lines.next_line()? {
        let found = match line {
            Ok(line) if line.trim().is_empty() || line.trim_start().starts_with('#') => continue,
            Ok(line) => GameRecord::parse(&line)
                .and_then(|r| r.positions().map(|p| (r, p)))
                .map_err(|e| e.to_string()),
            Err(fault) => Err(fault.to_string()),
        };
        match found {
            Ok((record, positions)) => {
                game += 1;
                each(game, &record, &positions)?;
            }
            Err(e) => {
                faulty += 1;
                writeln!(errors, "fourinrow: {tool}: {} line {number}: {e}", path.display())?;
            }
        }
    }
    Ok(faulty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::port::robot::EMPTY_MAPS;

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
    fn a_record_file_is_answered_move_by_move_and_faulty_games_are_named() {
        let path =
            std::env::temp_dir().join(format!("fourinrow-gobang-analyze-{}", std::process::id()));
        std::fs::write(
            &path,
            "gobang rule=original moves=H7,I7,H8,I8 result=unfinished\n\
             7x6 first=red moves=3,3 result=red\n\
             \n\
             gobang moves=H7,H7\n\
             gobang rule=freestyle moves=A0 result=restarted\n",
        )
        .unwrap();
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let faulty =
            run_analyze_record(&path, GobangEngine::StepList, &mut out, &mut errors).unwrap();
        let (out, errors) = (String::from_utf8(out).unwrap(), String::from_utf8(errors).unwrap());
        // White's two moves of the first game; the last game has none.
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let end = ", \"game\": 1, \"move\": 2, \"played\": [7, 8], \"name\": \"I7\"}";
        assert!(lines[0].ends_with(end), "{out}");
        assert!(lines[1].contains("\"move\": 4, \"played\": [8, 8], \"name\": \"I8\""), "{out}");
        // The board before move 2, black's H7 on it, answered as analyze answers it.
        let mut maps = EMPTY_MAPS;
        maps[7][7] = Some(Stone::Black);
        let answer = analyze_line(&Board(maps).to_string()).unwrap();
        assert!(lines[0].starts_with(answer.strip_suffix('}').unwrap()), "{out}");
        assert_eq!(faulty, 2);
        assert!(errors.contains("line 2: not a Gobang game"), "{errors}");
        assert!(errors.contains("line 4: move 2 (H7) is onto a taken point"), "{errors}");
        // The undo-lab AI answers every position, for the side to move.
        let mut out = Vec::new();
        run_analyze_record(&path, GobangEngine::UndoLab, &mut out, &mut Vec::new()).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 5, "{out}");
        assert!(out.lines().next().unwrap().contains("\"plays\": \"X\""), "{out}");
        std::fs::remove_file(&path).unwrap();
        let missing = run_analyze_record(&path, GobangEngine::StepList, Vec::new(), Vec::new());
        assert!(missing.unwrap_err().to_string().contains("cannot read the record"));
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

//! `fourinrow analyze`: the AI's numbers for board texts, one JSON line each.
//!
//! The output is what a script calling the Python's `getPotentialMoves` and
//! printing `json.dumps` of the result would print, character for
//! character: Python's `json.dumps` layout, and every float written as
//! Python's `repr` writes it, so the two can be compared with `diff` as well
//! as double for double. Nothing here needs SDL.

use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::time::Duration;

use crate::files::{self, quote, skip_bom, Lines};
use crate::fourinrow::engine::{choice, faithful_estimate, Engine};
use crate::fourinrow::extras::record::GameRecord;
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::settings::{DIFFICULTY, MAX_BOARDHEIGHT, MAX_BOARDWIDTH};
use crate::fourinrow::tools::boardtext::{parse_board, BoardTextError};
use crate::fourinrow::tools::engines::{EngineChoice, SolverOptions, PYTHON_ENV, PYTHON_HELP};
use crate::pyfmt::python_float_repr;

/// How long the search of a board larger than any game's (over 12x9) may
/// be expected to take, by [`faithful_estimate`]: most such boards are too
/// big for the fast engine's bitboards, and the faithful search grows as
/// (columns with room)^(2 x difficulty), so a 64x64 board at difficulty 2
/// would run for half an hour. The estimate is on the safe side: about 7
/// times the measured time on a 64x64 board.
pub const MAX_SEARCH_ESTIMATE: Duration = Duration::from_secs(10);

/// The longest line read from stdin, in bytes: a 64x64 board text is 4,159
/// bytes, and `analyze < /dev/zero` must not fill the memory.
pub const MAX_LINE: u64 = files::MAX_LINE as u64;

/// The largest record file read, in bytes: a game on the largest board
/// is a line of about 12 kB.
pub const MAX_RECORD_FILE: u64 = 64 << 20;

/// What to analyse and how: `fourinrow analyze`'s options, as clap reads
/// them.
#[derive(clap::Args, Clone, Debug, PartialEq)]
#[command(after_help = "\
Board text: rows top to bottom joined by '/', '.' empty, 'R' red, 'B' black,
e.g. ......./......./......./......./...R.../...B...
Each line printed holds getPotentialMoves' values and the columns
getComputerMove would choose among. A faulty board gets one line on stderr
naming it; the others are still answered, and the exit status is then 2.")]
pub struct AnalyzeOptions {
    /// Moves the AI looks ahead, 0 to 6
    #[arg(long, value_name = "N", default_value_t = DIFFICULTY)]
    pub difficulty: u32,
    /// Whose move is valued
    #[arg(long, value_name = "TILE", value_enum, default_value_t = Tile::Black)]
    pub tile: Tile,
    /// The search (all but minimax give the Python's values, bit for bit)
    #[arg(long, value_name = "E", value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    // Whose `sum()` the values follow: the help is the game's too.
    #[arg(long, value_name = "VERSION", env = PYTHON_ENV, default_value = "3.12", help = PYTHON_HELP)]
    pub python: crate::fourinrow::engine::Python,
    /// Analyse every position of every game in FILE (made with --record),
    /// for the side to move, instead of board texts
    #[arg(long, value_name = "FILE", conflicts_with = "boards")]
    pub record: Option<std::path::PathBuf>,
    /// Board texts; with none, one is read per line from stdin
    #[arg(value_name = "BOARD")]
    pub boards: Vec<String>,
}

/// The JSON line for one board text, or what is wrong with it.
pub fn analyze_board(
    text: &str,
    difficulty: u32,
    tile: Tile,
    engine: &dyn Engine,
) -> Result<String, BoardTextError> {
    let text = text.trim();
    let board = parse_board(text)?;
    Ok(answer(&board, text, difficulty, tile, engine))
}

/// The JSON line for `board`, whose board text is `text`.
fn answer(board: &Board, text: &str, difficulty: u32, tile: Tile, engine: &dyn Engine) -> String {
    let reply = engine.reply(board, tile, difficulty);
    let (_, best_moves) = choice(board, &reply);
    let values: Vec<String> = reply.potential_moves.iter().map(|&v| python_float_repr(v)).collect();
    let best: Vec<String> = best_moves.iter().map(usize::to_string).collect();
    format!(
        "{{\"board\": \"{text}\", \"difficulty\": {difficulty}, \"tile\": \"{tile}\", \
         \"potential_moves\": [{}], \"best_moves\": [{}]}}",
        values.join(", "),
        best.join(", ")
    )
}

/// A board too large to search: what [`check_search`] refuses.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTooLong {
    /// The board's columns.
    pub width: usize,
    /// Its rows.
    pub height: usize,
    /// About how many positions the search would visit.
    pub positions: f64,
    /// About how long it would take.
    pub time: Duration,
}

impl fmt::Display for SearchTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SearchTooLong { width, height, positions, time } = self;
        write!(
            f,
            "searching this {width}x{height} board would take too long (about {positions:.0} \
             positions, {} s; boards larger than {MAX_BOARDWIDTH}x{MAX_BOARDHEIGHT} are searched up \
             to about {} s): give a lower --difficulty or a smaller board",
            time.as_secs(),
            MAX_SEARCH_ESTIMATE.as_secs()
        )
    }
}

impl std::error::Error for SearchTooLong {}

/// Refuses to search a board larger than any game's when the search is
/// expected to take over [`MAX_SEARCH_ESTIMATE`]. Boards of the game's sizes
/// are searched as the game searches them, at any difficulty it allows.
pub fn check_search(
    board: &Board,
    difficulty: u32,
    engine: EngineChoice,
) -> Result<(), SearchTooLong> {
    let (width, height) = (board.width(), board.height());
    if width <= MAX_BOARDWIDTH && height <= MAX_BOARDHEIGHT {
        return Ok(());
    }
    // Minimax looks 4 plies ahead whatever the difficulty: 2 moves' worth.
    let look_ahead = if engine == EngineChoice::Minimax { 2 } else { difficulty };
    let (time, positions) = faithful_estimate(board, look_ahead);
    if time <= MAX_SEARCH_ESTIMATE {
        return Ok(());
    }
    Err(SearchTooLong { width, height, positions, time })
}

/// Answers every board, from `options.boards` or else from `input`, one per
/// line (blank lines skipped). Each answer goes to `out` as soon as it is
/// known; each faulty board gets one line on `err` naming it. Returns how
/// many boards were faulty.
pub fn run_analyze(
    options: &AnalyzeOptions,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<usize> {
    let engine = options.engine.engine(SolverOptions::default(), 0, options.python);
    if let Some(path) = &options.record {
        return analyze_record(options, engine.as_ref(), path, out, err);
    }
    let (engine, mut faulty) = (engine.as_ref(), 0);
    // The answer for one board text, or its fault named on `err`: whether it was faulty.
    let answer = |origin: String, text: &str, out: &mut dyn Write, err: &mut dyn Write| {
        let text = text.trim();
        let line = || -> Result<String, Box<dyn std::error::Error>> {
            let board = parse_board(text)?;
            check_search(&board, options.difficulty, options.engine)?;
            Ok(answer(&board, text, options.difficulty, options.tile, engine))
        };
        match line() {
            Ok(line) => {
                writeln!(out, "{line}")?;
                out.flush()?;
                Ok(false)
            }
            Err(e) => {
                writeln!(err, "fourinrow analyze: {origin}: {e}: {}", quote(text))?;
                Ok::<bool, io::Error>(true)
            }
        }
    };
    if options.boards.is_empty() {
        let mut lines = Lines::new(input, "stdin");
        while let Some((number, line)) = lines.next_line()? {
            match line {
                Ok(text) if text.trim().is_empty() => {}
                Ok(text) => {
                    faulty +=
                        usize::from(answer(format!("line {number}"), &text, &mut out, &mut err)?)
                }
                Err(fault) => {
                    faulty += 1;
                    writeln!(err, "fourinrow analyze: line {number}: {fault}")?;
                }
            }
        }
    } else {
        for (i, text) in options.boards.iter().enumerate() {
            let text = if i == 0 { skip_bom(text) } else { text };
            faulty += usize::from(answer(format!("argument {}", i + 1), text, &mut out, &mut err)?);
        }
    }
    Ok(faulty)
}

/// Answers every position of every game in a `--record` file, for the side
/// to move there: the numbers the computer (or a hint) had at each turn.
/// Returns how many lines of the file were faulty. The file is read line by
/// line (a byte-order mark skipped; a line that is not UTF-8 named and the
/// others still answered), and must be a regular file of at most
/// [`MAX_RECORD_FILE`] bytes.
fn analyze_record(
    options: &AnalyzeOptions,
    engine: &dyn Engine,
    path: &Path,
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<usize> {
    let cannot = |e: &dyn std::fmt::Display| {
        io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display()))
    };
    let file = files::open_regular(path)
        .map_err(|e| cannot(&format!("cannot read the record: {}", files::describe(&e))))?;
    let length = file.metadata().map(|m| m.len()).unwrap_or(0);
    if length > MAX_RECORD_FILE {
        return Err(cannot(&format!("too large for a record (over {} MB)", MAX_RECORD_FILE >> 20)));
    }
    let mut lines =
        Lines::new(io::BufReader::new(file.take(MAX_RECORD_FILE)), path.display().to_string());
    let mut faulty = 0;
    while let Some((number, line)) = lines.next_line()? {
        let line = match line {
            Ok(line) => line,
            Err(fault) => {
                faulty += 1;
                writeln!(err, "fourinrow analyze: {} line {number}: {fault}", path.display())?;
                continue;
            }
        };
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        // A recorded game is answered whole, or named as faulty.
        let answers = || -> Result<Vec<String>, Box<dyn std::error::Error>> {
            let positions = GameRecord::parse(&line)?.positions()?;
            positions
                .iter()
                .map(|(board, tile)| {
                    check_search(board, options.difficulty, options.engine)?;
                    Ok(answer(board, &board.to_string(), options.difficulty, *tile, engine))
                })
                .collect()
        };
        match answers() {
            Ok(answers) => {
                for answer in answers {
                    writeln!(out, "{answer}")?;
                }
                out.flush()?;
            }
            Err(e) => {
                faulty += 1;
                writeln!(err, "fourinrow analyze: {} line {number}: {e}", path.display())?;
            }
        }
    }
    Ok(faulty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_board_in_json_dumps_layout() {
        let line = analyze_board(
            "......./......./......./......./......./BRRR.BB",
            1,
            Tile::Black,
            &crate::fourinrow::engine::Faithful::default(),
        )
        .unwrap();
        assert_eq!(
            line,
            "{\"board\": \"......./......./......./......./......./BRRR.BB\", \"difficulty\": 1, \
             \"tile\": \"black\", \"potential_moves\": [-1.0, -1.0, -1.0, -1.0, 0.0, -1.0, -1.0], \
             \"best_moves\": [4]}"
        );
        let parsed: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(parsed["best_moves"][0], 4);
    }

    #[test]
    fn faulty_lines_are_named_and_the_rest_answered() {
        let options = AnalyzeOptions {
            difficulty: 1,
            tile: Tile::Red,
            engine: EngineChoice::Faithful,
            boards: vec![],
            record: None,
            python: Default::default(),
        };
        let input = "..../..../..../....\n\n..../.../..../....\n..../..../..../..R.\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty = run_analyze(&options, input.as_bytes(), &mut out, &mut err).unwrap();
        assert_eq!(faulty, 1);
        let out = String::from_utf8(out).unwrap();
        let err = String::from_utf8(err).unwrap();
        assert_eq!(out.lines().count(), 2);
        assert!(out.contains("\"tile\": \"red\""));
        assert_eq!(
            err,
            "fourinrow analyze: line 3: ragged rows: row 2 has 3 cells but row 1 has 4: ..../.../..../....\n"
        );
    }

    #[test]
    fn stdin_lines_are_read_up_to_a_limit_and_bytes_that_are_not_utf8_named() {
        let options = AnalyzeOptions {
            difficulty: 1,
            tile: Tile::Red,
            engine: EngineChoice::Faithful,
            boards: vec![],
            record: None,
            python: Default::default(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let input = b"..\xff./..../..../....\r\n..../..../..../....";
        assert_eq!(run_analyze(&options, &input[..], &mut out, &mut err).unwrap(), 1);
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1, "the last line, unended");
        let err = String::from_utf8(err).unwrap();
        assert_eq!(err, "fourinrow analyze: line 1: not UTF-8 text (byte 0xFF at column 3)\n");
        // Regression: `analyze < /dev/zero` filled the memory.
        let endless = std::io::repeat(0).take(MAX_LINE * 4);
        let e = run_analyze(&options, std::io::BufReader::new(endless), Vec::new(), Vec::new())
            .unwrap_err();
        assert_eq!(e.to_string(), "stdin: line 1 is over 1 MB long");
    }

    #[test]
    fn arguments_are_used_instead_of_stdin() {
        let options = AnalyzeOptions {
            difficulty: 2,
            tile: Tile::Black,
            engine: EngineChoice::Faithful,
            boards: vec!["..../..../..../....".into(), "bad".into()],
            record: None,
            python: Default::default(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty = run_analyze(&options, "ignored\n".as_bytes(), &mut out, &mut err).unwrap();
        assert_eq!(faulty, 1);
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
        assert!(String::from_utf8(err).unwrap().starts_with("fourinrow analyze: argument 2: "));
    }

    #[test]
    fn boards_beyond_the_games_are_searched_only_within_a_time_budget() {
        // Regression: a 64x64 board at difficulty 2 (or a 64x64 record)
        // searched for half an hour.
        let board = |w: usize, h: usize| parse_board(&vec![".".repeat(w); h].join("/")).unwrap();
        let err = check_search(&board(64, 64), 2, EngineChoice::Fast).unwrap_err().to_string();
        assert!(err.starts_with("searching this 64x64 board would take too long"), "{err}");
        assert!(check_search(&board(64, 64), 1, EngineChoice::Fast).is_ok());
        // Minimax searches 4 plies whatever the difficulty.
        assert!(check_search(&board(64, 64), 0, EngineChoice::Minimax).is_err());
        // The game's own sizes are searched as the game searches them.
        assert!(check_search(&board(12, 9), 6, EngineChoice::Faithful).is_ok());
        let options = AnalyzeOptions {
            difficulty: 2,
            tile: Tile::Black,
            engine: EngineChoice::Fast,
            boards: vec![vec![".".repeat(64); 64].join("/")],
            record: None,
            python: Default::default(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(run_analyze(&options, "".as_bytes(), &mut out, &mut err).unwrap(), 1);
        assert!(out.is_empty());
        let err = String::from_utf8(err).unwrap();
        assert!(err.starts_with("fourinrow analyze: argument 1: searching this 64x64"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }

    #[test]
    fn a_record_file_is_answered_game_by_game_and_faulty_games_are_named() {
        let path = std::env::temp_dir()
            .join(format!("fourinrow-analyze-record-{}.txt", std::process::id()));
        std::fs::write(
            &path,
            "# a comment\n4x4 first=red moves=0,1 result=unfinished\n4x4 first=red moves=0,0,0,0,0 result=tie\n\nnonsense\n",
        )
        .unwrap();
        let options = AnalyzeOptions {
            difficulty: 1,
            tile: Tile::Black,
            engine: EngineChoice::Faithful,
            boards: vec![],
            record: Some(path.clone()),
            python: Default::default(),
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty = run_analyze(&options, "".as_bytes(), &mut out, &mut err).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(faulty, 2);
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "the first game's two positions");
        assert!(
            lines[0].contains("\"board\": \"..../..../..../....\"")
                && lines[0].contains("\"tile\": \"red\"")
        );
        assert!(
            lines[1].contains("\"board\": \"..../..../..../R...\"")
                && lines[1].contains("\"tile\": \"black\"")
        );
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains("line 3: move 5 (column 0) is not a valid move"), "{err}");
        assert!(err.contains("line 5: "), "{err}");
        assert_eq!(err.lines().count(), 2);
    }
}

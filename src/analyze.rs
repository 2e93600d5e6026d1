//! `fourinrow analyze`: the AI's numbers for board texts, one JSON line each.
//!
//! The output is what `shared/parity/oracle.py analyze` prints, character for
//! character: Python's `json.dumps` layout, and every float written as
//! Python's `repr` writes it, so the two can be compared with `diff` as well
//! as double for double. No SDL is started.

use std::io::{self, BufRead, Write};
use std::path::Path;

use crate::board::Tile;
use crate::boardtext::{format_board, parse_board, BoardTextError};
use crate::engine::Engine;
use crate::extras::GameRecord;

/// What to analyse and how.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeOptions {
    /// Look-ahead, as `DIFFICULTY`.
    pub difficulty: u32,
    /// Whose move is valued.
    pub tile: Tile,
    /// Which search computes the values.
    pub engine: Engine,
    /// Board texts from the command line; when empty, stdin is read.
    pub boards: Vec<String>,
    /// A `--record` file to read the games of, instead of board texts.
    pub record: Option<std::path::PathBuf>,
}

/// The JSON line for one board text, or what is wrong with it.
pub fn analyze_board(
    text: &str,
    difficulty: u32,
    tile: Tile,
    engine: Engine,
) -> Result<String, BoardTextError> {
    let text = text.trim();
    let board = parse_board(text)?;
    let potential_moves = engine.potential_moves(&board, tile, difficulty);
    let (_, best_moves) = engine.best_moves(&board, &potential_moves);
    let values: Vec<String> = potential_moves
        .iter()
        .map(|&v| python_float_repr(v))
        .collect();
    let best: Vec<String> = best_moves.iter().map(usize::to_string).collect();
    Ok(format!(
        "{{\"board\": \"{text}\", \"difficulty\": {difficulty}, \"tile\": \"{tile}\", \
         \"potential_moves\": [{}], \"best_moves\": [{}]}}",
        values.join(", "),
        best.join(", ")
    ))
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
    let mut faulty = 0;
    let mut answer = |origin: String, text: &str| -> io::Result<()> {
        match analyze_board(text, options.difficulty, options.tile, options.engine) {
            Ok(line) => {
                writeln!(out, "{line}")?;
                out.flush()
            }
            Err(e) => {
                faulty += 1;
                writeln!(err, "fourinrow analyze: {origin}: {e}: {}", text.trim())
            }
        }
    };
    if let Some(path) = &options.record {
        return analyze_record(options, path, out, err);
    }
    if options.boards.is_empty() {
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(|e| io::Error::new(e.kind(), format!("reading stdin: {e}")))?;
            if !line.trim().is_empty() {
                answer(format!("line {}", i + 1), &line)?;
            }
        }
    } else {
        for (i, text) in options.boards.iter().enumerate() {
            answer(format!("argument {}", i + 1), text)?;
        }
    }
    Ok(faulty)
}

/// Answers every position of every game in a `--record` file, for the side
/// to move there: the numbers the computer (or a hint) had at each turn.
/// Returns how many lines of the file were faulty.
fn analyze_record(
    options: &AnalyzeOptions,
    path: &Path,
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<usize> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("{}: cannot read the record: {e}", path.display()),
        )
    })?;
    let mut faulty = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        // A recorded game is answered whole, or named as faulty.
        let answers = GameRecord::parse(line)
            .and_then(|record| record.positions())
            .and_then(|positions| {
                positions
                    .iter()
                    .map(|(board, tile)| {
                        analyze_board(
                            &format_board(board),
                            options.difficulty,
                            *tile,
                            options.engine,
                        )
                        .map_err(|e| e.to_string())
                    })
                    .collect::<Result<Vec<String>, String>>()
            });
        match answers {
            Ok(answers) => {
                for answer in answers {
                    writeln!(out, "{answer}")?;
                }
                out.flush()?;
            }
            Err(e) => {
                faulty += 1;
                writeln!(
                    err,
                    "fourinrow analyze: {} line {}: {e}",
                    path.display(),
                    i + 1
                )?;
            }
        }
    }
    Ok(faulty)
}

/// A float as Python's `repr` (and so `json.dumps`) writes it: the shortest
/// digits that read back as the same double, fixed-point between `1e-4` and
/// `1e16`, otherwise scientific with a signed, two-digit exponent.
pub fn python_float_repr(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // Rust's `{:e}` prints the shortest digits that read back as `v`
    // ("-1.2345e-5"), but breaks a tie between two such strings upward.
    // Python takes the one nearer the exact value, ties to even: so does
    // `{:.Ne}`, the correctly rounded N-digit form, which is used whenever
    // it reads back as `v` too.
    let shortest = format!("{v:e}");
    let digits = shortest
        .split('e')
        .next()
        .map_or(1, |m| m.bytes().filter(u8::is_ascii_digit).count());
    let rounded = format!("{v:.prec$e}", prec = digits.saturating_sub(1));
    let sci = if rounded.parse::<f64>() == Ok(v) {
        rounded
    } else {
        shortest
    };
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let body = if (-4..16).contains(&exponent) {
        if exponent >= 0 {
            let whole = exponent as usize + 1;
            if digits.len() <= whole {
                format!("{digits}{}.0", "0".repeat(whole - digits.len()))
            } else {
                format!("{}.{}", &digits[..whole], &digits[whole..])
            }
        } else {
            format!("0.{}{digits}", "0".repeat((-exponent - 1) as usize))
        }
    } else {
        let mantissa = if digits.len() == 1 {
            digits
        } else {
            format!("{}.{}", &digits[..1], &digits[1..])
        };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{exp_sign}{:02}", exponent.abs())
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_python_repr() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1.0, "1.0"),
            (-1.0, "-1.0"),
            (0.5, "0.5"),
            (0.1, "0.1"),
            (1.0 / 49.0, "0.02040816326530612"),
            (-2.0 / 343.0, "-0.0058309037900874635"),
            (0.0001, "0.0001"),
            (0.00012, "0.00012"),
            (1e-5, "1e-05"),
            (-1.5e-7, "-1.5e-07"),
            (1.0 / 2401.0 / 2401.0, "1.7346652555743034e-07"),
            (123.456, "123.456"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.25e100, "1.25e+100"),
            (5e-324, "5e-324"),
            // exactly halfway between ...426.2 and ...426.3: Python rounds to even
            (f64::from_bits(0x4312_3413_bc5d_9a29), "1280952237516426.2"),
        ];
        for &(v, want) in cases {
            assert_eq!(python_float_repr(v), want, "{v:e}");
            assert_eq!(python_float_repr(v).parse::<f64>().ok(), Some(v));
        }
    }

    #[test]
    fn one_line_per_board_in_oracle_layout() {
        let line = analyze_board(
            "......./......./......./......./......./BRRR.BB",
            1,
            Tile::Black,
            Engine::Faithful,
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
            engine: Engine::Faithful,
            boards: vec![],
            record: None,
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
    fn arguments_are_used_instead_of_stdin() {
        let options = AnalyzeOptions {
            difficulty: 2,
            tile: Tile::Black,
            engine: Engine::Faithful,
            boards: vec!["..../..../..../....".into(), "bad".into()],
            record: None,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let faulty = run_analyze(&options, "ignored\n".as_bytes(), &mut out, &mut err).unwrap();
        assert_eq!(faulty, 1);
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1);
        assert!(String::from_utf8(err)
            .unwrap()
            .starts_with("fourinrow analyze: argument 2: "));
    }

    #[test]
    fn a_record_file_is_answered_game_by_game_and_faulty_games_are_named() {
        let path = std::env::temp_dir().join(format!(
            "fourinrow-analyze-record-{}.txt",
            std::process::id()
        ));
        std::fs::write(
            &path,
            "# a comment\n4x4 first=red moves=0,1 result=unfinished\n4x4 first=red moves=0,0,0,0,0 result=tie\n\nnonsense\n",
        )
        .unwrap();
        let options = AnalyzeOptions {
            difficulty: 1,
            tile: Tile::Black,
            engine: Engine::Faithful,
            boards: vec![],
            record: Some(path.clone()),
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
        assert!(
            err.contains("line 3: move 5 (column 0) is not a valid move"),
            "{err}"
        );
        assert!(err.contains("line 5: "), "{err}");
        assert_eq!(err.lines().count(), 2);
    }
}

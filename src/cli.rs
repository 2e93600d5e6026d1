//! The command line: what the user asked for, checked before anything starts.
//!
//! The Python original takes no options; every option here defaults to its
//! behaviour, so `fourinrow` with none plays exactly the original's game.

use std::ffi::OsString;
use std::path::PathBuf;
use std::str::FromStr;

use crate::analyze::AnalyzeOptions;
use crate::board::Tile;
use crate::engine::Engine;
use crate::error::Error;
use crate::settings::{check_difficulty, Settings, CORNFLOWERBLUE, MAX_DIFFICULTY};

/// What to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Play in a window, or replay a script.
    Play(PlayOptions),
    /// Print the AI's numbers for board texts.
    Analyze(AnalyzeOptions),
    /// Print the help text.
    Help,
    /// Print the version.
    Version,
}

/// How to play.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayOptions {
    /// Board size, difficulty, frame rate.
    pub settings: Settings,
    /// Which search computes the computer's values.
    pub engine: Engine,
    /// Seed for the random generator; `None` seeds it from the OS.
    pub seed: Option<u64>,
    /// A folder of the seven PNGs to use instead of the built-in ones.
    pub images: Option<PathBuf>,
    /// A replay script to play instead of the mouse and the random generator.
    pub replay: Option<PathBuf>,
    /// Where to write every presented frame (with `replay`).
    pub dump_frames: Option<PathBuf>,
}

/// The text `--help` prints.
pub fn help_text() -> String {
    format!(
        "\
fourinrow {version}: Four in a Row against the computer, a faithful Rust + SDL2
port of the pygame tutorial game fourinrow.py.

Drag the red token from the pile at the bottom left and drop it above a
column. The computer (black) looks DIFFICULTY moves ahead.

USAGE:
    fourinrow [OPTIONS]
    fourinrow --replay SCRIPT.json [--dump-frames DIR] [--images DIR]
    fourinrow analyze [--difficulty N] [--tile black|red] [--engine E] [BOARD ...]
    fourinrow analyze [--difficulty N] [--engine E] --record FILE

OPTIONS (the defaults are the Python original's):
    --width N          columns on the board, 4 to 12 [7]
    --height N         rows on the board, 4 to 9 [6]
    --difficulty N     moves the computer looks ahead, 0 to {max} [2]
    --engine E         the AI's search: {engines} [{engine}]; fast and
                       faithful (the Python's line-by-line twin) give the
                       same values, bit for bit; minimax is seed 001's AI
                       (alpha-beta at depth 4; --difficulty does not apply)
    --seed N           seed the computer's choices and coin tosses, for a
                       game you can play again move for move [random]
    --fps N            frames per second, 1 to 1000 [30]
    --images DIR       load the seven PNGs (4rowred.png, 4rowblack.png,
                       4rowboard.png, 4rowhumanwinner.png,
                       4rowcomputerwinner.png, 4rowtie.png, 4rowarrow.png)
                       from DIR instead of the built-in artwork
    --replay FILE      play a replay script (shared/parity's format) instead
                       of the mouse and the random generator; the script
                       sets the size and difficulty
    --dump-frames DIR  with --replay: no window and no pacing; write every
                       frame to DIR/frame-NNNNN.png

EXTRAS (off by default; the original has none of them):
    --explain          print the computer's potentialMoves, bestMoveFitness,
                       bestMoves and column for each move, and show each
                       column's value above the board (best in yellow)
    --two-player       hot seat: a second person drags black from its pile
    --moves            list the moves in the left margin
    --preset lab       seed 003's variant: a 5x5 board on cornflower blue
    --record FILE      append each game to FILE, one line per game
                       (`7x6 first=black moves=3,3,4 result=black`);
                       `fourinrow analyze --record FILE` reads it back
    Keys during your turn: R or F1 restart; U or Ctrl+Z undo your last move
    and the reply; Shift+U or Ctrl+Y redo; H show (or hide) your columns' values.
    -h, --help         print this help
    -V, --version      print the version

ANALYZE:
    Prints, for each board text (an argument, or else one per line on
    stdin), one JSON line with getPotentialMoves' values and the columns
    getComputerMove would choose among. Board text: rows top to bottom
    joined by '/', '.' empty, 'R' red, 'B' black, e.g.
    ......./......./......./......./...R.../...B...
    --difficulty N [2]   --tile black|red [black]   --engine E [{engine}]
    With --record FILE, every position of every recorded game is analysed
    for the side to move, as the computer saw it.

Errors print one line and exit with status 2. With no display, use
SDL_VIDEODRIVER=dummy with --replay and --dump-frames.
",
        version = env!("CARGO_PKG_VERSION"),
        max = MAX_DIFFICULTY,
        engines = engine_names(),
        engine = Engine::default(),
    )
}

/// The engines' names joined with `|`.
fn engine_names() -> String {
    Engine::ALL
        .iter()
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join("|")
}

/// The arguments still to read, each checked to be text.
struct Args {
    items: std::vec::IntoIter<String>,
}

impl Args {
    /// Checks every argument is valid UTF-8.
    fn new(args: Vec<OsString>) -> Result<Args, Error> {
        let mut items = Vec::with_capacity(args.len());
        for (i, arg) in args.into_iter().enumerate() {
            items.push(arg.into_string().map_err(|bad| {
                Error::Usage(format!(
                    "argument {} ({}) is not valid UTF-8",
                    i + 1,
                    bad.to_string_lossy()
                ))
            })?);
        }
        Ok(Args {
            items: items.into_iter(),
        })
    }

    /// The next argument, split into an option name and an inline `=value`.
    fn next(&mut self) -> Option<(String, Option<String>)> {
        let arg = self.items.next()?;
        if arg.starts_with("--") {
            if let Some((name, value)) = arg.split_once('=') {
                return Some((name.to_string(), Some(value.to_string())));
            }
        }
        Some((arg, None))
    }

    /// The value of option `name`: the inline one, or the next argument.
    fn value(&mut self, name: &str, inline: Option<String>) -> Result<String, Error> {
        match inline.or_else(|| self.items.next()) {
            Some(v) => Ok(v),
            None => Err(Error::Usage(format!("{name} needs a value"))),
        }
    }

    /// The value of option `name`, parsed as a number.
    fn number<T: FromStr>(&mut self, name: &str, inline: Option<String>) -> Result<T, Error> {
        let value = self.value(name, inline)?;
        value
            .trim()
            .parse()
            .map_err(|_| Error::Usage(format!("{name} expects a whole number, not '{value}'")))
    }
}

/// Switches on a flag that takes no value.
fn flag(name: &str, inline: &Option<String>, on: &mut bool) -> Result<(), Error> {
    no_value(name, inline)?;
    *on = true;
    Ok(())
}

/// Rejects a value given to a flag that takes none (`--help=yes`).
fn no_value(name: &str, inline: &Option<String>) -> Result<(), Error> {
    match inline {
        Some(v) => Err(Error::Usage(format!("{name} takes no value (got '{v}')"))),
        None => Ok(()),
    }
}

/// Reads the command line (without the program name).
pub fn parse_args(args: Vec<OsString>) -> Result<Command, Error> {
    let mut args = Args::new(args)?;
    let mut play = PlayOptions::default();
    let mut size_given = Vec::new();
    let mut first = true;
    while let Some((name, inline)) = args.next() {
        if first && name == "analyze" {
            return parse_analyze(args);
        }
        first = false;
        match name.as_str() {
            "-h" | "--help" => {
                no_value(&name, &inline)?;
                return Ok(Command::Help);
            }
            "-V" | "--version" => {
                no_value(&name, &inline)?;
                return Ok(Command::Version);
            }
            "--width" => {
                play.settings.board_width = args.number(&name, inline)?;
                size_given.push(name);
            }
            "--height" => {
                play.settings.board_height = args.number(&name, inline)?;
                size_given.push(name);
            }
            "--difficulty" => {
                play.settings.difficulty = args.number(&name, inline)?;
                size_given.push(name);
            }
            "--fps" => play.settings.fps = args.number(&name, inline)?,
            "--seed" => play.seed = Some(args.number(&name, inline)?),
            "--engine" => play.engine = args.value(&name, inline)?.parse().map_err(Error::Usage)?,
            "--images" => play.images = Some(PathBuf::from(args.value(&name, inline)?)),
            "--replay" => play.replay = Some(PathBuf::from(args.value(&name, inline)?)),
            "--dump-frames" => play.dump_frames = Some(PathBuf::from(args.value(&name, inline)?)),
            "--explain" => flag(&name, &inline, &mut play.settings.extras.explain)?,
            "--two-player" => flag(&name, &inline, &mut play.settings.extras.two_player)?,
            "--moves" => flag(&name, &inline, &mut play.settings.extras.moves)?,
            "--record" => {
                play.settings.extras.record = Some(PathBuf::from(args.value(&name, inline)?))
            }
            "--preset" => match args.value(&name, inline)?.as_str() {
                "lab" => {
                    // Seed 003: a 5x5 board on a cornflower-blue background.
                    play.settings.board_width = 5;
                    play.settings.board_height = 5;
                    play.settings.bg_color = CORNFLOWERBLUE;
                }
                other => {
                    return Err(Error::Usage(format!(
                        "unknown preset '{other}' (the one preset is lab)"
                    )))
                }
            },
            "analyze" => {
                return Err(Error::Usage(
                    "'analyze' must come first: fourinrow analyze [OPTIONS] [BOARD ...]".into(),
                ))
            }
            other if other.starts_with('-') => {
                return Err(Error::Usage(format!("unknown option '{other}'")))
            }
            other => return Err(Error::Usage(format!("unexpected argument '{other}'"))),
        }
    }
    if play.dump_frames.is_some() && play.replay.is_none() {
        return Err(Error::Usage(
            "--dump-frames needs --replay SCRIPT.json".into(),
        ));
    }
    if play.replay.is_some() {
        if let Some(option) = size_given.first() {
            return Err(Error::Usage(format!(
                "{option} cannot be combined with --replay: the script sets width, height and difficulty"
            )));
        }
    } else {
        play.settings.validate()?;
    }
    Ok(Command::Play(play))
}

/// Reads the options of `fourinrow analyze`.
fn parse_analyze(mut args: Args) -> Result<Command, Error> {
    let mut options = AnalyzeOptions {
        difficulty: crate::settings::DIFFICULTY,
        tile: Tile::Black,
        engine: Engine::default(),
        boards: Vec::new(),
        record: None,
    };
    while let Some((name, inline)) = args.next() {
        match name.as_str() {
            "-h" | "--help" => {
                no_value(&name, &inline)?;
                return Ok(Command::Help);
            }
            "--difficulty" => {
                options.difficulty = args.number(&name, inline)?;
                check_difficulty(options.difficulty)?;
            }
            "--tile" => {
                options.tile = match args.value(&name, inline)?.as_str() {
                    "black" => Tile::Black,
                    "red" => Tile::Red,
                    other => {
                        return Err(Error::Usage(format!(
                            "--tile expects black or red, not '{other}'"
                        )))
                    }
                }
            }
            "--engine" => {
                options.engine = args.value(&name, inline)?.parse().map_err(Error::Usage)?
            }
            "--record" => options.record = Some(PathBuf::from(args.value(&name, inline)?)),
            other if other.starts_with('-') => {
                return Err(Error::Usage(format!("unknown analyze option '{other}'")))
            }
            board => options.boards.push(board.to_string()),
        }
    }
    if options.record.is_some() && !options.boards.is_empty() {
        return Err(Error::Usage(
            "analyze takes boards or --record FILE, not both".into(),
        ));
    }
    Ok(Command::Analyze(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, Error> {
        parse_args(args.iter().map(OsString::from).collect())
    }

    fn usage(args: &[&str]) -> String {
        match parse(args) {
            Err(Error::Usage(m)) => m,
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    #[test]
    fn no_options_play_the_original_game() {
        let Ok(Command::Play(play)) = parse(&[]) else {
            panic!("no play")
        };
        assert_eq!(play, PlayOptions::default());
        assert_eq!(play.settings, Settings::default());
    }

    #[test]
    fn options_take_separate_or_inline_values() {
        let Ok(Command::Play(play)) = parse(&[
            "--width",
            "5",
            "--height=4",
            "--difficulty",
            "3",
            "--seed",
            "42",
            "--fps=60",
            "--images",
            "art",
        ]) else {
            panic!("no play")
        };
        assert_eq!(play.settings.board_width, 5);
        assert_eq!(play.settings.board_height, 4);
        assert_eq!(play.settings.difficulty, 3);
        assert_eq!(play.settings.fps, 60);
        assert_eq!(play.seed, Some(42));
        assert_eq!(play.images, Some(PathBuf::from("art")));
    }

    #[test]
    fn bad_options_name_the_fault() {
        assert_eq!(usage(&["--colour", "red"]), "unknown option '--colour'");
        assert_eq!(usage(&["--width"]), "--width needs a value");
        assert_eq!(
            usage(&["--width", "seven"]),
            "--width expects a whole number, not 'seven'"
        );
        assert_eq!(
            usage(&["--width", "-3"]),
            "--width expects a whole number, not '-3'"
        );
        assert!(usage(&["--width", "3"]).starts_with("Board must be at least 4x4."));
        assert!(usage(&["--width", "13"]).contains("does not fit the 640x480 window"));
        assert!(usage(&["--difficulty", "9"]).contains("give 0 to 6"));
        assert!(usage(&["--engine", "magic"]).contains("unknown engine 'magic'"));
        assert_eq!(
            usage(&["--help=please"]),
            "--help takes no value (got 'please')"
        );
        assert_eq!(
            usage(&["--dump-frames", "out"]),
            "--dump-frames needs --replay SCRIPT.json"
        );
        assert!(usage(&["--replay", "s.json", "--width", "5"])
            .contains("cannot be combined with --replay"));
        assert_eq!(usage(&["stray"]), "unexpected argument 'stray'");
        assert!(usage(&["--fps", "0"]).contains("--fps 0 is out of range"));
    }

    #[test]
    fn extras_are_off_unless_asked_for() {
        let Ok(Command::Play(play)) = parse(&[
            "--explain",
            "--two-player",
            "--moves",
            "--record",
            "games.txt",
        ]) else {
            panic!("no play")
        };
        let extras = &play.settings.extras;
        assert!(extras.explain && extras.two_player && extras.moves);
        assert_eq!(extras.record, Some(PathBuf::from("games.txt")));
        let Ok(Command::Play(lab)) = parse(&["--preset", "lab"]) else {
            panic!("no play")
        };
        assert_eq!(
            (lab.settings.board_width, lab.settings.board_height),
            (5, 5)
        );
        assert_eq!(lab.settings.bg_color, CORNFLOWERBLUE);
        assert_eq!(lab.settings.extras, crate::extras::Extras::default());
        assert!(usage(&["--preset", "moon"]).contains("unknown preset 'moon'"));
        assert!(usage(&["--explain=yes"]).contains("takes no value"));
        assert!(usage(&["analyze", "--record", "f", "..../..../..../...."]).contains("not both"));
    }

    #[test]
    fn analyze_reads_its_own_options_and_boards() {
        let Ok(Command::Analyze(a)) = parse(&[
            "analyze",
            "--difficulty",
            "3",
            "--tile=red",
            "..../..../..../....",
        ]) else {
            panic!("no analyze")
        };
        assert_eq!(a.difficulty, 3);
        assert_eq!(a.tile, Tile::Red);
        assert_eq!(a.boards, vec!["..../..../..../....".to_string()]);
        assert!(usage(&["analyze", "--tile", "green"]).contains("black or red"));
        assert!(usage(&["analyze", "--difficulty", "12"]).contains("out of range"));
        assert!(usage(&["analyze", "--depth", "2"]).contains("unknown analyze option"));
        assert!(usage(&["--seed", "1", "analyze"]).contains("must come first"));
    }

    #[test]
    fn the_fast_engine_is_the_default_and_faithful_can_be_chosen() {
        let Ok(Command::Play(play)) = parse(&[]) else {
            panic!("no play")
        };
        assert_eq!(play.engine, Engine::Fast);
        let Ok(Command::Play(play)) = parse(&["--engine", "faithful"]) else {
            panic!("no play")
        };
        assert_eq!(play.engine, Engine::Faithful);
        let Ok(Command::Analyze(a)) = parse(&["analyze", "..../..../..../...."]) else {
            panic!("no analyze")
        };
        assert_eq!(a.engine, Engine::Fast);
        let Ok(Command::Analyze(a)) = parse(&["analyze", "--engine=faithful"]) else {
            panic!("no analyze")
        };
        assert_eq!(a.engine, Engine::Faithful);
        assert!(usage(&["--engine", "magic"]).contains("choose fast or faithful or minimax"));
        assert!(help_text()
            .contains("--engine E         the AI's search: fast|faithful|minimax [fast]"));
    }

    #[test]
    fn help_mentions_every_option() {
        let help = help_text();
        for option in [
            "--width",
            "--height",
            "--difficulty",
            "--engine",
            "--seed",
            "--fps",
            "--images",
            "--replay",
            "--dump-frames",
        ] {
            assert!(help.contains(option), "{option}");
        }
        assert!(matches!(parse(&["-h"]), Ok(Command::Help)));
        assert!(matches!(parse(&["--version"]), Ok(Command::Version)));
    }
}

//! The command line: what the user asked for, checked before anything starts.
//!
//! The options are declared as plain structs and `clap`'s derive macros
//! turn them into a parser, `--help` and one-line errors. The Python
//! original takes no options: every option here defaults to its behaviour,
//! so `fourinrow` with none plays exactly the original's game.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::error::Error;
use crate::fourinrow::engine::solver::Level;
use crate::fourinrow::engine::Python;
pub use crate::fourinrow::extras::{ExtrasOptions, Preset};
use crate::fourinrow::port::board::Tile;
use crate::fourinrow::port::settings::{
    check_difficulty, Settings, BOARDHEIGHT, BOARDWIDTH, CORNFLOWERBLUE, DIFFICULTY, FPS,
    MAX_DIFFICULTY,
};
use crate::fourinrow::tools::analyze::AnalyzeOptions;
use crate::fourinrow::tools::engines::PYTHON_HELP;
pub use crate::fourinrow::tools::engines::{EngineChoice, SolverOptions, PYTHON_ENV};
use crate::fourinrow::tools::grade::GradeOptions;
use crate::fourinrow::tools::solve::SolveOptions;
use crate::gobang::engine::review::DEFAULT_NODES;
use crate::gobang::engine::Level as GobangLevel;

/// What to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Play in a window, or replay a script.
    Play(PlayOptions),
    /// Print the AI's numbers for board texts.
    Analyze(AnalyzeOptions),
    /// Solve positions exactly.
    Solve(SolveOptions),
    /// Grade the tutorial's AI against perfect play.
    Grade(GradeOptions),
    /// Gobang: play it, analyze boards, review games, or write the Python's folder.
    Gobang(GobangCommand),
    /// Print this text (the help or the version) and stop.
    Print(String),
}

/// What `fourinrow gobang` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GobangCommand {
    /// Play the step-list Gobang, or replay a script.
    Play(GobangOptions),
    /// The AI's choice for board texts (from stdin when none are given),
    /// by this engine.
    Analyze(Vec<String>, GobangEngine, Option<GobangLevel>),
    /// The AI's choice at each turn of the games in a `--record` file, by
    /// this engine.
    AnalyzeRecord(PathBuf, GobangEngine, Option<GobangLevel>),
    /// Where each game in a record file was decided, each search within
    /// so many positions.
    Review(PathBuf, u64),
    /// Write the folder the Python runs in (images/ and fonts/).
    Assets(PathBuf),
    /// Play as a Gomocup engine on stdin and stdout, by this engine.
    Pbrain(GobangEngine, Option<GobangLevel>),
}

/// How to play Gobang: its options on the command line, as clap reads
/// them (`Default` is none given: the Python's game).
#[derive(Args, Clone, Debug, PartialEq, Eq, Default)]
pub struct GobangOptions {
    /// Load the six PNGs from DIR (or DIR/images) instead of the built-in
    /// artwork: black.png, white.png, black_small.png, white_small.png,
    /// restart.png, logo.png, as the Python loads them
    #[arg(long, value_name = "DIR")]
    pub images: Option<PathBuf>,
    /// Play a replay script (docs/replay-scripts.md) instead of the mouse
    /// and keys
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// With --replay: no window and no pacing; write every frame to
    /// DIR/frame-NNNNN.png (DIR must be empty)
    #[arg(long, value_name = "DIR", requires = "replay")]
    pub dump_frames: Option<PathBuf>,
    /// With --dump-frames: use DIR even if it holds files, replacing its frames
    #[arg(long, requires = "dump_frames")]
    pub overwrite: bool,
    /// Put the window's top-left corner at X,Y on the desktop [default: centred]
    #[arg(long, value_name = "X,Y", value_parser = parse_position)]
    pub window_pos: Option<(i32, i32)>,
    /// Extra: judge wins in every direction, freestyle (five or more),
    /// standard (exactly five) or renju, instead of the original's one-way
    /// check
    #[arg(long, value_name = "RULE", value_enum, help_heading = "Extras")]
    pub rule: Option<RuleArg>,
    /// Extra: hot seat, a second person plays white instead of the AI
    #[arg(long, help_heading = "Extras")]
    pub two_player: bool,
    /// Extra: the AI that plays
    #[arg(
        long,
        value_name = "ENGINE",
        value_enum,
        default_value = "step-list",
        help_heading = "Extras"
    )]
    pub engine: GobangEngine,
    /// Extra: a set of extras by name
    #[arg(long, value_name = "PRESET", value_enum, help_heading = "Extras")]
    pub preset: Option<GobangPreset>,
    /// Extra: append each game to FILE, one line per game (`gobang
    /// rule=original moves=H7,I7,H8 result=black`: column letter and row
    /// number as the board shows them)
    #[arg(long, value_name = "FILE", help_heading = "Extras")]
    pub record: Option<PathBuf>,
    /// Extra: with --preset undo-lab, the language of its buttons and
    /// messages
    #[arg(
        long,
        value_name = "LANG",
        value_enum,
        default_value = "zh",
        requires = "preset",
        help_heading = "Extras"
    )]
    pub lang: GobangLang,
    /// Extra: with --engine strong, its level: easy, medium, hard, expert
    /// or master (1 to 5) [default: expert]
    #[arg(long, value_name = "LEVEL", value_parser = parse_level, help_heading = "Extras")]
    pub level: Option<GobangLevel>,
    /// Extra: when a move starts a forced win (VCF or VCT, as the strong
    /// engine's threat search proves it), mark the winning line on the
    /// board, numbered in the order of play, until the next click or key
    #[arg(long, help_heading = "Extras")]
    pub show_wins: bool,
}

/// The language of the undo-lab preset's labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GobangLang {
    /// Chinese, as the undo-lab tutorial writes them (悔棋, 恢复, 重新开始)
    #[default]
    Zh,
    /// English (Undo, Redo, Restart)
    En,
}

/// A Gobang AI on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GobangEngine {
    /// the step-list tutorial's 3-ply search (AI.layerOne)
    #[default]
    StepList,
    /// the undo-lab tutorial's pattern values, 1.1 x its own gain
    UndoLab,
    /// the strong engine: threat search (VCF, VCT) and alpha-beta, at --level
    Strong,
}

/// A set of Gobang extras by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GobangPreset {
    /// the undo-lab tutorial's game: its AI plays black and opens at the
    /// centre; undo, redo and restart buttons; its messages; a new game 5 s
    /// after a win
    UndoLab,
}

/// A win rule on the command line (Gobang's rules extra).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// five or more in a row, in any direction
    Freestyle,
    /// exactly five in a row; six or more do not win
    Standard,
    /// renju: black wins with exactly five and may not make an overline, a
    /// double four or a double three; white wins with five or more
    Renju,
}

/// A colour on the command line (`--tile black`): the port's own [`Tile`].
/// Written by hand rather than derived, because the port's enum keeps the
/// Python's order (`RED`, then `BLACK`) and its doc comments, where the
/// command line lists black first, with words of its own.
impl ValueEnum for Tile {
    fn value_variants<'a>() -> &'a [Tile] {
        &[Tile::Black, Tile::Red]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Tile::Black => "the computer's tokens",
            Tile::Red => "the human's tokens",
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// A window position that does not read: `X,Y` (or, from
/// `SDL_VIDEO_WINDOW_POS`, also `center` or `centered`) was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowPosError {
    /// The text given.
    pub text: String,
    /// Whether `center` and `centered` were accepted too.
    pub or_center: bool,
}

impl std::fmt::Display for WindowPosError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a window position like 100,80", self.text)?;
        if self.or_center {
            f.write_str(", center or centered")?;
        }
        Ok(())
    }
}

impl std::error::Error for WindowPosError {}

/// Reads the window position pygame takes from `SDL_VIDEO_WINDOW_POS`:
/// `X,Y`, or `center` or `centered` (any case) for the middle of the
/// screen, which is `None`.
pub fn parse_env_position(text: &str) -> Result<Option<(i32, i32)>, WindowPosError> {
    let word = text.trim();
    if word.eq_ignore_ascii_case("center") || word.eq_ignore_ascii_case("centered") {
        return Ok(None);
    }
    parse_position(text).map(Some).map_err(|e| WindowPosError { or_center: true, ..e })
}

/// Reads a window position written `X,Y` (as `--window-pos` and pygame's
/// `SDL_VIDEO_WINDOW_POS` take it).
pub fn parse_position(text: &str) -> Result<(i32, i32), WindowPosError> {
    let parsed = text
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
    parsed.ok_or_else(|| WindowPosError { text: text.into(), or_center: false })
}

/// Four in a Row against the computer: a faithful Rust + SDL2 port of the
/// pygame tutorial game fourinrow.py. Drag the red token from the pile at
/// the bottom left and drop it above a column; the computer (black) looks
/// DIFFICULTY moves ahead.
#[derive(Parser, Debug)]
#[command(
    name = "fourinrow",
    version,
    max_term_width = 80,
    args_conflicts_with_subcommands = true,
    after_help = AFTER_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Sub>,
    #[command(flatten)]
    play: PlayOptions,
}

/// What `--help` ends with.
const AFTER_HELP: &str = "\
Keys during your turn (extras; the original ignores them): R or F1 restart;
U or Ctrl+Z undo your last move and the reply; Shift+U or Ctrl+Y redo;
H show (or hide) your columns' values.

The defaults are the Python original's. By default the computer's values
come from the Python's getPotentialMoves, line for line, wherever that
answers within 100 ms, and from the fast engine (the same values) beyond.
Errors print one line and exit with status 2. With no display,
--replay SCRIPT --dump-frames DIR plays a script with no window at all.";

#[derive(Subcommand, Debug)]
enum Sub {
    /// Print the AI's numbers for positions, one JSON line each
    Analyze(AnalyzeOptions),
    /// Solve positions exactly: `MOVES SCORE` a line, as Pascal Pons'
    /// c4solver prints them
    Solve(SolveOptions),
    /// How often each DIFFICULTY of the tutorial's AI picks a perfect move
    Grade(GradeOptions),
    /// Gobang, the step-list tutorial's five in a row: you play black
    /// against its AI; F1 starts a new game
    Gobang(GobangArgs),
}

/// `fourinrow gobang`: the game, or one of its tools.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct GobangArgs {
    #[command(subcommand)]
    command: Option<GobangSub>,
    #[command(flatten)]
    play: GobangOptions,
}

/// The tools of `fourinrow gobang`.
#[derive(Subcommand, Debug)]
enum GobangSub {
    /// Print the AI's choice (AI.layerOne) for board texts, one JSON line each
    #[command(after_help = "\
Board text: 15 rows of 15 points, row 0 first, joined by '/': '.' empty,
'X' black, 'O' white. The step-list AI plays white, as in the Python; the
undo-lab AI plays the side to move (black when the counts are equal). Boards come
from the arguments, or one a line from stdin. A faulty board gets one line
on stderr naming it, and the exit status is then 2.")]
    Analyze {
        /// Board texts [default: read from stdin]
        #[arg(value_name = "BOARD")]
        boards: Vec<String>,
        /// The AI to ask
        #[arg(long, value_name = "ENGINE", value_enum, default_value = "step-list")]
        engine: GobangEngine,
        /// Answer the positions of every game in FILE (made with `fourinrow
        /// gobang --record`): the step-list AI at white's turns, the undo-lab
        /// AI at every turn, each line with the game, the move and what was
        /// played
        #[arg(long, value_name = "FILE", conflicts_with = "boards")]
        record: Option<PathBuf>,
        /// With --engine strong: its level, easy, medium, hard, expert or master (1 to 5) [default: expert]
        #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
        level: Option<GobangLevel>,
    },
    /// Play as a Gomocup engine: the pbrain protocol (START, BEGIN, TURN,
    /// BOARD, INFO, RESTART, TAKEBACK, ABOUT, END) on stdin and stdout
    Pbrain {
        /// The AI that plays (strong: Gomocup's INFO time, memory and rule honoured)
        #[arg(long, value_name = "ENGINE", value_enum, default_value = "step-list")]
        engine: GobangEngine,
        /// With --engine strong: its level, easy to master (1 to 5) [default: master]
        #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
        level: Option<GobangLevel>,
    },
    /// Print where each game in a record file was decided, one JSON line a
    /// game: from which of the winner's moves the strong engine's threat
    /// search finds a forced win (VCF or VCT), and the loser's last chance
    #[command(after_help = "\
For each game with a winner: \"forced_from\" is the first of the winner's
moves from which every position before the winner's moves has a forced win
(counted from 1), \"line\" the win found there; \"last_chance\" is the loser's
move just before: what was played and, of the moves the engine would search
there instead (its 25 best, or every answer to a threat), those after which
the search found no forced win left (\"escapes\") and those it could not
settle within --nodes (\"unclear\"). A win not found is not proof that none
exists. Games of the original rule are searched as freestyle. A faulty line
gets one line on stderr naming it, and the exit status is then 2.")]
    Review {
        /// A record file (made with `fourinrow gobang --record`, or by
        /// gobang-match and gobang-manager)
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The most positions each search visits: more finds longer wins
        /// and settles more moves, and takes longer (the default, at most
        /// about a third of a second, on one core of a 2026 AMD EPYC server)
        #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES,
              value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
    },
    /// Write DIR/images (the port's six PNGs) and DIR/fonts/DejaVuSans.ttf:
    /// the folder the Python runs in, to draw what the port draws (also
    /// under the tutorial's names: fonts/msyh.ttc, fonts/arial.ttf,
    /// images/logo.ico)
    Assets {
        /// The folder to write (created if missing)
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}

/// A level of the strong Gobang engine, by name or number.
fn parse_level(text: &str) -> Result<GobangLevel, crate::gobang::engine::LevelError> {
    text.parse()
}

/// How to play: the game's options on the command line, as clap reads
/// them, one field an option. [`PlayOptions::settings`] and
/// [`PlayOptions::solver`] gather them for the game; [`parse_args`] has
/// checked them.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PlayOptions {
    /// Columns on the board, 4 to 12
    #[arg(long, value_name = "N", default_value_t = BOARDWIDTH, allow_negative_numbers = true)]
    pub width: usize,
    /// Rows on the board, 4 to 9
    #[arg(long, value_name = "N", default_value_t = BOARDHEIGHT, allow_negative_numbers = true)]
    pub height: usize,
    /// Moves the computer looks ahead, 0 to 6
    #[arg(long, value_name = "N", default_value_t = DIFFICULTY, allow_negative_numbers = true)]
    pub difficulty: u32,
    /// The computer's search
    #[arg(long, value_name = "E", value_enum, default_value_t)]
    pub engine: EngineChoice,
    #[arg(long, value_name = "VERSION", env = PYTHON_ENV, default_value = "3.12", help = PYTHON_HELP)]
    pub python: Python,
    /// With --engine solver: how well it plays
    #[arg(long, value_name = "LEVEL", value_enum)]
    pub level: Option<Level>,
    /// With --engine solver: the most a move may take, in seconds [default: 2];
    /// a move not proven by then comes from the deepest search completed
    #[arg(long, value_name = "SECONDS", value_parser = parse_budget, allow_negative_numbers = true)]
    pub budget: Option<std::time::Duration>,
    /// With --engine solver: search every move, without the opening book
    #[arg(long)]
    pub no_book: bool,
    /// With --engine solver: think only when asked; by default it works out
    /// your hint and its replies while you think
    #[arg(long)]
    pub no_ponder: bool,
    /// Seed the computer's choices and coin tosses, for a game you can play
    /// again move for move [default: random]
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Frames per second, 1 to 1000
    #[arg(long, value_name = "N", default_value_t = FPS, allow_negative_numbers = true)]
    pub fps: u32,
    /// Load the seven PNGs from DIR instead of the built-in artwork: named
    /// 4rowred.png ... or 4row_red.png ..., in DIR or in DIR/images
    #[arg(long, value_name = "DIR")]
    pub images: Option<PathBuf>,
    /// Play a replay script (docs/replay-scripts.md) instead of the mouse
    /// and the random choices; the script sets the size and difficulty
    #[arg(long, value_name = "FILE", conflicts_with_all = ["width", "height", "difficulty"])]
    pub replay: Option<PathBuf>,
    /// With --replay: no window and no pacing; write every frame to
    /// DIR/frame-NNNNN.png (DIR must be empty)
    #[arg(long, value_name = "DIR", requires = "replay")]
    pub dump_frames: Option<PathBuf>,
    /// With --dump-frames: use DIR even if it holds files, replacing its frames
    #[arg(long, requires = "dump_frames")]
    pub overwrite: bool,
    /// Put the window's top-left corner at X,Y on the desktop (also read
    /// from SDL_VIDEO_WINDOW_POS, as pygame does) [default: centred]
    #[arg(long, value_name = "X,Y", value_parser = parse_position, allow_hyphen_values = true)]
    pub window_pos: Option<(i32, i32)>,
    /// The extras switched on: the options under "Extras".
    #[command(flatten)]
    pub extras: ExtrasOptions,
}

/// A `--budget` that is no time budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BudgetError {
    /// Not a number.
    NotANumber {
        /// The text given.
        text: String,
        /// Why it did not parse.
        source: std::num::ParseFloatError,
    },
    /// Not more than 0 and at most 3600 seconds.
    OutOfRange(String),
}

impl std::fmt::Display for BudgetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BudgetError::NotANumber { text, .. } => {
                write!(f, "'{text}' is not a number of seconds")
            }
            BudgetError::OutOfRange(text) => {
                write!(f, "{text} seconds is out of range: give more than 0, at most 3600")
            }
        }
    }
}

impl std::error::Error for BudgetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BudgetError::NotANumber { source, .. } => Some(source),
            BudgetError::OutOfRange(_) => None,
        }
    }
}

/// Reads a time budget in seconds: more than 0, at most an hour.
fn parse_budget(text: &str) -> Result<std::time::Duration, BudgetError> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|source| BudgetError::NotANumber { text: text.into(), source })?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(BudgetError::OutOfRange(text.into()));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// Reads the command line (without the program name).
pub fn parse_args(args: Vec<OsString>) -> Result<Command, Error> {
    let all = std::iter::once(OsString::from("fourinrow")).chain(args);
    let cli = match Cli::try_parse_from(all) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => return Ok(Command::Print(e.to_string())),
        Err(e) => return Err(Error::Usage(one_line(&e.to_string()))),
    };
    match cli.command {
        Some(Sub::Analyze(a)) => {
            check_difficulty(a.difficulty).map_err(|e| Error::Usage(e.to_string()))?;
            Ok(Command::Analyze(a))
        }
        Some(Sub::Solve(a)) => {
            if !crate::fourinrow::engine::solver::fits(a.width, a.height) {
                return Err(Error::Usage(format!(
                    "a {}x{} board is out of the solver's range: at least 4x4, and \
                     width x (height + 1) at most 128",
                    a.width, a.height
                )));
            }
            Ok(Command::Solve(a))
        }
        Some(Sub::Grade(a)) => {
            if !(1..=MAX_DIFFICULTY).contains(&a.up_to) {
                return Err(Error::Usage(format!(
                    "--up-to {} is out of range: give 1 to {MAX_DIFFICULTY}",
                    a.up_to
                )));
            }
            Ok(Command::Grade(a))
        }
        Some(Sub::Gobang(g)) => Ok(Command::Gobang(match g.command {
            Some(
                GobangSub::Analyze { engine, level: Some(_), .. }
                | GobangSub::Pbrain { engine, level: Some(_) },
            ) if engine != GobangEngine::Strong => return Err(level_without_strong()),
            None if g.play.level.is_some() && g.play.engine != GobangEngine::Strong => {
                return Err(level_without_strong())
            }
            Some(GobangSub::Analyze { record: Some(file), engine, level, .. }) => {
                GobangCommand::AnalyzeRecord(file, engine, level)
            }
            Some(GobangSub::Analyze { boards, engine, level, record: None }) => {
                GobangCommand::Analyze(boards, engine, level)
            }
            Some(GobangSub::Review { file, nodes }) => GobangCommand::Review(file, nodes),
            Some(GobangSub::Assets { dir }) => GobangCommand::Assets(dir),
            Some(GobangSub::Pbrain { engine, level }) => GobangCommand::Pbrain(engine, level),
            None => GobangCommand::Play(g.play),
        })),
        None => check_play(&cli.play).map(|()| Command::Play(cli.play)),
    }
}

/// Gobang's `--level` with another engine than the strong one, which
/// alone has levels.
fn level_without_strong() -> Error {
    Error::Usage("--level applies to --engine strong only".into())
}

/// A clap error on one line: its first line without the `error: ` prefix,
/// and, when that line ends in a colon, the indented lines it introduces
/// (the missing arguments). Clap adds a usage block and a tip; the rule
/// here is one line an error.
fn one_line(message: &str) -> String {
    let mut lines = message.lines();
    let first = lines.next().unwrap_or(message);
    let mut line = first.strip_prefix("error: ").unwrap_or(first).to_string();
    if line.ends_with(':') {
        let listed: Vec<&str> = lines.take_while(|l| l.starts_with("  ")).map(str::trim).collect();
        line = format!("{} {}", line, listed.join(", "));
    }
    line
}

/// Checks the game's options beyond what clap checks: the frame rate, the
/// board's size and difficulty, and the solver's options only with it.
fn check_play(a: &PlayOptions) -> Result<(), Error> {
    if !(1..=1000).contains(&a.fps) {
        // The port checks the same range, in words that name no option.
        let message = format!("--fps {} is out of range: give 1 to 1000 frames per second", a.fps);
        return Err(Error::Usage(message));
    }
    a.settings().validate().map_err(|e| Error::Usage(e.to_string()))?;
    let solver_only = [
        ("--level", a.level.is_some()),
        ("--budget", a.budget.is_some()),
        ("--no-book", a.no_book),
        ("--no-ponder", a.no_ponder),
    ];
    match solver_only.iter().find(|(_, given)| *given) {
        Some((option, _)) if a.engine != EngineChoice::Solver => {
            Err(Error::Usage(format!("{option} applies to --engine solver only")))
        }
        _ => Ok(()),
    }
}

impl PlayOptions {
    /// Board size, difficulty, frame rate and background, as the options
    /// (and `--preset`) set them.
    pub fn settings(&self) -> Settings {
        let mut settings = Settings {
            board_width: self.width,
            board_height: self.height,
            difficulty: self.difficulty,
            fps: self.fps,
            ..Settings::default()
        };
        if self.extras.preset == Some(Preset::Lab) {
            settings.board_width = 5;
            settings.board_height = 5;
            settings.bg_color = CORNFLOWERBLUE;
        }
        settings
    }

    /// How the solver plays, with `--engine solver`.
    pub fn solver(&self) -> SolverOptions {
        SolverOptions {
            level: self.level.unwrap_or(Level::Perfect),
            budget: self.budget.unwrap_or(SolverOptions::default().budget),
            book: !self.no_book,
            ponder: !self.no_ponder,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::tools::solve::BookChoice;

    fn parse(args: &[&str]) -> Result<Command, Error> {
        parse_args(args.iter().map(OsString::from).collect())
    }

    fn usage(args: &[&str]) -> String {
        match parse(args) {
            Err(Error::Usage(m)) => m,
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    fn play(args: &[&str]) -> PlayOptions {
        match parse(args) {
            Ok(Command::Play(play)) => play,
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    #[test]
    fn the_solvers_options_need_the_solver_and_reach_it() {
        for option in ["--no-book", "--no-ponder"] {
            assert_eq!(usage(&[option]), format!("{option} applies to --engine solver only"));
            assert!(parse(&["--engine", "solver", option]).is_ok());
        }
        assert_eq!(usage(&["--budget", "1"]), "--budget applies to --engine solver only");
        assert_eq!(usage(&["--level", "easy"]), "--level applies to --engine solver only");
        let solver = play(&["--engine", "solver", "--no-ponder"]).solver();
        assert_eq!((solver.book, solver.ponder), (true, false));
        let solver = play(&["--engine", "solver", "--no-book"]).solver();
        assert_eq!((solver.book, solver.ponder), (false, true));
    }

    #[test]
    fn tiles_and_levels_are_the_games_own_under_their_own_names() {
        for tile in [Tile::Red, Tile::Black] {
            let Ok(Command::Analyze(a)) = parse(&["analyze", "--tile", tile.name()]) else {
                panic!("analyze --tile {tile}")
            };
            assert_eq!(a.tile, tile);
        }
        assert_eq!(Tile::value_variants().len(), 2);
        for level in Level::ALL {
            let o = play(&["--engine", "solver", "--level", level.name()]);
            assert_eq!(o.solver().level, level);
        }
        assert_eq!(play(&["--engine", "solver"]).solver().level, Level::Perfect);
    }

    #[test]
    fn gobang_has_its_own_options_and_tools() {
        assert_eq!(
            parse(&["gobang"]).unwrap(),
            Command::Gobang(GobangCommand::Play(GobangOptions::default()))
        );
        let Command::Gobang(GobangCommand::Play(o)) =
            parse(&["gobang", "--replay", "s.json", "--dump-frames", "out"]).unwrap()
        else {
            panic!("not a Gobang game")
        };
        assert_eq!((o.replay.unwrap(), o.dump_frames.unwrap()), ("s.json".into(), "out".into()));
        let Command::Gobang(GobangCommand::Play(o)) =
            parse(&["gobang", "--two-player", "--record", "games.txt"]).unwrap()
        else {
            panic!("not a Gobang game")
        };
        assert!(o.two_player);
        assert_eq!(o.record, Some(PathBuf::from("games.txt")));
        let Command::Gobang(GobangCommand::Play(o)) =
            parse(&["gobang", "--preset", "undo-lab", "--lang", "en"]).unwrap()
        else {
            panic!("not a Gobang game")
        };
        assert_eq!(o.lang, GobangLang::En);
        assert!(usage(&["gobang", "--lang", "en"]).contains("--preset"), "the lab's labels only");
        assert_eq!(
            parse(&["gobang", "analyze", "b1", "b2"]).unwrap(),
            Command::Gobang(GobangCommand::Analyze(
                vec!["b1".into(), "b2".into()],
                GobangEngine::StepList,
                None
            ))
        );
        assert_eq!(
            parse(&["gobang", "analyze", "--record", "games.txt"]).unwrap(),
            Command::Gobang(GobangCommand::AnalyzeRecord(
                "games.txt".into(),
                GobangEngine::StepList,
                None
            ))
        );
        assert!(usage(&["gobang", "analyze", "--record", "f", "b1"]).contains("--record"));
        assert_eq!(
            parse(&["gobang", "review", "games.txt"]).unwrap(),
            Command::Gobang(GobangCommand::Review("games.txt".into(), DEFAULT_NODES))
        );
        assert_eq!(
            parse(&["gobang", "review", "--nodes", "5000", "games.txt"]).unwrap(),
            Command::Gobang(GobangCommand::Review("games.txt".into(), 5000))
        );
        assert!(usage(&["gobang", "review", "--nodes", "0", "f"]).contains("--nodes"));
        assert!(usage(&["gobang", "review"]).contains("<FILE>"));
        assert_eq!(
            parse(&["gobang", "assets", "dir"]).unwrap(),
            Command::Gobang(GobangCommand::Assets("dir".into()))
        );
        assert!(usage(&["gobang", "--dump-frames", "out"]).contains("--replay"));
        // Only the strong engine has levels.
        for args in [
            &["gobang", "--level", "easy"][..],
            &["gobang", "--engine", "undo-lab", "--level", "easy"],
            &["gobang", "analyze", "--level", "2", "b1"],
            &["gobang", "pbrain", "--engine", "step-list", "--level", "master"],
        ] {
            assert_eq!(usage(args), "--level applies to --engine strong only", "{args:?}");
        }
        for args in [
            &["gobang", "--engine", "strong", "--level", "easy"][..],
            &["gobang", "analyze", "--engine", "strong", "--level", "2", "b1"],
            &["gobang", "pbrain", "--engine", "strong", "--level", "master"],
        ] {
            assert!(parse(args).is_ok(), "{args:?}");
        }
        assert!(
            usage(&["gobang", "--width", "5"]).contains("--width"),
            "Four in a Row's options are not Gobang's"
        );
    }

    #[test]
    fn no_options_play_the_original_game() {
        let options = play(&[]);
        assert_eq!(options.settings(), Settings::default());
        assert_eq!(options.solver(), SolverOptions::default());
        assert_eq!(options.extras, ExtrasOptions::default());
        assert_eq!(options.engine, EngineChoice::Auto);
        assert_eq!((options.seed, options.images, options.replay), (None, None, None));
    }

    #[test]
    fn options_take_separate_or_inline_values() {
        let options = play(&[
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
            "--window-pos",
            "-100,-20",
        ]);
        assert_eq!(options.settings().board_width, 5);
        assert_eq!(options.settings().board_height, 4);
        assert_eq!(options.settings().difficulty, 3);
        assert_eq!(options.settings().fps, 60);
        assert_eq!(options.seed, Some(42));
        assert_eq!(options.images, Some(PathBuf::from("art")));
        assert_eq!(options.window_pos, Some((-100, -20)), "a negative X, as a separate value");
    }

    #[test]
    fn bad_options_name_the_fault_in_one_line() {
        let cases: &[(&[&str], &str)] = &[
            (&["--colour", "red"], "unexpected argument '--colour' found"),
            (&["--width"], "a value is required for '--width <N>'"),
            (&["--width", "seven"], "invalid value 'seven' for '--width <N>'"),
            (&["--width", "-3"], "invalid value '-3' for '--width <N>'"),
            (&["--fps", "-1"], "invalid value '-1' for '--fps <N>'"),
            (&["--seed", "-1"], "invalid value '-1' for '--seed <N>'"),
            (&["--width", "3"], "Board must be at least 4x4. (asked for 3x6)"),
            (&["--width", "13"], "does not fit the 640x480 window"),
            (&["--difficulty", "9"], "give 0 to 6"),
            (&["--engine", "magic"], "invalid value 'magic' for '--engine <E>'"),
            (&["--help=please"], "unexpected value 'please' for '--help' found"),
            (
                &["--dump-frames", "out"],
                "the following required arguments were not provided: --replay <FILE>",
            ),
            (&["--replay", "s.json", "--width", "5"], "cannot be used with"),
            (&["stray"], "unrecognized subcommand 'stray'"),
            (&["--fps", "0"], "--fps 0 is out of range"),
            (&["--window-pos", "middle"], "'middle' is not a window position like 100,80"),
            (&["--preset", "moon"], "invalid value 'moon' for '--preset <NAME>'"),
            (&["--explain=yes"], "unexpected value 'yes' for '--explain' found"),
            (
                &["--seed", "1", "analyze"],
                "the subcommand 'analyze' cannot be used with '--seed <N>'",
            ),
        ];
        for (args, want) in cases {
            let message = usage(args);
            assert!(message.contains(want), "{args:?}: {message}");
            assert!(!message.contains('\n'), "{args:?}: {message}");
        }
    }

    #[test]
    fn extras_are_off_unless_asked_for() {
        let options = play(&["--explain", "--two-player", "--moves", "--record", "games.txt"]);
        let extras = &options.extras;
        assert!(extras.explain && extras.two_player && extras.moves);
        assert_eq!(extras.record, Some(PathBuf::from("games.txt")));
        let lab = play(&["--preset", "lab"]);
        assert_eq!((lab.settings().board_width, lab.settings().board_height), (5, 5));
        assert_eq!(lab.settings().bg_color, CORNFLOWERBLUE);
        assert_eq!(
            lab.extras,
            ExtrasOptions { preset: Some(Preset::Lab), ..ExtrasOptions::default() }
        );
        assert!(usage(&["analyze", "--record", "f", "..../..../..../...."])
            .contains("cannot be used with"));
    }

    #[test]
    fn the_tools_defaults_are_the_command_lines() {
        let Ok(Command::Solve(solve)) = parse(&["solve"]) else { panic!("no solve") };
        assert_eq!(solve, SolveOptions::default());
        assert_eq!(solve.book_choice(), BookChoice::Builtin);
        let Ok(Command::Solve(solve)) = parse(&["solve", "--no-book"]) else { panic!("no solve") };
        assert_eq!(solve.book_choice(), BookChoice::None);
        let Ok(Command::Solve(solve)) = parse(&["solve", "--book", "b.bin"]) else {
            panic!("no solve")
        };
        assert_eq!(solve.book_choice(), BookChoice::File("b.bin".into()));
        let Ok(Command::Grade(grade)) = parse(&["grade", "f"]) else { panic!("no grade") };
        assert_eq!((grade.up_to, grade.files), (4, vec![PathBuf::from("f")]));
    }

    #[test]
    fn analyze_reads_its_own_options_and_boards() {
        let Ok(Command::Analyze(a)) =
            parse(&["analyze", "--difficulty", "3", "--tile=red", "..../..../..../...."])
        else {
            panic!("no analyze")
        };
        assert_eq!(a.difficulty, 3);
        assert_eq!(a.tile, Tile::Red);
        assert_eq!(a.engine, EngineChoice::Fast);
        assert_eq!(a.boards, vec!["..../..../..../....".to_string()]);
        assert!(usage(&["analyze", "--tile", "green"]).contains("invalid value 'green'"));
        assert!(usage(&["analyze", "--difficulty", "12"]).contains("out of range"));
        assert!(usage(&["analyze", "--depth", "2"]).contains("unexpected argument '--depth'"));
    }

    #[test]
    fn help_fits_80_columns_and_names_every_option() {
        let Ok(Command::Print(help)) = parse(&["--help"]) else { panic!("no help") };
        for line in help.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
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
            "--overwrite",
            "--window-pos",
            "--explain",
            "--two-player",
            "--moves",
            "--preset",
            "--record",
            "analyze",
        ] {
            assert!(help.contains(option), "{option}");
        }
        assert!(help.contains("[default: auto]"), "{help}");
        let Ok(Command::Print(version)) = parse(&["--version"]) else { panic!("no version") };
        assert_eq!(version.trim(), format!("fourinrow {}", env!("CARGO_PKG_VERSION")));
        let Ok(Command::Print(analyze)) = parse(&["analyze", "--help"]) else {
            panic!("no analyze help")
        };
        assert!(analyze.lines().all(|l| l.chars().count() <= 80));
        assert!(analyze.contains("--record"));
    }
}

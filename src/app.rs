//! What the two programs run: the tools themselves, and the window through
//! the function each program gives.
//!
//! `cargo build` makes two executables from this one command line:
//!
//! - `fourinrow` (`src/main.rs`), the front door. It answers `analyze`,
//!   `solve`, `grade` and the Gobang tools itself, and hands every command
//!   that needs the window to `fourinrow-window`, the program beside it,
//!   with the same arguments ([`hand_over`]). It never calls SDL, so the
//!   linker leaves SDL's libraries out of it and it starts in about a
//!   millisecond.
//! - `fourinrow-window` (`src/bin/fourinrow-window.rs`), the whole program:
//!   the same tools, and the games' windows. Loading SDL2, SDL2_image and
//!   SDL2_ttf pulls about 70 shared libraries into the process, which costs
//!   5 to 15 ms before `main` runs: nothing beside a window that opens, but
//!   most of the time of a tool that answers one position. `cargo run` runs
//!   this one, so what it runs is always freshly built.
//!
//! Both print errors in one place, [`main`], and exit with status 0, or 2
//! on an error.

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::cli::{parse_args, Command, GobangCommand, GobangEngine, GobangOptions, PlayOptions};
use crate::error::Error;
use crate::fourinrow::tools::analyze::run_analyze;
use crate::fourinrow::tools::grade::run_grade;
use crate::fourinrow::tools::solve::run_solve;
use crate::gobang::engine::brain::Brain;
use crate::gobang::engine::Level;

/// A command that needs the window.
#[derive(Clone, Copy, Debug)]
pub enum Window<'a> {
    /// Play Four in a Row, or replay a script.
    FourInARow(&'a PlayOptions),
    /// Play Gobang, or replay a script.
    Gobang(&'a GobangOptions),
    /// Write the folder the Gobang Python runs in: the window's images
    /// and font, which only the window's build carries.
    GobangAssets(&'a Path),
}

/// How a program carries out a [`Window`] command: its exit status, or
/// the error to print.
pub type OpenWindow = fn(Window<'_>) -> Result<ExitCode, Error>;

/// Runs the command line of this process, printing any error on one line.
pub fn main(open_window: OpenWindow) -> ExitCode {
    match run(std::env::args_os().skip(1).collect(), open_window) {
        Ok(code) => code,
        Err(e) => {
            // If even stderr is gone, there is no one left to tell.
            let _ = writeln!(std::io::stderr(), "fourinrow: {e}");
            ExitCode::from(2)
        }
    }
}

/// Does what the command line `args` (without the program's name) asks.
pub fn run(args: Vec<OsString>, open_window: OpenWindow) -> Result<ExitCode, Error> {
    let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
    match parse_args(args)? {
        Command::Print(text) => {
            // A closed stdout (`fourinrow --help | head -1`) is no error; a full disk is.
            match write!(&stdout, "{text}").and_then(|()| (&stdout).flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(Error::Io(format!("cannot write to stdout: {e}")))
                }
                _ => Ok(ExitCode::SUCCESS),
            }
        }
        Command::Analyze(o) => answered("analyze", run_analyze(&o, stdin.lock(), stdout, stderr)),
        Command::Solve(o) => answered("solve", run_solve(&o, stdin.lock(), stdout, stderr)),
        Command::Grade(o) => answered("grade", run_grade(&o, stdin.lock(), stdout, stderr)),
        Command::Play(options) => open_window(Window::FourInARow(&options)),
        Command::Gobang(GobangCommand::Play(options)) => open_window(Window::Gobang(&options)),
        Command::Gobang(GobangCommand::Assets(dir)) => open_window(Window::GobangAssets(&dir)),
        Command::Gobang(GobangCommand::Analyze(boards, engine, level)) => answered(
            "gobang analyze",
            crate::gobang::analyze::run_analyze(
                &boards,
                analyze_engine(engine, level),
                stdin.lock(),
                stdout,
                stderr,
            ),
        ),
        Command::Gobang(GobangCommand::AnalyzeRecord(file, engine, level)) => answered(
            "gobang analyze",
            crate::gobang::analyze::run_analyze_record(
                &file,
                analyze_engine(engine, level),
                stdout,
                stderr,
            ),
        ),
        Command::Gobang(GobangCommand::Review(file, nodes)) => answered(
            "gobang review",
            crate::gobang::review::run_review(&file, nodes, stdout, stderr),
        ),
        Command::Gobang(GobangCommand::Pbrain(engine, level)) => pbrain(engine, level),
    }
}

/// Plays as a Gomocup engine on stdin and stdout.
fn pbrain(engine: GobangEngine, level: Option<Level>) -> Result<ExitCode, Error> {
    use crate::gobang::pbrain::Ai;
    let ai = match engine {
        GobangEngine::StepList => Ai::StepList,
        GobangEngine::UndoLab => Ai::UndoLab,
        GobangEngine::Strong => Ai::Strong(Brain::new(level.unwrap_or(Level::Master))),
    };
    let brain = crate::gobang::pbrain::Engine::new(ai);
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    match crate::gobang::pbrain::run_pbrain_with(brain, stdin.lock(), stdout.lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A manager that went away ends the match.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Error::Io(format!("gobang pbrain: {e}"))),
    }
}

/// The AI `gobang analyze` asks, from the command line's choice (the
/// strong engine at `level`, expert if none is given).
fn analyze_engine(
    engine: GobangEngine,
    level: Option<Level>,
) -> crate::gobang::analyze::GobangEngine {
    use crate::gobang::analyze::GobangEngine as Analyze;
    match engine {
        GobangEngine::StepList => Analyze::StepList,
        GobangEngine::UndoLab => Analyze::UndoLab,
        GobangEngine::Strong => Analyze::Strong(level.unwrap_or(Level::Expert)),
    }
}

/// The exit status of a tool that answers lines: 0, or 2 if some were
/// faulty (each named on stderr already). A reader that went away
/// (`fourinrow analyze | head -1`) ends it quietly.
fn answered(tool: &str, result: std::io::Result<usize>) -> Result<ExitCode, Error> {
    match result {
        Ok(0) => Ok(ExitCode::SUCCESS),
        Ok(_faulty) => Ok(ExitCode::from(2)),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Error::Io(format!("{tool}: {e}"))),
    }
}

/// The window program's file name: `fourinrow-window`, beside `fourinrow`.
pub const WINDOW_PROGRAM: &str = "fourinrow-window";

/// Hands this process's command line to `fourinrow-window`, the program
/// beside this one, which opens the window. On Unix it replaces this
/// process (the same process id, streams, signals and exit status), so it
/// returns only if that program cannot be started.
pub fn hand_over(_command: Window<'_>) -> Result<ExitCode, Error> {
    let me = std::env::current_exe()
        .map_err(|e| Error::Io(format!("cannot find this program's own file: {e}")))?;
    let window = me.with_file_name(format!("{WINDOW_PROGRAM}{}", std::env::consts::EXE_SUFFIX));
    let mut command = std::process::Command::new(&window);
    command.args(std::env::args_os().skip(1));
    let cannot = |e: std::io::Error| {
        Error::file(
            &window,
            format!(
                "cannot start the window's program: {e} (`cargo build` builds it beside {})",
                me.display()
            ),
        )
    };
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // `exec` returns only on failure.
        Err(cannot(command.exec()))
    }
    #[cfg(not(unix))]
    {
        let status = command.status().map_err(cannot)?;
        // The window's program has printed its own error, if any.
        Ok(ExitCode::from(status.code().map_or(2, |code| u8::try_from(code).unwrap_or(2))))
    }
}

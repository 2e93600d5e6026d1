//! `fourinrow`: reads the options, runs what they ask for, and is the one
//! place that prints errors and sets the exit status (0 done, 2 error).

use std::io::Write;
use std::process::ExitCode;

use fourinrow::cli::{parse_args, Command, GobangCommand, GobangEngine};
use fourinrow::error::Error;
use fourinrow::fourinrow::tools::analyze::run_analyze;
use fourinrow::fourinrow::tools::grade::run_grade;
use fourinrow::fourinrow::tools::solve::run_solve;
use fourinrow::gobang::engine::brain::Brain;
use fourinrow::gobang::engine::Level;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            // If even stderr is gone, there is no one left to tell.
            let _ = writeln!(std::io::stderr(), "fourinrow: {e}");
            ExitCode::from(2)
        }
    }
}

/// Does what the command line asks.
fn run() -> Result<ExitCode, Error> {
    let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
    match parse_args(std::env::args_os().skip(1).collect())? {
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
        Command::Play(options) => play(&options).map(|()| ExitCode::SUCCESS),
        Command::Gobang(GobangCommand::Analyze(boards, engine, level)) => answered(
            "gobang analyze",
            fourinrow::gobang::analyze::run_analyze(
                &boards,
                analyze_engine(engine, level),
                stdin.lock(),
                stdout,
                stderr,
            ),
        ),
        Command::Gobang(GobangCommand::AnalyzeRecord(file, engine, level)) => answered(
            "gobang analyze",
            fourinrow::gobang::analyze::run_analyze_record(
                &file,
                analyze_engine(engine, level),
                stdout,
                stderr,
            ),
        ),
        Command::Gobang(GobangCommand::Pbrain(engine, level)) => {
            let mut brain = fourinrow::gobang::pbrain::Engine::default();
            match engine {
                GobangEngine::StepList => {}
                GobangEngine::Strong => {
                    brain.brain = Some(Brain::new(level.unwrap_or(Level::Master)));
                }
                GobangEngine::UndoLab => {
                    return Err(Error::Usage(
                        "gobang pbrain --engine undo-lab: the protocol is spoken by step-list \
                         and strong only"
                            .into(),
                    ))
                }
            }
            match fourinrow::gobang::pbrain::run_pbrain_with(brain, stdin.lock(), stdout.lock()) {
                Ok(()) => Ok(ExitCode::SUCCESS),
                // A manager that went away ends the match.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
                Err(e) => Err(Error::Io(format!("gobang pbrain: {e}"))),
            }
        }
        Command::Gobang(command) => gobang(&command).map(|()| ExitCode::SUCCESS),
    }
}

/// The AI `gobang analyze` asks, from the command line's choice (the
/// strong engine at `level`, expert if none is given).
fn analyze_engine(
    engine: GobangEngine,
    level: Option<Level>,
) -> fourinrow::gobang::analyze::GobangEngine {
    use fourinrow::gobang::analyze::GobangEngine as Analyze;
    match engine {
        GobangEngine::StepList => Analyze::StepList,
        GobangEngine::UndoLab => Analyze::UndoLab,
        GobangEngine::Strong => Analyze::Strong(level.unwrap_or(Level::Expert)),
    }
}

/// Plays Gobang or writes its assets, if this build has a window.
#[cfg(feature = "window")]
fn gobang(command: &GobangCommand) -> Result<(), Error> {
    match command {
        GobangCommand::Play(options) => fourinrow::gobang::play::play(options),
        GobangCommand::Assets(dir) => fourinrow::gobang::play::write_assets(dir),
        GobangCommand::Analyze(..)
        | GobangCommand::AnalyzeRecord(..)
        | GobangCommand::Pbrain(..) => {
            Err(Error::Internal("a Gobang tool reached the window".into()))
        }
    }
}

/// This build has no window: it was made without the `window` feature.
#[cfg(not(feature = "window"))]
fn gobang(_command: &GobangCommand) -> Result<(), Error> {
    Err(Error::Usage(
        "this fourinrow was built without its window (cargo feature `window`): \
         `fourinrow gobang analyze` works, the game does not"
            .into(),
    ))
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

/// Plays, if this build has a window.
#[cfg(feature = "window")]
fn play(options: &fourinrow::cli::PlayOptions) -> Result<(), Error> {
    fourinrow::fourinrow::play::play(options)
}

/// This build has no window: it was made without the `window` feature.
#[cfg(not(feature = "window"))]
fn play(_options: &fourinrow::cli::PlayOptions) -> Result<(), Error> {
    Err(Error::Usage(
        "this fourinrow was built without its window (cargo feature `window`): \
         it can analyze, solve and grade"
            .into(),
    ))
}

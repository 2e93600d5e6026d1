//! `fourinrow`: reads the options, runs what they ask for, and is the one
//! place that prints errors and sets the exit status (0 done, 2 error).

use std::io::Write;
use std::process::ExitCode;

use fourinrow::error::Error;
use fourinrow::tools::analyze::run_analyze;
use fourinrow::tools::cli::{parse_args, Command};

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
    match parse_args(std::env::args_os().skip(1).collect())? {
        Command::Print(text) => {
            // A closed stdout (`fourinrow --help | head -1`) is no error.
            let _ = write!(std::io::stdout(), "{text}");
        }
        Command::Analyze(options) => {
            let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
            match run_analyze(&options, stdin.lock(), stdout, stderr) {
                Ok(0) => {}
                Ok(_faulty) => return Ok(ExitCode::from(2)),
                // The reader went away (`fourinrow analyze | head -1`): stop quietly.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                Err(e) => return Err(Error::Io(format!("analyze: {e}"))),
            }
        }
        Command::Play(options) => play(&options)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays, if this build has a window.
#[cfg(feature = "window")]
fn play(options: &fourinrow::tools::cli::PlayOptions) -> Result<(), Error> {
    fourinrow::play::play(options)
}

/// This build has no window: it was made without the `window` feature.
#[cfg(not(feature = "window"))]
fn play(_options: &fourinrow::tools::cli::PlayOptions) -> Result<(), Error> {
    Err(Error::Usage(
        "this fourinrow was built without its window (cargo feature `window`): \
         it can only analyze"
            .into(),
    ))
}

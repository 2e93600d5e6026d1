//! `fourinrow`: reads the options, runs what they ask for, and is the one
//! place that prints errors and sets the exit status (0 done, 2 error).

use std::process::ExitCode;

use fourinrow::cli::{help_text, parse_args, Command};
use fourinrow::error::Error;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("fourinrow: {e}");
            ExitCode::from(2)
        }
    }
}

/// Does what the command line asks.
fn run() -> Result<ExitCode, Error> {
    match parse_args(std::env::args_os().skip(1).collect())? {
        Command::Help => print!("{}", help_text()),
        Command::Version => println!("fourinrow {}", env!("CARGO_PKG_VERSION")),
        Command::Analyze(options) => {
            let stdin = std::io::stdin();
            let faulty = fourinrow::analyze::run_analyze(
                &options,
                stdin.lock(),
                std::io::stdout(),
                std::io::stderr(),
            )
            .map_err(|e| Error::Sdl(format!("analyze: {e}")))?;
            if faulty > 0 {
                return Ok(ExitCode::from(2));
            }
        }
        Command::Play(options) => fourinrow::play(&options)?,
    }
    Ok(ExitCode::SUCCESS)
}

//! `fourinrow-window`, the whole program: the tools, and the games'
//! windows. `fourinrow` hands it the commands that need a window;
//! `cargo run` runs it directly (see `src/app.rs` for why there are two).

use std::process::ExitCode;

use fourinrow::app::{self, Window};
use fourinrow::error::Error;

fn main() -> ExitCode {
    app::main(open_window)
}

/// Plays the game the command line asks for, or writes Gobang's folder.
fn open_window(command: Window<'_>) -> Result<ExitCode, Error> {
    match command {
        Window::FourInARow(options) => fourinrow::fourinrow::play::play(options),
        Window::Gobang(options) => fourinrow::gobang::play::play(options),
        Window::GobangAssets(dir) => fourinrow::gobang::play::write_assets(dir),
    }
    .map(|()| ExitCode::SUCCESS)
}

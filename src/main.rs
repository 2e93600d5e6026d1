//! `fourinrow`, the front door: runs the tools itself and hands the
//! commands that need a window to `fourinrow-window`, the program beside
//! it (see `src/app.rs` for why there are two). It prints errors in one
//! place and exits with status 0, or 2 on an error.

use std::process::ExitCode;

use fourinrow::app::{self, Window};
use fourinrow::error::Error;

fn main() -> ExitCode {
    app::main(open_window)
}

/// Opens the window in `fourinrow-window`, with this command line.
#[cfg(feature = "window")]
fn open_window(command: Window<'_>) -> Result<ExitCode, Error> {
    app::hand_over(command)
}

/// This build has no window: it was made without the `window` feature.
#[cfg(not(feature = "window"))]
fn open_window(command: Window<'_>) -> Result<ExitCode, Error> {
    Err(Error::Usage(match command {
        Window::FourInARow(_) => "this fourinrow was built without its window (cargo feature \
                                  `window`): it can analyze, solve and grade"
            .into(),
        Window::Gobang(_) | Window::GobangAssets(_) => "this fourinrow was built without its \
                                                        window (cargo feature `window`): \
                                                        `fourinrow gobang analyze` works, the \
                                                        game does not"
            .into(),
    }))
}

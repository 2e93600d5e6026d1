//! The one error type that flows up to `main`, which prints it on one line
//! and exits with status 2, and [`Stop`], the ways a game can end early.
//!
//! Python lets exceptions escape with a traceback; the port names the
//! option, file or value at fault instead.
//!
//! The error types are written by hand, not with `thiserror`: each is a
//! small enum with a `Display` (the one-line message) and, where another
//! error caused it, `source()`; a learner reads all of it here, with no
//! derive macro to expand in their head, and the crate needs no dependency
//! for it (thiserror would save about ten lines an error here and add a
//! proc-macro crate to every build). The parts' own errors
//! (`BoardTextError`, `SizeError`, `SettingsError`, `RecordError`,
//! `LineError`, `PythonError`, `ImageError`, ...) follow the same pattern:
//! a variant caused by another error keeps it and returns it from
//! `source()`; a variant that prints its inner error's message as its own
//! returns that error's `source()` instead (thiserror's `transparent`), so
//! a chain never says the same thing twice. None of them is a `String`.

use std::fmt;
use std::path::{Path, PathBuf};

/// Everything that can stop the program before or during a game.
#[derive(Debug)]
pub enum Error {
    /// A command-line option is unknown, missing its value or out of range.
    Usage(String),
    /// SDL could not start, open the window or draw.
    Sdl(String),
    /// Reading input or writing output failed.
    Io(String),
    /// The program found itself in a state it should never reach.
    Internal(String),
    /// A file or folder could not be read or written, or holds bad data.
    File {
        /// The file or folder at fault.
        path: PathBuf,
        /// What went wrong with it.
        message: String,
    },
}

impl Error {
    /// An error about `path`.
    pub fn file(path: &Path, message: impl fmt::Display) -> Error {
        Error::File { path: path.to_path_buf(), message: message.to_string() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) => write!(f, "{message} (see fourinrow --help)"),
            Error::Sdl(message) | Error::Io(message) => f.write_str(message),
            Error::Internal(message) => write!(f, "internal error, please report it: {message}"),
            Error::File { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

/// Why a game stopped before its natural end (which, as in the Python, is never).
///
/// Python leaves its loops with `pygame.quit(); sys.exit()`; the port
/// returns `Err(Stop::..)` and lets `?` carry it up to `main`. What a player
/// asks of the extras (a restart, an undo) is no reason to stop: it travels
/// as a value (`port::hooks::Command` in each game), never as an `Err`.
#[derive(Debug)]
pub enum Stop {
    /// The player closed the window, or released Esc on the result screen,
    /// or the reader of our output went away.
    Quit,
    /// A replay script has presented all its frames.
    ScriptEnded,
    /// Something failed.
    Failed(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Failed(e)
    }
}

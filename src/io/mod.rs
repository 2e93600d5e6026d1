//! The input/output seam: how the game reaches the world outside it.
//!
//! `fourinrow.py` reaches out in a handful of ways: `pygame.event.get()`,
//! `pygame.display.update()`, `FPSCLOCK.tick()`, `print` and the `random`
//! module. The port's game code asks a [`Frontend`] for exactly those, so
//! one copy of `get_human_move`, the animations and `run_game` is driven by
//! the real window ([`window`]), by a replay script ([`replay`]) and by the
//! tests alike. This module and [`pixels`] and [`replay`] know nothing of
//! SDL; [`window`], [`images`]' decoder, [`png`] and [`text`] are SDL's side
//! (the `window` feature).
//!
//! Nothing here depends on the port: the arrows point from the port to here.

use std::any::Any;

use crate::error::{Error, Stop};
use pixels::{Display, RgbaImage};

pub mod chance;
pub mod draw;
pub mod images;
pub mod pixels;
#[cfg(feature = "window")]
pub mod png;
pub mod record_file;
pub mod replay;
pub mod signals;
#[cfg(feature = "window")]
pub mod text;
#[cfg(feature = "window")]
pub mod window;

/// A key the game or its extras react to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `K_ESCAPE`, which quits from the result screen.
    Escape,
    /// Restart (an extra, as are the keys below; the original ignores them).
    R,
    /// Restart.
    F1,
    /// Hint: the values of the human's columns.
    H,
    /// Undo (U), redo (Shift+U).
    U,
    /// Undo with Ctrl.
    Z,
    /// Redo with Ctrl.
    Y,
    /// Any other key.
    Other,
}

impl Key {
    /// The key named `name` (`"escape"`, `"r"`, `"f1"`, ... as in replay scripts).
    pub fn from_name(name: &str) -> Option<Key> {
        Some(match name {
            "escape" => Key::Escape,
            "r" => Key::R,
            "f1" => Key::F1,
            "h" => Key::H,
            "u" => Key::U,
            "z" => Key::Z,
            "y" => Key::Y,
            "other" => Key::Other,
            _ => return None,
        })
    }
}

/// An input event, as `pygame.event.get()` hands them over. Positions are
/// window coordinates, `(x, y)`, as pygame's `event.pos`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `QUIT`: the window's close button.
    Quit,
    /// `MOUSEBUTTONDOWN`, any button (pygame reports a wheel notch as a
    /// press and a release of button 4 or 5).
    MouseButtonDown {
        /// `event.pos`.
        pos: (i32, i32),
        /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
        button: u8,
    },
    /// `MOUSEMOTION`.
    MouseMotion {
        /// `event.pos`.
        pos: (i32, i32),
    },
    /// `MOUSEBUTTONUP`.
    MouseButtonUp {
        /// `event.pos`.
        pos: (i32, i32),
        /// As for `MouseButtonDown`.
        button: u8,
    },
    /// `KEYDOWN`, with the Ctrl and Shift modifiers.
    KeyDown {
        /// The key.
        key: Key,
        /// Ctrl was held.
        ctrl: bool,
        /// Shift was held.
        shift: bool,
    },
    /// `KEYUP`.
    KeyUp(Key),
}

/// A search to run for a game: it owns what it needs, so that a window
/// can run it on another thread. Its answer is whatever the game's AI
/// returns (Four in a Row's column values, Gobang's point); [`think`] gives
/// it back in its own type.
pub type Search = Box<dyn FnOnce() -> Answer + Send>;

/// Work for the background ([`Frontend::ponder`]): it answers nothing.
pub type Work = Box<dyn FnOnce() + Send>;

/// What a [`Search`] answers, boxed so that one seam serves every game.
pub type Answer = Box<dyn Any + Send>;

/// Runs `search` wherever `io` runs searches (on a worker thread in the
/// window) and returns its answer in its own type.
pub fn think<T: Send + 'static>(
    io: &mut (impl Frontend + ?Sized),
    search: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Stop> {
    let answer = io.think(Box::new(move || Box::new(search()) as Answer))?;
    answer.downcast::<T>().map(|boxed| *boxed).map_err(|_| {
        Stop::Failed(Error::Internal("a search answered with a value of another type".into()))
    })
}

/// What the game asks of the outside world. Each method is one pygame (or
/// `random`, or `print`) call of the Python.
pub trait Frontend {
    /// Every event queued since the last call. Python: `pygame.event.get()`.
    fn get_events(&mut self) -> Result<Vec<Event>, Stop>;

    /// Shows the display. Python: `pygame.display.update()`.
    fn display_update(&mut self, display: &Display) -> Result<(), Stop>;

    /// Waits out the rest of the frame. Python: `FPSCLOCK.tick()`, which
    /// the original calls without a frame rate and so never waits; the
    /// window holds it to the settings' FPS.
    fn tick(&mut self) -> Result<(), Stop>;

    /// Picks one of `seq`. Python: `random.choice(seq)`, which raises on an
    /// empty list; here that is an error, not a crash.
    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop>;

    /// A whole number from `a` to `b`, both included. Python: `random.randint(a, b)`.
    fn randint(&mut self, a: u32, b: u32) -> u32;

    /// Prints a line of the program's console output. Python: `print(...)`.
    /// A closed output (`fourinrow | head`) ends the game quietly.
    fn print(&mut self, line: &str) -> Result<(), Stop>;

    /// Runs the AI's search to its end. Not a pygame call: Python runs
    /// `getPotentialMoves` right where it is called and its window freezes
    /// meanwhile. On the spot by default; the window runs it on a worker
    /// thread, stays alive, and stops the game at once if it is closed.
    fn think(&mut self, search: Search) -> Result<Answer, Stop> {
        Ok(search())
    }

    /// Runs `work` in the background while the game goes on, if this
    /// frontend can (the window: on a thread of its own), and never waits
    /// for it; `work` must end by itself, or when whoever gave it says so.
    /// Not a pygame call. By default `work` is dropped unrun, so that a
    /// scripted game plays the same every time.
    fn ponder(&mut self, work: Work) {
        drop(work);
    }

    /// Where the mouse is, in window coordinates. Python:
    /// `pygame.mouse.get_pos()` (Gobang's `State.humanPiece` reads it rather
    /// than the click's `event.pos`): after the last mouse event handed over
    /// by [`get_events`](Frontend::get_events). `(0, 0)` before any, as pygame.
    fn mouse_pos(&self) -> (i32, i32) {
        (0, 0)
    }
}

/// The sizes of text the extras write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextSize {
    /// Captions and the move list.
    Small,
    /// The column values above the board.
    Values,
    /// The hot seat's result banners.
    Banner,
    /// DejaVu Sans at this many points: Gobang's `pygame.font.Font(FONT, size)`.
    Regular(u16),
}

/// Text turned into images, for the extras' overlay. Not in the Python,
/// which writes no text; the window build renders it with SDL2_ttf
/// ([`text::Fonts`]).
pub trait Typesetter {
    /// `text` drawn in `color` at `size`, anti-aliased, on a transparent
    /// background; `None` if it cannot be drawn.
    fn render(&mut self, text: &str, size: TextSize, color: [u8; 3]) -> Option<RgbaImage>;
}

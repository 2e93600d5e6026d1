//! The seam between the game and the world outside it.
//!
//! `fourinrow.py` reaches out in four ways: `pygame.event.get()`,
//! `pygame.display.update()`, `FPSCLOCK.tick()` and the `random` module.
//! The port's game code asks a [`Frontend`] for exactly those, and nothing
//! else, so one copy of `get_human_move`, the animations and `run_game` is
//! driven by the real window ([`crate::window`]), by a replay script
//! ([`crate::replay`]) and by the tests alike.

use sdl2::surface::Surface;

use crate::ai::Brain;
use crate::error::Stop;

/// A key the game or its extras react to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Python: `K_ESCAPE`.
    Escape,
    /// Any other key, which the original ignores.
    Other,
}

/// An input event, as `pygame.event.get()` hands them over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Python: `QUIT`, the window's close button.
    Quit,
    /// Python: `MOUSEBUTTONDOWN`, any button (pygame reports a wheel notch
    /// as a press and a release of button 4 or 5).
    MouseButtonDown {
        /// Window coordinates.
        x: i32,
        /// Window coordinates.
        y: i32,
        /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
        button: u8,
    },
    /// Python: `MOUSEMOTION`.
    MouseMotion {
        /// Window coordinates.
        x: i32,
        /// Window coordinates.
        y: i32,
    },
    /// Python: `MOUSEBUTTONUP`.
    MouseButtonUp {
        /// Window coordinates.
        x: i32,
        /// Window coordinates.
        y: i32,
        /// As for `MouseButtonDown`.
        button: u8,
    },
    /// Python: `KEYDOWN`.
    KeyDown(Key),
    /// Python: `KEYUP`.
    KeyUp(Key),
}

/// What the game asks of the outside world. Each method is one pygame call.
pub trait Frontend: Brain {
    /// Every event queued since the last call. Python: `pygame.event.get()`.
    fn get_events(&mut self) -> Result<Vec<Event>, Stop>;

    /// Shows the display surface. Python: `pygame.display.update()`.
    fn display_update(&mut self, display: &Surface) -> Result<(), Stop>;

    /// Waits out the rest of the frame. Python: `FPSCLOCK.tick()`, which
    /// the original calls without a frame rate and so never waits; the port
    /// holds it to the settings' FPS.
    fn tick(&mut self) -> Result<(), Stop>;

    /// Prints a line of the Python's console output. Python: `print(...)`.
    fn print(&mut self, line: &str);
}

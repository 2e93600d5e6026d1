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
    /// Python: `K_ESCAPE`, which quits from the result screen.
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

/// What a key press asks of the game. Not in the Python: these are the
/// extras of the sibling tutorials, on keys the original ignores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// R or F1: start a new game.
    Restart,
    /// U or Ctrl+Z: take back the human's last move and the computer's reply.
    Undo,
    /// Shift+U or Ctrl+Y: play them again.
    Redo,
    /// H: show (or hide) the values of the human's columns.
    Hint,
}

impl Command {
    /// The command a key press gives, if any: the one place keys are mapped.
    pub fn for_key(key: Key, ctrl: bool, shift: bool) -> Option<Command> {
        match (key, ctrl, shift) {
            (Key::R | Key::F1, false, _) => Some(Command::Restart),
            (Key::U, false, false) | (Key::Z, true, false) => Some(Command::Undo),
            (Key::U, false, true) | (Key::Y, true, _) | (Key::Z, true, true) => Some(Command::Redo),
            (Key::H, false, _) => Some(Command::Hint),
            _ => None,
        }
    }
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
    /// Python: `KEYDOWN`, with the Ctrl and Shift modifiers.
    KeyDown {
        /// The key.
        key: Key,
        /// Ctrl was held.
        ctrl: bool,
        /// Shift was held.
        shift: bool,
    },
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

    /// Not in the Python: prints a line of the extras' output (`--explain`,
    /// hints) on stdout, in a window and in a replay alike.
    fn say(&mut self, line: &str) {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_commands_in_one_place() {
        assert_eq!(
            Command::for_key(Key::R, false, false),
            Some(Command::Restart)
        );
        assert_eq!(
            Command::for_key(Key::F1, false, false),
            Some(Command::Restart)
        );
        assert_eq!(Command::for_key(Key::U, false, false), Some(Command::Undo));
        assert_eq!(Command::for_key(Key::Z, true, false), Some(Command::Undo));
        assert_eq!(Command::for_key(Key::U, false, true), Some(Command::Redo));
        assert_eq!(Command::for_key(Key::Y, true, false), Some(Command::Redo));
        assert_eq!(Command::for_key(Key::H, false, false), Some(Command::Hint));
        assert_eq!(Command::for_key(Key::Z, false, false), None);
        assert_eq!(Command::for_key(Key::Escape, false, false), None);
        assert_eq!(Command::for_key(Key::Other, true, true), None);
        assert_eq!(Key::from_name("f1"), Some(Key::F1));
        assert_eq!(Key::from_name("space"), None);
    }
}

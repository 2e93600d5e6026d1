//! THE PORT of the step-list Gobang: the twins of its five Python modules,
//! one file each, every twin in its module's order with a doc comment that
//! begins `/// Python: name(args)`. Open these beside the Python.
//!
//! | Python module | here |
//! | --- | --- |
//! | `main.py`: `main`, `checkEvents` | [`main`] |
//! | `drawing.py`: `class Display` | [`drawing`] |
//! | `robot.py`: `class AI` | [`robot`] |
//! | `setup.py`: the constants | [`setup`] |
//! | `status.py`: `class State` | [`status`] |
//!
//! What the original lacks reaches a twin only through [`hooks`] (and an
//! [`extra`] with a state of its own, which `main` takes), in one line
//! marked "Not in the Python". Like Four in a Row's port, it imports
//! nothing from SDL: it draws on a
//! plain [`Display`](crate::io::pixels::Display) with pygame's arithmetic
//! ([`crate::io::draw`]) and reaches the world through the
//! [`Frontend`](crate::io::Frontend) seam, so it builds and is tested with
//! no SDL installed.

pub mod drawing;
pub mod extra;
pub mod hooks;
pub mod main;
pub mod robot;
pub mod setup;
pub mod status;

//! THE PORT: the twins of `fourinrow.py`, one Rust function per Python
//! function, each in the Python's order within its file, each doc comment
//! beginning `/// Python: name(args)`. Open these files beside the Python.
//!
//! | Python, in its order | here |
//! | --- | --- |
//! | the constants (`BOARDWIDTH` ... `COMPUTER`) | [`settings`], [`board`] (`RED`, `BLACK`, `EMPTY`), [`game`] (`HUMAN`, `COMPUTER`) |
//! | the set-up (`FPSCLOCK`, `DISPLAYSURF`, the rectangles, the images) | [`globals`], [`settings::Layout`], [`images`] |
//! | `drawBoard` | [`draw`] |
//! | `getNewBoard` | [`board`] |
//! | `getPotentialMoves` | [`ai`] |
//! | `getHumanMove` | [`human`] |
//! | `animateComputerMoving` | [`animate`] |
//! | `getComputerMove` | [`ai`] |
//! | `getLowestEmptySpace`, `makeMove` | [`board`] |
//! | `animateDroppingToken` | [`animate`] |
//! | `isValidMove`, `isBoardFull`, `isWinner` | [`board`] |
//! | `main`, `runGame` | [`game`] |
//!
//! A twin holds the Python's logic and nothing else. What the original
//! lacks reaches a twin only through [`hooks`], in one line marked "Not in
//! the Python", and `getComputerMove` asks the game's engine through the
//! contract in [`engine`]: data in, data out, whichever engine answers. The port imports nothing from SDL: it draws on a plain
//! [`Display`](crate::io::pixels::Display) and talks to the world through
//! the [`Frontend`](crate::io::Frontend) seam, so all of it builds and is
//! tested with no display and no SDL installed.

pub mod ai;
pub mod animate;
pub mod board;
pub mod boardtext;
pub mod draw;
pub mod engine;
pub mod game;
pub mod globals;
pub mod hooks;
pub mod human;
pub mod images;
pub mod python;
pub mod settings;
#[cfg(test)]
pub mod testkit;

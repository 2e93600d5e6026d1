//! The extras' hooks: the few marked places where what the original lacks
//! reaches into the twins, and the values that come back through them.
//!
//! Every method does nothing by default, and the twins call each in one
//! line marked "Not in the Python". With [`NoHooks`] the twins are the
//! Python's logic and nothing else; the extras ([`crate::fourinrow::extras`])
//! implement the trait to add keys, hints, the overlay, undo and records.
//! The port defines the trait and never sees what implements it, so the
//! arrows point from the extras to the port only.
//!
//! A player's request (a restart, an undo) is a value, [`Command`]: the
//! event hook returns it, `get_human_move` ends with it
//! ([`HumanMove::Asked`]), and `run_game` acts on it. Failures and quitting
//! travel as `Err(Stop)`; requests never do.

use crate::error::Stop;
use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::engine::Reply;
use crate::fourinrow::port::settings::Layout;
use crate::io::pixels::Display;
use crate::io::{Event, Frontend};

/// Not in the Python: what a player may ask for with a key the original
/// ignores, beyond playing a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Abandon this game for a new one.
    Restart,
    /// Take back the last move (against the computer: the human's last
    /// move and the computer's reply).
    Undo,
    /// Play again what the last undo took back.
    Redo,
}

/// How the human's turn ended: `getHumanMove` returns once the token has
/// fallen, in `Dropped(column)`; with the extras it may instead end with
/// what the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanMove {
    /// The token fell into this column.
    Dropped(usize),
    /// Not in the Python: the player asked for this instead of moving.
    Asked(Command),
}

/// What the extras may add to a game. Every method is a no-op by default.
pub trait Hooks {
    /// At the end of `draw_board`: draws over the frame (the extras' overlay).
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        let _ = (display, layout);
    }

    /// An event `get_human_move` has no use for (a key, a press off the
    /// pile, ...), on `board`. It may search through
    /// `io` (a hint, so that the window stays alive meanwhile) or return
    /// what the player asked for, which ends the turn; by default it is
    /// ignored, as in the Python.
    fn event(
        &mut self,
        event: Event,
        board: &Board,
        io: &mut dyn Frontend,
    ) -> Result<Option<Command>, Stop> {
        let _ = (event, board, io);
        Ok(None)
    }

    /// `tile`, whose turn it was, asked for `command` (an undo or a redo)
    /// on `board`: carries it out there. Returns whether the board changed.
    fn asked(&mut self, command: Command, board: &mut Board, tile: Tile) -> bool {
        let _ = (command, board, tile);
        false
    }

    /// After `get_computer_move` has chosen `column` on `board`, with the
    /// engine's reply behind the choice (`--explain` shows it).
    fn computer_chose(&mut self, board: &Board, reply: &Reply, column: usize) -> Result<(), Stop> {
        let _ = (board, reply, column);
        Ok(())
    }

    /// After `tile`'s token has fallen into `column` of `board` (the move
    /// list, undo and `--record` keep count).
    fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
        let _ = (board, tile, column);
        Ok(())
    }

    /// After `run_game` has returned, with what it returned: `Ok` after the
    /// result screen or a restart. The extras write the `--record` line.
    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        ended
    }
}

/// Hooks lent: what they are lent as does what they do.
impl<H: Hooks + ?Sized> Hooks for &mut H {
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        (**self).draw_overlay(display, layout);
    }

    fn event(
        &mut self,
        event: Event,
        board: &Board,
        io: &mut dyn Frontend,
    ) -> Result<Option<Command>, Stop> {
        (**self).event(event, board, io)
    }

    fn asked(&mut self, command: Command, board: &mut Board, tile: Tile) -> bool {
        (**self).asked(command, board, tile)
    }

    fn computer_chose(&mut self, board: &Board, reply: &Reply, column: usize) -> Result<(), Stop> {
        (**self).computer_chose(board, reply, column)
    }

    fn moved(&mut self, board: &Board, tile: Tile, column: usize) -> Result<(), Stop> {
        (**self).moved(board, tile, column)
    }

    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        (**self).game_ended(ended)
    }
}

/// No extras at all: the Python's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {}

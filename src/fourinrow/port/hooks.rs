//! The extras' hooks: the few marked places where what the original lacks
//! reaches into the twins.
//!
//! Every method does nothing by default, and the twins call each in one
//! line marked "Not in the Python". With [`NoHooks`] the twins are the
//! Python's logic and nothing else; the extras ([`crate::fourinrow::extras`])
//! implement the trait to add keys, hints, the overlay, undo and records.
//! The port defines the trait and never sees what implements it, so the
//! arrows point from the extras to the port only.

use crate::error::Stop;
use crate::fourinrow::port::board::Board;
use crate::fourinrow::port::settings::Layout;
use crate::io::pixels::Display;
use crate::io::{Event, Frontend};

/// What the extras may add to a game. Every method is a no-op by default.
pub trait Hooks {
    /// At the end of `draw_board`: draws over the frame (the extras' overlay).
    fn draw_overlay(&mut self, display: &mut Display, layout: &Layout) {
        let _ = (display, layout);
    }

    /// An event `get_human_move` has no use for (a key, a press off the
    /// pile, ...). It may change `board` (undo), search through `io` (a
    /// hint, so that the window stays alive meanwhile), or end the turn
    /// early with an `Err` ([`Stop::Restart`], ...); by default it is
    /// ignored, as in the Python.
    fn event(
        &mut self,
        event: Event,
        board: &mut Board,
        io: &mut dyn Frontend,
    ) -> Result<(), Stop> {
        let _ = (event, board, io);
        Ok(())
    }

    /// After `get_computer_move` has chosen `column` on `board`, with the
    /// values behind the choice (`--explain` shows them).
    fn computer_chose(
        &mut self,
        board: &Board,
        potential_moves: &[f64],
        column: usize,
    ) -> Result<(), Stop> {
        let _ = (board, potential_moves, column);
        Ok(())
    }

    /// After a token has been added to the board (the move list, undo and
    /// `--record` keep count).
    fn moved(&mut self, board: &Board) -> Result<(), Stop> {
        let _ = board;
        Ok(())
    }

    /// After `run_game` has returned, with what it returned. By default the
    /// result goes on unchanged; the extras turn a restart into a new game
    /// and write `--record` lines.
    fn game_ended(&mut self, ended: Result<(), Stop>) -> Result<(), Stop> {
        ended
    }
}

/// No extras at all: the Python's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {}

//! Which search computes the potential-move values.
//!
//! Every engine must return exactly the doubles that the one-to-one
//! [`crate::ai::get_potential_moves`] returns, on every board.

pub mod fast;

use std::fmt;
use std::str::FromStr;

use crate::ai::get_potential_moves;
use crate::board::{Board, Tile};

/// A search that computes `getPotentialMoves`' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// Bitboards, a transposition table and both cores: the same doubles,
    /// thousands of times sooner (see [`fast`]). The default.
    #[default]
    Fast,
    /// The line-by-line twin of the Python function: the readable reference.
    Faithful,
}

impl Engine {
    /// All engines, in the order `--help` lists them.
    pub const ALL: [Engine; 2] = [Engine::Fast, Engine::Faithful];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast",
            Engine::Faithful => "faithful",
        }
    }

    /// `getPotentialMoves(board, tile, look_ahead)`, computed by this engine.
    pub fn potential_moves(self, board: &Board, tile: Tile, look_ahead: u32) -> Vec<f64> {
        match self {
            Engine::Fast => fast::potential_moves(board, tile, look_ahead),
            Engine::Faithful => get_potential_moves(board, tile, look_ahead),
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = String;

    fn from_str(s: &str) -> Result<Engine, String> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
                format!("unknown engine '{s}' (choose {})", names.join(" or "))
            })
    }
}

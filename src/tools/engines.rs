//! The engines by name, as the command line offers them.

use std::sync::Arc;

use clap::ValueEnum;

use crate::engine::{Auto, Engine, Faithful, Fast, Minimax};

/// Which search computes the computer's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum EngineChoice {
    /// the Python's getPotentialMoves line for line where that answers
    /// within 100 ms, else fast (the game's default)
    #[default]
    Auto,
    /// the Python's getPotentialMoves, line for line
    Faithful,
    /// bitboards: the same values, thousands of times sooner
    Fast,
    /// another AI: the Connect Four lab's minimax (alpha-beta at depth 4
    /// over window scores); --difficulty does not apply
    Minimax,
}

impl EngineChoice {
    /// The engine itself.
    pub fn engine(self) -> Arc<dyn Engine> {
        match self {
            EngineChoice::Auto => Arc::new(Auto::default()),
            EngineChoice::Faithful => Arc::new(Faithful),
            EngineChoice::Fast => Arc::new(Fast),
            EngineChoice::Minimax => Arc::new(Minimax),
        }
    }
}

//! The engines by name, as the command line offers them.

use std::sync::Arc;
use std::time::Duration;

use clap::ValueEnum;

use crate::fourinrow::engine::solver::player::{SolverEngine, DEFAULT_BUDGET};
use crate::fourinrow::engine::solver::{Book, Level};
use crate::fourinrow::engine::{Auto, Engine, Faithful, Fast, Minimax, Python};

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
    /// perfect play (or --level's), an exact solver with a time budget a
    /// move (--budget); --difficulty does not apply
    Solver,
}

/// A player's level, for `--engine solver`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum LevelChoice {
    /// always one of the best columns
    #[default]
    Perfect,
    /// softmax over exact scores at temperature 1: rarely gives a point away
    Strong,
    /// softmax at temperature 3
    Medium,
    /// softmax at temperature 8: makes mistakes, punishes blunders
    Easy,
}

impl LevelChoice {
    /// The solver's level.
    pub fn level(self) -> Level {
        match self {
            LevelChoice::Perfect => Level::Perfect,
            LevelChoice::Strong => Level::Strong,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Easy => Level::Easy,
        }
    }
}

/// What the solver engine is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// How well it plays.
    pub level: LevelChoice,
    /// The longest a move may take.
    pub budget: Duration,
    /// Whether it looks positions up in the opening book first.
    pub book: bool,
}

impl Default for SolverOptions {
    fn default() -> SolverOptions {
        SolverOptions { level: LevelChoice::Perfect, budget: DEFAULT_BUDGET, book: true }
    }
}

impl EngineChoice {
    /// The engine itself; `solver` says how the solver plays, `seed`
    /// seeds its level's random choices, and `python` is whose `sum()` the
    /// Python's values follow.
    pub fn engine(self, solver: SolverOptions, seed: u64, python: Python) -> Arc<dyn Engine> {
        match self {
            EngineChoice::Auto => Arc::new(Auto { python, ..Auto::default() }),
            EngineChoice::Faithful => Arc::new(Faithful { python }),
            EngineChoice::Fast => Arc::new(Fast { python }),
            EngineChoice::Minimax => Arc::new(Minimax),
            EngineChoice::Solver => {
                let book = if solver.book { Book::embedded().cloned() } else { None };
                Arc::new(SolverEngine::new(solver.level.level(), solver.budget, seed, book))
            }
        }
    }
}

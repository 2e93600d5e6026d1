//! The engines by name, as the command line offers them.

use std::sync::Arc;
use std::time::Duration;

use clap::builder::PossibleValue;
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

/// A player's level on the command line (`--level easy`): the solver's own
/// [`Level`]. Written by hand rather than derived, so that the solver's enum
/// needs nothing of clap, and the command line has its own words for each.
impl ValueEnum for Level {
    fn value_variants<'a>() -> &'a [Level] {
        &Level::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Level::Perfect => "always one of the best columns",
            Level::Strong => {
                "softmax over exact scores at temperature 1: rarely gives a point away"
            }
            Level::Medium => "softmax at temperature 3",
            Level::Easy => "softmax at temperature 8: makes mistakes, punishes blunders",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// The variable `--python` is also read from: parity scripts that run the
/// binary unchanged can still say which Python they compare with.
pub const PYTHON_ENV: &str = "FOURINROW_PYTHON";

/// `--python`'s help, the same for the game and `analyze`.
pub const PYTHON_HELP: &str = "The Python whose sum() the computer's values follow, 3.6 to 3.13: \
3.12 and later (the default) compensate, so some values at difficulty 3 and more differ \
in their last digit from 3.11's and earlier";

/// What the solver engine is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// How well it plays.
    pub level: Level,
    /// The longest a move may take.
    pub budget: Duration,
    /// Whether it looks positions up in the opening book first.
    pub book: bool,
    /// Whether it thinks on the player's time (in the window).
    pub ponder: bool,
}

impl Default for SolverOptions {
    fn default() -> SolverOptions {
        SolverOptions { level: Level::Perfect, budget: DEFAULT_BUDGET, book: true, ponder: true }
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
                Arc::new(
                    SolverEngine::new(solver.level, solver.budget, seed, book)
                        .pondering(solver.ponder),
                )
            }
        }
    }
}

//! Levels for players: perfect play, and weaker players that still play
//! sensibly.
//!
//! Every level looks at the exact score of each column. `Perfect` plays one
//! of the best columns. The others choose at random with a *softmax*: a
//! column whose score is `d` below the best is chosen `e^(-d / T)` times as
//! often as a best one, for a temperature `T`. A small `T` nearly always
//! plays a best move; a large one often plays a merely good one, and now
//! and then a bad one. Two rules hold at every level, so that no level
//! looks silly: a column that wins at once is always taken, and a column
//! that lets the opponent win at once is never played while another exists.
//!
//! The random generator is a parameter, so a game is the same every time
//! its generator is started from the same state.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::Position;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One of the columns with the best exact score, at random.
    Perfect,
    /// Softmax at temperature 1: rarely gives away more than a point or two.
    Strong,
    /// Softmax at temperature 3.
    Medium,
    /// Softmax at temperature 8: plays well enough to punish a blunder now
    /// and then, and blunders itself.
    Easy,
}

impl Level {
    /// Every level, strongest first.
    pub const ALL: [Level; 4] = [Level::Perfect, Level::Strong, Level::Medium, Level::Easy];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Strong => "strong",
            Level::Medium => "medium",
            Level::Easy => "easy",
        }
    }

    /// The softmax temperature (`None`: always a best column).
    pub fn temperature(self) -> Option<f64> {
        match self {
            Level::Perfect => None,
            Level::Strong => Some(1.0),
            Level::Medium => Some(3.0),
            Level::Easy => Some(8.0),
        }
    }

    /// The column (from 0) this level plays in `position`, given every
    /// column's score there (`None`: full), as [`super::Solver::analyze`]
    /// gives them. `None` only if every column is full.
    pub fn choose(
        self,
        position: &Position,
        scores: &[Option<i32>],
        rng: &mut impl Rng,
    ) -> Option<usize> {
        let playable: Vec<(usize, i32)> =
            scores.iter().enumerate().filter_map(|(c, s)| s.map(|s| (c, s))).collect();
        if let Some(&(c, _)) = playable.iter().find(|(c, _)| position.is_winning_move(*c)) {
            return Some(c);
        }
        // A column whose score is the worst possible hands the opponent a
        // win at once; avoid those while there is anything else.
        let worst = -((position.width() * position.height() - position.moves_played()) as i32) / 2;
        let safe: Vec<(usize, i32)> =
            playable.iter().copied().filter(|&(_, s)| s > worst).collect();
        let candidates = if safe.is_empty() { playable } else { safe };
        let best = candidates.iter().map(|&(_, s)| s).max()?;
        let weights: Vec<f64> = match self.temperature() {
            None => candidates.iter().map(|&(_, s)| if s == best { 1.0 } else { 0.0 }).collect(),
            Some(t) => candidates.iter().map(|&(_, s)| (-f64::from(best - s) / t).exp()).collect(),
        };
        let total: f64 = weights.iter().sum();
        let mut pick = rng.random::<f64>() * total;
        for (&(c, _), w) in candidates.iter().zip(&weights) {
            if pick < *w {
                return Some(c);
            }
            pick -= w;
        }
        // Rounding can leave `pick` a hair above the last weight.
        candidates.iter().zip(&weights).rev().find(|(_, w)| **w > 0.0).map(|(&(c, _), _)| c)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown level '{s}' (choose perfect, strong, medium or easy)"))
    }
}

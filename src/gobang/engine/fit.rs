//! Fitting the evaluation ([`FITTED`]) to who won in match games: logistic
//! regression, as chess programmers call "Texel tuning"
//! (`cargo run --release --bin gobang-fit`, docs/gobang-engine.md).
//!
//! The evaluation of a position is linear in a few counts: over the points
//! near the stones, how many lines on which a stone of the side to move
//! would make each [`Shape`], how many points where it would make each
//! [`Combination`](super::board::Combination), and the same for the other
//! side. Reading the evaluation as the logit of the side to move's chance
//! to win, the values that best predict the results of many games are the
//! ones that minimise the log-loss over their positions: a smooth, convex
//! problem, solved here by gradient descent (Adam).

use super::board::SIZE;
use super::board::{
    combination, Board, Color, Fitted, Threat, COMBINATIONS, FITTED, WORTH, WORTH_COMBINATIONS,
};
use super::shape::{self, Shape};
use crate::gobang::extras::record::{GameRecord, GameResult, RecordError};
use crate::gobang::extras::rules::Rule;

/// Counts per side: the shapes `One` to `OpenFour`, then the combinations.
pub const FEATURES: usize = SHAPE_FEATURES + COMBINATIONS;

/// The evaluation's points per unit of the logit: a position evaluated at
/// 1,000 is one the side to move wins e / (1 + e), about 73%, of the time.
pub const SCALE: f64 = 1000.0;

/// The shapes counted, in feature order: `One` to `OpenFour`, the run of
/// [`shape::SHAPES`] between the two the search never evaluates (a dead
/// line is worth nothing, a five ends the game).
const COUNTED: std::ops::RangeInclusive<usize> = Shape::One as usize..=Shape::OpenFour as usize;

/// How many shapes are counted, and so where the combinations' counts start.
const SHAPE_FEATURES: usize = Shape::OpenFour as usize - Shape::One as usize + 1;

/// What the evaluation counts for `colour` in `board`: [`FEATURES`]
/// numbers, the lines of each shape and the points of each combination.
pub fn features(board: &Board, colour: Color) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    for p in board.near_points() {
        let shapes = board.shapes(p, colour);
        for s in shapes {
            if COUNTED.contains(&(s as usize)) {
                f[s as usize - COUNTED.start()] += 1.0;
            }
        }
        if let Some(c) = combination(shapes) {
            f[SHAPE_FEATURES + c as usize] += 1.0;
        }
    }
    f
}

/// Whether the search would evaluate `board` with `me` to move: neither
/// side has a five to make, nor `me` an open four (the search scores those
/// positions as wins and losses without the evaluation).
pub fn quiet(board: &Board, me: Color) -> bool {
    board.count(Threat::Five, me) + board.count(Threat::OpenFour, me) == 0
        && board.count(Threat::Five, me.other()) == 0
}

/// One position of a game: what the evaluation counts, and how the game
/// ended for the side to move (1 won, 0 lost, 0.5 drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The side to move's counts.
    pub mine: [f64; FEATURES],
    /// The other side's.
    pub theirs: [f64; FEATURES],
    /// The result for the side to move.
    pub result: f64,
}

/// The samples of a finished game: its quiet positions from the
/// `from`th stone on. A game that did not end (a forfeit, a restart) has
/// none.
pub fn samples(record: &GameRecord, from: usize) -> Result<Vec<Sample>, RecordError> {
    let winner = match record.result {
        GameResult::Black => Some(Color::Black),
        GameResult::White => Some(Color::White),
        GameResult::Draw => None,
        GameResult::Restarted | GameResult::Unfinished => return Ok(Vec::new()),
    };
    // Replayed on the port's maps first, which refuse a taken point.
    record.positions()?;
    let mut board = Board::new(Rule::Freestyle);
    let mut me = Color::Black;
    let mut out = Vec::new();
    for (i, &(row, col)) in record.moves.iter().enumerate() {
        if i >= from && quiet(&board, me) {
            out.push(Sample {
                mine: features(&board, me),
                theirs: features(&board, me.other()),
                result: match winner {
                    Some(w) if w == me => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
            });
        }
        board.play(row as usize * SIZE + col as usize, me);
        me = me.other();
    }
    Ok(out)
}

/// Values per feature, in logit units: the side to move's and the other's.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The side to move's.
    pub mine: [f64; FEATURES],
    /// The other side's.
    pub theirs: [f64; FEATURES],
}

impl Weights {
    /// The weights of a table of values ([`FITTED`]'s by default).
    pub fn of(fitted: &Fitted) -> Weights {
        let w = |shapes: &[i32; 9], combos: &[i32; COMBINATIONS]| {
            let mut f = [0.0; FEATURES];
            let values = shapes[COUNTED].iter().chain(combos);
            for (f, v) in f.iter_mut().zip(values) {
                *f = f64::from(*v) / SCALE;
            }
            f
        };
        Weights {
            mine: w(&fitted.mine, &fitted.mine_combinations),
            theirs: w(&fitted.theirs, &fitted.theirs_combinations),
        }
    }

    /// The weights of the worth moves are ordered by ([`WORTH`]), the
    /// mover's counted `attack` fifths, as [`Eval::Worth`] evaluates, read
    /// as a logit with `points` of it to a unit.
    ///
    /// [`Eval::Worth`]: super::search::Eval::Worth
    pub fn of_worth(attack: i32, points: f64) -> Weights {
        let mut w = Weights::zero();
        let values = WORTH[COUNTED].iter().chain(&WORTH_COMBINATIONS).map(|&v| f64::from(v));
        for (i, v) in values.enumerate() {
            w.mine[i] = v * f64::from(attack) / 5.0 / points;
            w.theirs[i] = v / points;
        }
        w
    }

    /// Every weight 0: a coin toss.
    pub fn zero() -> Weights {
        Weights { mine: [0.0; FEATURES], theirs: [0.0; FEATURES] }
    }

    /// The evaluation's logit for a sample.
    pub fn logit(&self, s: &Sample) -> f64 {
        let dot = |w: &[f64; FEATURES], f: &[f64; FEATURES]| -> f64 {
            w.iter().zip(f).map(|(a, b)| a * b).sum()
        };
        dot(&self.mine, &s.mine) - dot(&self.theirs, &s.theirs)
    }

    /// As a table of values, in points ([`SCALE`] a logit unit).
    pub fn to_fitted(&self) -> Fitted {
        let table = |w: &[f64; FEATURES]| {
            let points = |w: &f64| (w * SCALE).round() as i32;
            let mut shapes = [0; shape::SHAPES.len()];
            for (v, w) in shapes[COUNTED].iter_mut().zip(w) {
                *v = points(w);
            }
            let mut combos = [0; COMBINATIONS];
            for (v, w) in combos.iter_mut().zip(&w[SHAPE_FEATURES..]) {
                *v = points(w);
            }
            (shapes, combos)
        };
        let (mine, mine_combinations) = table(&self.mine);
        let (theirs, theirs_combinations) = table(&self.theirs);
        Fitted { mine, mine_combinations, theirs, theirs_combinations }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::of(&FITTED)
    }
}

/// The mean log-loss of `weights` over `samples`: how badly they predict
/// the results (ln 2, about 0.693, for a coin toss).
pub fn loss(weights: &Weights, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z = weights.logit(s);
            // -ln σ(z) for a win, -ln(1 - σ(z)) for a loss, stably.
            let softplus = |x: f64| x.max(0.0) + (-x.abs()).exp().ln_1p();
            s.result * softplus(-z) + (1.0 - s.result) * softplus(z)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// [`Weights::of_worth`] at the scale that predicts `samples` best, and
/// that scale: the worth has none of its own.
pub fn worth_fitted(attack: i32, samples: &[Sample]) -> (Weights, f64) {
    // The loss is smooth in the scale: a log-spaced sweep is enough.
    (0..=120)
        .map(|i| 10f64.powf(1.0 + f64::from(i) / 40.0))
        .map(|points| {
            let w = Weights::of_worth(attack, points);
            (loss(&w, samples), w, points)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(|| (Weights::of_worth(attack, SCALE), SCALE), |(_, w, points)| (w, points))
}

/// The weights that minimise [`loss`] over `samples`, from `start`, by
/// `steps` steps of Adam over the whole set.
pub fn fit(samples: &[Sample], start: &Weights, steps: usize) -> Weights {
    const RATE: f64 = 0.003;
    let n = 2 * FEATURES;
    let mut w: Vec<f64> = start.mine.iter().chain(&start.theirs).copied().collect();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let count = samples.len().max(1) as f64;
    for t in 1..=steps {
        let current = unflatten(&w);
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = 1.0 / (1.0 + (-current.logit(s)).exp());
            let r = (p - s.result) / count;
            for i in 0..FEATURES {
                grad[i] += r * s.mine[i];
                grad[FEATURES + i] -= r * s.theirs[i];
            }
        }
        let t = t as i32;
        for i in 0..n {
            m[i] = 0.9 * m[i] + 0.1 * grad[i];
            v[i] = 0.999 * v[i] + 0.001 * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - 0.9f64.powi(t));
            let v_hat = v[i] / (1.0 - 0.999f64.powi(t));
            w[i] -= RATE * m_hat / (v_hat.sqrt() + 1e-8);
        }
    }
    unflatten(&w)
}

fn unflatten(w: &[f64]) -> Weights {
    let mut out = Weights::zero();
    out.mine.copy_from_slice(&w[..FEATURES]);
    out.theirs.copy_from_slice(&w[FEATURES..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gobang::engine::search::{evaluate, Eval};
    use rand::{Rng, SeedableRng};

    /// A board of `stones` random stones near the centre, and who moves.
    fn random_board(rng: &mut impl Rng, stones: usize) -> (Board, Color) {
        let mut board = Board::new(Rule::Freestyle);
        let mut colour = Color::Black;
        while board.moves().len() < stones {
            let p = rng.random_range(3..12) * 15 + rng.random_range(3..12);
            if board.at(p).is_none() {
                board.play(p, colour);
                colour = colour.other();
            }
        }
        (board, colour)
    }

    #[test]
    fn the_counts_times_the_values_are_the_engines_evaluation() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let weights = Weights::default();
        let mut seen = 0;
        for stones in 0..200 {
            let (board, me) = random_board(&mut rng, 4 + stones % 30);
            let sample = Sample {
                mine: features(&board, me),
                theirs: features(&board, me.other()),
                result: 1.0,
            };
            // Only quiet positions: the fit never sees the rest.
            if quiet(&board, me) {
                seen += 1;
                let logit = weights.logit(&sample) * SCALE;
                assert!((logit - f64::from(evaluate(&board, me, Eval::Fitted))).abs() < 1e-6);
            }
        }
        assert!(seen > 50, "only {seen} quiet boards");
    }

    #[test]
    fn the_worths_weights_are_the_worth_evaluation() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let weights = Weights::of_worth(8, 1.0);
        for stones in 0..100 {
            let (board, me) = random_board(&mut rng, 4 + stones % 30);
            if !quiet(&board, me) {
                continue;
            }
            let sample = Sample {
                mine: features(&board, me),
                theirs: features(&board, me.other()),
                result: 1.0,
            };
            let exact = weights.logit(&sample);
            // evaluate() divides by 5 in integers.
            let eval = f64::from(evaluate(&board, me, Eval::Worth { attack: 8 }));
            assert!((exact - eval).abs() < 1.0, "{exact} {eval}");
        }
    }

    #[test]
    fn the_fit_finds_the_values_that_made_the_results() {
        // Results drawn from known weights: the fit comes back close to them
        // and predicts better than where it started.
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut truth = Weights::zero();
        truth.mine[2] = 0.05;
        truth.mine[4] = 0.2;
        truth.theirs[4] = 0.15;
        let samples: Vec<Sample> = (0..4000)
            .map(|_| {
                let mut s = Sample { mine: [0.0; FEATURES], theirs: [0.0; FEATURES], result: 0.0 };
                for i in 0..FEATURES {
                    s.mine[i] = f64::from(rng.random_range(0..12u8));
                    s.theirs[i] = f64::from(rng.random_range(0..12u8));
                }
                let p = 1.0 / (1.0 + (-truth.logit(&s)).exp());
                s.result = if rng.random::<f64>() < p { 1.0 } else { 0.0 };
                s
            })
            .collect();
        let zero = Weights::zero();
        let fitted = fit(&samples, &zero, 1500);
        // It predicts the results as well as the values that made them (on
        // the samples it was fitted to, at least as well), and far better
        // than a coin toss.
        let (got, made, coin) =
            (loss(&fitted, &samples), loss(&truth, &samples), loss(&zero, &samples));
        assert!(got < made + 0.002, "{got} {made}");
        assert!(got < coin - 0.08, "{got} {coin}");
        assert!((fitted.mine[4] - 0.2).abs() < 0.03, "{fitted:?}");
        assert!((fitted.theirs[4] - 0.15).abs() < 0.03, "{fitted:?}");
        assert!(fitted.mine[0].abs() < 0.03, "{fitted:?}");
    }

    #[test]
    fn values_survive_the_round_trip_through_weights() {
        let back = Weights::default().to_fitted();
        assert_eq!(back.mine, FITTED.mine);
        assert_eq!(back.theirs, FITTED.theirs);
        assert_eq!(back.mine_combinations, FITTED.mine_combinations);
        assert_eq!(back.theirs_combinations, FITTED.theirs_combinations);
    }
}

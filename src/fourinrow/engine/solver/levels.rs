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

use rand::Rng;

use super::position::Position;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One of the columns with the best exact score: the most central of
    /// them, and of two equally central ones always the same (see
    /// [`Level::keys`]), so that it plays the same game every time.
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
    /// gives them: the one with the greatest [`Level::keys`]. `None` only
    /// if every column is full.
    pub fn choose(
        self,
        position: &Position,
        scores: &[Option<i32>],
        rng: &mut impl Rng,
    ) -> Option<usize> {
        let keys = self.keys(position, scores, rng);
        let mut best: Option<(usize, f64)> = None;
        for (c, key) in keys.iter().enumerate() {
            if let Some(k) = *key {
                if best.is_none_or(|(_, b)| k > b) {
                    best = Some((c, k));
                }
            }
        }
        best.map(|(c, _)| c)
    }

    /// Every column's key (`None`: full): the column with the greatest key
    /// is the one played.
    ///
    /// A column that wins at once has the key +infinity, and one that lets
    /// the opponent win at once has -infinity while another column exists.
    /// Every other key is the column's score plus less than half a point
    /// for `Perfect`: more for a central column, and a little more for one
    /// of two equally central ones, so that among equal scores the most
    /// central column is played (the centre takes part in the most fours,
    /// which matters most when a short budget left every column unproven,
    /// "nothing forced" as 0), and always the same one. For the
    /// other levels it is the score plus `T` times a Gumbel variable. The greatest of
    /// `score + T * G` over the columns falls on each column with
    /// probability proportional to `e^(score / T)`: the softmax, drawn with
    /// one random number a column (the "Gumbel-max trick").
    pub fn keys(
        self,
        position: &Position,
        scores: &[Option<i32>],
        rng: &mut impl Rng,
    ) -> Vec<Option<f64>> {
        // A column whose score is the worst possible hands the opponent a
        // win at once; avoid those while there is anything else.
        let worst = position.lose_next_score();
        let safe_exists = scores.iter().flatten().any(|&s| s > worst);
        scores
            .iter()
            .enumerate()
            .map(|(c, score)| {
                let s = (*score)?;
                Some(if position.is_winning_move(c) {
                    f64::INFINITY
                } else if s <= worst && safe_exists {
                    f64::NEG_INFINITY
                } else {
                    let noise = match self.temperature() {
                        None => perfect_preference(position, c),
                        Some(t) => t * gumbel(rng),
                    };
                    f64::from(s) + noise
                })
            })
            .collect()
    }
}

/// What `Perfect` adds to column `c`'s score, less than half a point, so
/// that among equal scores it plays one column, always the same: the most
/// central, and of two equally central ones (`c` and its mirror column) the
/// one whose child has the smaller book key ([`super::book::key`]). That
/// rule picks the same position whichever way round the board is seen, so
/// the games a perfect player can meet stay few enough for the opening book
/// to hold every one of them to its depth, mirror images sharing entries.
fn perfect_preference(position: &Position, c: usize) -> f64 {
    let w = position.width();
    let partner = w - 1 - c;
    let key = |col: usize| super::book::key(&position.child(col));
    let first = partner != c
        && position.can_play(partner)
        && matches!((key(c), key(partner)), (Some(a), Some(b)) if a < b);
    0.4 * centrality(c, w) + if first { 0.02 } else { 0.0 }
}

/// The columns with room in `position`, in the order `Perfect` prefers
/// them among equal scores.
pub fn perfect_order(position: &Position) -> Vec<usize> {
    let mut order: Vec<(usize, f64)> = (0..position.width())
        .filter(|&c| position.can_play(c))
        .map(|c| (c, perfect_preference(position, c)))
        .collect();
    // Stable: of two equal preferences the left column first, as `choose` does.
    order.sort_by(|a, b| b.1.total_cmp(&a.1));
    order.into_iter().map(|(c, _)| c).collect()
}

/// How central column `c` is: 1 in the middle, 0 at the edges.
fn centrality(c: usize, width: usize) -> f64 {
    let middle = (width as f64 - 1.0) / 2.0;
    if middle == 0.0 {
        1.0
    } else {
        1.0 - (c as f64 - middle).abs() / middle
    }
}

/// A standard Gumbel variable: `-ln(-ln(U))` for `U` uniform in (0, 1).
fn gumbel(rng: &mut impl Rng) -> f64 {
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    -(-u.ln()).ln()
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha12Rng;

    /// The move string seen in a mirror.
    fn mirrored(moves: &str) -> String {
        moves.chars().map(|c| char::from(b'8' - (c as u8 - b'0'))).collect()
    }

    #[test]
    fn perfect_plays_the_same_position_seen_either_way_round() {
        // Equal scores everywhere: only the preference decides. The
        // position it plays into is the same whichever way round the
        // board is seen, and the first column of its order is its choice.
        let mut rng = ChaCha12Rng::seed_from_u64(3);
        for moves in ["", "1", "12", "43", "4435", "1726", "77", "3355", "2416"] {
            let p = Position::from_moves(moves, 7, 6).unwrap();
            let q = Position::from_moves(&mirrored(moves), 7, 6).unwrap();
            let flat = vec![Some(0); 7];
            let a = Level::Perfect.choose(&p, &flat, &mut rng).unwrap();
            let b = Level::Perfect.choose(&q, &flat, &mut rng).unwrap();
            let key = |p: &Position, c| super::super::book::key(&p.child(c));
            assert_eq!(key(&p, a), key(&q, b), "{moves}: {a} and {b}");
            assert_eq!(perfect_order(&p)[0], a, "{moves}");
            // Tied columns either side of the centre, as the scores of
            // many real positions are.
            let tied = vec![Some(-3), Some(1), Some(0), Some(-2), Some(0), Some(1), Some(-3)];
            let a = Level::Perfect.choose(&p, &tied, &mut rng).unwrap();
            let b = Level::Perfect.choose(&q, &tied, &mut rng).unwrap();
            assert_eq!(key(&p, a), key(&q, b), "{moves}: {a} and {b}");
            assert!(a == 1 || a == 5, "{moves}: {a}");
        }
    }
}

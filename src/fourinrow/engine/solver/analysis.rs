//! Every column's result within a time budget, for the game: [`Analysis`],
//! [`Solver::analyze_within`], and a score read as an [`Outcome`].

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

use super::levels;
use super::position::Position;
use super::search::{Search, Signals};
use super::solve::{with_geometry, Solver};
use super::table::Table;
use crate::fourinrow::engine::bits::{Bits, Geometry};
use crate::fourinrow::port::engine::{Exact, Known};

pub use crate::fourinrow::port::engine::Outcome;

// `Outcome` is the engine contract's (`port::engine`); reading a score as
// one is the solver's.
impl Outcome {
    /// The outcome of `score` for the side to move in `position`.
    pub fn of(position: &Position, score: i32) -> Outcome {
        if score > 0 {
            Outcome::Win((position.win_now_score() - score + 1).max(1) as u32)
        } else if score < 0 {
            Outcome::Loss((score - position.lose_next_score() + 1).max(1) as u32)
        } else {
            Outcome::Draw
        }
    }
}

impl Solver {
    /// Every column's score within a time budget, for the game.
    ///
    /// What perfect play needs comes first (`Solver::keep_the_value`):
    /// the position's outcome (win, draw or loss) and a column that keeps
    /// it, then its exact score and a column that keeps that. Then every
    /// other column is solved exactly, for hints and explanations. Columns
    /// still open are then searched to a growing depth, a position at the
    /// horizon counting as a draw (unknown): a win or loss found that way
    /// is proven all the same, a 0 is "nothing forced within the horizon".
    /// The deepest depth completed for every open column is kept. `stop`
    /// ends the search within a millisecond or so.
    pub fn analyze_within(
        &mut self,
        position: &Position,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Analysis {
        let start = Instant::now();
        let at = |percent: u32| start + deadline.saturating_duration_since(start) * percent / 100;
        let w = position.width();
        let empties = (position.width * position.height - position.moves) as usize;
        let mut analysis = Analysis {
            scores: vec![None; w],
            proven: vec![false; w],
            from_book: vec![false; w],
            lower: vec![None; w],
            upper: vec![None; w],
            depth: 0,
            interrupted: false,
        };
        for col in 0..w {
            if !position.can_play(col) {
                analysis.proven[col] = true;
            } else if position.is_winning_move(col) {
                analysis.scores[col] = Some(position.win_now_score());
                analysis.proven[col] = true;
            } else if let Some(score) = self.book_score(&position.child(col)) {
                analysis.scores[col] = Some(-score);
                analysis.proven[col] = true;
                analysis.from_book[col] = true;
            } else {
                analysis.scores[col] = Some(0);
            }
        }
        if !analysis.is_proven() {
            // The outcome gets the largest share: nothing is known without
            // it, and its search fills the table the later steps use.
            let deadlines = [at(60), at(75), at(88), at(94)];
            self.keep_the_value(position, &mut analysis, deadlines, stop);
        }
        // Then every other column exactly, for hints and explanations.
        for col in 0..w {
            if analysis.proven[col] {
                continue;
            }
            match self.solve_within(&position.child(col), false, Some(at(96)), Some(stop)) {
                Some(score) => analysis.prove(col, -score),
                None => break,
            }
        }
        if analysis.is_proven() {
            analysis.depth = empties;
            return analysis;
        }
        let scratch = Table::new(16, true);
        for depth in 1..=empties {
            let generation = self.next_generation();
            let mut found = Vec::new();
            for col in 0..w {
                if analysis.proven[col] {
                    continue;
                }
                let child = position.child(col);
                let horizon = position.moves + depth as u32;
                let result = with_geometry!(child, g => self.limited(
                    g, &child, horizon, &scratch, generation, deadline, stop,
                ));
                match result {
                    Some(r) => found.push((col, r)),
                    None => break,
                }
            }
            if found.len() < analysis.proven.iter().filter(|p| !**p).count() {
                analysis.interrupted = stop.load(AtomicOrdering::Relaxed);
                break;
            }
            for (col, score) in found {
                analysis.scores[col] = Some(-score);
                // A win or a loss involves no position at the horizon; a 0
                // may, unless the horizon lies beyond the end of the game.
                // (Table entries from other columns' searches may stand for
                // subtrees that reached it, so no per-search flag can tell.)
                analysis.proven[col] = score != 0 || depth >= empties;
            }
            analysis.depth = depth;
            if analysis.is_proven() {
                analysis.depth = empties;
                break;
            }
        }
        analysis
    }

    /// What perfect play needs, cheapest first, each step with its own
    /// deadline (`deadlines`, in order), so that a budget too short for
    /// the exact score still keeps the outcome:
    ///
    /// 1. the position's outcome, win, draw or loss (a weak solve: one or
    ///    two null windows around 0);
    /// 2. for a win or a draw, the first column, in the order the perfect
    ///    level prefers them, that keeps it (one null window of a child
    ///    each): it gets the outcome as a lower bound, the columns before
    ///    it an upper bound below it;
    /// 3. the position's exact score `v`, within the outcome's range;
    /// 4. the first column, in the same order, that keeps `v`.
    ///
    /// Every unproven column's upper bound is then the best the position
    /// allows, so that [`Analysis::play_scores`] never puts an unproven
    /// estimate above a column proven to keep the value.
    fn keep_the_value(
        &mut self,
        position: &Position,
        analysis: &mut Analysis,
        deadlines: [Instant; 4],
        stop: &AtomicBool,
    ) {
        let Some(outcome) = self.solve_within(position, true, Some(deadlines[0]), Some(stop))
        else {
            return;
        };
        let best_of_outcome = match outcome {
            1 => position.win_now_score(),
            0 => 0,
            _ => -1,
        };
        for upper in &mut analysis.upper {
            *upper = Some(best_of_outcome);
        }
        if outcome >= 0 && !self.first_keeping(position, analysis, outcome, deadlines[1], stop) {
            return;
        }
        let (lower, upper) = match outcome {
            1 => (1, position.win_now_score()),
            0 => (0, 0),
            _ => (position.lose_next_score(), -1),
        };
        let Some(v) = self.solve_between(position, lower, upper, Some(deadlines[2]), Some(stop))
        else {
            return;
        };
        for upper in &mut analysis.upper {
            *upper = upper.map(|u| u.min(v));
        }
        self.first_keeping(position, analysis, v, deadlines[3], stop);
    }

    /// Tests the columns in the perfect level's order until one is known
    /// to score at least `target` (proven, a lower bound, or by a
    /// null-window search of its child until `deadline`); the columns
    /// found to score less get an upper bound below `target`. Returns
    /// whether one was found.
    ///
    /// The columns are tested in rounds, each search of a round given
    /// twice the time of the round before (from [`FIRST_SLICE`]), so that a
    /// column that is quick to prove is found even when the preferred ones
    /// before it take long to refute; a search cut short keeps what it put
    /// in the table for the next round.
    fn first_keeping(
        &mut self,
        position: &Position,
        analysis: &mut Analysis,
        target: i32,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> bool {
        let order = levels::perfect_order(position);
        let mut slice = FIRST_SLICE;
        loop {
            let mut open = false;
            for &col in &order {
                if analysis.proven[col] {
                    if analysis.scores[col] >= Some(target) {
                        return true;
                    }
                    continue;
                }
                if analysis.upper[col].is_some_and(|u| u < target) {
                    continue;
                }
                if analysis.lower[col].is_some_and(|l| l >= target) {
                    if analysis.upper[col] == Some(target) {
                        analysis.prove(col, target);
                    }
                    return true;
                }
                let child = position.child(col);
                let until = deadline.min(Instant::now() + slice);
                match self.solve_between(&child, -target, -target + 1, Some(until), Some(stop)) {
                    Some(r) if r <= -target => {
                        let lower = analysis.lower[col].map_or(target, |l| l.max(target));
                        analysis.lower[col] = Some(lower);
                        if analysis.upper[col] == Some(target) {
                            analysis.prove(col, target);
                        }
                        return true;
                    }
                    Some(r) => {
                        let below = (-r).min(target - 1);
                        analysis.upper[col] =
                            Some(analysis.upper[col].map_or(below, |u| u.min(below)));
                    }
                    None if Instant::now() >= deadline || stop.load(AtomicOrdering::Relaxed) => {
                        return false;
                    }
                    None => open = true,
                }
            }
            if !open {
                return false;
            }
            slice *= 2;
        }
    }

    /// The child's score in the game cut at `horizon` moves (a position
    /// there counts 0).
    #[allow(clippy::too_many_arguments)]
    fn limited<G: Geometry>(
        &mut self,
        g: G,
        child: &Position,
        horizon: u32,
        scratch: &Table,
        generation: u8,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<i32> {
        if child.can_win_next() {
            return Some(child.win_now_score());
        }
        let signals = Signals::new(
            Some(stop),
            Some(deadline),
            child.lose_next_score(),
            child.win_now_score(),
        );
        let mut s = Search::new(g, scratch, &signals, generation, self.tuning);
        s.horizon = horizon;
        let r = s.narrow(
            G::B::from_u128(child.current),
            G::B::from_u128(child.mask),
            child.moves,
            false,
        );
        self.nodes += s.nodes;
        r
    }
}

/// The time each column's search gets in the first round of
/// [`Solver::first_keeping`].
const FIRST_SLICE: std::time::Duration = std::time::Duration::from_millis(2);

/// Every column's result within a time budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Per column, the score if the side to move plays there (`None`: the
    /// column is full). An unproven score is 0: nothing is forced within
    /// [`Analysis::depth`] moves.
    pub scores: Vec<Option<i32>>,
    /// Per column, whether its score is exact (always true for full columns).
    pub proven: Vec<bool>,
    /// Per column, whether its score came from the opening book.
    pub from_book: Vec<bool>,
    /// Per unproven column, a lower bound on its score when one is known
    /// (a column found to keep the position's outcome: a win or a draw).
    pub lower: Vec<Option<i32>>,
    /// Per unproven column, an upper bound on its score when one is known
    /// (once the position's outcome or score is: no column scores more).
    pub upper: Vec<Option<i32>>,
    /// How many moves ahead the deepest completed search looked: the
    /// empty cells when everything is proven.
    pub depth: usize,
    /// Whether `stop` ended the search.
    pub interrupted: bool,
}

impl Analysis {
    /// Whether every column's score is exact.
    pub fn is_proven(&self) -> bool {
        self.proven.iter().all(|p| *p)
    }

    /// The scores to choose a column by: the proven ones, and for the
    /// others their estimate, within their bounds. So a perfect player
    /// whose budget proved the position's outcome or score and one column
    /// that keeps it plays that column, even where the estimates ("nothing
    /// forced", 0) of the others are higher.
    ///
    /// An unproven column that can at best tie the score another column is
    /// known to reach (its upper bound no higher) counts one less: it may
    /// tie, or it may give the value away, and the level's preference for
    /// central columns must not choose it over the one that keeps it.
    pub fn play_scores(&self) -> Vec<Option<i32>> {
        let known = |c: usize| if self.proven[c] { self.scores[c] } else { self.lower[c] };
        let best_known = (0..self.scores.len()).filter_map(known).max();
        (0..self.scores.len())
            .map(|c| {
                let s = self.scores[c]?;
                if self.proven[c] {
                    return Some(s);
                }
                let s = self.lower[c].map_or(s, |l| s.max(l));
                let s = self.upper[c].map_or(s, |u| s.min(u));
                Some(match (best_known, self.upper[c]) {
                    (Some(k), Some(u)) if u <= k && self.lower[c].is_none_or(|l| l < u) => {
                        s.min(k - 1)
                    }
                    _ => s,
                })
            })
            .collect()
    }

    /// The analysis as the engine contract's data, each score read as an
    /// outcome of `position`.
    pub fn exact(&self, position: &Position) -> Exact {
        let columns = (0..self.scores.len())
            .map(|c| {
                let score = self.scores[c]?;
                Some(Known {
                    score,
                    outcome: Outcome::of(position, score),
                    proven: self.proven[c],
                    from_book: self.from_book[c],
                    lower: self.lower[c],
                    upper: self.upper[c],
                })
            })
            .collect();
        Exact { columns, depth: self.depth }
    }

    /// Column `col` scores `score`, exactly.
    fn prove(&mut self, col: usize, score: i32) {
        self.scores[col] = Some(score);
        self.proven[col] = true;
        self.lower[col] = None;
        self.upper[col] = None;
    }
}

/// The columns whose score is the greatest.
pub fn best_columns(scores: &[Option<i32>]) -> Vec<usize> {
    let best = scores.iter().flatten().max().copied();
    scores.iter().enumerate().filter(|(_, s)| s.is_some() && **s == best).map(|(c, _)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_score_reads_as_the_players_own_moves() {
        // 7x6 after one move: winning with the very next stone scores 21.
        let p = Position::from_moves("4", 7, 6).unwrap();
        assert_eq!(p.win_now_score(), 21);
        assert_eq!(Outcome::of(&p, 21), Outcome::Win(1));
        assert_eq!(Outcome::of(&p, 19), Outcome::Win(3));
        assert_eq!(Outcome::of(&p, 0), Outcome::Draw);
        assert_eq!(Outcome::of(&p, p.lose_next_score()), Outcome::Loss(1));
        assert_eq!(Outcome::of(&p, p.lose_next_score() + 4), Outcome::Loss(5));
        assert_eq!(Outcome::Win(3).to_string(), "win in 3");
        assert_eq!(Outcome::Loss(5).to_string(), "loss in 5");
        assert_eq!(Outcome::Draw.to_string(), "draw");
    }

    #[test]
    fn unproven_estimates_are_played_within_their_bounds() {
        let analysis = Analysis {
            scores: vec![Some(0), Some(0), Some(3), Some(0), None],
            proven: vec![false, false, true, false, true],
            from_book: vec![false; 5],
            lower: vec![Some(2), None, None, None, None],
            upper: vec![None, Some(-1), Some(1), None, None],
            depth: 4,
            interrupted: false,
        };
        // A proven score ignores bounds; an estimate is clipped to them.
        assert_eq!(analysis.play_scores(), vec![Some(2), Some(-1), Some(3), Some(0), None]);
        assert!(!analysis.is_proven());
        assert_eq!(best_columns(&analysis.play_scores()), vec![2]);
        assert_eq!(best_columns(&[Some(1), None, Some(1), Some(0)]), vec![0, 2]);
        assert!(best_columns(&[None, None]).is_empty());
    }

    #[test]
    fn a_column_that_can_at_best_tie_a_known_one_comes_after_it() {
        // The centre (index 3) is proven a loss and index 4 a draw; the
        // budget ran out before index 2 was solved: the position's score
        // (0) bounds it, its estimate is 0 too, and the perfect level's
        // order prefers it to index 4 on equal scores. (774115555 in a
        // match against an exact opponent: it was a loss.)
        let analysis = Analysis {
            scores: vec![Some(-1), Some(0), Some(0), Some(-1), Some(0), Some(0), Some(0)],
            proven: vec![true, false, false, true, true, false, false],
            from_book: vec![false; 7],
            lower: vec![None; 7],
            upper: vec![None, Some(0), Some(0), None, None, Some(0), Some(0)],
            depth: 0,
            interrupted: false,
        };
        let scores = analysis.play_scores();
        assert_eq!(
            scores,
            vec![Some(-1), Some(-1), Some(-1), Some(-1), Some(0), Some(-1), Some(-1)]
        );
        assert_eq!(best_columns(&scores), vec![4]);
        // A lower bound as high as the upper one is as good as proven, and
        // an upper bound above what is known leaves the estimate alone.
        let mut bounded = analysis.clone();
        bounded.lower[2] = Some(0);
        bounded.upper[5] = Some(2);
        bounded.scores[5] = Some(1);
        let scores = bounded.play_scores();
        assert_eq!(scores[2], Some(0));
        assert_eq!(scores[5], Some(1));
        assert_eq!(best_columns(&scores), vec![5]);
        // Nothing known: the estimates stand as they are.
        let mut open = analysis;
        open.proven[4] = false;
        open.proven[0] = false;
        open.proven[3] = false;
        assert_eq!(open.play_scores()[2], Some(0));
    }

    #[test]
    fn with_time_enough_every_column_is_proven_as_analyze_scores_it() {
        let mut solver = Solver::new();
        for moves in ["", "3", "3241", "12345", "1122"] {
            let p = Position::from_moves(moves, 5, 4).unwrap();
            let never = AtomicBool::new(false);
            let deadline = Instant::now() + Duration::from_secs(600);
            let analysis = solver.analyze_within(&p, deadline, &never);
            assert!(analysis.is_proven(), "{moves}: {analysis:?}");
            assert_eq!(analysis.scores, solver.analyze(&p, false), "{moves}");
            assert_eq!(analysis.depth, 20 - moves.len(), "{moves}");
            assert!(!analysis.interrupted);
        }
    }

    #[test]
    fn a_stop_flag_leaves_every_open_column_unproven_and_says_so() {
        let p = Position::from_moves("44", 7, 6).unwrap();
        let stop = AtomicBool::new(true);
        let analysis =
            Solver::new().analyze_within(&p, Instant::now() + Duration::from_secs(60), &stop);
        assert!(analysis.interrupted);
        assert_eq!(analysis.scores, vec![Some(0); 7]);
        assert!(analysis.proven.iter().all(|p| !p));
        // The flag is looked at every 1,024 nodes: shallow depths may finish first.
        assert!(analysis.depth < 40, "{}", analysis.depth);
    }

    #[test]
    fn winning_at_once_is_proven_without_a_search() {
        // The first player (to move) has three in column 1 of a 5x4 board.
        let p = Position::from_moves("121213", 5, 4).unwrap();
        let stop = AtomicBool::new(true);
        let analysis = Solver::new().analyze_within(&p, Instant::now(), &stop);
        assert_eq!(analysis.scores[0], Some(p.win_now_score()));
        assert!(analysis.proven[0]);
    }
}

//! The numbers behind a decision, as the tutorial prints them while it
//! teaches the AI: `--explain` for every computer move, H for a hint; and
//! the words for what an engine's [`Reply`] says: which engine answered and
//! why, and what it proved of each column.

use crate::fourinrow::port::board::{Board, Tile};
use crate::fourinrow::port::engine::{By, Exact, Known, Outcome, Reply};
use crate::pyfmt::python_float_repr;

/// One readable line: `explain: ... column=N` for a computer move, `hint:
/// ...` (no column) for the human's options. The board is written as board
/// text, so it can be pasted into `fourinrow analyze`, which prints the
/// same numbers; `engine` says which engine computed them, and why.
pub fn explain_line(
    board: &Board,
    tile: Tile,
    potential_moves: &[f64],
    best_move_fitness: f64,
    best_moves: &[usize],
    column: Option<usize>,
    engine: &str,
) -> String {
    let values: Vec<String> = potential_moves.iter().map(|&v| python_float_repr(v)).collect();
    let chosen = column.map_or(String::new(), |c| format!(" column={c}"));
    format!(
        "{}: {tile} to move on {board:?}: potentialMoves=[{}] bestMoveFitness={} \
         bestMoves={best_moves:?}{chosen}; engine: {engine}",
        if column.is_some() { "explain" } else { "hint" },
        values.join(", "),
        python_float_repr(best_move_fitness),
    )
}

/// Which engine computed `reply`, and why, in a few words: the end of the
/// `--explain` line.
pub fn engine_words(reply: &Reply) -> String {
    match reply.by {
        By::Faithful => "faithful (the Python's getPotentialMoves, line for line)".into(),
        By::Fast => "fast (bitboards, the same values as the Python's)".into(),
        By::Auto { faithful, positions, estimate, budget } => {
            let (time, budget) = (estimate.as_millis(), budget.as_millis());
            if faithful {
                format!(
                    "faithful, the Python's getPotentialMoves line for line \
                     (about {positions:.0} positions, {time} ms: within {budget} ms)"
                )
            } else {
                format!(
                    "fast, bitboards with the same values (the faithful twin would look at \
                     about {positions:.0} positions, {time} ms: over {budget} ms)"
                )
            }
        }
        By::Minimax { depth, win_score } => format!(
            "minimax, the Connect Four lab's AI (alpha-beta at depth {depth}; values are its \
             scores / {win_score})"
        ),
        By::Solver { level, budget } => {
            let Some(exact) = &reply.exact else {
                return format!("solver, {level} level");
            };
            let booked = exact.columns.iter().flatten().filter(|k| k.from_book).count();
            let proven = if exact.is_proven() && booked > 0 {
                match exact.columns.iter().flatten().filter(|k| !k.from_book).count() {
                    0 => "proven (opening book)".to_string(),
                    n => format!("proven ({booked} columns from the opening book, {n} by search)"),
                }
            } else if exact.is_proven() {
                "proven".to_string()
            } else {
                format!(
                    "not all proven within {:.1} s (looked {} moves ahead)",
                    budget.as_secs_f64(),
                    exact.depth
                )
            };
            let results: Vec<String> = column_results(exact)
                .into_iter()
                .enumerate()
                .filter_map(|(c, r)| r.map(|r| format!("{c} {r}")))
                .collect();
            format!("solver, {level} level, {proven}: {}", results.join(", "))
        }
    }
}

/// Each column's result in words (`None`: a full column): "win in 7",
/// "draw", "loss in 12" (the player's own moves) when proven, and for the
/// others what their bounds, or the depth searched, say.
pub fn column_results(exact: &Exact) -> Vec<Option<String>> {
    exact.columns.iter().map(|known| known.as_ref().map(|k| result(k, exact.depth))).collect()
}

/// One column's result in words.
fn result(known: &Known, depth: usize) -> String {
    match (known.proven, known.outcome) {
        (true, outcome) | (false, outcome @ (Outcome::Win(_) | Outcome::Loss(_))) => {
            outcome.to_string()
        }
        // Unproven: what the bounds found say, else the horizon.
        (false, Outcome::Draw) => match (known.lower, known.upper) {
            (Some(l), _) if l > 0 => "a win, how soon not yet proven".to_string(),
            (_, Some(u)) if u < 0 => "a loss, how soon not yet proven".to_string(),
            (Some(0), _) => "at least a draw, a win not ruled out".to_string(),
            (_, Some(0)) => format!("no win; no loss forced within {depth} moves"),
            _ => format!("nothing forced within {depth} moves"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourinrow::tools::boardtext::parse_board;

    #[test]
    fn the_explain_line_reads_like_the_tutorial() {
        let board = parse_board("..../..../..../B...").unwrap();
        let line = explain_line(
            &board,
            Tile::Black,
            &[0.0, -1.0, 0.5, 0.0],
            0.5,
            &[2],
            Some(2),
            "faithful",
        );
        assert_eq!(
            line,
            "explain: black to move on ..../..../..../B...: potentialMoves=[0.0, -1.0, 0.5, 0.0] \
             bestMoveFitness=0.5 bestMoves=[2] column=2; engine: faithful"
        );
        let hint = explain_line(&board, Tile::Red, &[0.0; 4], 0.0, &[0, 1, 2, 3], None, "fast");
        assert!(hint.starts_with("hint: red to move on ..../..../..../B...: "), "{hint}");
        assert!(hint.ends_with("bestMoves=[0, 1, 2, 3]; engine: fast"));
    }

    /// A column known as `score`, read as `outcome`, unproven unless `proven`.
    fn known(score: i32, outcome: Outcome, proven: bool) -> Known {
        Known { score, outcome, proven, from_book: false, lower: None, upper: None }
    }

    #[test]
    fn unproven_columns_say_what_their_bounds_prove() {
        let draw = known(0, Outcome::Draw, false);
        let exact = Exact {
            columns: vec![
                Some(Known { lower: Some(1), ..draw }),
                Some(Known { upper: Some(-1), ..draw }),
                Some(Known { lower: Some(0), ..draw }),
                Some(Known { upper: Some(0), ..draw }),
                Some(draw),
                Some(known(5, Outcome::Win(17), true)),
                None,
                Some(known(-3, Outcome::Loss(4), false)),
            ],
            depth: 9,
        };
        let results = column_results(&exact);
        let text = |c: usize| results[c].as_deref();
        assert_eq!(text(0), Some("a win, how soon not yet proven"));
        assert_eq!(text(1), Some("a loss, how soon not yet proven"));
        assert_eq!(text(2), Some("at least a draw, a win not ruled out"));
        assert_eq!(text(3), Some("no win; no loss forced within 9 moves"));
        assert_eq!(text(4), Some("nothing forced within 9 moves"));
        assert_eq!(text(5), Some("win in 17"));
        assert_eq!(text(6), None);
        // A loss found within the horizon is a loss, proven or not.
        assert_eq!(text(7), Some("loss in 4"));
    }

    #[test]
    fn every_engine_is_named_with_what_decided_it() {
        use std::time::Duration;
        let words = |by, exact| engine_words(&Reply { exact, ..Reply::values(vec![], by) });
        assert_eq!(
            words(By::Faithful, None),
            "faithful (the Python's getPotentialMoves, line for line)"
        );
        assert_eq!(words(By::Fast, None), "fast (bitboards, the same values as the Python's)");
        let auto = |faithful| By::Auto {
            faithful,
            positions: 2401.0,
            estimate: Duration::from_millis(3),
            budget: Duration::from_millis(100),
        };
        assert_eq!(
            words(auto(true), None),
            "faithful, the Python's getPotentialMoves line for line (about 2401 positions, \
             3 ms: within 100 ms)"
        );
        assert!(words(auto(false), None).starts_with("fast, bitboards with the same values"));
        assert_eq!(
            words(By::Minimax { depth: 4, win_score: 100 }, None),
            "minimax, the Connect Four lab's AI (alpha-beta at depth 4; values are its scores / 100)"
        );
        let solver = By::Solver { level: "perfect", budget: Duration::from_millis(2500) };
        assert_eq!(words(solver, None), "solver, perfect level");
        let win = known(3, Outcome::Win(2), true);
        let proven = Exact { columns: vec![Some(win), None], depth: 2 };
        assert_eq!(
            words(solver, Some(proven.clone())),
            "solver, perfect level, proven: 0 win in 2"
        );
        let booked = Known { from_book: true, ..win };
        let half = Exact { columns: vec![Some(win), Some(booked)], depth: 2 };
        assert_eq!(
            words(solver, Some(half)),
            "solver, perfect level, proven (1 columns from the opening book, 1 by search): \
             0 win in 2, 1 win in 2"
        );
        let all = Exact { columns: vec![Some(booked), None], depth: 2 };
        assert!(words(solver, Some(all)).contains(", proven (opening book): 0 win in 2"));
        let open = Exact { columns: vec![Some(known(0, Outcome::Draw, false))], depth: 7 };
        assert_eq!(
            words(solver, Some(open)),
            "solver, perfect level, not all proven within 2.5 s (looked 7 moves ahead): \
             0 nothing forced within 7 moves"
        );
    }
}

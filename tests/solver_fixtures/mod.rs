//! What the solver's tests share: the repository's fixture sets
//! (`tests/fixtures/solver/`, written by `tools/make-solver-fixtures.py`),
//! 7x6 positions each scored by the reference solver.

// Each test file uses only part of it.
#![allow(dead_code)]

/// The fixture sets, each scored by the reference solver.
pub const SETS: [&str; 6] =
    ["end-easy", "middle-easy", "middle-medium", "begin-easy", "begin-medium", "begin-hard"];

/// Every `MOVES SCORE` line of a fixture set, in the file's order.
pub fn fixture(set: &str) -> Vec<(String, i32)> {
    let path = format!("{}/tests/fixtures/solver/{set}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (moves, score) = l.split_once(' ').unwrap();
            (moves.to_string(), score.parse().unwrap())
        })
        .collect()
}

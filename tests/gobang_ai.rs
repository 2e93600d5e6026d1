//! The Gobang AI's twin chooses what the Python's `AI.layerOne` chooses, and
//! prints the same score, on every position of
//! tests/fixtures/gobang/ai-positions.txt: over a thousand different boards
//! (0 to 31 stones) from random games and from games of the Python's AI
//! against a random black, answered by the Python
//! (`tools/gobang/positions.py` with seeds 21, 22 and 23, up to 16, 10 and 7
//! stones a random game; each board kept once). .ci/run makes a fresh set
//! from the Python and compares.

use fourinrow::gobang::analyze::{choose, Board};

#[test]
fn the_twin_chooses_the_pythons_point_on_every_position() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/gobang/ai-positions.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    let mut searched = 0;
    let mut boards = std::collections::HashSet::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let board: Board = fields[0].parse().unwrap();
        assert!(boards.insert(fields[0]), "line {}: a board seen before", n + 1);
        let (x, y) = fields[1].split_once(',').unwrap();
        let want = (x.parse().unwrap(), y.parse().unwrap());
        let choice = choose(&board);
        assert_eq!(choice.point, want, "line {}: {}", n + 1, fields[0]);
        let want_score = (fields[2] != "-").then(|| fields[2].parse().unwrap());
        assert_eq!(choice.score, want_score, "line {}: the score printed", n + 1);
        checked += 1;
        searched += usize::from(want_score.is_some());
    }
    assert!(checked >= 1000, "only {checked} positions");
    assert!(searched >= checked * 9 / 10, "most positions are searched ({searched})");
}

//! Grading the tutorial's AI against the solver: the shares are what the
//! definitions say on positions worked out by hand, and (ignored by
//! default) the table for the fixture sets, as `docs/solver.md` shows it:
//! `cargo test --release --test suite solver_grade:: -- --ignored --nocapture`.

use crate::solver_fixtures;

use fourinrow::fourinrow::engine::solver::{Outcome, Position, Solver};
use fourinrow::fourinrow::tools::grade::{format_grades, grade};

use solver_fixtures::{fixture, SETS};

/// The positions of a fixture set.
fn positions(set: &str) -> Vec<Position> {
    fixture(set).iter().map(|(m, _)| Position::from_moves(m, 7, 6).unwrap()).collect()
}

#[test]
fn a_win_at_once_is_always_found_and_shares_are_shares() {
    // The side to move wins at once in column 4: every difficulty sees it.
    let win = Position::from_moves("445566", 7, 6).unwrap();
    let mut solver = Solver::new();
    let grades = grade(&mut solver, &[win], 1..=3);
    for g in &grades {
        assert_eq!(g.positions, 1);
        assert_eq!(g.perfect, 1.0, "DIFFICULTY {}", g.difficulty);
        assert_eq!((g.won, g.throws_win), (1, 0.0));
    }
    let many = positions("middle-medium");
    let grades = grade(&mut solver, &many[..10], 1..=2);
    for g in &grades {
        assert_eq!(g.positions, 10);
        assert!((0.0..=1.0).contains(&g.perfect));
        assert!((0.0..=1.0).contains(&g.throws_win));
        assert!((0.0..=1.0).contains(&g.throws_draw));
        if let Some(e) = &g.example {
            // Every pick of the example gives the win away.
            assert!(matches!(e.perfect.1, Outcome::Win(_)));
            assert!(e.chosen.iter().all(|(_, o)| !matches!(o, Outcome::Win(_))));
        }
    }
    assert!(format_grades(&grades).starts_with("| DIFFICULTY |"));
}

#[test]
#[ignore = "grades every fixture set: a minute or so"]
fn grade_the_fixture_sets() {
    let mut solver = Solver::new();
    for set in SETS {
        let grades = grade(&mut solver, &positions(set), 1..=4);
        println!("### {set}\n\n{}", format_grades(&grades));
    }
}

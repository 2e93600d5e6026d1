//! Levels: games are the same from the same generator state, the two
//! sensible-play rules hold at every level, and (ignored by default, it
//! takes minutes) each level beats the one below it in a measured match:
//! `cargo test --release --test suite solver_levels:: -- --ignored --nocapture`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use fourinrow::fourinrow::engine::solver::{Level, Position, Solver};

/// How a game ended, for the player who moved first after the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    Win,
    Draw,
    Loss,
}

/// Plays `first` (to move in `opening`) against `second` to the end; the
/// moves played, and the result for `first`.
fn play(
    solver: &mut Solver,
    opening: Position,
    first: Level,
    second: Level,
    rng: &mut StdRng,
) -> (Vec<usize>, Result) {
    let mut p = opening;
    let mut moves = Vec::new();
    loop {
        let level = if moves.len() % 2 == 0 { first } else { second };
        let scores = solver.analyze(&p, false);
        let col = level.choose(&p, &scores, rng).expect("a column is free");
        moves.push(col);
        if p.is_winning_move(col) {
            let r = if moves.len() % 2 == 1 { Result::Win } else { Result::Loss };
            return (moves, r);
        }
        p.play(col);
        if p.is_full() {
            return (moves, Result::Draw);
        }
    }
}

/// A random opening of `n` moves after which nobody has won and the side
/// to move cannot win at once.
fn opening(rng: &mut StdRng, width: usize, height: usize, n: usize) -> Position {
    'again: loop {
        let mut p = Position::new(width, height).unwrap();
        for _ in 0..n {
            let options: Vec<usize> =
                (0..width).filter(|&c| p.can_play(c) && !p.is_winning_move(c)).collect();
            if options.is_empty() {
                continue 'again;
            }
            p.play(options[rng.random_range(0..options.len())]);
        }
        if !p.can_win_next() {
            return p;
        }
    }
}

#[test]
fn games_are_the_same_from_the_same_generator() {
    let game = |state: u64| {
        let mut rng = StdRng::seed_from_u64(state);
        let start = opening(&mut rng, 5, 4, 2);
        let mut solver = Solver::new();
        play(&mut solver, start, Level::Medium, Level::Easy, &mut rng)
    };
    assert_eq!(game(5), game(5));
    // Different generator states give different games (for these two).
    assert_ne!(game(5).0, game(6).0);
}

#[test]
fn every_level_wins_at_once_and_blocks() {
    let mut solver = Solver::new();
    let mut rng = StdRng::seed_from_u64(1);
    // The first player (to move) wins at once in column 4.
    let win = Position::from_moves("445566", 7, 6).unwrap();
    // The second player (to move) must block column 4.
    let block = Position::from_moves("11223", 7, 6).unwrap();
    for level in Level::ALL {
        for _ in 0..20 {
            let scores = solver.analyze(&win, false);
            assert!(win.is_winning_move(level.choose(&win, &scores, &mut rng).unwrap()));
            let scores = solver.analyze(&block, false);
            let col = level.choose(&block, &scores, &mut rng).unwrap();
            assert_eq!(col, 3, "{level} played column {}", col + 1);
        }
    }
}

#[test]
fn perfect_never_loses_a_won_position_on_small_boards() {
    let mut solver = Solver::new();
    let mut rng = StdRng::seed_from_u64(2);
    for _ in 0..10 {
        let start = opening(&mut rng, 5, 4, 4);
        let score = solver.solve(&start, false);
        let (_, r) = play(&mut solver, start, Level::Perfect, Level::Easy, &mut rng);
        if score > 0 {
            assert_eq!(r, Result::Win);
        } else if score == 0 {
            assert_ne!(r, Result::Loss);
        }
    }
}

#[test]
#[ignore = "a measured match: minutes"]
fn each_level_beats_the_one_below() {
    let openings = 50;
    let mut solver = Solver::new();
    let mut rng = StdRng::seed_from_u64(2026);
    println!("| stronger | weaker | games | stronger wins | draws | weaker wins |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for pair in Level::ALL.windows(2) {
        let (strong, weak) = (pair[0], pair[1]);
        let (mut w, mut d, mut l) = (0, 0, 0);
        for _ in 0..openings {
            let start = opening(&mut rng, 7, 6, 10);
            // The same opening with each level to move.
            for strong_first in [true, false] {
                let (a, b) = if strong_first { (strong, weak) } else { (weak, strong) };
                let (_, r) = play(&mut solver, start, a, b, &mut rng);
                match (r, strong_first) {
                    (Result::Draw, _) => d += 1,
                    (Result::Win, true) | (Result::Loss, false) => w += 1,
                    _ => l += 1,
                }
            }
        }
        println!("| {strong} | {weak} | {} | {w} | {d} | {l} |", 2 * openings);
        assert!(w > l, "{strong} should beat {weak}");
    }
}

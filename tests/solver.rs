//! The exact solver: scores equal the reference solver's on the fixture
//! sets, small and odd-sized boards equal a brute-force minimax, `analyze`
//! agrees with `solve`, the budgeted search proves what it has time for and
//! stops when told, and positions are read (and refused) as documented.

use crate::solver_fixtures;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use fourinrow::fourinrow::engine::solver::{
    fits, Outcome, Position, PositionError, Solver, Tuning,
};
use fourinrow::fourinrow::port::board::{get_new_board, is_winner, make_move, Board, Tile};
use fourinrow::fourinrow::tools::boardtext::parse_board;

use solver_fixtures::{fixture, SETS};

#[test]
fn scores_equal_the_reference_on_every_fixture_set() {
    let mut solver = Solver::new();
    for set in SETS {
        let positions = fixture(set);
        assert!(!positions.is_empty(), "{set} is empty");
        for (moves, expected) in positions {
            let p = Position::from_moves(&moves, 7, 6).unwrap();
            assert_eq!(solver.solve(&p, false), expected, "{set}: {moves}");
        }
    }
}

#[test]
fn weak_scores_are_the_signs_and_one_thread_agrees() {
    let mut weak = Solver::new();
    let mut single = Solver::with_tuning(Tuning { threads: 1, ..Tuning::default() });
    for set in ["middle-medium", "begin-medium"] {
        for (moves, expected) in fixture(set) {
            let p = Position::from_moves(&moves, 7, 6).unwrap();
            assert_eq!(weak.solve(&p, true), expected.signum(), "{set}: {moves}");
            assert_eq!(single.solve(&p, false), expected, "{set}: {moves}");
        }
    }
}

#[test]
fn analyze_is_minus_the_childrens_scores() {
    let mut solver = Solver::new();
    let mut fresh = Solver::new();
    for (moves, expected) in fixture("middle-medium").into_iter().take(20) {
        let p = Position::from_moves(&moves, 7, 6).unwrap();
        let scores = solver.analyze(&p, false);
        assert_eq!(scores.len(), 7);
        for (col, score) in scores.iter().enumerate() {
            if !p.can_play(col) {
                assert_eq!(*score, None);
            } else if p.is_winning_move(col) {
                assert_eq!(*score, Some(p.win_now_score()));
            } else {
                assert_eq!(*score, Some(-fresh.solve(&p.child(col), false)), "{moves} col {col}");
            }
        }
        // The position's score is its best column's.
        assert_eq!(scores.iter().flatten().max(), Some(&expected), "{moves}");
    }
}

/// A plain negamax over the tutorial's board, memoised: the obviously
/// correct reference. The score of the side to move (`tile`) after `n`
/// moves: `(cells + 1 - n) / 2` for a win with its next stone, one less per
/// pair of moves later, the opposite for a loss, 0 for a draw.
fn reference(board: &Board, tile: Tile, n: usize, memo: &mut HashMap<String, i32>) -> i32 {
    let key = format!("{board:?}{}", tile.name());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = None;
    for col in 0..board.width() {
        if board[col][0].is_some() {
            continue;
        }
        let score = column_score(board, tile, n, col, memo);
        best = Some(best.map_or(score, |b: i32| b.max(score)));
    }
    let v = best.unwrap_or(0);
    memo.insert(key, v);
    v
}

/// The reference score of `tile`, to move after `n` moves, playing column
/// `col` (which has room): a win with that stone, a draw if it fills the
/// board, else minus the opponent's score after it.
fn column_score(
    board: &Board,
    tile: Tile,
    n: usize,
    col: usize,
    memo: &mut HashMap<String, i32>,
) -> i32 {
    let cells = board.width() * board.height();
    let mut child = board.clone();
    make_move(&mut child, tile, col);
    if is_winner(&child, tile) {
        ((cells + 1 - n) / 2) as i32
    } else if n + 1 == cells {
        0
    } else {
        -reference(&child, tile.enemy(), n + 1, memo)
    }
}

/// A random game of `n` moves on the tutorial's board, none completing
/// four; `None` if it got stuck. Red moves first.
fn random_board(rng: &mut StdRng, width: usize, height: usize, n: usize) -> Option<Board> {
    let mut board = get_new_board(width, height);
    let mut tile = Tile::Red;
    for _ in 0..n {
        let options: Vec<usize> = (0..width)
            .filter(|&c| board[c][0].is_none())
            .filter(|&c| {
                let mut b = board.clone();
                make_move(&mut b, tile, c);
                !is_winner(&b, tile)
            })
            .collect();
        if options.is_empty() {
            return None;
        }
        make_move(&mut board, tile, options[rng.random_range(0..options.len())]);
        tile = tile.enemy();
    }
    Some(board)
}

#[test]
fn every_size_that_fits_equals_brute_force() {
    // (width, height, how many empty cells to leave, positions): from whole
    // small games to the last moves of boards in u64 (8x7 fills all 64 bits)
    // and in u128 (25x4 fills 125 of 128 bits, 4x31 all 128).
    let cases = [
        (4, 4, 16, 1),
        (4, 4, 10, 20),
        (5, 4, 14, 10),
        (4, 5, 14, 10),
        (5, 5, 12, 10),
        (6, 4, 12, 10),
        (4, 6, 12, 10),
        (6, 5, 11, 8),
        (7, 6, 10, 8),
        (8, 7, 9, 6),
        (9, 6, 9, 6),
        (10, 6, 9, 6),
        (12, 9, 8, 4),
        (25, 4, 7, 4),
        (4, 31, 10, 4),
    ];
    let mut rng = StdRng::seed_from_u64(11);
    for (w, h, empties, count) in cases {
        assert!(fits(w, h), "{w}x{h}");
        let mut solver = Solver::new();
        let mut done = 0;
        while done < count {
            let n = w * h - empties;
            let Some(board) = random_board(&mut rng, w, h, n) else {
                continue;
            };
            let tile = if n % 2 == 0 { Tile::Red } else { Tile::Black };
            let p = Position::from_board(&board, tile).unwrap();
            let mut memo = HashMap::new();
            let expected = reference(&board, tile, n, &mut memo);
            assert_eq!(solver.solve(&p, false), expected, "{w}x{h} {board:?}");
            let scores = solver.analyze(&p, false);
            for (col, score) in scores.iter().enumerate() {
                if board[col][0].is_some() {
                    assert_eq!(*score, None);
                    continue;
                }
                let want = column_score(&board, tile, n, col, &mut memo);
                assert_eq!(*score, Some(want), "{w}x{h} {board:?} column {col}");
            }
            done += 1;
        }
    }
}

#[test]
fn sizes_beyond_128_bits_are_refused() {
    assert!(!fits(26, 4));
    assert!(!fits(13, 9));
    assert!(!fits(3, 6));
    assert_eq!(Position::new(13, 9), Err(PositionError::Size { width: 13, height: 9 }));
    let board = get_new_board(26, 4);
    assert!(matches!(Position::from_board(&board, Tile::Black), Err(PositionError::Size { .. })));
}

#[test]
fn boards_and_move_strings_give_the_same_position() {
    let p = Position::from_moves("4453", 7, 6).unwrap();
    let board = parse_board("......./......./......./......./...B.../..BRR..").unwrap();
    assert_eq!(Position::from_board(&board, Tile::Red).unwrap(), p);
    assert_eq!(format!("{:?}", p.to_board(Tile::Red)), format!("{board:?}"));
    assert_eq!(p.moves_played(), 4);
    assert!(p.first_player_to_move());
}

#[test]
fn bad_positions_are_named() {
    let err = |s: &str| Position::from_moves(s, 7, 6).unwrap_err().to_string();
    assert_eq!(err("1111111"), "invalid move 7 ('1'): the column is full");
    assert_eq!(err("12x"), "invalid move 3 ('x'): not a column");
    assert_eq!(err("18"), "invalid move 2 ('8'): not a column");
    assert_eq!(err("1212121"), "invalid move 7 ('1'): it completes four, so the game is over");
    // Board texts refuse floating tokens, so the board is built by hand.
    let mut floating = get_new_board(4, 4);
    floating[1][2] = Some(Tile::Red);
    assert_eq!(
        Position::from_board(&floating, Tile::Black),
        Err(PositionError::Floating { column: 2 })
    );
    let counts = parse_board("..../..../R.../RR..").unwrap();
    assert_eq!(
        Position::from_board(&counts, Tile::Black),
        Err(PositionError::Counts { to_move: 0, opponent: 3 })
    );
    let four = parse_board("..../..../BBB./RRRR").unwrap();
    assert_eq!(Position::from_board(&four, Tile::Black), Err(PositionError::Finished));
}

#[test]
fn outcomes_count_the_players_own_moves() {
    // 7x6 after 0 moves: winning with the 4th own stone scores 22 - 4 = 18.
    let empty = Position::new(7, 6).unwrap();
    assert_eq!(Outcome::of(&empty, 18).to_string(), "win in 4");
    assert_eq!(Outcome::of(&empty, 22 - 21).to_string(), "win in 21");
    assert_eq!(Outcome::of(&empty, 0).to_string(), "draw");
    // Losing to the opponent's 4th stone: it wins with score 18 after one
    // move of ours, so ours is -18.
    assert_eq!(Outcome::of(&empty, -18).to_string(), "loss in 4");
    let p = Position::from_moves("4455", 7, 6).unwrap();
    assert_eq!(Outcome::of(&p, p.win_now_score()), Outcome::Win(1));
}

#[test]
fn the_budgeted_search_proves_what_it_has_time_for() {
    let mut solver = Solver::new();
    let stop = AtomicBool::new(false);
    for (moves, _) in fixture("middle-medium").into_iter().take(10) {
        let p = Position::from_moves(&moves, 7, 6).unwrap();
        let far = Instant::now() + Duration::from_secs(3600);
        let a = solver.analyze_within(&p, far, &stop);
        assert!(a.is_proven(), "{moves}");
        assert!(!a.interrupted);
        assert_eq!(a.depth, 42 - p.moves_played());
        assert_eq!(a.scores, Solver::new().analyze(&p, false), "{moves}");
    }
}

#[test]
fn the_budgeted_search_stops_when_told() {
    // The empty board takes minutes; another thread sets the flag.
    let mut solver = Solver::new();
    let stop = AtomicBool::new(false);
    let p = Position::new(7, 6).unwrap();
    let far = Instant::now() + Duration::from_secs(3600);
    let a = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        solver.analyze_within(&p, far, &stop)
    });
    assert!(a.interrupted);
    assert!(!a.is_proven());
    assert_eq!(a.scores.len(), 7);
    assert!(a.scores.iter().all(Option::is_some));
}

#[test]
fn the_budgeted_search_keeps_its_deepest_completed_depth() {
    // A short budget on an early position: not proven, but some depths
    // completed, and nothing it calls proven contradicts the exact scores.
    let mut solver = Solver::new();
    let stop = AtomicBool::new(false);
    let p = Position::from_moves("4444", 7, 6).unwrap();
    let a = solver.analyze_within(&p, Instant::now() + Duration::from_millis(400), &stop);
    assert!(a.depth >= 4, "depth {}", a.depth);
    let (moves, _) = fixture("begin-medium").into_iter().next().unwrap();
    let q = Position::from_moves(&moves, 7, 6).unwrap();
    let b = solver.analyze_within(&q, Instant::now() + Duration::from_millis(50), &stop);
    let exact = Solver::new().analyze(&q, false);
    for (col, (score, exact)) in b.scores.iter().zip(&exact).enumerate() {
        if b.proven[col] {
            assert_eq!(score, exact, "{moves} column {col}");
        } else {
            // An unproven score is "nothing forced within the horizon".
            assert_eq!(*score, Some(0), "{moves} column {col}");
        }
    }
}

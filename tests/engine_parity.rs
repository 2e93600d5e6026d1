//! Property tests: the fast engine returns the faithful engine's doubles,
//! bit for bit, for each Python's `sum()` (3.11's plain additions and
//! 3.12's compensated ones), on random boards of every size the game allows (4 to 12
//! columns, 4 to 9 rows), at difficulties 0 to 4 on small boards and 0 to 3
//! on large ones, including boards that already hold four in a row for
//! either colour, full and nearly full boards, and look-ahead 0.
//!
//! The boards come from a seeded generator, so a failure names its seed and
//! board and can be run again. Two variables widen the search:
//! `FOURINROW_PARITY_SEED=N` picks another seed, and
//! `FOURINROW_PARITY_SCALE=K` makes K times as many boards (a soak run).
//!
//! Difficulty 3 on every size is the costliest case (the faithful engine
//! looks 6 plies ahead on up to 12 columns): `cargo test` checks it on the
//! four corner sizes, 7x6 and a sample of the others drawn from the seed;
//! `FOURINROW_FULL_TESTS=1`, or `FOURINROW_CI=1` as CI sets it, checks
//! every size.

use crate::sample;

use fourinrow::fourinrow::engine::{
    best_moves as get_best_moves, fast, Engine, Faithful, Fast, Python,
};
use fourinrow::fourinrow::port::board::{
    get_new_board, is_valid_move, is_winner, make_move, Board, Tile,
};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Every board size the game allows.
fn all_sizes() -> Vec<(usize, usize)> {
    let mut sizes = Vec::new();
    for width in 4..=12 {
        for height in 4..=9 {
            sizes.push((width, height));
        }
    }
    sizes
}

/// The sizes small enough to search 4 moves ahead with the faithful engine
/// in a test's time.
fn small_sizes() -> Vec<(usize, usize)> {
    all_sizes().into_iter().filter(|&(w, h)| w * h <= 30).collect()
}

/// The seed for one test: the base seed (or `FOURINROW_PARITY_SEED`) mixed
/// with the test's own number.
fn seed(test: u64) -> u64 {
    let base: u64 = std::env::var("FOURINROW_PARITY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_240_505);
    base.wrapping_mul(1_000_003).wrapping_add(test)
}

/// How many times as many boards to make (`FOURINROW_PARITY_SCALE`, default 1).
fn scale() -> usize {
    std::env::var("FOURINROW_PARITY_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// A random tile.
fn random_tile(rng: &mut StdRng) -> Tile {
    if rng.random_bool(0.5) {
        Tile::Red
    } else {
        Tile::Black
    }
}

/// A random non-full column, or `None` when the board is full.
fn random_column(rng: &mut StdRng, board: &Board) -> Option<usize> {
    let open: Vec<usize> = (0..board.width()).filter(|&x| is_valid_move(board, x)).collect();
    if open.is_empty() {
        None
    } else {
        Some(open[rng.random_range(0..open.len())])
    }
}

/// `tokens` tokens dropped into random columns. With `alternate` the
/// colours take turns from a random first one, as in a game (which goes on
/// past a four); otherwise each colour is random.
fn random_fill(rng: &mut StdRng, w: usize, h: usize, tokens: usize, alternate: bool) -> Board {
    let mut board = get_new_board(w, h);
    let mut tile = random_tile(rng);
    for _ in 0..tokens {
        let Some(column) = random_column(rng, &board) else {
            break;
        };
        make_move(&mut board, tile, column);
        tile = if alternate { tile.enemy() } else { random_tile(rng) };
    }
    board
}

/// A board with `empty` cells left (fewer if the board is smaller), holes
/// at the tops of random columns.
fn nearly_full(rng: &mut StdRng, w: usize, h: usize, empty: usize) -> Board {
    let alternate = rng.random_bool(0.5);
    let mut board = random_fill(rng, w, h, w * h, alternate);
    for _ in 0..empty.min(w * h) {
        // Take the top token off a random non-empty column.
        let filled: Vec<usize> = (0..w).filter(|&x| board[x][h - 1].is_some()).collect();
        let x = filled[rng.random_range(0..filled.len())];
        let top = (0..h).find(|&y| board[x][y].is_some()).unwrap();
        board[x][top] = None;
    }
    board
}

/// A random board on which `tile` already has four in a row, and the
/// enemy perhaps too.
fn with_four(rng: &mut StdRng, w: usize, h: usize, tile: Tile) -> Board {
    loop {
        let tokens = rng.random_range(4..=w * h);
        let mut board = random_fill(rng, w, h, tokens, false);
        if !is_winner(&board, tile) {
            // Lay a four across the lowest row that has room, or down a column.
            let x = rng.random_range(0..w);
            let free = (0..h).filter(|&y| board[x][y].is_none()).count();
            if free >= 4 {
                for _ in 0..4 {
                    make_move(&mut board, tile, x);
                }
            } else {
                continue;
            }
        }
        assert!(is_winner(&board, tile));
        return board;
    }
}

/// Both arithmetics of `sum()`: Python 3.8 to 3.11, and 3.12 and later.
const PYTHONS: [Python; 2] = [Python::Before3_12, Python::From3_12];

/// The doubles' bits, to compare them exactly.
fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Asserts both engines give the same doubles (bit for bit) and best
/// moves, for each Python's `sum()`.
fn check(board: &Board, tile: Tile, difficulty: u32, seed: u64) {
    for python in PYTHONS {
        let fast = Fast { python }.potential_moves(board, tile, difficulty);
        let faithful = Faithful { python }.potential_moves(board, tile, difficulty);
        assert_eq!(
            bits(&fast),
            bits(&faithful),
            "seed {seed}: {board:?} for {tile} at difficulty {difficulty}, {python}:\n fast     {fast:?}\n faithful {faithful:?}"
        );
        assert_eq!(get_best_moves(board, &fast), get_best_moves(board, &faithful));
    }
}

/// A random board of a random kind: empty-ish to full, game-like or not.
fn random_board(rng: &mut StdRng, w: usize, h: usize) -> Board {
    let kind = rng.random_range(0..4);
    let few = rng.random_range(0..=w * h / 3);
    let any = rng.random_range(0..=w * h);
    let holes = rng.random_range(0..=2 * w);
    match kind {
        0 => random_fill(rng, w, h, few, true),
        1 => random_fill(rng, w, h, any, true),
        2 => random_fill(rng, w, h, any, false),
        _ => nearly_full(rng, w, h, holes),
    }
}

#[test]
fn every_size_at_difficulties_0_to_2() {
    let seed = seed(1);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in all_sizes() {
            for difficulty in 0..=2 {
                for _ in 0..6 {
                    let board = random_board(&mut rng, w, h);
                    check(&board, random_tile(&mut rng), difficulty, seed);
                }
            }
        }
    }
}

/// Every size when [`sample::full`], else the four corner sizes, the original
/// 7x6 and `others` more drawn by `rng`: each size is still checked under
/// some seed (`FOURINROW_PARITY_SEED`).
fn sizes_sampled(rng: &mut StdRng, others: usize) -> Vec<(usize, usize)> {
    let all = all_sizes();
    if sample::full() {
        return all;
    }
    let mut sizes = vec![(4, 4), (12, 4), (4, 9), (12, 9), (7, 6)];
    let rest: Vec<(usize, usize)> = all.into_iter().filter(|s| !sizes.contains(s)).collect();
    sizes.extend(rest.choose_multiple(rng, others).copied());
    sizes
}

#[test]
fn sampling_keeps_the_corners_and_reaches_every_size() {
    let sizes = |seed| sizes_sampled(&mut StdRng::seed_from_u64(seed), 10);
    let one = sizes(1);
    assert_eq!(one.len(), if sample::full() { all_sizes().len() } else { 15 });
    for corner in [(4, 4), (12, 4), (4, 9), (12, 9), (7, 6)] {
        assert!(one.contains(&corner), "{corner:?}");
    }
    let mut seen: Vec<(usize, usize)> = (0..40).flat_map(sizes).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, all_sizes(), "some size is never sampled");
}

#[test]
fn every_size_at_difficulty_3() {
    let seed = seed(2);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in sizes_sampled(&mut rng, 10) {
            // One early position (the costliest for the faithful engine) and
            // one of any kind.
            let tokens = rng.random_range(0..=w);
            let early = random_fill(&mut rng, w, h, tokens, true);
            check(&early, random_tile(&mut rng), 3, seed);
            let any = random_board(&mut rng, w, h);
            check(&any, random_tile(&mut rng), 3, seed);
        }
    }
}

#[test]
fn small_sizes_at_difficulty_4() {
    // Difficulty 4 is where the fast engine starts its table and threads.
    let seed = seed(3);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in small_sizes() {
            for _ in 0..3 {
                let board = random_board(&mut rng, w, h);
                check(&board, random_tile(&mut rng), 4, seed);
            }
        }
    }
}

#[test]
fn deeper_on_the_smallest_boards() {
    // Difficulties 5 and 6 on 4x4 to 5x5, past the game's defaults, to
    // exercise deep tables and threads.
    let seed = seed(4);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in [(4, 4), (4, 5), (5, 4), (5, 5)] {
            for difficulty in 5..=6 {
                let tokens = rng.random_range(w..=w * h);
                let board = random_fill(&mut rng, w, h, tokens, true);
                check(&board, random_tile(&mut rng), difficulty, seed);
            }
        }
        check(&get_new_board(4, 4), Tile::Black, 5, seed);
    }
}

#[test]
fn boards_that_already_hold_four_in_a_row() {
    // A four of `tile` makes its first valid move "win"; an enemy four makes
    // every counter move "win". Both colours, and both at once.
    let seed = seed(5);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in all_sizes() {
            for owner in [Tile::Red, Tile::Black] {
                let board = with_four(&mut rng, w, h, owner);
                let max = if w * h <= 30 { 4 } else { 3 };
                for difficulty in 0..=max {
                    for tile in [Tile::Red, Tile::Black] {
                        check(&board, tile, difficulty, seed);
                    }
                }
            }
        }
    }
}

#[test]
fn full_and_nearly_full_boards() {
    let seed = seed(6);
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..scale() {
        for (w, h) in all_sizes() {
            for empty in 0..=4 {
                let board = nearly_full(&mut rng, w, h, empty);
                for difficulty in 0..=4 {
                    check(&board, random_tile(&mut rng), difficulty, seed);
                }
            }
        }
    }
}

#[test]
fn look_ahead_zero_and_empty_boards() {
    for (w, h) in all_sizes() {
        let empty = get_new_board(w, h);
        for tile in [Tile::Red, Tile::Black] {
            assert_eq!(Fast::default().potential_moves(&empty, tile, 0), vec![0.0; w]);
            check(&empty, tile, 0, 0);
            check(&empty, tile, 1, 0);
            check(&empty, tile, 2, 0);
        }
    }
}

#[test]
fn the_game_sizes_are_all_computed_by_the_fast_engine_itself() {
    for (w, h) in all_sizes() {
        assert!(fast::handles(&get_new_board(w, h)), "{w}x{h}");
    }
}

#[test]
fn boards_the_bitboards_cannot_hold_get_the_faithful_answer() {
    // `analyze` takes up to 64x64; past 128 bits the fast engine hands over.
    let seed = seed(7);
    let mut rng = StdRng::seed_from_u64(seed);
    for (w, h) in [(13, 9), (26, 4), (4, 31), (4, 32), (30, 30), (64, 4)] {
        let board = random_fill(&mut rng, w, h, w, true);
        assert_eq!(fast::handles(&board), w * (h + 1) <= 128 && w <= 25);
        check(&board, random_tile(&mut rng), 1, seed);
    }
    // Sizes only `analyze` allows, but that still fit the bitboards.
    for (w, h) in [(25, 4), (4, 31), (16, 7), (13, 8)] {
        let board = random_fill(&mut rng, w, h, 2 * w, true);
        assert!(fast::handles(&board));
        check(&board, random_tile(&mut rng), 2, seed);
    }
}

/// The two arithmetics differ at difficulty 3 (so the checks above, run for
/// each, compare two different computations), and never at 2 or below:
/// there `sum()` only ever adds the whole numbers of the last ply.
#[test]
fn the_pythons_differ_from_difficulty_3_only() {
    let mut rng = StdRng::seed_from_u64(seed(13));
    let (mut differ, mut boards) = (0, 0);
    while boards < 150 {
        let tokens = rng.random_range(2..=14);
        let board = random_fill(&mut rng, 7, 6, tokens, true);
        if is_winner(&board, Tile::Red) || is_winner(&board, Tile::Black) {
            continue;
        }
        boards += 1;
        let old = Fast { python: Python::Before3_12 };
        let new = Fast { python: Python::From3_12 };
        for difficulty in 0..=2 {
            let values = old.potential_moves(&board, Tile::Black, difficulty);
            assert_eq!(bits(&values), bits(&new.potential_moves(&board, Tile::Black, difficulty)));
        }
        let old = old.potential_moves(&board, Tile::Black, 3);
        let new = new.potential_moves(&board, Tile::Black, 3);
        if bits(&old) != bits(&new) {
            differ += 1;
            // Only in the last digits.
            for (o, n) in old.iter().zip(&new) {
                assert!((o - n).abs() <= 4.0 * f64::EPSILON, "{board:?}: {old:?} {new:?}");
            }
        }
    }
    assert!(differ >= 10, "only {differ} of {boards} boards differ at difficulty 3");
}

/// The tools' `best_moves` (what `analyze` prints as `best_moves`) must be
/// the rule of `get_computer_move`'s own two loops: on random boards, the
/// twin prints its `bestMoves` (through the replay), and the two agree.
#[test]
fn the_tools_best_moves_are_the_twins_loops() {
    use fourinrow::fourinrow::port::ai::get_computer_move;
    use fourinrow::fourinrow::port::globals::Game;
    use fourinrow::fourinrow::port::hooks::NoHooks;
    use fourinrow::fourinrow::port::images::Images;
    use fourinrow::fourinrow::port::settings::Settings;
    use fourinrow::io::pixels::RgbaImage;
    use fourinrow::io::replay::{parse_script, Checksums, Replay};
    use std::sync::Arc;

    let blank = |w, h| RgbaImage::from_rgba(w, h, vec![0; w * h * 4]).unwrap();
    let images = Images {
        red_token: blank(50, 50),
        black_token: blank(50, 50),
        board: blank(50, 50),
        human_winner: blank(281, 163),
        computer_winner: blank(379, 173),
        tie_winner: blank(207, 119),
        arrow: blank(250, 100),
    };
    let mut rng = StdRng::seed_from_u64(seed(12));
    let mut compared = 0;
    for _ in 0..200 {
        let (w, h) = (rng.random_range(4..=9), rng.random_range(4..=7));
        let board = random_board(&mut rng, w, h);
        if (0..w).all(|x| !is_valid_move(&board, x)) {
            continue;
        }
        let difficulty = rng.random_range(0..=2);
        let settings =
            Settings { board_width: w, board_height: h, difficulty, ..Settings::default() };
        let mut io = Replay::new(&parse_script(r#"{"frames": 1}"#).unwrap(), Checksums::default());
        let mut hooks = NoHooks;
        let mut g =
            Game::new(settings, images.clone(), &mut io, Arc::new(Faithful::default()), &mut hooks);
        let column = get_computer_move(&mut g, &board).unwrap();
        let values = Faithful::default().potential_moves(&board, Tile::Black, difficulty);
        let (_, best) = get_best_moves(&board, &values);
        assert_eq!(io.printed, vec!["-1".to_string(), format!("{best:?}")], "{board:?}");
        assert_eq!(column, best[0], "choice 0 takes the first best: {board:?}");
        compared += 1;
    }
    assert!(compared > 150, "{compared}");
}

//! Renju's forbidden moves against an independent referee: the MIT-licensed
//! `renju` package from PyPI (`pip install renju`), through
//! `tests/renju/renju_fouls.py`. Every empty point of 400 seeded
//! boards, dense with black stones so that every kind of foul turns up,
//! must be judged alike: allowed, a win (exactly five), a double three, a
//! double four or an overline (a third of the boards, a different third
//! each day, unless `FOURINROW_FULL_TESTS` or `FOURINROW_CI` is set).
//!
//! `FOURINROW_RENJU_PYTHON` names a python that has `renju` (default
//! `python3`); without one the check says loudly that it skipped, except
//! under CI (`FOURINROW_CI`), where it fails.

use crate::sample;

use std::path::Path;
use std::process::Command;

use fourinrow::gobang::extras::renju::{foul, Foul};
use fourinrow::gobang::extras::rules::run_length;
use fourinrow::gobang::port::robot::{Maps, Stone, EMPTY_MAPS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const N: i32 = 15;

/// A board crowded in one region: `black` black stones and `white` white
/// ones dropped at random within the square of side `side` at `corner`
/// (sometimes along one line, which makes fours and overlines).
fn board(rng: &mut StdRng) -> Maps {
    let mut maps = EMPTY_MAPS;
    let side = rng.random_range(5..=11);
    let corner = (rng.random_range(0..=N - side), rng.random_range(0..=N - side));
    let black = rng.random_range(6..=28);
    let white = rng.random_range(0..=black / 2);
    let put = |maps: &mut Maps, stone, (x, y): (i32, i32)| {
        if maps[x as usize][y as usize].is_none() {
            maps[x as usize][y as usize] = Some(stone);
        }
    };
    for k in 0..black + white {
        let stone = if k < black { Stone::Black } else { Stone::White };
        let point = (corner.0 + rng.random_range(0..side), corner.1 + rng.random_range(0..side));
        put(&mut maps, stone, point);
    }
    // A line of black stones with gaps, in a random direction.
    if rng.random_bool(0.5) {
        let (dx, dy) = [(1, 0), (0, 1), (1, 1), (1, -1)][rng.random_range(0..4)];
        let (mut x, mut y) = (rng.random_range(0..N), rng.random_range(0..N));
        for _ in 0..rng.random_range(3..9) {
            if (0..N).contains(&x) && (0..N).contains(&y) && rng.random_bool(0.75) {
                put(&mut maps, Stone::Black, (x, y));
            }
            x += dx;
            y += dy;
        }
    }
    maps
}

/// The board as the referee reads it: column by column.
fn text(maps: &Maps) -> String {
    maps.iter()
        .flatten()
        .map(|cell| match cell {
            None => '.',
            Some(Stone::Black) => 'X',
            Some(Stone::White) => 'O',
        })
        .collect()
}

/// The port's judgement of every point, in the referee's alphabet.
fn judged(maps: &Maps) -> String {
    let mut out = String::new();
    for x in 0..N {
        for y in 0..N {
            if maps[x as usize][y as usize].is_some() {
                out.push('-');
                continue;
            }
            let mut placed = *maps;
            placed[x as usize][y as usize] = Some(Stone::Black);
            let five = [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&d| run_length(&placed, (x, y), d) == 5);
            out.push(match (five, foul(maps, (x, y))) {
                (true, None) => '5',
                (true, Some(f)) => panic!("a five judged {f} at {x},{y}: {}", text(maps)),
                (false, None) => '0',
                (false, Some(Foul::DoubleThree)) => '1',
                (false, Some(Foul::DoubleFour)) => '2',
                (false, Some(Foul::Overline)) => '3',
            });
        }
    }
    out
}

/// The referee's judgement of each board, or `None` if it is not installed.
fn referee(boards: &[Maps]) -> Option<Vec<String>> {
    let python = std::env::var("FOURINROW_RENJU_PYTHON").unwrap_or("python3".into());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/renju/renju_fouls.py");
    let installed = Command::new(&python).arg(&script).arg("--check").status();
    if !installed.is_ok_and(|s| s.success()) {
        assert!(
            std::env::var_os("FOURINROW_CI").is_none(),
            "the renju referee is not installed for {python}: pip install renju"
        );
        eprintln!(
            "*** SKIPPED: the renju referee is not installed for {python} (pip install renju)"
        );
        return None;
    }
    let input = Path::new(env!("CARGO_TARGET_TMPDIR")).join("renju-boards.txt");
    let lines: String = boards.iter().map(|b| text(b) + "\n").collect();
    std::fs::write(&input, lines).unwrap();
    let out = Command::new(&python)
        .arg(&script)
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect())
}

/// The boards to judge, and what share of them that is (1 in `share`):
/// all of them in CI ([`sample::full`]), else every third board, a
/// different third each day (the referee, in Python, takes most of the
/// test's time), so that all are judged within three days.
fn boards_sampled(all: Vec<Maps>) -> (Vec<Maps>, usize) {
    match sample::todays_third("gobang_renju", "boards") {
        None => (all, 1),
        Some(part) => (all.into_iter().skip(part).step_by(3).collect(), 3),
    }
}

#[test]
fn every_point_of_every_board_is_judged_as_the_referee_judges_it() {
    let mut rng = StdRng::seed_from_u64(20_261_202);
    let all: Vec<Maps> = (0..400).map(|_| board(&mut rng)).collect();
    let (boards, share) = boards_sampled(all);
    let Some(theirs) = referee(&boards) else {
        return;
    };
    assert_eq!(theirs.len(), boards.len());
    let mut kinds = std::collections::BTreeMap::new();
    for (maps, theirs) in boards.iter().zip(&theirs) {
        let ours = judged(maps);
        for (i, (a, b)) in ours.chars().zip(theirs.chars()).enumerate() {
            assert_eq!(
                a,
                b,
                "point {},{} of {}: the port says {a}, the referee {b}",
                i / 15,
                i % 15,
                text(maps)
            );
            *kinds.entry(a).or_insert(0) += 1;
        }
    }
    println!("points judged alike, by kind: {kinds:?}");
    // The boards must have exercised every kind of judgement.
    for (kind, least) in [('0', 10_000), ('1', 300), ('2', 200), ('3', 100), ('5', 300)] {
        let least = least / share;
        let seen = kinds.get(&kind).copied().unwrap_or(0);
        assert!(seen >= least, "only {seen} points judged {kind}: {kinds:?}");
    }
}

/// The strong engine under renju: as black it never plays a forbidden
/// point, on boards where the same engine under freestyle would; and it
/// plays whole games in which every black stone is allowed.
mod engine {
    use super::*;
    use fourinrow::gobang::engine::board::{coords, Board, Color, SIZE};
    use fourinrow::gobang::engine::clock::Clock;
    use fourinrow::gobang::engine::hook_for;
    use fourinrow::gobang::engine::matches::{opening, play, Player};
    use fourinrow::gobang::engine::threat::Prover;
    use fourinrow::gobang::engine::Level;
    use fourinrow::gobang::extras::rules::{winner, Rule};
    use std::time::Duration;

    /// Boards with as many black stones as white, black to move, no five
    /// on them, and at least one forbidden point near black's stones.
    fn boards_with_fouls(count: usize) -> Vec<Maps> {
        let mut rng = StdRng::seed_from_u64(7);
        let mut found = Vec::new();
        while found.len() < count {
            let mut maps = board(&mut rng);
            // Even the stones: take black ones off, or add white far away.
            let count = |maps: &Maps, s| maps.iter().flatten().filter(|&&c| c == Some(s)).count();
            while count(&maps, Stone::Black) > count(&maps, Stone::White) {
                let (x, y) = (rng.random_range(0..N) as usize, rng.random_range(0..N) as usize);
                if maps[x][y].is_none() {
                    maps[x][y] = Some(Stone::White);
                }
            }
            while count(&maps, Stone::White) > count(&maps, Stone::Black) {
                let (x, y) = (rng.random_range(0..N) as usize, rng.random_range(0..N) as usize);
                if maps[x][y] == Some(Stone::White) {
                    maps[x][y] = None;
                }
            }
            let five = (0..N).any(|x| {
                (0..N).any(|y| {
                    maps[x as usize][y as usize].is_some()
                        && [(1, 0), (0, 1), (1, 1), (1, -1)]
                            .iter()
                            .any(|&d| run_length(&maps, (x, y), d) >= 5)
                })
            });
            let fouls =
                (0..N).flat_map(|x| (0..N).map(move |y| (x, y))).any(|p| foul(&maps, p).is_some());
            if !five && fouls {
                found.push(maps);
            }
        }
        found
    }

    #[test]
    fn black_never_plays_a_forbidden_point_where_freestyle_would() {
        let renju = hook_for(Level::Medium, Rule::Renju);
        let freestyle = hook_for(Level::Medium, Rule::Freestyle);
        let mut freestyle_fouls = 0;
        for maps in boards_with_fouls(60) {
            let (x, y) = renju(&maps, Stone::Black).expect("a move");
            assert!(maps[x as usize][y as usize].is_none());
            assert_eq!(foul(&maps, (x, y)), None, "renju played {x},{y} on {}", text(&maps));
            let (x, y) = freestyle(&maps, Stone::Black).expect("a move");
            freestyle_fouls += usize::from(foul(&maps, (x, y)).is_some());
        }
        println!("freestyle chose a forbidden point on {freestyle_fouls} of 60 boards");
        // The test means something only if the points were tempting.
        assert!(freestyle_fouls >= 3, "freestyle chose a forbidden point {freestyle_fouls} times");
    }

    #[test]
    fn whole_games_under_renju_have_no_forbidden_black_stone() {
        for seed in 0..10 {
            let level = if seed < 6 { Level::Medium } else { Level::Hard };
            let player = Player::Engine(level, Duration::from_millis(50));
            let game = play(&opening(seed, 4, Rule::Renju), &player, &player, Rule::Renju, seed);
            assert_eq!(game.forfeit, None, "seed {seed}");
            let mut maps = EMPTY_MAPS;
            for (i, &p) in game.moves.iter().enumerate() {
                let (r, c) = coords(p);
                let point = (r as i32, c as i32);
                let black = i % 2 == 0;
                if black {
                    assert_eq!(foul(&maps, point), None, "seed {seed}, move {i}: {}", text(&maps));
                }
                maps[r][c] = Some(if black { Stone::Black } else { Stone::White });
                let last = i + 1 == game.moves.len();
                let won = winner(&maps, point, Rule::Renju);
                assert_eq!(won.is_some(), last && game.winner.is_some(), "seed {seed}, move {i}");
            }
            if let Some(w) = game.winner {
                let last_black = game.moves.len() % 2 == 1;
                assert_eq!(w == Color::Black, last_black, "seed {seed}: the winner moved last");
            }
            let _ = SIZE;
        }
    }

    #[test]
    fn white_wins_by_a_four_black_may_not_block() {
        // Black: (7,4) (7,5) (7,6) . (7,8) (7,9) down column 7, and (2,7).
        // White: (3,7) (4,7) (5,7) across row 7. White's (6,7) makes a four
        // whose only five point is (7,7), where black would make six: an
        // overline, forbidden under renju, so white wins there. Under
        // freestyle black's six at (7,7) wins, so white must take it first.
        let mut maps = EMPTY_MAPS;
        for p in [(7, 4), (7, 5), (7, 6), (7, 8), (7, 9), (2, 7)] {
            maps[p.0][p.1] = Some(Stone::Black);
        }
        for p in [(3, 7), (4, 7), (5, 7), (0, 0), (14, 14)] {
            maps[p.0][p.1] = Some(Stone::White);
        }
        assert_eq!(foul(&maps, (7, 7)), Some(Foul::Overline));
        // The threat search proves it under renju only.
        for (rule, proven) in [(Rule::Renju, true), (Rule::Freestyle, false)] {
            let mut board = Board::from_maps(&maps, rule);
            let clock = Clock::new(Some(Duration::from_secs(5)), None);
            let proof = Prover::new(&clock).prove(&mut board, Color::White, 16, 0);
            assert_eq!(proof.is_some(), proven, "{rule:?}: {proof:?}");
        }
        assert_eq!(hook_for(Level::Hard, Rule::Renju)(&maps, Stone::White), Some((6, 7)));
        assert_eq!(hook_for(Level::Hard, Rule::Freestyle)(&maps, Stone::White), Some((7, 7)));
    }
}

/// In the window, under `--rule renju`, a black stone on a forbidden
/// point loses: two players, black's ninth stone makes two open threes,
/// and the record says white won.
#[cfg(feature = "window")]
#[test]
fn a_forbidden_stone_in_the_window_loses_the_game() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("renju-window");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Black F7 G7 H5 H6, then H7: three across and three down at once.
    let moves = [(5, 7), (14, 0), (6, 7), (14, 2), (7, 5), (14, 4), (7, 6), (14, 6), (7, 7)];
    let mut events = vec![r#"[1, "down", 10, 10]"#.to_string()];
    for (i, (x, y)) in moves.iter().enumerate() {
        let (frame, px, py) = (5 + 4 * i, 50 + 30 * x, 50 + 30 * y);
        for kind in ["motion", "down", "up"] {
            events.push(format!(r#"[{frame}, "{kind}", {px}, {py}]"#));
        }
    }
    let script = dir.join("script.json");
    std::fs::write(&script, format!(r#"{{"frames": 60, "events": [{}]}}"#, events.join(", ")))
        .unwrap();
    let run = |rule: &str| {
        let record = dir.join(format!("{rule}.txt"));
        let out = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
            .args(["gobang", "--two-player", "--rule", rule, "--record"])
            .arg(&record)
            .arg("--replay")
            .arg(&script)
            .arg("--dump-frames")
            .arg(dir.join(rule))
            .env("SDL_VIDEODRIVER", "dummy")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(record).unwrap()
    };
    assert_eq!(run("renju"), "gobang rule=renju moves=F7,O0,G7,O2,H5,O4,H6,O6,H7 result=white\n");
    // Freestyle has no forbidden points: the game goes on.
    assert_eq!(
        run("freestyle"),
        "gobang rule=freestyle moves=F7,O0,G7,O2,H5,O4,H6,O6,H7 result=unfinished\n"
    );
}

//! Random games with the extras switched on and their keys pressed at
//! random: restart, undo, redo and hints in the middle of drags, hot-seat
//! play, the move list, `--explain`, `--record`, the minimax engine.
//!
//! tests/fuzz_games.rs checks the default game against a model of the
//! Python; the extras have no Python twin, so here the checks are the
//! invariants: nothing panics or fails, every board the AI is asked about is
//! a legal position, every column offered to the random choice is valid, the
//! run ends when the script says, and every recorded game replays as a legal
//! sequence of moves. A failing case prints its seed (`FUZZ_SEED=N` reruns it).
//!
//! `cargo test` plays 4 of the 12 seeded cases, a different 4 each day;
//! `FOURINROW_FULL_TESTS=1`, or `FOURINROW_CI=1` as CI sets it, plays all 12.

#![cfg(feature = "window")]

use crate::sample;

use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use fourinrow::error::Stop;
use fourinrow::fourinrow::engine::{Engine, Faithful, Fast, Minimax, Reply};
use fourinrow::fourinrow::extras::record::GameRecord;
use fourinrow::fourinrow::extras::{Extras, ExtrasOptions};
use fourinrow::fourinrow::play::{load_images, run_games, script_settings};
use fourinrow::fourinrow::port::board::{is_board_full, is_valid_move, Board, Tile};
use fourinrow::fourinrow::port::settings::Settings;
use fourinrow::io::images::ImageSource;
use fourinrow::io::pixels::Display;
use fourinrow::io::replay::{parse_script, FrameSink, Replay};
use fourinrow::io::text::Fonts;
use fourinrow::io::{Event, Frontend};

/// Counts frames, keeps none.
#[derive(Default)]
struct Counter(u64);

impl FrameSink for Counter {
    fn frame(&mut self, _index: u64, _display: &Display) -> Result<(), Stop> {
        self.0 += 1;
        Ok(())
    }
}

/// What the engine saw: the last board the AI was asked about (to check
/// `choice` against) and how many questions there were.
#[derive(Default)]
struct Seen {
    last_board: Option<Board>,
    questions: usize,
}

/// An engine that checks every board it is asked about, then hands it on.
struct CheckedEngine {
    inner: Arc<dyn Engine>,
    seen: Arc<Mutex<Seen>>,
}

/// Whether every token sits on another or on the bottom row.
fn obeys_gravity(board: &Board) -> bool {
    (0..board.width()).all(|x| {
        (0..board.height() - 1).all(|y| board[x][y].is_none() || board[x][y + 1].is_some())
    })
}

impl Engine for CheckedEngine {
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        assert!(obeys_gravity(board), "a token floats: {board:?}");
        let count = |t: Tile| {
            (0..board.width()).flat_map(|x| board[x].iter()).filter(|c| **c == Some(t)).count()
        };
        let (red, black) = (count(Tile::Red), count(Tile::Black));
        assert!(red.abs_diff(black) <= 1, "{red} red, {black} black: {board:?}");
        assert!(!is_board_full(board), "asked about a full board");
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.questions += 1;
        seen.last_board = Some(board.clone());
        drop(seen);
        self.inner.reply(board, tile, look_ahead)
    }
}

/// A replay that checks the choices the game asks for.
struct Checked {
    replay: Replay<Counter>,
    seen: Arc<Mutex<Seen>>,
}

impl Frontend for Checked {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        self.replay.get_events()
    }

    fn display_update(&mut self, display: &Display) -> Result<(), Stop> {
        self.replay.display_update(display)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.replay.tick()
    }

    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop> {
        assert!(!seq.is_empty(), "choice among no columns");
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let board = seen.last_board.as_ref().expect("a choice before any search");
        for &column in seq {
            assert!(is_valid_move(board, column), "column {column} offered on {board:?}");
        }
        drop(seen);
        self.replay.choice(seq)
    }

    fn randint(&mut self, a: u32, b: u32) -> u32 {
        self.replay.randint(a, b)
    }

    fn print(&mut self, line: &str) -> Result<(), Stop> {
        self.replay.print(line)
    }
}

/// A random script: purposeful drags from either pile, the extras' keys, and noise.
fn script(rng: &mut StdRng, width: usize, height: usize, frames: u64) -> Value {
    let xmargin = (640 - width as i32 * 50) / 2;
    let mut events = Vec::new();
    let mut frame = 0u64;
    while frame < frames {
        frame += rng.random_range(1..40);
        match rng.random_range(0..100) {
            0..=49 => {
                let pile = if rng.random_bool(0.5) { (50, 430) } else { (590, 430) };
                let x = xmargin + rng.random_range(0..width as i32) * 50 + 25;
                events.push(json!([frame, "down", pile.0, pile.1]));
                events.push(json!([frame + 1, "motion", x, 30]));
                events.push(json!([frame + 2, "up", x, 30]));
            }
            50..=79 => {
                let keys = [
                    "r",
                    "f1",
                    "h",
                    "u",
                    "shift+u",
                    "ctrl+z",
                    "ctrl+y",
                    "ctrl+shift+z",
                    "y",
                    "z",
                    "other",
                ];
                let key = keys[rng.random_range(0..keys.len())];
                let kind = ["key", "keydown", "keyup"][rng.random_range(0..3)];
                events.push(json!([frame, kind, key]));
            }
            80..=97 => {
                let kind = ["down", "motion", "up"][rng.random_range(0..3)];
                let (x, y) = (rng.random_range(-100..740), rng.random_range(-100..580));
                events.push(json!([frame, kind, x, y]));
            }
            98 => events.push(json!([frame, "escape"])),
            _ => {
                if rng.random_bool(0.2) {
                    events.push(json!([frame, "quit"]));
                }
            }
        }
    }
    let choices: Vec<i64> = (0..40).map(|_| rng.random_range(-5..10)).collect();
    let first: Vec<&str> =
        (0..10).map(|_| if rng.random_bool(0.5) { "human" } else { "computer" }).collect();
    json!({"width": width, "height": height, "difficulty": rng.random_range(0..3), "frames": frames,
           "choices": choices, "first": first, "events": events})
}

/// Plays one random case; panics (with the seed) when an invariant breaks.
/// Returns how many searches were asked for and how many games were recorded.
fn play(seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (width, height) = [(4, 4), (5, 5), (7, 6), (9, 7), (12, 9)][rng.random_range(0..5)];
    let frames = rng.random_range(1500..3000);
    let record = std::env::temp_dir()
        .join(format!("fourinrow-fuzz-record-{}-{seed}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let options = ExtrasOptions {
        explain: rng.random_bool(0.5),
        two_player: rng.random_bool(0.3),
        moves: rng.random_bool(0.5),
        record: Some(record.clone()),
        ..ExtrasOptions::default()
    };
    let inner: Arc<dyn Engine> = match rng.random_range(0..3) {
        0 => Arc::new(Fast::default()),
        1 => Arc::new(Faithful::default()),
        _ => Arc::new(Minimax),
    };
    let script = parse_script(&script(&mut rng, width, height, frames).to_string()).unwrap();
    let settings = script_settings(&script, &Settings::default()).unwrap();
    let images = load_images(&ImageSource::Embedded).unwrap();
    let seen = Arc::new(Mutex::new(Seen::default()));
    let engine: Arc<dyn Engine> = Arc::new(CheckedEngine { inner, seen: Arc::clone(&seen) });
    let extras = Extras::new(
        options.clone(),
        &settings,
        &images,
        Arc::clone(&engine),
        Some(Box::new(Fonts::new().unwrap())),
        false,
    )
    .unwrap();
    let mut io =
        Checked { replay: Replay::new(&script, Counter::default()), seen: Arc::clone(&seen) };
    let (stop, extras) = run_games(settings, images, &mut io, &engine, extras);
    let shown = io.replay.frames_presented();
    match stop {
        Stop::ScriptEnded => assert_eq!(shown, frames, "seed {seed}"),
        Stop::Quit => assert!(shown <= frames, "seed {seed}"),
        other => panic!("seed {seed}: the game failed: {other:?}"),
    }
    if options.two_player {
        // Only a hint asks the AI anything in hot-seat play.
        assert!(io.replay.printed.is_empty(), "seed {seed}: no computer moves");
    }
    for line in &extras.said {
        assert!(line.starts_with("explain: ") || line.starts_with("hint: "), "seed {seed}: {line}");
        assert!(!line.contains('\n'));
    }
    // Every recorded game is a legal sequence of moves. The file is made as
    // the game starts, so it must be there even if no game had a move.
    let text = std::fs::read_to_string(&record)
        .unwrap_or_else(|e| panic!("seed {seed}: {}: {e}", record.display()));
    let recorded = text.lines().count();
    for line in text.lines() {
        let game = GameRecord::parse(line).unwrap_or_else(|e| panic!("seed {seed}: {line}: {e}"));
        assert_eq!((game.size.width(), game.size.height()), (width, height));
        game.positions().unwrap_or_else(|e| panic!("seed {seed}: {line}: {e}"));
    }
    let _ = std::fs::remove_file(&record);
    let questions = seen.lock().unwrap_or_else(|e| e.into_inner()).questions;
    (questions, recorded)
}

/// The cases' seeds: all 12 in CI ([`sample::full`]), else 4 of them, a
/// different 4 each day, so that all are played within three days.
fn case_seeds() -> Vec<u64> {
    let all: Vec<u64> = (1_000..1_012).collect();
    match sample::todays_third("fuzz_extras", "cases") {
        None => all,
        Some(part) => all.into_iter().skip(part * 4).take(4).collect(),
    }
}

#[test]
fn random_games_with_every_extra_keep_legal_boards() {
    if let Some(seed) = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()) {
        play(seed);
        return;
    }
    let (mut questions, mut recorded) = (0, 0);
    let seeds = case_seeds();
    for &seed in &seeds {
        let result = std::panic::catch_unwind(|| play(seed));
        let Ok((q, r)) = result else {
            panic!("fuzz_extras failed with FUZZ_SEED={seed}");
        };
        questions += q;
        recorded += r;
    }
    // The cases must exercise what they check: searches asked for (over 4
    // a case), games recorded (over 1 a case).
    let n = seeds.len();
    assert!(questions > 4 * n, "only {questions} searches in {n} cases");
    assert!(recorded > n, "only {recorded} games recorded in {n} cases");
}

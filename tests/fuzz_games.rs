//! Whole games fuzzed: random replay scripts, thousands of frames long,
//! played headless through the same code the window runs.
//!
//! Each case is made from a seed: a board size, a difficulty, a `choices`
//! list (negative numbers and extremes included: Python's `%` wraps them), a
//! `first` list and a stream of events. Most of the input is well-formed
//! drags from the red pile onto a random column, so that games progress and
//! end; the rest is noise: presses on and off the pile with any button,
//! motions anywhere (far outside the window too), releases anywhere, Esc and
//! other keys going down and up, and now and then a window close. The case is
//! written as replay-script JSON and read back with `parse_script`; the
//! events the script format cannot say (buttons other than the left one,
//! other keys, key presses) are then merged into the parsed script in place.
//!
//! Every run is checked three ways:
//! - at each call the game makes: every board the computer is asked about
//!   is one the rules can reach (tokens rest on tokens; nothing disappears or
//!   changes colour since the last board of the same game; exactly one black
//!   token, in the column the computer chose, and one red have been added;
//!   red and black counts fit who started; the game is not already over),
//!   every column offered to `choice()` can be played, frames are numbered
//!   in order and never reach the script's `frames`;
//! - against [`Model`], an independent frame-counting model of the Python's
//!   `main` / `runGame` / `getHumanMove`, which says how the run must stop
//!   (end of script after exactly `frames` frames, or quit at a window close
//!   or an Esc on a result screen, never an error), after how many frames,
//!   which boards the computer is asked about, the values the computer
//!   computes for them (bit for bit) and what the game prints;
//!   the model and the checks above use none of the crate's rules or AI
//!   but their own, written from `fourinrow.py` ([`python`]), on a plain
//!   list-of-columns board ([`Grid`]);
//! - the game must not panic.
//!
//! A failing case prints its seed and its script (the JSON, plus the events
//! JSON cannot hold) and saves the JSON under the target folder's tmp dir.
//! `FUZZ_SEED=N cargo test --release --test suite fuzz_games::NAME` replays one
//! seed; `FUZZ_SAVE_SCRIPTS=DIR` saves every case's JSON (to replay it with
//! the binary: `fourinrow --replay DIR/fuzz-N.json --dump-frames OUT`).
//! `cargo test --release -- --ignored` adds a longer soak
//! (`FUZZ_SOAK_CASES`, default 150 cases, each from a random seed unless `FUZZ_SEED`).

#![cfg(feature = "window")]

use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use fourinrow::error::Stop;
use fourinrow::fourinrow::engine::{Auto, Engine, Reply};
use fourinrow::fourinrow::extras::{Extras, ExtrasOptions};
use fourinrow::fourinrow::play::{load_images, run_games, script_settings};
use fourinrow::fourinrow::port::board::{Board, Tile};
use fourinrow::fourinrow::port::images::Images;
use fourinrow::fourinrow::port::settings::{
    Layout, Settings, SPACESIZE, WINDOWHEIGHT, WINDOWWIDTH,
};
use fourinrow::io::images::{crc32, ImageSource};
use fourinrow::io::pixels::Display;
use fourinrow::io::replay::{parse_script, FrameSink, Replay, Script, Starter};
use fourinrow::io::{Event, Frontend, Key};

/// The embedded images, loaded once for the whole file.
fn images() -> &'static Images {
    static IMAGES: OnceLock<Images> = OnceLock::new();
    IMAGES.get_or_init(|| load_images(&ImageSource::Embedded).unwrap())
}

/// The layout of a board size (the image sizes only move the result image
/// and the arrow, which no input depends on).
fn layout(width: usize, height: usize) -> Layout {
    let size = |i: &fourinrow::io::pixels::RgbaImage| (i.width() as i32, i.height() as i32);
    let images = images();
    Layout::new(&settings(width, height, 0), size(&images.human_winner), size(&images.arrow))
}

/// The default settings with another board size and difficulty.
fn settings(width: usize, height: usize, difficulty: u32) -> Settings {
    Settings { board_width: width, board_height: height, difficulty, ..Settings::default() }
}

// ---------------------------------------------------------------------------
// Generating cases
// ---------------------------------------------------------------------------

/// How a case's input is mixed.
#[derive(Clone, Copy, Debug)]
struct Mix {
    /// Frames to play, at least.
    min_frames: u64,
    /// Frames to play, at most.
    max_frames: u64,
    /// Whether window closes and Esc key-ups may appear (they end a run).
    quits: bool,
    /// Of the actions, the share that are well-formed drags onto a column.
    drag_share: f64,
    /// The difficulty, or `None` for a random one from 0 to 2.
    difficulty: Option<u32>,
}

/// The mix most tests use: 3,000 to 6,000 frames, 60% drags, rare quits.
const USUAL: Mix =
    Mix { min_frames: 3000, max_frames: 6000, quits: true, drag_share: 0.6, difficulty: None };

/// One fuzz case: a replay script and the events its JSON cannot hold.
#[derive(Clone, Debug)]
struct Case {
    /// What it was made from (0 for a hand-written script).
    seed: u64,
    /// Board columns.
    width: usize,
    /// Board rows.
    height: usize,
    /// The computer's look-ahead.
    difficulty: u32,
    /// The script's `frames`.
    frames: u64,
    /// The script's `choices`.
    choices: Vec<i64>,
    /// The script's `first`.
    first: Vec<Starter>,
    /// Every event, in frame order (the order the game must see them in).
    events: Vec<(u64, Event)>,
    /// The script as JSON text, with the events JSON can hold.
    json: String,
}

/// A few coordinates at the edges of what a script may hold.
const EXTREMES: [i32; 10] = [
    i32::MIN,
    i32::MIN + 1,
    -(1 << 20),
    -1,
    0,
    WINDOWWIDTH,
    WINDOWHEIGHT,
    1 << 20,
    i32::MAX - 1,
    i32::MAX,
];

/// A point anywhere: mostly in the window, sometimes just outside it,
/// sometimes very far away.
fn anywhere(rng: &mut StdRng) -> (i32, i32) {
    match rng.random_range(0..20) {
        0..=11 => (rng.random_range(0..WINDOWWIDTH), rng.random_range(0..WINDOWHEIGHT)),
        12..=15 => {
            (rng.random_range(-300..WINDOWWIDTH + 300), rng.random_range(-300..WINDOWHEIGHT + 300))
        }
        16..=17 => (*EXTREMES.choose(rng).unwrap(), rng.random_range(-300..800)),
        18 => (rng.random_range(-300..900), *EXTREMES.choose(rng).unwrap()),
        _ => (rng.random(), rng.random()),
    }
}

/// A point on the red pile.
fn on_pile(rng: &mut StdRng, layout: &Layout) -> (i32, i32) {
    let r = layout.red_pile_rect;
    (r.x + rng.random_range(0..r.w), r.y + rng.random_range(0..r.h))
}

/// A point from which a held token drops into `column`: above the board's
/// top edge (above the window too, at times), strictly between the margins.
fn above_column(rng: &mut StdRng, layout: &Layout, column: usize) -> (i32, i32) {
    let left = layout.xmargin + column as i32 * SPACESIZE;
    let x = left + rng.random_range(i32::from(column == 0)..SPACESIZE);
    let y = layout.ymargin - rng.random_range(1..=120);
    (x, y)
}

/// A point on the board itself, or just below or beside it.
fn on_board(rng: &mut StdRng, layout: &Layout) -> (i32, i32) {
    (
        rng.random_range(layout.xmargin - 20..WINDOWWIDTH - layout.xmargin + 20),
        rng.random_range(layout.ymargin..WINDOWHEIGHT - layout.ymargin + 20),
    )
}

/// A button number: mostly the left one, else any the event type can hold.
fn button(rng: &mut StdRng) -> u8 {
    if rng.random_bool(0.7) {
        1
    } else {
        rng.random()
    }
}

/// One noise event: anything a player or a window could send.
fn noise(rng: &mut StdRng, layout: &Layout, quits: bool) -> Event {
    let roll = rng.random_range(0..1000);
    let (x, y) = match rng.random_range(0..3) {
        0 => on_pile(rng, layout),
        1 => on_board(rng, layout),
        _ => anywhere(rng),
    };
    match roll {
        0..=2 if quits => Event::Quit,
        0..=2 => Event::KeyDown { key: Key::Escape, ctrl: false, shift: false },
        3..=39 if quits => Event::KeyUp(Key::Escape),
        3..=39 => Event::KeyUp(Key::Other),
        40..=69 => Event::KeyDown { key: Key::Escape, ctrl: false, shift: false },
        70..=99 => Event::KeyDown { key: Key::Other, ctrl: false, shift: false },
        100..=129 => Event::KeyUp(Key::Other),
        130..=399 => Event::MouseButtonDown { pos: (x, y), button: button(rng) },
        400..=699 => Event::MouseMotion { pos: (x, y) },
        _ => Event::MouseButtonUp { pos: (x, y), button: button(rng) },
    }
}

/// The event as a replay-script item, if the script format can say it.
fn script_item(frame: u64, event: Event) -> Option<Value> {
    match event {
        Event::MouseButtonDown { pos: (x, y), button: 1 } => Some(json!([frame, "down", x, y])),
        Event::MouseMotion { pos: (x, y) } => Some(json!([frame, "motion", x, y])),
        Event::MouseButtonUp { pos: (x, y), button: 1 } => Some(json!([frame, "up", x, y])),
        Event::KeyUp(Key::Escape) => Some(json!([frame, "escape"])),
        Event::Quit => Some(json!([frame, "quit"])),
        _ => None,
    }
}

/// A `choices` entry: mostly small, sometimes negative, now and then extreme.
fn choice_value(rng: &mut StdRng) -> i64 {
    match rng.random_range(0..10) {
        0..=5 => rng.random_range(0..12),
        6..=7 => rng.random_range(-12..0),
        8 => rng.random_range(-1_000_000..1_000_000),
        _ => *[i64::MIN, i64::MIN + 1, -1, i64::MAX - 1, i64::MAX].choose(rng).unwrap(),
    }
}

/// Makes the case of `seed` on a `width` x `height` board.
fn generate(seed: u64, width: usize, height: usize, mix: Mix) -> Case {
    let mut rng = StdRng::seed_from_u64(seed);
    let layout = layout(width, height);
    let difficulty = rng.random_range(0..=2);
    let difficulty = mix.difficulty.unwrap_or(difficulty);
    let frames = rng.random_range(mix.min_frames..=mix.max_frames);
    let choices: Vec<i64> = (0..rng.random_range(0..80)).map(|_| choice_value(&mut rng)).collect();
    let first: Vec<Starter> = (0..rng.random_range(0..12))
        .map(|_| if rng.random_bool(0.5) { Starter::Human } else { Starter::Computer })
        .collect();

    let mut events = Vec::new();
    let mut t = 0u64;
    while t < frames + 100 {
        if rng.random_bool(mix.drag_share) {
            // A drag from the pile, maybe wandering, ending above a column.
            let (x, y) = on_pile(&mut rng, &layout);
            let b = if rng.random_bool(0.9) { 1 } else { rng.random() };
            events.push((t, Event::MouseButtonDown { pos: (x, y), button: b }));
            for _ in 0..rng.random_range(0..4) {
                t += rng.random_range(0..3);
                let (x, y) = anywhere(&mut rng);
                events.push((t, Event::MouseMotion { pos: (x, y) }));
            }
            let column = rng.random_range(0..width);
            let (x, y) = above_column(&mut rng, &layout, column);
            t += rng.random_range(0..3);
            events.push((t, Event::MouseMotion { pos: (x, y) }));
            // The game drops where the token is, not where the release is.
            let (ux, uy) = if rng.random_bool(0.8) { (x, y) } else { anywhere(&mut rng) };
            let b = if rng.random_bool(0.9) { 1 } else { rng.random() };
            t += rng.random_range(0..3);
            events.push((t, Event::MouseButtonUp { pos: (ux, uy), button: b }));
        } else {
            for _ in 0..rng.random_range(1..=4) {
                t += rng.random_range(0..3);
                events.push((t, noise(&mut rng, &layout, mix.quits)));
            }
        }
        t += if rng.random_bool(0.05) {
            rng.random_range(0..=400)
        } else {
            rng.random_range(0..=90)
        };
    }
    if mix.quits && rng.random_bool(0.1) {
        // A window close somewhere, kept in frame order.
        let at = rng.random_range(0..frames);
        let i = events.partition_point(|&(f, _)| f <= at);
        events.insert(i, (at, Event::Quit));
    }

    let json = script_json(&mut rng, width, height, difficulty, frames, &choices, &first, &events);
    Case { seed, width, height, difficulty, frames, choices, first, events, json }
}

/// Writes a case as replay-script JSON: keys with default values are left
/// out at random, and the frames' groups of events are shuffled at random
/// (the parser must sort them back, keeping each frame's own order).
#[allow(clippy::too_many_arguments)]
fn script_json(
    rng: &mut StdRng,
    width: usize,
    height: usize,
    difficulty: u32,
    frames: u64,
    choices: &[i64],
    first: &[Starter],
    events: &[(u64, Event)],
) -> String {
    let mut groups: Vec<Vec<Value>> = Vec::new();
    let mut last = None;
    for &(frame, event) in events {
        let Some(item) = script_item(frame, event) else {
            continue;
        };
        if last != Some(frame) {
            groups.push(Vec::new());
            last = Some(frame);
        }
        groups.last_mut().unwrap().push(item);
    }
    if rng.random_bool(0.5) {
        groups.shuffle(rng);
    }
    let items: Vec<Value> = groups.into_iter().flatten().collect();

    let mut object = serde_json::Map::new();
    let defaults = Settings::default();
    let mut put = |key: &str, value: Value, is_default: bool| {
        if !is_default || rng.random_bool(0.5) {
            object.insert(key.to_string(), value);
        }
    };
    put("width", json!(width), width == defaults.board_width);
    put("height", json!(height), height == defaults.board_height);
    put("difficulty", json!(difficulty), difficulty == defaults.difficulty);
    put("frames", json!(frames), false);
    put("choices", json!(choices), choices.is_empty());
    let first: Vec<&str> = first
        .iter()
        .map(|t| match t {
            Starter::Human => "human",
            Starter::Computer => "computer",
        })
        .collect();
    put("first", json!(first), first.is_empty());
    put("events", Value::Array(items.clone()), items.is_empty());
    let value = Value::Object(object);
    if rng.random_bool(0.5) {
        serde_json::to_string_pretty(&value).unwrap()
    } else {
        value.to_string()
    }
}

/// Reads a case's JSON with `parse_script`, checks that it says what was
/// generated, and merges in the events JSON cannot hold.
fn script_of(case: &Case) -> Script {
    let mut script = parse_script(&case.json).unwrap_or_else(|e| panic!("parse_script: {e}"));
    assert_eq!(
        (script.width, script.height, script.difficulty),
        (case.width as u64, case.height as u64, u64::from(case.difficulty))
    );
    assert_eq!(script.frames, case.frames);
    assert_eq!(script.choices, case.choices);
    assert_eq!(script.first, case.first);
    let mut parsed = script.events.iter();
    let events: Vec<(u64, Event)> = case
        .events
        .iter()
        .map(|&(frame, event)| {
            if script_item(frame, event).is_some() {
                let got = *parsed.next().expect("parse_script lost events");
                assert_eq!(got, (frame, event), "parse_script's event order");
                got
            } else {
                (frame, event)
            }
        })
        .collect();
    assert!(parsed.next().is_none(), "parse_script made up events");
    script.events = events;
    script
}

// ---------------------------------------------------------------------------
// Playing a case, checked as it goes
// ---------------------------------------------------------------------------

/// A [`FrameSink`] that keeps no frames: it checks their numbering, hashes
/// a few, and samples the process's resident memory when asked to.
struct Sink {
    /// The script's `frames`: no frame may be numbered that high.
    limit: u64,
    /// The number the next frame must have.
    next: u64,
    /// Hash every this many frames, and the last one the script allows.
    hash_every: u64,
    /// (frame number, CRC-32 of its RGB bytes).
    hashes: Vec<(u64, u32)>,
    /// Sample VmRSS every this many frames, if set.
    rss_every: Option<u64>,
    /// (frame number, VmRSS in kB).
    rss: Vec<(u64, u64)>,
}

impl FrameSink for Sink {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        assert_eq!(index, self.next, "frames are numbered in order");
        assert!(
            index < self.limit,
            "frame {index} presented, but the script has {} frames",
            self.limit
        );
        self.next += 1;
        if index % self.hash_every == 0 || index + 1 == self.limit {
            self.hashes.push((index, crc32(&display.rgb_bytes())));
        }
        if let Some(every) = self.rss_every {
            if index % every == 0 {
                self.rss.push((index, proc_status_kb("VmRSS:")));
            }
        }
        Ok(())
    }
}

/// A field of /proc/self/status, in kB. Fails loudly where there is no
/// such file or field: the memory test must measure or fail, never pass
/// having measured nothing.
fn proc_status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status")
        .unwrap_or_else(|e| panic!("cannot read /proc/self/status: {e}"));
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
        .unwrap_or_else(|| panic!("/proc/self/status has no {field} in kB: {status}"))
}

/// Whether every token rests on the bottom or on another token.
fn obeys_gravity(board: &Grid) -> bool {
    board.iter().all(|column| column.windows(2).all(|w| w[0] == EMPTY || w[1] != EMPTY))
}

/// (red, black) tokens on the board.
fn counts(board: &Grid) -> (usize, usize) {
    let count = |tile| board.iter().flatten().filter(|&&cell| cell == tile).count();
    (count(RED), count(BLACK))
}

/// All tokens on the board.
fn tokens(board: &Grid) -> usize {
    let (red, black) = counts(board);
    red + black
}

/// What the checks share between the engine (which sees every board the
/// computer is asked about) and the frontend (which sees its choices).
struct Shared {
    /// The script's settings.
    settings: Settings,
    /// The game in progress's last board the computer was asked about, and
    /// the column it then chose (`None` before a game's first question).
    last: Option<(Grid, Option<usize>)>,
    /// Whether the human started the game in progress.
    human_started: bool,
    /// Every board the computer was asked about, in order.
    asked: Vec<Grid>,
    /// The port's values for each of them.
    values: Vec<Vec<f64>>,
}

/// An [`Engine`] that checks every board the game asks about, then hands
/// it to the game's default engine.
struct CheckedEngine(Arc<Mutex<Shared>>);

impl Engine for CheckedEngine {
    fn reply(&self, port_board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        let mut shared = self.0.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(tile, Tile::Black, "the computer plays black");
        assert_eq!(look_ahead, shared.settings.difficulty);
        let board = &grid_of(port_board);
        assert_eq!(
            (board.len(), board[0].len()),
            (shared.settings.board_width, shared.settings.board_height)
        );
        assert!(obeys_gravity(board), "a token floats: {board:?}");
        let (red, black) = counts(board);
        assert!(red.abs_diff(black) <= 1, "{red} red, {black} black: {board:?}");
        assert_eq!(
            red,
            black + usize::from(shared.human_started),
            "the counts do not fit who started: {board:?}"
        );
        assert!(
            !python::is_winner(board, RED) && !python::is_winner(board, BLACK),
            "asked about a won game: {board:?}"
        );
        assert!(!python::is_board_full(board), "asked about a full board");

        // What changed since the last question of this game.
        let mut before = python::get_new_board(board.len(), board[0].len());
        let mut black_at = None;
        if let Some((previous, chosen)) = &shared.last {
            let column = chosen.expect("no column was chosen for the last board");
            let lowest = python::get_lowest_empty_space(previous, column);
            black_at = Some((column, usize::try_from(lowest).expect("a full column was chosen")));
            before = previous.clone();
        }
        let mut added = Vec::new();
        for (x, (was_column, column)) in before.iter().zip(board).enumerate() {
            for (y, (&was, &now)) in was_column.iter().zip(column).enumerate() {
                if was != EMPTY {
                    assert_eq!(
                        was, now,
                        "a token disappeared or changed colour: {before:?} then {board:?}"
                    );
                } else if now != EMPTY {
                    added.push((x, y, now));
                }
            }
        }
        let reds = added.iter().filter(|a| a.2 == RED).count();
        let blacks: Vec<(usize, usize)> =
            added.iter().filter(|a| a.2 == BLACK).map(|a| (a.0, a.1)).collect();
        // A game's first question follows no move, or the human's first;
        // later ones follow the computer's chosen column and one human move.
        let want_reds = usize::from(black_at.is_some() || shared.human_started);
        assert_eq!(
            (reds, blacks),
            (want_reds, black_at.into_iter().collect::<Vec<_>>()),
            "added since the last question: {before:?} then {board:?}"
        );

        shared.last = Some((board.clone(), None));
        shared.asked.push(board.clone());
        let reply = Auto::default().reply(port_board, tile, look_ahead);
        shared.values.push(reply.potential_moves.clone());
        reply
    }
}

/// A [`Frontend`] wrapped around a [`Replay`]: it hands every call on, and
/// checks what the game hands over on the way.
struct Checked {
    /// The replay every call is handed on to.
    replay: Replay<Sink>,
    /// What the engine saw.
    shared: Arc<Mutex<Shared>>,
    /// Whether the last non-empty batch of events held a quit or an Esc key-up.
    last_batch_quits: bool,
}

impl Frontend for Checked {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        let batch = self.replay.get_events()?;
        if !batch.is_empty() {
            self.last_batch_quits =
                batch.iter().any(|e| matches!(e, Event::Quit | Event::KeyUp(Key::Escape)));
        }
        Ok(batch)
    }

    fn display_update(&mut self, display: &Display) -> Result<(), Stop> {
        self.replay.display_update(display)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.replay.tick()
    }

    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop> {
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let (board, chosen) =
            shared.last.as_mut().expect("choice() asked before any potential_moves()");
        assert!(chosen.is_none(), "two choices for one board");
        assert!(!seq.is_empty(), "choice() offered nothing on {board:?}");
        assert!(seq.windows(2).all(|w| w[0] < w[1]), "offered {seq:?}");
        for &column in seq {
            let valid = python::is_valid_move(board, column as i64);
            assert!(valid, "column {column} offered on {board:?}");
        }
        let column = self.replay.choice(seq)?;
        assert!(seq.contains(&column));
        *chosen = Some(column);
        Ok(column)
    }

    fn randint(&mut self, a: u32, b: u32) -> u32 {
        // Called exactly once at the start of every game after the first.
        assert_eq!((a, b), (0, 1));
        let coin = self.replay.randint(a, b);
        assert!(coin <= 1);
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        shared.human_started = coin == 1;
        shared.last = None;
        coin
    }

    fn print(&mut self, line: &str) -> Result<(), Stop> {
        self.replay.print(line)
    }
}

/// How a run stopped, when it stopped as it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The script's frames were all presented.
    ScriptEnded,
    /// A window close, or an Esc key-up on a result screen.
    Quit,
}

/// What a run did.
#[derive(Debug)]
struct Run {
    /// How it stopped.
    end: End,
    /// Frames presented.
    frames: u64,
    /// Every board the computer was asked about, in order.
    asked: Vec<Grid>,
    /// The values the port's engine gave for each.
    values: Vec<Vec<f64>>,
    /// The lines the game printed.
    printed: Vec<String>,
    /// (frame number, CRC-32) of a few frames.
    hashes: Vec<(u64, u32)>,
    /// (frame number, VmRSS in kB), when sampled.
    rss: Vec<(u64, u64)>,
}

/// Plays a script through [`Checked`]; panics on a `Stop::Failed`.
fn play(script: &Script, rss_every: Option<u64>) -> Run {
    let settings = script_settings(script, &Settings::default()).unwrap();
    let sink = Sink {
        limit: script.frames,
        next: 0,
        hash_every: 997,
        hashes: Vec::new(),
        rss_every,
        rss: Vec::new(),
    };
    let shared = Arc::new(Mutex::new(Shared {
        settings: settings.clone(),
        last: None,
        human_started: false,
        asked: Vec::new(),
        values: Vec::new(),
    }));
    let mut io = Checked {
        replay: Replay::new(script, sink),
        shared: Arc::clone(&shared),
        last_batch_quits: false,
    };
    let engine: Arc<dyn Engine> = Arc::new(CheckedEngine(Arc::clone(&shared)));
    let extras = Extras::new(
        ExtrasOptions::default(),
        &settings,
        images(),
        Arc::clone(&engine),
        None,
        false,
    )
    .unwrap();
    let end = match run_games(settings, images().clone(), &mut io, &engine, extras).0 {
        Stop::ScriptEnded => End::ScriptEnded,
        Stop::Quit => {
            assert!(io.last_batch_quits, "quit with no quit or Esc in the last batch");
            End::Quit
        }
        other => panic!("the game failed: {other:?}"),
    };
    let frames = io.replay.frames_presented();
    assert_eq!(frames, io.replay.sink.next);
    if end == End::ScriptEnded {
        assert_eq!(frames, script.frames, "the script ended early or late");
    }
    let mut shared = shared.lock().unwrap_or_else(|e| e.into_inner());
    let (asked, values) = (std::mem::take(&mut shared.asked), std::mem::take(&mut shared.values));
    Run {
        end,
        frames,
        asked,
        values,
        printed: std::mem::take(&mut io.replay.printed),
        hashes: std::mem::take(&mut io.replay.sink.hashes),
        rss: std::mem::take(&mut io.replay.sink.rss),
    }
}

// ---------------------------------------------------------------------------
// The rules and the AI, again, from the Python
// ---------------------------------------------------------------------------

/// A cell of the Python's board: `EMPTY = None`, `RED = 'red'`, `BLACK = 'black'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Red,
    Black,
}

use Cell::{Black as BLACK, Empty as EMPTY, Red as RED};

/// The Python's board: a list of `BOARDWIDTH` columns, each a list of
/// `BOARDHEIGHT` cells from the top (`board[x][y]`).
type Grid = Vec<Vec<Cell>>;

/// The port's board read into a [`Grid`], cell by cell.
fn grid_of(board: &Board) -> Grid {
    (0..board.width())
        .map(|x| {
            (0..board.height())
                .map(|y| match board[x][y] {
                    None => EMPTY,
                    Some(Tile::Red) => RED,
                    Some(Tile::Black) => BLACK,
                })
                .collect()
        })
        .collect()
}

/// `fourinrow.py`'s rules and `getPotentialMoves`, transcribed for the
/// model and the checks, on a [`Grid`]: nothing here comes from the crate,
/// so the port is checked against a second reading of the Python, not
/// against itself. `BOARDWIDTH` and `BOARDHEIGHT` are the grid's.
#[allow(clippy::needless_range_loop)] // the Python's `for x in range(...)`, as written
mod python {
    use super::{Cell, Grid, BLACK, EMPTY, RED};

    /// `getNewBoard()`.
    pub fn get_new_board(width: usize, height: usize) -> Grid {
        vec![vec![EMPTY; height]; width]
    }

    /// `getPotentialMoves(board, tile, lookAhead)`, with Python's
    /// arithmetic: `[0] * BOARDWIDTH` and `sum()` start from the int 0, so
    /// the first float added comes to `0 + x` (+0.0 for -0.0), then floats
    /// add left to right (Python 3.11's `sum` does not compensate).
    pub fn get_potential_moves(board: &Grid, tile: Cell, look_ahead: u32) -> Vec<f64> {
        let width = board.len();
        if look_ahead == 0 || is_board_full(board) {
            return vec![0.0; width];
        }
        let enemy_tile = if tile == RED { BLACK } else { RED };
        let mut potential_moves = vec![0.0; width];
        for first_move in 0..width {
            let mut dupe_board = board.clone();
            if !is_valid_move(&dupe_board, first_move as i64) {
                continue;
            }
            make_move(&mut dupe_board, tile, first_move);
            if is_winner(&dupe_board, tile) {
                potential_moves[first_move] = 1.0;
                break;
            } else if is_board_full(&dupe_board) {
                potential_moves[first_move] = 0.0;
            } else {
                for counter_move in 0..width {
                    let mut dupe_board2 = dupe_board.clone();
                    if !is_valid_move(&dupe_board2, counter_move as i64) {
                        continue;
                    }
                    make_move(&mut dupe_board2, enemy_tile, counter_move);
                    if is_winner(&dupe_board2, enemy_tile) {
                        potential_moves[first_move] = -1.0;
                        break;
                    } else {
                        let results = get_potential_moves(&dupe_board2, tile, look_ahead - 1);
                        let sum = results.iter().fold(0.0, |total, &r| total + r);
                        potential_moves[first_move] += (sum * 1.0 / width as f64) / width as f64;
                    }
                }
            }
        }
        potential_moves
    }

    /// `getLowestEmptySpace(board, column)`: the row, or -1 for a full column.
    pub fn get_lowest_empty_space(board: &Grid, column: usize) -> i64 {
        for y in (0..board[column].len()).rev() {
            if board[column][y] == EMPTY {
                return y as i64;
            }
        }
        -1
    }

    /// `makeMove(board, player, column)`.
    pub fn make_move(board: &mut Grid, player: Cell, column: usize) {
        let lowest = get_lowest_empty_space(board, column);
        if lowest != -1 {
            board[column][lowest as usize] = player;
        }
    }

    /// `isValidMove(board, column)`.
    pub fn is_valid_move(board: &Grid, column: i64) -> bool {
        !(column < 0 || column >= board.len() as i64 || board[column as usize][0] != EMPTY)
    }

    /// `isBoardFull(board)`.
    pub fn is_board_full(board: &Grid) -> bool {
        board.iter().all(|column| column.iter().all(|&cell| cell != EMPTY))
    }

    /// `isWinner(board, tile)`: its four loops, as written.
    pub fn is_winner(board: &Grid, tile: Cell) -> bool {
        let (w, h) = (board.len(), board[0].len());
        let b = |x: usize, y: usize| board[x][y] == tile;
        for x in 0..w - 3 {
            for y in 0..h {
                if b(x, y) && b(x + 1, y) && b(x + 2, y) && b(x + 3, y) {
                    return true;
                }
            }
        }
        for x in 0..w {
            for y in 0..h - 3 {
                if b(x, y) && b(x, y + 1) && b(x, y + 2) && b(x, y + 3) {
                    return true;
                }
            }
        }
        for x in 0..w - 3 {
            for y in 3..h {
                if b(x, y) && b(x + 1, y - 1) && b(x + 2, y - 2) && b(x + 3, y - 3) {
                    return true;
                }
            }
        }
        for x in 0..w - 3 {
            for y in 0..h - 3 {
                if b(x, y) && b(x + 1, y + 1) && b(x + 2, y + 2) && b(x + 3, y + 3) {
                    return true;
                }
            }
        }
        false
    }
}

// ---------------------------------------------------------------------------
// The model: the Python's game loop, counting frames
// ---------------------------------------------------------------------------

/// The Python original's `main`, `runGame`, `getHumanMove` and animations
/// reduced to what decides a run's course: which events are read when, how
/// many frames each step presents, the boards and the computer's choices.
/// Written from `fourinrow.py`, not from the port, so that the two check
/// each other.
struct Model {
    /// `BOARDWIDTH`.
    width: usize,
    /// `BOARDHEIGHT`.
    height: usize,
    /// `DIFFICULTY`.
    difficulty: u32,
    /// `XMARGIN`.
    xmargin: i32,
    /// `YMARGIN`.
    ymargin: i32,
    /// `REDPILERECT` as (x, y, w, h).
    pile: (i32, i32, i32, i32),
    /// The script's events not yet polled.
    events: VecDeque<(u64, Event)>,
    /// The script's choices not yet used.
    choices: VecDeque<i64>,
    /// Who starts the next games.
    first: VecDeque<Starter>,
    /// Frames presented so far.
    frames: u64,
    /// The script's `frames`.
    max_frames: u64,
    /// Every board the computer was asked about.
    asked: Vec<Grid>,
    /// `getPotentialMoves`' values for each.
    values: Vec<Vec<f64>>,
    /// What `print` would have printed.
    printed: Vec<String>,
}

/// What the model says a run does.
struct Modelled {
    /// How it stops.
    end: End,
    /// After how many frames.
    frames: u64,
    /// The boards the computer is asked about.
    asked: Vec<Grid>,
    /// `getPotentialMoves`' values for each, which the port's must equal bit for bit.
    values: Vec<Vec<f64>>,
    /// The lines printed.
    printed: Vec<String>,
}

impl Model {
    /// Runs the model on a script: how it ends, after how many frames, the
    /// boards the computer is asked about, its values for them and the lines
    /// printed.
    fn run(script: &Script) -> Modelled {
        let (w, h) = (script.width as i32, script.height as i32);
        let mut model = Model {
            width: script.width as usize,
            height: script.height as usize,
            difficulty: script.difficulty as u32,
            // XMARGIN = int((WINDOWWIDTH - BOARDWIDTH * SPACESIZE) / 2), etc.
            xmargin: (640 - w * 50) / 2,
            ymargin: (480 - h * 50) / 2,
            // REDPILERECT = Rect(int(SPACESIZE / 2), WINDOWHEIGHT - int(3 * SPACESIZE / 2), 50, 50)
            pile: (25, 480 - 75, 50, 50),
            events: script.events.iter().copied().collect(),
            choices: script.choices.iter().copied().collect(),
            first: script.first.iter().copied().collect(),
            frames: 0,
            max_frames: script.frames,
            asked: Vec::new(),
            values: Vec::new(),
            printed: Vec::new(),
        };
        let mut is_first_game = true;
        let end = loop {
            if let Err(end) = model.run_game(is_first_game) {
                break end;
            }
            is_first_game = false;
        };
        Modelled {
            end,
            frames: model.frames,
            asked: model.asked,
            values: model.values,
            printed: model.printed,
        }
    }

    /// `pygame.display.update()`: one more frame; the script may end here.
    fn update(&mut self) -> Result<(), End> {
        self.frames += 1;
        if self.frames >= self.max_frames {
            return Err(End::ScriptEnded);
        }
        Ok(())
    }

    /// `n` frames of an animation, which reads no events.
    fn animate(&mut self, n: u64) -> Result<(), End> {
        for _ in 0..n {
            self.update()?;
        }
        Ok(())
    }

    /// `pygame.event.get()`: every event due by now.
    fn poll(&mut self) -> Vec<Event> {
        let mut due = Vec::new();
        while self.events.front().is_some_and(|&(f, _)| f <= self.frames) {
            due.push(self.events.pop_front().unwrap().1);
        }
        due
    }

    /// Frames of `animateDroppingToken` to row `lowest`.
    fn drop_frames(&self, lowest: i64) -> u64 {
        let mut y = self.ymargin - 50;
        let mut drop_speed = 1.0_f64;
        let mut n = 0;
        loop {
            y += drop_speed as i32;
            drop_speed += 0.5;
            // int((y - YMARGIN) / SPACESIZE): true division, then toward zero.
            if i64::from((f64::from(y - self.ymargin) / 50.0) as i32) >= lowest {
                return n;
            }
            n += 1;
        }
    }

    /// Frames of `animateComputerMoving`'s two legs, before its drop.
    fn travel_frames(&self, column: usize) -> u64 {
        let (mut x, mut y) = (640 - 75, 480 - 75);
        let mut n = 0;
        let mut speed = 1.0_f64;
        while y > self.ymargin - 50 {
            y -= speed as i32;
            speed += 0.5;
            n += 1;
        }
        speed = 1.0;
        while x > self.xmargin + column as i32 * 50 {
            x -= speed as i32;
            speed += 0.5;
            n += 1;
        }
        n
    }

    /// `runGame(isFirstGame)`; `Ok` when a click starts the next game.
    fn run_game(&mut self, is_first_game: bool) -> Result<(), End> {
        let mut human = !is_first_game && self.first.pop_front() == Some(Starter::Human);
        let mut board = python::get_new_board(self.width, self.height);
        loop {
            if human {
                self.get_human_move(&mut board)?;
                if python::is_winner(&board, RED) {
                    break;
                }
            } else {
                let column = self.get_computer_move(&board);
                // animateComputerMoving, its drop, then makeMove.
                let lowest = python::get_lowest_empty_space(&board, column);
                self.animate(self.travel_frames(column) + self.drop_frames(lowest))?;
                python::make_move(&mut board, BLACK, column);
                if python::is_winner(&board, BLACK) {
                    break;
                }
            }
            human = !human;
            if python::is_board_full(&board) {
                break;
            }
        }
        loop {
            self.update()?;
            for event in self.poll() {
                match event {
                    Event::Quit | Event::KeyUp(Key::Escape) => return Err(End::Quit),
                    Event::MouseButtonUp { .. } => return Ok(()),
                    _ => {}
                }
            }
        }
    }

    /// `getComputerMove(board)` with the script's choices, printing as `runGame` does.
    fn get_computer_move(&mut self, board: &Grid) -> usize {
        self.asked.push(board.clone());
        let potential = python::get_potential_moves(board, BLACK, self.difficulty);
        self.values.push(potential.clone());
        let mut best_fitness = -1.0;
        for (i, &v) in potential.iter().enumerate() {
            if v > best_fitness && python::is_valid_move(board, i as i64) {
                best_fitness = v;
            }
        }
        let best: Vec<usize> = (0..self.width)
            .filter(|&i| potential[i] == best_fitness && python::is_valid_move(board, i as i64))
            .collect();
        let k = self.choices.pop_front().unwrap_or(0);
        let column = best[k.rem_euclid(best.len() as i64) as usize];
        self.printed.push("-1".into());
        self.printed.push(format!("{best:?}"));
        self.printed.push(column.to_string());
        column
    }

    /// `getHumanMove(board, isFirstMove)`.
    fn get_human_move(&mut self, board: &mut Grid) -> Result<(), End> {
        let mut token: Option<(i32, i32)> = None; // draggingToken is token.is_some()
        let (px, py, pw, ph) = self.pile;
        loop {
            for event in self.poll() {
                match event {
                    Event::Quit => return Err(End::Quit),
                    Event::MouseButtonDown { pos: (x, y), .. }
                        if token.is_none() && x >= px && x < px + pw && y >= py && y < py + ph =>
                    {
                        token = Some((x, y));
                    }
                    Event::MouseMotion { pos } if token.is_some() => token = Some(pos),
                    Event::MouseButtonUp { .. } if token.is_some() => {
                        let (tx, ty) = token.unwrap();
                        if ty < self.ymargin && tx > self.xmargin && tx < 640 - self.xmargin {
                            let column = ((tx - self.xmargin) / 50) as usize;
                            if python::is_valid_move(board, column as i64) {
                                let lowest = python::get_lowest_empty_space(board, column);
                                self.animate(self.drop_frames(lowest))?;
                                board[column][lowest as usize] = RED;
                                self.update()?;
                                return Ok(());
                            }
                        }
                        token = None;
                    }
                    _ => {}
                }
            }
            self.update()?;
        }
    }
}

// ---------------------------------------------------------------------------
// Running cases
// ---------------------------------------------------------------------------

/// Plays one case and checks it against the model; on any panic, prints
/// the seed and the script (and saves the JSON), then fails.
fn check_case(case: &Case, rss_every: Option<u64>) -> Run {
    if let Some(dir) = std::env::var_os("FUZZ_SAVE_SCRIPTS") {
        let path = PathBuf::from(dir).join(format!("fuzz-{}.json", case.seed));
        std::fs::write(&path, &case.json).unwrap();
    }
    let result = catch_unwind(AssertUnwindSafe(|| {
        let script = script_of(case);
        let run = play(&script, rss_every);
        let model = Model::run(&script);
        assert_eq!(
            (run.end, run.frames),
            (model.end, model.frames),
            "how and when the run stopped, against the model"
        );
        assert_eq!(run.asked.len(), model.asked.len(), "computer moves, against the model");
        for (i, (got, want)) in run.asked.iter().zip(&model.asked).enumerate() {
            assert_eq!(got, want, "board of computer move {i}, against the model");
        }
        for (i, (got, want)) in run.values.iter().zip(&model.values).enumerate() {
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<u64>>();
            assert_eq!(
                bits(got),
                bits(want),
                "values of computer move {i}: {got:?}, model {want:?}"
            );
        }
        assert_eq!(run.printed, model.printed, "printed lines, against the model");
        run
    }));
    match result {
        Ok(run) => run,
        Err(panic) => {
            let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("fuzz-failure-{}.json", case.seed));
            let _ = std::fs::write(&path, &case.json);
            let extra: Vec<&(u64, Event)> =
                case.events.iter().filter(|&&(f, e)| script_item(f, e).is_none()).collect();
            eprintln!(
                "\nfuzz case failed: seed {} ({}x{}), saved as {}\n\
                 replay it with FUZZ_SEED={} and the test's name\n\
                 events JSON cannot hold, merged in by frame: {extra:?}\n\
                 script: {}\n",
                case.seed,
                case.width,
                case.height,
                path.display(),
                case.seed,
                case.json
            );
            resume_unwind(panic)
        }
    }
}

/// The cases' seed numbers: `FUZZ_SEED` alone if set, else `count` from `base`.
fn seed_list(base: u64, count: u64) -> Vec<u64> {
    match std::env::var("FUZZ_SEED") {
        Ok(seed) => vec![seed.trim().parse().expect("FUZZ_SEED must be a number")],
        Err(_) => (0..count).map(|i| base.wrapping_mul(1_000_003) + i).collect(),
    }
}

/// Runs cases on one board size and prints what they did.
fn fuzz_size(width: usize, height: usize, count: u64) {
    let started = Instant::now();
    let (mut frames, mut quits, mut moves) = (0, 0, 0);
    for seed in seed_list((width * 100 + height) as u64, count) {
        let run = check_case(&generate(seed, width, height, USUAL), None);
        frames += run.frames;
        quits += usize::from(run.end == End::Quit);
        moves += run.asked.len();
    }
    eprintln!(
        "{width}x{height}: {count} cases, {frames} frames, {moves} computer moves, \
         {quits} quit early, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

// The case counts keep the file under a minute on two idle cores (about 60
// s of CPU in all): a frame costs about 0.5 ms to draw on 4x4 and 2 ms on
// 12x9, nearly all of it in blit_alpha. The soak below runs many more.

#[test]
fn fuzz_4x4() {
    fuzz_size(4, 4, 2);
}

#[test]
fn fuzz_5x5() {
    fuzz_size(5, 5, 2);
}

#[test]
fn fuzz_7x6() {
    fuzz_size(7, 6, 2);
}

#[test]
fn fuzz_9x7() {
    fuzz_size(9, 7, 1);
}

#[test]
fn fuzz_12x9() {
    fuzz_size(12, 9, 1);
}

/// A case made from a hand-written script (all its events are in the JSON).
fn case_from_json(json: &str) -> Case {
    let script = parse_script(json).unwrap();
    Case {
        seed: 0,
        width: script.width as usize,
        height: script.height as usize,
        difficulty: script.difficulty as u32,
        frames: script.frames,
        choices: script.choices.clone(),
        first: script.first.clone(),
        events: script.events.clone(),
        json: json.to_string(),
    }
}

/// Regression: a token dragged to a position near i32::MIN or i32::MAX made
/// `tokenx - SPACESIZE / 2` (human.rs) and `x + width` (pixels.rs) overflow,
/// a panic in builds with overflow checks (`cargo test`); release builds
/// wrapped around and happened to draw nothing.
#[test]
fn drags_to_the_ends_of_i32_do_not_overflow() {
    let (min, max) = (i32::MIN, i32::MAX);
    let json = format!(
        r#"{{"width": 4, "height": 4, "difficulty": 1, "frames": 400, "events": [
            [150, "down", 50, 430], [151, "motion", {max}, 100], [152, "motion", 100, {max}],
            [153, "motion", {min}, {min}], [154, "motion", {max}, {min}], [155, "motion", {min}, {max}],
            [156, "up", {min}, {max}],
            [157, "down", 50, 430], [158, "motion", {min}, 0], [159, "motion", 270, -5],
            [160, "up", {max}, {max}]]}}"#
    );
    let run = check_case(&case_from_json(&json), None);
    assert_eq!((run.end, run.frames), (End::ScriptEnded, 400));
    assert_eq!(run.asked.len(), 2, "the second drag dropped a token");
    assert_eq!(tokens(&run.asked[1]), 2);
}

/// Same script, same run: frames, boards and the way it stops.
#[test]
fn a_replay_is_deterministic() {
    let mix = Mix { min_frames: 3000, max_frames: 3000, ..USUAL };
    let case = generate(42, 4, 4, mix);
    let a = check_case(&case, None);
    let b = check_case(&case, None);
    assert_eq!((a.end, a.frames, &a.asked), (b.end, b.frames, &b.asked));
    assert!(a.hashes.len() > 1);
    assert_eq!(a.hashes, b.hashes);
}

/// Many cases on random sizes; run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "a long soak: run with --ignored"]
fn fuzz_soak() {
    let count: u64 =
        std::env::var("FUZZ_SOAK_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(150);
    let base =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    eprintln!("soak: base seed {base}");
    let started = Instant::now();
    let mut frames = 0;
    for seed in seed_list(base, count) {
        let mut rng = StdRng::seed_from_u64(seed);
        let (width, height) = (rng.random_range(4..=12), rng.random_range(4..=9));
        let mix = Mix {
            min_frames: 3000,
            max_frames: 12000,
            quits: true,
            drag_share: rng.random_range(0.2..0.95),
            difficulty: None,
        };
        frames += check_case(&generate(seed, width, height, mix), None).frames;
    }
    eprintln!("soak: {count} cases, {frames} frames, {:.1} s", started.elapsed().as_secs_f64());
}

/// One long session keeps its memory steady: after a warm-up, the resident
/// set grows by at most a few MB over 20,000 frames. (On 5x5, whose frames
/// draw twice as fast as 7x6's, to keep the test short.) It reads VmRSS
/// from /proc, so it exists only on Linux, and fails there if /proc cannot
/// be read rather than pass having measured nothing.
///
/// VmRSS is the whole process's, and the suite's other tests run beside
/// this one on other threads: so the test runs itself again, alone, in a
/// child process (the same test binary, this one test, one thread), and
/// measures there.
#[cfg(target_os = "linux")]
#[test]
fn a_long_session_keeps_memory_steady() {
    const ALONE: &str = "FOURINROW_TEST_ALONE";
    if std::env::var_os(ALONE).is_none() {
        let name = module_path!().split_once("::").map_or("", |(_, m)| m).to_owned()
            + "::a_long_session_keeps_memory_steady";
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([name.as_str(), "--exact", "--nocapture", "--test-threads", "1"])
            .env(ALONE, "1")
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        eprint!("{stderr}");
        assert!(out.status.success(), "the test alone in {name}: {}\n{stdout}", out.status);
        // It ran (a filter that matched nothing would succeed too).
        assert!(stdout.contains("1 passed"), "{name} did not run alone:\n{stdout}");
        return;
    }
    assert!(proc_status_kb("VmRSS:") > 0, "VmRSS of 0 kB in /proc/self/status");
    let mix = Mix {
        min_frames: 20_000,
        max_frames: 20_000,
        quits: false,
        drag_share: 0.6,
        difficulty: Some(2),
    };
    let case = generate(20_000, 5, 5, mix);
    let started = Instant::now();
    let run = check_case(&case, Some(2000));
    assert_eq!((run.end, run.frames), (End::ScriptEnded, 20_000));
    let games = run.asked.iter().filter(|b| tokens(b) <= 1).count();
    eprintln!(
        "memory: {} frames, {} computer moves, about {games} games, {:.1} s; \
         VmRSS by frame (kB): {:?}; VmHWM {} kB",
        run.frames,
        run.asked.len(),
        started.elapsed().as_secs_f64(),
        run.rss,
        proc_status_kb("VmHWM:")
    );
    // Warm-up: the first 4,000 frames (caches, the first games' allocations).
    let steady: Vec<u64> = run.rss.iter().filter(|&&(f, _)| f >= 4000).map(|&(_, kb)| kb).collect();
    assert!(steady.len() >= 8, "{:?}", run.rss);
    let growth = steady.iter().max().unwrap() - steady[0];
    assert!(growth <= 4096, "VmRSS grew by {growth} kB after the warm-up: {:?}", run.rss);
}

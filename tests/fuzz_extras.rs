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

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use fourinrow::ai::{Brain, Choices};
use fourinrow::assets::{ImageSource, Images};
use fourinrow::board::{is_board_full, is_valid_move, Board, Tile};
use fourinrow::draw::Screen;
use fourinrow::engine::Engine;
use fourinrow::error::Stop;
use fourinrow::extras::{Extras, GameRecord};
use fourinrow::frontend::{Event, Frontend};
use fourinrow::game;
use fourinrow::overlay::Text;
use fourinrow::pixels::ScaleBackend;
use fourinrow::replay::{parse_script, FrameSink, Replay};
use sdl2::surface::Surface;

/// Counts frames, keeps none.
#[derive(Default)]
struct Counter(u64);

impl FrameSink for Counter {
    fn frame(&mut self, _index: u64, _display: &Surface) -> Result<(), Stop> {
        self.0 += 1;
        Ok(())
    }
}

/// A replay that checks every question the game asks of the AI.
struct Checked {
    replay: Replay<Counter>,
    /// The last board the AI was asked about, to check `choice` against.
    last_board: Option<Board>,
    questions: usize,
}

/// Whether every token sits on another or on the bottom row.
fn obeys_gravity(board: &Board) -> bool {
    (0..board.width()).all(|x| {
        (0..board.height() - 1).all(|y| board[x][y].is_none() || board[x][y + 1].is_some())
    })
}

impl Choices for Checked {
    fn choice(&mut self, seq: &[usize]) -> usize {
        assert!(!seq.is_empty(), "choice among no columns");
        let board = self
            .last_board
            .as_ref()
            .expect("a choice before any search");
        for &column in seq {
            assert!(
                is_valid_move(board, column),
                "column {column} offered on {board:?}"
            );
        }
        self.replay.choice(seq)
    }

    fn randint_0_1(&mut self) -> u8 {
        self.replay.randint_0_1()
    }
}

impl Brain for Checked {
    fn engine(&self) -> Engine {
        self.replay.engine()
    }

    fn potential_moves(
        &mut self,
        board: &Board,
        tile: Tile,
        look_ahead: u32,
    ) -> Result<Vec<f64>, Stop> {
        assert!(obeys_gravity(board), "a token floats: {board:?}");
        let red = (0..board.width())
            .flat_map(|x| board[x].iter())
            .filter(|c| **c == Some(Tile::Red))
            .count();
        let black = (0..board.width())
            .flat_map(|x| board[x].iter())
            .filter(|c| **c == Some(Tile::Black))
            .count();
        assert!(
            red.abs_diff(black) <= 1,
            "{red} red, {black} black: {board:?}"
        );
        assert!(!is_board_full(board), "asked about a full board");
        self.questions += 1;
        self.last_board = Some(board.clone());
        self.replay.potential_moves(board, tile, look_ahead)
    }
}

impl Frontend for Checked {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        self.replay.get_events()
    }

    fn display_update(&mut self, display: &Surface) -> Result<(), Stop> {
        self.replay.display_update(display)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.replay.tick()
    }

    fn print(&mut self, line: &str) {
        self.replay.print(line);
    }

    fn say(&mut self, line: &str) {
        assert!(
            line.starts_with("explain: ") || line.starts_with("hint: "),
            "{line}"
        );
        assert!(!line.contains('\n'));
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
                let pile = if rng.random_bool(0.5) {
                    (50, 430)
                } else {
                    (590, 430)
                };
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
    let first: Vec<&str> = (0..10)
        .map(|_| {
            if rng.random_bool(0.5) {
                "human"
            } else {
                "computer"
            }
        })
        .collect();
    json!({"width": width, "height": height, "difficulty": rng.random_range(0..3), "frames": frames,
           "choices": choices, "first": first, "events": events})
}

/// Plays one random case; panics (with the seed) when an invariant breaks.
/// Returns how many searches were asked for and how many games were recorded.
fn play(seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (width, height) = [(4, 4), (5, 5), (7, 6), (9, 7), (12, 9)][rng.random_range(0..5)];
    let frames = rng.random_range(1500..3000);
    let record = std::env::temp_dir().join(format!(
        "fourinrow-fuzz-record-{}-{seed}.txt",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&record);
    let extras = Extras {
        explain: rng.random_bool(0.5),
        two_player: rng.random_bool(0.3),
        moves: rng.random_bool(0.5),
        record: Some(record.clone()),
    };
    let engine = [Engine::Fast, Engine::Faithful, Engine::Minimax][rng.random_range(0..3)];
    let script = parse_script(&script(&mut rng, width, height, frames).to_string()).unwrap();
    let settings = fourinrow::settings::Settings {
        extras: extras.clone(),
        ..script.settings.clone()
    };
    let images = Images::load(&ImageSource::Embedded, ScaleBackend::native()).unwrap();
    let mut screen = Screen::new(images, &settings).unwrap();
    screen.text = Some(Text::new().unwrap());
    let mut io = Checked {
        replay: Replay::new(&script, engine, Counter::default()),
        last_board: None,
        questions: 0,
    };
    let stop = match game::main(&mut screen, &mut io, &settings) {
        Err(stop) => stop,
        Ok(never) => match never {},
    };
    let shown = io.replay.frames_presented();
    match stop {
        Stop::ScriptEnded => assert_eq!(shown, frames, "seed {seed}"),
        Stop::Quit => assert!(shown <= frames, "seed {seed}"),
        Stop::Failed(e) => panic!("seed {seed}: the game failed: {e}"),
    }
    if extras.two_player {
        // Only a hint asks the AI anything in hot-seat play.
        assert!(
            io.replay.printed.is_empty(),
            "seed {seed}: no computer moves"
        );
    }
    // Every recorded game is a legal sequence of moves.
    let text = std::fs::read_to_string(&record).unwrap_or_default();
    let recorded = text.lines().count();
    for line in text.lines() {
        let game = GameRecord::parse(line).unwrap_or_else(|e| panic!("seed {seed}: {line}: {e}"));
        assert_eq!((game.width, game.height), (width, height));
        game.positions()
            .unwrap_or_else(|e| panic!("seed {seed}: {line}: {e}"));
    }
    let _ = std::fs::remove_file(&record);
    (io.questions, recorded)
}

#[test]
fn random_games_with_every_extra_keep_legal_boards() {
    if let Some(seed) = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()) {
        play(seed);
        return;
    }
    for seed in 0..12u64 {
        let result = std::panic::catch_unwind(|| play(1_000 + seed));
        assert!(
            result.is_ok(),
            "fuzz_extras failed with FUZZ_SEED={}",
            1_000 + seed
        );
    }
}

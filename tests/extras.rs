//! The extras, used as a player uses them, headless: replay scripts with the
//! same events a window would get (drags, key presses), through the same
//! game code, checked on the frames, the printed lines and the files written.
#![cfg(feature = "window")]

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use common::{play_with, Setup};
use fourinrow::cli::EngineChoice;
use fourinrow::error::Stop;
use fourinrow::fourinrow::engine::{Engine, Faithful, Minimax};
use fourinrow::fourinrow::extras::{Extras, ExtrasOptions};
use fourinrow::fourinrow::play::run_games;
use fourinrow::fourinrow::port::board::{Board, Tile};
use fourinrow::fourinrow::port::engine::Reply;
use fourinrow::fourinrow::port::settings::{Layout, Settings, CORNFLOWERBLUE};
use fourinrow::fourinrow::tools::analyze::{analyze_board, run_analyze, AnalyzeOptions};
use fourinrow::io::images::crc32;
use fourinrow::io::pixels::Display;
use fourinrow::io::replay::{parse_script, FrameSink, Replay};
use fourinrow::io::{Answer, Frontend, Search, Work};
use serde_json::{json, Value};

/// Keeps, for every frame, the checksums of the strip above y = 40 and of
/// the rest, and the frames `keep` whole: a few megabytes, not gigabytes.
#[derive(Default)]
struct Strips {
    top: Vec<u32>,
    rest: Vec<u32>,
    keep: Vec<u64>,
    kept: BTreeMap<u64, Vec<u8>>,
    count: u64,
    /// The frame's RGB bytes, a buffer reused from frame to frame.
    rgb: Vec<u8>,
}

impl FrameSink for Strips {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        display.rgb_bytes_into(&mut self.rgb);
        let (rgb, cut) = (&self.rgb, 40 * 640 * 3);
        self.top.push(crc32(&rgb[..cut]));
        self.rest.push(crc32(&rgb[cut..]));
        if self.keep.is_empty() || self.keep.contains(&index) {
            self.kept.insert(index, rgb.clone());
        }
        self.count += 1;
        Ok(())
    }
}

/// What a replay left behind.
struct Run {
    frames: Strips,
    printed: Vec<String>,
    said: Vec<String>,
    stop: Stop,
    layout: Layout,
    settings: Settings,
}

impl Run {
    /// The RGB colour at (x, y) of frame `i` (one of those kept).
    fn pixel(&self, i: u64, x: i32, y: i32) -> [u8; 3] {
        let at = (y as usize * 640 + x as usize) * 3;
        let f = &self.frames.kept[&i];
        [f[at], f[at + 1], f[at + 2]]
    }

    /// The last frame's index.
    fn last(&self) -> u64 {
        self.frames.count - 1
    }

    /// The board shown in frame `i`, as board text, read off the cells' centres.
    fn board(&self, i: u64) -> String {
        let (w, h) = (self.settings.board_width, self.settings.board_height);
        let mut rows = Vec::new();
        for y in 0..h {
            let mut row = String::new();
            for x in 0..w {
                let [r, g, b] = self.pixel(
                    i,
                    self.layout.xmargin + x as i32 * 50 + 25,
                    self.layout.ymargin + y as i32 * 50 + 25,
                );
                row.push(if r > 150 && g < 110 && b < 110 {
                    'R'
                } else if r < 110 && g < 110 && b < 110 {
                    'B'
                } else {
                    '.'
                });
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

/// Plays `script` with `extras`, keeping the frames `keep` whole (all of
/// them if `keep` is empty: only for short scripts).
fn run(script: Value, extras: ExtrasOptions, engine: Arc<dyn Engine>, keep: &[u64]) -> Run {
    run_with(script, extras, engine, Settings::default(), keep)
}

fn run_with(
    script: Value,
    extras: ExtrasOptions,
    engine: Arc<dyn Engine>,
    settings: Settings,
    keep: &[u64],
) -> Run {
    let script = parse_script(&script.to_string()).unwrap();
    let played = play_with(
        &script,
        Setup { engine, extras, settings: settings.clone(), ..Setup::default() },
        Strips { keep: keep.to_vec(), ..Strips::default() },
    );
    let settings = fourinrow::fourinrow::play::script_settings(&script, &settings).unwrap();
    let images =
        fourinrow::fourinrow::play::load_images(&fourinrow::io::images::ImageSource::Embedded)
            .unwrap();
    let size = |i: &fourinrow::io::pixels::RgbaImage| (i.width() as i32, i.height() as i32);
    let layout = Layout::new(&settings, size(&images.human_winner), size(&images.arrow));
    Run {
        frames: played.replay.sink,
        printed: played.replay.printed,
        said: played.said,
        stop: played.stop,
        layout,
        settings,
    }
}

/// Events dragging a token from the pile at `pile` (window coordinates) to
/// above `column` and letting go, starting at `frame`.
fn drag(frame: u64, width: usize, column: usize, pile: (i32, i32)) -> Vec<Value> {
    let xmargin = (640 - width as i32 * 50) / 2;
    let x = xmargin + column as i32 * 50 + 25;
    vec![
        json!([frame, "down", pile.0, pile.1]),
        json!([frame + 1, "motion", x, 30]),
        json!([frame + 2, "up", x, 30]),
    ]
}

const RED_PILE: (i32, i32) = (50, 430);
const BLACK_PILE: (i32, i32) = (590, 430);

/// Drags by the human onto `columns`, 200 frames apart from frame 0 (time
/// enough for the computer's reply in between).
fn human_moves(width: usize, columns: &[usize]) -> Vec<Value> {
    columns
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| drag(i as u64 * 200, width, c, RED_PILE))
        .collect()
}

fn extras(f: impl FnOnce(&mut ExtrasOptions)) -> ExtrasOptions {
    let mut e = ExtrasOptions::default();
    f(&mut e);
    e
}

fn faithful() -> Arc<dyn Engine> {
    Arc::new(Faithful::default())
}

/// Reads an `explain:`/`hint:` line back: the board text, and the JSON-like
/// lists after `potentialMoves=` and `bestMoves=`.
fn parse_explain(line: &str) -> (String, String, String) {
    let board = line.split(" on ").nth(1).unwrap().split(':').next().unwrap().to_string();
    let between = |start: &str, end: &str| {
        let rest = &line[line.find(start).unwrap() + start.len()..];
        rest[..rest.find(end).unwrap() + end.len()].to_string()
    };
    (board, between("potentialMoves=", "]"), between("bestMoves=", "]"))
}

/// The same lists in `analyze`'s JSON line, as text.
fn analyzed(board: &str, difficulty: u32, tile: Tile, engine: &dyn Engine) -> (String, String) {
    let line = analyze_board(board, difficulty, tile, engine).unwrap();
    let list = |key: &str| {
        let rest = &line[line.find(&format!("\"{key}\": ")).unwrap() + key.len() + 4..];
        rest[..rest.find(']').unwrap() + 1].to_string()
    };
    (list("potential_moves"), list("best_moves"))
}

#[test]
fn explain_prints_the_numbers_analyze_gives_and_draws_only_above_the_board() {
    let script = json!({"difficulty": 2, "frames": 800, "choices": [1, 2, 0], "events": human_moves(7, &[3, 2, 4])});
    let plain = run(script.clone(), ExtrasOptions::default(), faithful(), &[0]);
    let explained = run(script, extras(|e| e.explain = true), faithful(), &[0]);
    let computer_moves = explained.printed.len() / 3;
    assert!(computer_moves >= 3);
    assert_eq!(explained.said.len(), computer_moves, "one explain line per computer move");
    for line in &explained.said {
        let (board, values, best) = parse_explain(line);
        assert!(line.starts_with("explain: black to move on "), "{line}");
        assert_eq!(
            (values, best),
            analyzed(&board, 2, Tile::Black, &Faithful::default()),
            "{line}"
        );
        assert!(line.contains("; engine: faithful"), "{line}");
    }
    // The same game: the explain line's column is the printed column.
    let printed_columns: Vec<&String> = explained.printed.iter().skip(2).step_by(3).collect();
    for (line, column) in explained.said.iter().zip(printed_columns) {
        assert!(line.contains(&format!(" column={column};")), "{line}");
    }
    // Frame for frame, the overlay changes only the strip above the token's path.
    assert_eq!(plain.frames.count, explained.frames.count);
    assert_eq!(
        plain.frames.rest, explained.frames.rest,
        "below y = 40 the frames are the Python's"
    );
    let differing =
        plain.frames.top.iter().zip(&explained.frames.top).filter(|(a, b)| a != b).count();
    assert!(differing > 100, "the values show above the board ({differing} frames)");
}

#[test]
fn explain_says_which_engine_ran_and_why() {
    let script = json!({"difficulty": 4, "frames": 2});
    let run = run(
        script,
        extras(|e| e.explain = true),
        EngineChoice::Auto.engine(Default::default(), 0, Default::default()),
        &[0],
    );
    assert_eq!(run.said.len(), 1);
    assert!(
        run.said[0].contains(
            "; engine: fast, bitboards with the same values (the faithful twin would look at about"
        ),
        "{}",
        run.said[0]
    );
    let script = json!({"difficulty": 2, "frames": 2});
    let run = self::run(
        script,
        extras(|e| e.explain = true),
        EngineChoice::Auto.engine(Default::default(), 0, Default::default()),
        &[0],
    );
    assert!(
        run.said[0].contains("; engine: faithful, the Python's getPotentialMoves line for line"),
        "{}",
        run.said[0]
    );
}

#[test]
fn h_shows_the_humans_values_and_hides_them_again() {
    let events = vec![json!([150, "key", "h"]), json!([250, "key", "h"])];
    let run = run(
        json!({"difficulty": 2, "frames": 300, "events": events}),
        ExtrasOptions::default(),
        faithful(),
        &[140, 200, 290],
    );
    assert_eq!(run.said.len(), 1);
    let line = &run.said[0];
    assert!(line.starts_with("hint: red to move on "), "{line}");
    let (board, values, best) = parse_explain(line);
    assert_eq!(values.matches(',').count(), 6, "seven values: {values}");
    assert_eq!((values, best), analyzed(&board, 2, Tile::Red, &Faithful::default()));
    let strip = |i: u64| {
        (run.layout.xmargin..run.layout.xmargin + 350).any(|x| run.pixel(i, x, 28) != [0, 50, 255])
    };
    assert!(!strip(140), "no values before H");
    assert!(strip(200), "values after H");
    assert!(!strip(290), "hidden again after the second H");
    assert!(matches!(run.stop, Stop::ScriptEnded));
}

#[test]
fn in_the_hot_seat_h_values_the_board_as_it_is_for_whoever_drags() {
    // Black opens in column 0, red answers in 1; H on black's turn (black
    // drags in the mirror, on a board with the colours swapped), then H on
    // red's turn after black's second move.
    let mut events = drag(0, 7, 0, BLACK_PILE);
    events.extend(drag(60, 7, 1, RED_PILE));
    events.push(json!([120, "key", "h"]));
    events.extend(drag(130, 7, 2, BLACK_PILE));
    events.push(json!([190, "key", "h"]));
    let run = run(
        json!({"difficulty": 1, "frames": 200, "events": events}),
        extras(|e| e.two_player = true),
        faithful(),
        &[0],
    );
    let [first, second] = &run.said[..] else { panic!("two hints: {:?}", run.said) };
    let rows = "......./......./......./......./.......";
    assert!(first.starts_with(&format!("hint: black to move on {rows}/BR.....:")), "{first}");
    assert!(second.starts_with(&format!("hint: red to move on {rows}/BRB....:")), "{second}");
    for (line, tile) in [(first, Tile::Black), (second, Tile::Red)] {
        let (board, values, best) = parse_explain(line);
        assert_eq!((values, best), analyzed(&board, 1, tile, &Faithful::default()), "{line}");
    }
}

#[test]
fn undo_takes_back_the_move_and_the_reply_and_redo_replays_them() {
    // Difficulty 0: the script's choices pick the computer's columns (0 is the leftmost free).
    let mut events = human_moves(5, &[1, 2]);
    events.extend([
        json!([450, "key", "u"]),
        json!([470, "key", "shift+u"]),
        json!([490, "key", "ctrl+z"]),
        json!([510, "key", "ctrl+y"]),
        json!([530, "key", "u"]),
        json!([550, "key", "u"]),
        json!([570, "key", "u"]),
    ]);
    let run = run(
        json!({"width": 5, "height": 5, "difficulty": 0, "frames": 600, "choices": [0, 0, 0], "events": events}),
        ExtrasOptions::default(),
        faithful(),
        &[440, 460, 480, 500, 520, 560, 590],
    );
    let full = "...../...../B..../B..../BRR..";
    let taken_back = "...../...../...../B..../BR...";
    let opening = "...../...../...../...../B....";
    assert_eq!(run.board(440), full);
    assert_eq!(run.board(460), taken_back, "U: the human's move and the reply");
    assert_eq!(run.board(480), full, "Shift+U: both again");
    assert_eq!(run.board(500), taken_back, "Ctrl+Z");
    assert_eq!(run.board(520), full, "Ctrl+Y");
    assert_eq!(run.board(560), opening, "two more undos");
    assert_eq!(
        run.board(590),
        opening,
        "the computer's opening move is not the human's to take back"
    );
    assert_eq!(
        run.printed.len(),
        9,
        "the computer moved three times and never again after an undo"
    );
}

#[test]
fn r_restarts_and_the_coin_toss_decides_who_starts() {
    let mut events = human_moves(7, &[3]);
    events.push(json!([300, "key", "r"]));
    events.push(json!([400, "key", "f1"]));
    let run = run(
        json!({"difficulty": 0, "frames": 560, "first": ["human", "computer"], "events": events}),
        ExtrasOptions::default(),
        faithful(),
        &[290, 310, 399, 559],
    );
    let empty = "......./......./......./......./......./.......";
    assert_eq!(run.board(290).matches(['R', 'B']).count(), 3, "game 1: black, red, black");
    assert_eq!(run.board(310), empty, "R: game 2, which the human starts");
    assert_eq!(run.board(399), empty, "the computer waits for the human");
    // F1: game 3, which the computer starts; its token has landed by the end.
    assert_eq!(run.board(559).matches('B').count(), 1);
    assert_eq!(run.board(559).matches('R').count(), 0);
    assert_eq!(run.printed.len(), 9, "two computer moves in game 1, one in game 3");
}

#[test]
fn two_players_take_turns_undo_one_move_and_a_banner_names_the_winner() {
    // Black (the second person) starts game 1 and stacks column 0; red spreads
    // out, takes back its second move once (U) and plays it again (Shift+U).
    let mut events = Vec::new();
    let mut frame = 0;
    for (i, (black, red)) in [(0, 1), (0, 2), (0, 3), (0, 4)].into_iter().enumerate() {
        events.extend(drag(frame, 7, black, BLACK_PILE));
        frame += 60;
        if red == 4 {
            break;
        }
        events.extend(drag(frame, 7, red, RED_PILE));
        frame += 60;
        if i == 1 {
            events.push(json!([frame, "key", "u"]));
            events.push(json!([frame + 10, "key", "shift+u"]));
            frame += 20;
        }
    }
    // U at frame 240 (black to move) takes back red's 2; Shift+U at 250 puts it back.
    let undone = 245;
    let run = run(
        json!({"difficulty": 2, "frames": frame + 60, "events": events}),
        extras(|e| e.two_player = true),
        faithful(),
        &[undone, undone + 10, frame + 59],
    );
    assert!(run.printed.is_empty(), "no computer moves");
    assert!(matches!(run.stop, Stop::ScriptEnded));
    assert!(run.board(undone).ends_with("BR....."), "U took back red's 2: {}", run.board(undone));
    assert!(run.board(undone + 10).ends_with("BRR...."), "Shift+U put it back");
    let last = run.last();
    let panel = run.pixel(last, 320, run.layout.winner_rect.y + 5);
    assert!(panel.iter().all(|&c| c > 150), "a light banner over the board: {panel:?}");
    // Beside the banner the bottom row reads B R R R . . .
    let bottom = run.board(last);
    assert!(bottom.ends_with("BRRR..."), "{bottom}");
}

#[test]
fn the_move_list_fills_the_left_margin() {
    let run = run(
        json!({"difficulty": 0, "frames": 420, "events": human_moves(7, &[3, 5])}),
        extras(|e| e.moves = true),
        faithful(),
        &[410],
    );
    let icon_row = |row: i32| run.pixel(410, 12, 8 + 16 * row + 8);
    assert_ne!(icon_row(1), [0, 50, 255], "1. black ...");
    assert_ne!(icon_row(2), [0, 50, 255], "2. red ...");
    let [r, g, b] = icon_row(2);
    assert!(r > g && r > b, "the red move has a red token");
}

#[test]
fn record_writes_each_game_and_analyze_reads_it_back_with_explains_numbers() {
    let path = std::env::temp_dir().join(format!("fourinrow-record-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    // Difficulty 0 and choice 0: black always takes the leftmost column, and wins there.
    let mut events = human_moves(5, &[1, 2, 3]);
    events.push(json!([620, "down", 320, 240]));
    events.push(json!([621, "up", 320, 240]));
    let run = run(
        json!({"width": 5, "height": 5, "difficulty": 0, "frames": 700, "first": ["human"], "events": events}),
        extras(|e| {
            e.explain = true;
            e.record = Some(path.clone());
        }),
        faithful(),
        &[0],
    );
    assert!(matches!(run.stop, Stop::ScriptEnded));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text, "5x5 first=black moves=0,1,0,2,0,3,0 result=black\n",
        "game 2 has no moves yet"
    );
    // analyze --record: one line per position, for the side to move; black's
    // positions carry the explain lines' numbers.
    let options = AnalyzeOptions {
        difficulty: 0,
        tile: Tile::Red,
        engine: EngineChoice::Faithful,
        boards: vec![],
        record: Some(path.clone()),
        python: Default::default(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(run_analyze(&options, "".as_bytes(), &mut out, &mut err).unwrap(), 0);
    let answers: Vec<Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 7);
    assert_eq!(answers[0]["tile"], "black");
    assert_eq!(answers[1]["tile"], "red");
    assert_eq!(run.said.len(), 4);
    for (line, answer) in run.said.iter().zip(answers.iter().step_by(2)) {
        let (board, values, best) = parse_explain(line);
        assert_eq!(answer["board"], board.as_str());
        assert_eq!((values, best), analyzed(&board, 0, Tile::Black, &Faithful::default()));
    }
    std::fs::remove_file(&path).unwrap();
}

/// The `--record` file written by playing `script` with `options`.
fn recorded(name: &str, script: Value, options: ExtrasOptions) -> String {
    let path = std::env::temp_dir().join(format!("fourinrow-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let run =
        run(script, ExtrasOptions { record: Some(path.clone()), ..options }, faithful(), &[0]);
    assert!(matches!(run.stop, Stop::ScriptEnded));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    text
}

#[test]
fn record_tells_a_restarted_game_from_an_unfinished_one_in_both_loops() {
    // Against the computer (difficulty 0: it plays column 0): B0 R3 B0, then R.
    // Game 2 is the human's to start and has no moves when the script ends.
    let mut events = human_moves(7, &[3]);
    events.push(json!([300, "key", "r"]));
    let script = json!({"difficulty": 0, "frames": 400, "first": ["human"], "events": events});
    assert_eq!(
        recorded("restarted", script, ExtrasOptions::default()),
        "7x6 first=black moves=0,3,0 result=restarted\n"
    );
    // The hot seat: B0 R1 B0, U takes back black's 0; the script ends on black's turn.
    let mut events = drag(0, 7, 0, BLACK_PILE);
    events.extend(drag(60, 7, 1, RED_PILE));
    events.extend(drag(120, 7, 0, BLACK_PILE));
    events.push(json!([180, "key", "u"]));
    let script = json!({"frames": 240, "events": events});
    assert_eq!(
        recorded("hot-seat", script, extras(|e| e.two_player = true)),
        "7x6 first=black moves=0,1 result=unfinished\n"
    );
}

#[test]
fn the_lab_preset_is_a_5x5_board_on_cornflower_blue() {
    let settings = Settings { bg_color: CORNFLOWERBLUE, ..Settings::default() };
    let run = run_with(
        json!({"width": 5, "height": 5, "frames": 5}),
        ExtrasOptions::default(),
        faithful(),
        settings,
        &[4],
    );
    assert_eq!(run.pixel(4, 5, 5), [100, 149, 237]);
    assert_eq!((run.layout.xmargin, run.layout.ymargin), (195, 115));
}

#[test]
fn minimax_plays_the_column_it_explains() {
    // (Whether minimax blocks is tested on many boards in src/fourinrow/engine/mod.rs;
    // here, that the game plays what the engine scores, and says so.)
    let run = run(
        json!({"difficulty": 2, "frames": 900, "events": human_moves(7, &[0, 0, 0, 0])}),
        extras(|e| e.explain = true),
        Arc::new(Minimax),
        &[0],
    );
    assert!(run.said.len() >= 4, "{:?}", run.said);
    let printed_columns: Vec<&String> = run.printed.iter().skip(2).step_by(3).collect();
    for (line, column) in run.said.iter().zip(printed_columns) {
        let (board, values, best) = parse_explain(line);
        assert_eq!((values, best.clone()), analyzed(&board, 2, Tile::Black, &Minimax), "{line}");
        assert_eq!(best, format!("[{column}]"), "one best column, played: {line}");
        assert!(line.contains("; engine: minimax"), "{line}");
    }
}

/// A faithful engine that ponders: for each position it is given to
/// ponder, it keeps the board, the side, and whether it had been told to
/// stop by the time the work ran.
#[derive(Default)]
struct Ponderer {
    inner: Faithful,
    pondered: std::sync::Mutex<Vec<(String, Tile, bool)>>,
}

impl Engine for Ponderer {
    fn reply(&self, board: &Board, tile: Tile, look_ahead: u32) -> Reply {
        self.inner.reply(board, tile, look_ahead)
    }

    fn ponders(&self) -> bool {
        true
    }

    fn ponder(&self, board: &Board, tile: Tile, stop: &AtomicBool) {
        let stopped = stop.load(Ordering::Relaxed);
        self.pondered.lock().unwrap().push((format!("{board:?}"), tile, stopped));
    }
}

/// A replay that keeps the work it is given for the background and runs
/// it just before the next search (the computer's move or a hint), as a
/// thread that started late would.
struct Later {
    replay: Replay<Strips>,
    kept: Vec<Work>,
}

impl Frontend for Later {
    fn get_events(&mut self) -> Result<Vec<fourinrow::io::Event>, Stop> {
        self.replay.get_events()
    }

    fn display_update(&mut self, display: &Display) -> Result<(), Stop> {
        self.replay.display_update(display)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.replay.tick()
    }

    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop> {
        self.replay.choice(seq)
    }

    fn randint(&mut self, a: u32, b: u32) -> u32 {
        self.replay.randint(a, b)
    }

    fn print(&mut self, line: &str) -> Result<(), Stop> {
        self.replay.print(line)
    }

    fn mouse_pos(&self) -> (i32, i32) {
        self.replay.mouse_pos()
    }

    fn think(&mut self, search: Search) -> Result<Answer, Stop> {
        for work in self.kept.drain(..) {
            work();
        }
        self.replay.think(search)
    }

    fn ponder(&mut self, work: Work) {
        self.kept.push(work);
    }
}

/// Plays `script` with `engine` and the default extras through [`Later`],
/// and returns the hint lines printed and the work left unrun.
fn run_later(script: Value, engine: Arc<dyn Engine>) -> (Vec<String>, usize) {
    run_later_with(script, engine, ExtrasOptions::default())
}

/// [`run_later`] with the extras `options`.
fn run_later_with(
    script: Value,
    engine: Arc<dyn Engine>,
    options: ExtrasOptions,
) -> (Vec<String>, usize) {
    let script = parse_script(&script.to_string()).unwrap();
    let settings =
        fourinrow::fourinrow::play::script_settings(&script, &Settings::default()).unwrap();
    let images =
        fourinrow::fourinrow::play::load_images(&fourinrow::io::images::ImageSource::Embedded)
            .unwrap();
    let extras =
        Extras::new(options, &settings, &images, Arc::clone(&engine), None, false).unwrap();
    let mut later = Later { replay: Replay::new(&script, Strips::default()), kept: Vec::new() };
    let (stop, extras) = run_games(settings, images, &mut later, &engine, extras);
    assert!(matches!(stop, Stop::ScriptEnded), "{stop:?}");
    (extras.said, later.kept.len())
}

#[test]
fn the_engine_ponders_the_humans_position_until_the_human_moves() {
    // The computer opens; the human answers at frame 150, and presses H at
    // 400, after the computer's second move.
    let mut events = drag(150, 7, 3, RED_PILE);
    events.push(json!([400, "key", "h"]));
    let script = json!({"difficulty": 1, "frames": 450, "events": events});
    let ponderer = Arc::new(Ponderer::default());
    let (said, unrun) = run_later(script.clone(), Arc::clone(&ponderer) as Arc<dyn Engine>);
    let pondered = ponderer.pondered.lock().unwrap().clone();
    let [(first, tile1, stopped1), (second, tile2, stopped2)] = &pondered[..] else {
        panic!("two positions pondered: {pondered:?}")
    };
    let count = |board: &str, c: char| board.matches(c).count();
    // The position after the computer's first move, told to stop by the
    // time it ran: the human had moved.
    assert_eq!((count(first, 'B'), count(first, 'R'), *tile1, *stopped1), (1, 0, Tile::Red, true));
    // The position after its second move, still on when H asked for it.
    assert_eq!(
        (count(second, 'B'), count(second, 'R'), *tile2, *stopped2),
        (2, 1, Tile::Red, false)
    );
    let [hint] = &said[..] else { panic!("one hint: {said:?}") };
    assert!(hint.starts_with(&format!("hint: red to move on {second}:")), "{hint}");
    assert_eq!(unrun, 0);

    // An engine that does not ponder is given nothing to do.
    let (said, unrun) = run_later(script, faithful());
    assert_eq!((said.len(), unrun), (1, 0));
}

#[test]
fn in_the_hot_seat_the_engine_ponders_each_turn_for_whoever_drags() {
    // Black opens in column 0, red answers in 1; H on black's turn at 120.
    let mut events = drag(0, 7, 0, BLACK_PILE);
    events.extend(drag(60, 7, 1, RED_PILE));
    events.push(json!([120, "key", "h"]));
    let script = json!({"difficulty": 1, "frames": 150, "events": events});
    let ponderer = Arc::new(Ponderer::default());
    let (said, unrun) = run_later_with(
        script,
        Arc::clone(&ponderer) as Arc<dyn Engine>,
        extras(|e| e.two_player = true),
    );
    let pondered = ponderer.pondered.lock().unwrap().clone();
    let count = |board: &str, c: char| board.matches(c).count();
    let seen: Vec<_> =
        pondered.iter().map(|(b, t, s)| (count(b, 'B'), count(b, 'R'), *t, *s)).collect();
    // Each turn's position, for whoever drags it, the colours as they are
    // on the board: the first two told to stop by the move that ended
    // them, the third still on when H asked for it.
    assert_eq!(
        seen,
        [(0, 0, Tile::Black, true), (1, 0, Tile::Red, true), (1, 1, Tile::Black, false)]
    );
    let [hint] = &said[..] else { panic!("one hint: {said:?}") };
    assert!(hint.starts_with(&format!("hint: black to move on {}:", pondered[2].0)), "{hint}");
    assert_eq!(unrun, 0);
}

#[test]
fn after_an_undo_the_engine_ponders_the_position_it_gave_back() {
    // The computer opens; the human answers at 150; U at 400 takes the
    // human's move and the computer's reply back; H at 450.
    let mut events = drag(150, 7, 3, RED_PILE);
    events.push(json!([400, "key", "u"]));
    events.push(json!([450, "key", "h"]));
    let script = json!({"difficulty": 1, "frames": 500, "events": events});
    let ponderer = Arc::new(Ponderer::default());
    let (said, unrun) = run_later(script, Arc::clone(&ponderer) as Arc<dyn Engine>);
    let pondered = ponderer.pondered.lock().unwrap().clone();
    let count = |board: &str, c: char| board.matches(c).count();
    let seen: Vec<_> =
        pondered.iter().map(|(b, t, s)| (count(b, 'B'), count(b, 'R'), *t, *s)).collect();
    // After the computer's first move (stopped: the human moved), after
    // its second (stopped: the undo), and the position the undo gave back.
    assert_eq!(seen, [(1, 0, Tile::Red, true), (2, 1, Tile::Red, true), (1, 0, Tile::Red, false)]);
    assert_eq!(pondered[0].0, pondered[2].0);
    let [hint] = &said[..] else { panic!("one hint: {said:?}") };
    assert!(hint.starts_with(&format!("hint: red to move on {}:", pondered[2].0)), "{hint}");
    assert_eq!(unrun, 0);
}

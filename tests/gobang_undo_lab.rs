//! The undo-lab extras (`--preset undo-lab`) replayed headless through the
//! same code the window runs: the AI opens as black; the undo, redo and
//! restart buttons; the messages and how long they stay; a new game 5 s
//! after a win. tests/fixtures/gobang/undo-lab/ holds the replay scripts.
#![cfg(feature = "window")]

use std::path::PathBuf;

use fourinrow::error::Stop;
use fourinrow::gobang::extras::lab;
use fourinrow::gobang::extras::rules::{judge_for, Rule};
use fourinrow::gobang::extras::undo_lab::{UndoLab, RESTART_FRAMES, TAKEN_FRAMES, WIN_FRAMES};
use fourinrow::gobang::play::load_images;
use fourinrow::gobang::port::hooks::{Engine, Hooks};
use fourinrow::gobang::port::main;
use fourinrow::gobang::text::Text;
use fourinrow::io::replay::{load_script, parse_script, Checksums, Replay, Script};

/// The preset's hooks, as `--preset undo-lab` sets them.
fn preset() -> Hooks {
    Hooks {
        judge: judge_for(Some(Rule::Freestyle)),
        hot_seat: false,
        engine: Some(lab::engine as Engine),
    }
}

/// Every frame the game presents for `script`, as RGB bytes, and what the AI printed.
/// With `lab`, the undo-lab extra plays too, as the preset has it.
fn frames(script: &Script, hooks: Hooks, lab: bool) -> (Vec<Vec<u8>>, Vec<String>) {
    let extra = lab.then(|| Box::new(UndoLab::default()) as _);
    let mut sink = Checksums::default();
    sink.keep.extend(0..2000);
    let mut replay = Replay::new(script, sink);
    let (images, _) = load_images(None).unwrap();
    let stop = match main::main(&mut replay, images, Box::new(Text::new().unwrap()), hooks, extra) {
        Ok(never) => match never {},
        Err(stop) => stop,
    };
    assert!(matches!(stop, Stop::ScriptEnded), "{stop:?}");
    let n = replay.sink.crcs.len();
    let frames = (0..n as u64).map(|i| replay.sink.kept[&i].clone()).collect();
    (frames, replay.printed)
}

fn script(name: &str) -> Script {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gobang/undo-lab").join(name);
    load_script(&path).unwrap()
}

fn pixel(frame: &[u8], (x, y): (i32, i32)) -> (u8, u8, u8) {
    let i = (y as usize * 650 + x as usize) * 3;
    (frame[i], frame[i + 1], frame[i + 2])
}

/// What stands on point `(row, col)`: 'X', 'O' or '.', read a few pixels
/// off the point's centre (which an empty point's grid lines cross).
fn stone(frame: &[u8], (row, col): (i32, i32)) -> char {
    match pixel(frame, (50 + 30 * col + 4, 50 + 30 * row + 4)) {
        (r, _, _) if r < 70 => 'X',
        (r, _, _) if r > 150 => 'O',
        _ => '.',
    }
}

/// How many pixels of text in `colour` (black or white) stand in the
/// messages' band, between x0 and x1, away from the stones in the tests.
fn message_pixels(frame: &[u8], x0: i32, x1: i32, white: bool) -> usize {
    (203..222)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&p| {
            let (r, g, b) = pixel(frame, p);
            if white {
                r > 235 && g > 235 && b > 235
            } else {
                r < 15 && g < 15 && b < 15
            }
        })
        .count()
}

/// The runs of equal frames: (first frame, length).
fn runs(frames: &[Vec<u8>]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        match runs.last_mut() {
            Some((start, len)) if frames[*start] == *f => *len += 1,
            _ => runs.push((i, 1)),
        }
    }
    runs
}

#[test]
fn the_buttons_take_back_replay_and_restart_with_their_messages() {
    let (frames, printed) = frames(&script("buttons.json"), preset(), true);
    assert!(printed.is_empty(), "the undo-lab engine prints nothing: {printed:?}");
    let board = |f: &[u8]| [(7, 7), (7, 8), (6, 7)].map(|p| stone(f, p));
    // The AI opens at the centre as black before anyone clicks.
    assert_eq!(board(&frames[0]), ['X', '.', '.']);
    // The human's white at (7, 8), the AI's reply at (6, 7).
    let full = frames.iter().position(|f| board(f) == ['X', 'O', 'X']).unwrap();

    // A click on the taken centre: "That point is taken" in the side to
    // move's colour (white), for exactly TAKEN_FRAMES frames, then gone.
    let runs = runs(&frames);
    let taken = runs
        .iter()
        .find(|&&(start, _)| message_pixels(&frames[start], 150, 240, true) > 20)
        .copied()
        .unwrap();
    assert!(taken.0 > full);
    assert_eq!(taken.1, TAKEN_FRAMES as usize, "runs {runs:?}");
    let after = &frames[taken.0 + taken.1];
    assert_eq!(message_pixels(after, 150, 240, true), 0);
    assert_eq!(board(after), ['X', 'O', 'X']);

    // Undo takes back the human's move and the AI's reply, the AI's
    // opening stays; redo plays both again.
    let undone = (taken.0..frames.len()).find(|&i| board(&frames[i]) == ['X', '.', '.']).unwrap();
    let redone = (undone..frames.len()).find(|&i| board(&frames[i]) == ['X', 'O', 'X']).unwrap();

    // Restart: "New game" for exactly RESTART_FRAMES frames over the old
    // board, a click meanwhile ignored; then a new game the AI opens.
    let restart = runs
        .iter()
        .find(|&&(start, _)| start > redone && message_pixels(&frames[start], 200, 240, true) > 20)
        .copied()
        .unwrap();
    assert_eq!(restart.1, RESTART_FRAMES as usize, "runs {runs:?}");
    assert_eq!(board(&frames[restart.0]), ['X', 'O', 'X']);
    let last = frames.last().unwrap();
    assert_eq!(board(last), ['X', '.', '.']);
    assert_eq!(stone(last, (8, 8)), '.', "the click during the message was ignored");
    assert_eq!(message_pixels(last, 150, 240, true), 0);
}

#[test]
fn a_win_shows_the_winner_then_a_new_game_starts_5_s_later() {
    // The human plays along row 0; the AI makes five on a diagonal.
    let (frames, _) = frames(&script("win.json"), preset(), true);
    let runs = runs(&frames);
    let (start, len) = *runs.iter().max_by_key(|r| r.1).unwrap();
    assert_eq!(len, WIN_FRAMES as usize, "runs {runs:?}");
    let shown = &frames[start];
    assert!(message_pixels(shown, 90, 180, false) > 20, "the black winner's message");
    assert_eq!(stone(shown, (0, 0)), 'O');
    // Clicks during the message are ignored; then a new game, AI to open.
    let next = &frames[start + len];
    assert_eq!(message_pixels(next, 90, 180, false), 0);
    assert_eq!(stone(next, (7, 7)), 'X');
    assert!((0..15).all(|c| stone(next, (0, c)) == '.'), "the old game is gone");
}

#[test]
fn the_undo_lab_engine_answers_in_the_step_list_game() {
    // Without the preset: the human plays black, the lab's AI replies as white.
    let script = parse_script(
        r#"{"frames": 4, "events": [[1, "motion", 260, 260], [1, "down", 260, 260]]}"#,
    )
    .unwrap();
    let hooks = Hooks { engine: Some(lab::engine as Engine), ..Hooks::default() };
    let (frames, printed) = frames(&script, hooks, false);
    assert!(printed.is_empty(), "layerOne, which prints, was not asked");
    let last = frames.last().unwrap();
    assert_eq!(stone(last, (7, 7)), 'X');
    let whites: Vec<(i32, i32)> = (0..15)
        .flat_map(|r| (0..15).map(move |c| (r, c)))
        .filter(|&p| stone(last, p) == 'O')
        .collect();
    assert_eq!(whites.len(), 1, "{whites:?}");
    let (r, c) = whites[0];
    assert!((r - 7).abs() <= 1 && (c - 7).abs() <= 1, "next to the centre: {whites:?}");
}

#[test]
fn two_people_with_the_lab_undo_and_redo_one_move_and_nobody_opens() {
    // Black at (7, 7), white at (7, 8); undo, undo, redo.
    let script = parse_script(
        r#"{"frames": 20, "events": [
            [1, "motion", 260, 260], [1, "down", 260, 260],
            [3, "motion", 290, 260], [3, "down", 290, 260],
            [5, "motion", 540, 138], [5, "down", 540, 138],
            [7, "motion", 540, 138], [7, "down", 540, 138],
            [9, "motion", 606, 138], [9, "down", 606, 138]]}"#,
    )
    .unwrap();
    let hooks = Hooks { hot_seat: true, ..preset() };
    let (frames, printed) = frames(&script, hooks, true);
    assert!(printed.is_empty());
    let board = |f: &[u8]| [(7, 7), (7, 8)].map(|p| stone(f, p));
    assert_eq!(board(&frames[0]), ['.', '.'], "no AI opens for black");
    assert_eq!(board(&frames[3]), ['X', 'O']);
    assert_eq!(board(&frames[5]), ['X', '.'], "undo takes back white's move only");
    assert_eq!(board(&frames[7]), ['.', '.'], "and then black's");
    assert_eq!(board(&frames[9]), ['X', '.'], "redo plays black's again");
    assert_eq!(board(frames.last().unwrap()), ['X', '.']);
}

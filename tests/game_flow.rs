//! Whole games, replayed headless through the same code the window runs,
//! frame for frame against the Python original.
//!
//! tests/scripts/*.json are replay scripts (made with
//! tools/make-frame-fixtures.py); tests/fixtures/frames/NAME.txt holds the
//! CRC-32 of every frame the Python original presented for them, and
//! NAME-NNNNN.png some of those frames in full.
#![cfg(feature = "window")]

use crate::common;

use std::sync::Arc;

use common::{play, root, script, Setup};
use fourinrow::error::Stop;
use fourinrow::fourinrow::engine::{Faithful, Fast};
use fourinrow::io::images::{decode_rgba, ImageSource};
use fourinrow::io::replay::Checksums;

/// The golden frames of `name`: (frame index, RGB bytes).
fn goldens(name: &str) -> Vec<(u64, Vec<u8>)> {
    let fixtures = root().join("tests/fixtures/frames");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(index) =
            file.strip_prefix(&format!("{name}-")).and_then(|r| r.strip_suffix(".png"))
        else {
            continue;
        };
        let golden = decode_rgba(&std::fs::read(&path).unwrap()).unwrap();
        let rgb: Vec<u8> = golden.data().chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        found.push((index.parse().unwrap(), rgb));
    }
    found
}

/// Plays `name` with `setup` and checks every frame against the Python
/// original's checksums, and the `golden` frames (there must be exactly
/// that many) pixel for pixel. Returns the replay's record.
fn check_against_python(name: &str, setup: Setup, golden: usize) -> (Checksums, Vec<String>, Stop) {
    let goldens = goldens(name);
    assert_eq!(goldens.len(), golden, "{name}: golden frames on disk");
    let keep: Vec<u64> = goldens.iter().map(|&(i, _)| i).collect();
    let played = play(&script(name), setup, &keep);
    let sink = played.replay.sink;
    let expected: Vec<u32> =
        std::fs::read_to_string(root().join(format!("tests/fixtures/frames/{name}.txt")))
            .unwrap()
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
    assert_eq!(sink.crcs.len(), expected.len(), "{name}: number of frames");
    for (i, (got, want)) in sink.crcs.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "{name}: frame {i} differs from the Python original's");
    }
    for (index, rgb) in &goldens {
        assert!(
            sink.kept.get(index) == Some(rgb),
            "{name}: frame {index} differs from its golden PNG"
        );
    }
    (sink, played.replay.printed, played.stop)
}

#[test]
fn the_human_wins_then_starts_the_next_game() {
    let (_, printed, stop) = check_against_python("human-wins-5x5", Setup::default(), 1);
    assert!(matches!(stop, Stop::ScriptEnded));
    // The computer moved four times in game 1 (the script's columns 0, 0, 0, 1) and
    // not yet in game 2, which the human starts.
    let columns: Vec<&String> = printed.iter().skip(2).step_by(3).collect();
    assert_eq!(columns, ["0", "0", "0", "1"]);
}

#[test]
fn the_computer_wins_and_escape_quits() {
    let (_, printed, stop) = check_against_python("computer-wins-escape", Setup::default(), 1);
    assert!(matches!(stop, Stop::Quit), "Esc on the result screen quits");
    assert_eq!(printed.len(), 12, "four computer moves, three lines each");
}

#[test]
fn a_full_board_without_four_is_a_tie() {
    let (_, _, stop) = check_against_python("tie-4x4", Setup::default(), 1);
    assert!(matches!(stop, Stop::ScriptEnded));
}

#[test]
fn mistakes_are_ignored_and_closing_the_window_quits() {
    let (_, _, stop) = check_against_python("mistakes-and-quit", Setup::default(), 1);
    assert!(matches!(stop, Stop::Quit));
}

#[test]
fn closing_during_an_animation_waits_for_the_next_poll_as_in_the_python() {
    let (_, _, stop) = check_against_python("quit-during-animation", Setup::default(), 0);
    assert!(matches!(stop, Stop::Quit));
}

#[test]
fn every_engine_of_the_tutorial_plays_the_same_frames() {
    for name in ["human-wins-5x5", "quit-during-animation"] {
        let faithful = play(
            &script(name),
            Setup { engine: Arc::new(Faithful::default()), ..Setup::default() },
            &[],
        );
        let fast = play(
            &script(name),
            Setup { engine: Arc::new(Fast::default()), ..Setup::default() },
            &[],
        );
        assert!(!faithful.replay.sink.crcs.is_empty());
        assert_eq!(faithful.replay.sink.crcs, fast.replay.sink.crcs, "{name}");
    }
}

#[test]
fn images_of_other_sizes_are_scaled_and_placed_as_the_python_does() {
    // Tokens of 73, 37 and 64 pixels, a 300x170 winner panel and a 251x99 arrow.
    let images = ImageSource::Folder(root().join("tests/fixtures/odd-images"));
    let (_, _, stop) =
        check_against_python("odd-images-5x5", Setup { images, ..Setup::default() }, 1);
    assert!(matches!(stop, Stop::ScriptEnded));
}

//! Whole games, replayed headless through the same code the window runs,
//! frame for frame against the Python original.
//!
//! tests/scripts/*.json are replay scripts (made with
//! tools/make-frame-fixtures.py); tests/fixtures/frames/NAME.txt holds the
//! CRC-32 of every frame the Python original presented for them,
//! and NAME-NNNNN.png a few of those frames in full.

use std::path::{Path, PathBuf};

use fourinrow::assets::{crc32, decode_rgba, ImageSource, Images};
use fourinrow::draw::Screen;
use fourinrow::engine::Engine;
use fourinrow::error::Stop;
use fourinrow::game;
use fourinrow::pixels::ScaleBackend;
use fourinrow::replay::{load_script, Recorder, Replay};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Plays a script with `engine`; returns the frames, the printed lines and how it stopped.
fn replay(name: &str, engine: Engine) -> (Vec<Vec<u8>>, Vec<String>, Stop) {
    replay_with(name, engine, ImageSource::Embedded)
}

/// The same, with the images from `source`.
fn replay_with(
    name: &str,
    engine: Engine,
    source: ImageSource,
) -> (Vec<Vec<u8>>, Vec<String>, Stop) {
    let script = load_script(&root().join("tests/scripts").join(format!("{name}.json"))).unwrap();
    let images = Images::load(&source, ScaleBackend::native()).unwrap();
    let mut screen = Screen::new(images, &script.settings).unwrap();
    let mut replay = Replay::new(&script, engine, Recorder::default());
    let stop = match game::main(&mut screen, &mut replay, &script.settings) {
        Err(stop) => stop,
        Ok(never) => match never {},
    };
    (replay.sink.frames, replay.printed, stop)
}

/// Checks every frame against the Python original's hashes and golden PNGs.
fn check_against_python(name: &str, frames: &[Vec<u8>]) {
    let fixtures = root().join("tests/fixtures/frames");
    let expected: Vec<u32> = std::fs::read_to_string(fixtures.join(format!("{name}.txt")))
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(frames.len(), expected.len(), "{name}: number of frames");
    for (i, (frame, want)) in frames.iter().zip(&expected).enumerate() {
        assert_eq!(
            crc32(frame),
            *want,
            "{name}: frame {i} differs from the Python original's"
        );
    }
    let mut goldens = 0;
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(index) = file
            .strip_prefix(&format!("{name}-"))
            .and_then(|r| r.strip_suffix(".png"))
        else {
            continue;
        };
        let index: usize = index.parse().unwrap();
        let golden = decode_rgba(&std::fs::read(&path).unwrap()).unwrap();
        let rgb: Vec<u8> = golden
            .data()
            .chunks(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        assert!(
            rgb == frames[index],
            "{name}: frame {index} differs from {}",
            Path::new(&file).display()
        );
        goldens += 1;
    }
    assert!(goldens <= 1);
}

#[test]
fn the_human_wins_then_starts_the_next_game() {
    let (frames, printed, stop) = replay("human-wins-5x5", Engine::default());
    assert!(matches!(stop, Stop::ScriptEnded));
    check_against_python("human-wins-5x5", &frames);
    // The computer moved four times in game 1 (the script's columns 0, 0, 0, 1) and
    // not yet in game 2, which the human starts.
    let columns: Vec<&String> = printed.iter().skip(2).step_by(3).collect();
    assert_eq!(columns, ["0", "0", "0", "1"]);
}

#[test]
fn the_computer_wins_and_escape_quits() {
    let (frames, printed, stop) = replay("computer-wins-escape", Engine::default());
    assert!(matches!(stop, Stop::Quit), "Esc on the result screen quits");
    check_against_python("computer-wins-escape", &frames);
    assert_eq!(printed.len(), 12, "four computer moves, three lines each");
}

#[test]
fn a_full_board_without_four_is_a_tie() {
    let (frames, _, stop) = replay("tie-4x4", Engine::default());
    assert!(matches!(stop, Stop::ScriptEnded));
    check_against_python("tie-4x4", &frames);
}

#[test]
fn mistakes_are_ignored_and_closing_the_window_quits() {
    let (frames, _, stop) = replay("mistakes-and-quit", Engine::default());
    assert!(matches!(stop, Stop::Quit));
    check_against_python("mistakes-and-quit", &frames);
}

#[test]
fn closing_during_an_animation_waits_for_the_next_poll_as_in_the_python() {
    let (frames, _, stop) = replay("quit-during-animation", Engine::default());
    assert!(matches!(stop, Stop::Quit));
    check_against_python("quit-during-animation", &frames);
}

#[test]
fn both_engines_play_the_same_frames() {
    for name in ["human-wins-5x5", "quit-during-animation"] {
        let (fast, _, _) = replay(name, Engine::default());
        let (faithful, _, _) = replay(name, Engine::Faithful);
        assert!(fast == faithful, "{name}");
    }
}

#[test]
fn images_of_other_sizes_are_scaled_and_placed_as_the_python_does() {
    // Tokens of 73, 37 and 64 pixels, a 300x170 winner panel and a 251x99 arrow.
    let source = ImageSource::Folder(root().join("tests/fixtures/odd-images"));
    let (frames, _, stop) = replay_with("odd-images-5x5", Engine::default(), source);
    assert!(matches!(stop, Stop::ScriptEnded));
    check_against_python("odd-images-5x5", &frames);
}

//! Gobang games replayed headless through the same code the window runs,
//! frame for frame against the step-list Gobang's Python under pygame 2.6.1.
//!
//! tests/fixtures/gobang/scripts/NAME.json are replay scripts;
//! tests/fixtures/gobang/frames/ holds, for each, what
//! `tools/gobang/driver.py` recorded of the Python playing it: NAME.txt the
//! CRC-32 of every frame, NAME.printed.txt its console output,
//! NAME.outcome.txt how it ended, and NAME-NNNNN.png some frames in full.
//! (.ci/run makes them again from the Python and compares.)
#![cfg(feature = "window")]

use std::path::{Path, PathBuf};

use fourinrow::error::Stop;
use fourinrow::gobang::play::load_images;
use fourinrow::gobang::port::hooks::Hooks;
use fourinrow::gobang::port::main;
use fourinrow::io::images::decode_rgba;
use fourinrow::io::replay::{load_script, Checksums, Replay};
use fourinrow::io::text::Fonts;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/gobang/frames").join(name)
}

/// The golden frames of `name`: (frame index, RGB bytes).
fn goldens(name: &str) -> Vec<(u64, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(fixture("")).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(index) =
            file.strip_prefix(&format!("{name}-")).and_then(|r| r.strip_suffix(".png"))
        else {
            continue;
        };
        let golden = decode_rgba(&std::fs::read(&path).unwrap()).unwrap();
        found.push((
            index.parse().unwrap(),
            golden.data().chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        ));
    }
    found
}

/// What the port did with a script.
struct Played {
    crcs: Vec<u32>,
    kept: std::collections::BTreeMap<u64, Vec<u8>>,
    printed: Vec<String>,
    stop: Stop,
}

fn play(script: &Path, keep: &[u64]) -> Played {
    let script = load_script(script).unwrap();
    let mut sink = Checksums::default();
    sink.keep.extend(keep.iter().copied());
    let mut replay = Replay::new(&script, sink);
    let (images, _logo) = load_images(None).unwrap();
    let stop = match main::main(
        &mut replay,
        images,
        Box::new(Fonts::new().unwrap()),
        Hooks::default(),
        None,
    ) {
        Ok(never) => match never {},
        Err(stop) => stop,
    };
    Played { crcs: replay.sink.crcs, kept: replay.sink.kept, printed: replay.printed, stop }
}

/// Plays `name` and checks it against the Python's record: every frame the
/// Python presented, its console output and how it ended. Returns what the
/// port did and the Python's outcome.
fn check_against_python(name: &str, golden: usize) -> (Played, String) {
    let goldens = goldens(name);
    assert_eq!(goldens.len(), golden, "{name}: golden frames on disk");
    let keep: Vec<u64> = goldens.iter().map(|&(i, _)| i).collect();
    let played = play(&root().join(format!("tests/fixtures/gobang/scripts/{name}.json")), &keep);
    let read = |suffix: &str| std::fs::read_to_string(fixture(&format!("{name}{suffix}"))).unwrap();
    let expected: Vec<u32> = read(".txt").lines().map(|l| l.parse().unwrap()).collect();
    let outcome = read(".outcome.txt").trim().to_string();
    let python_printed: Vec<String> = read(".printed.txt").lines().map(String::from).collect();
    if outcome.starts_with("error") {
        // The Python stopped with an exception: the port shows the same
        // frames up to there, and goes on.
        assert!(played.crcs.len() > expected.len(), "{name}: the port goes on");
        assert_eq!(played.printed[..python_printed.len()], python_printed[..], "{name}: printed");
    } else {
        assert_eq!(played.crcs.len(), expected.len(), "{name}: number of frames");
        assert_eq!(played.printed, python_printed, "{name}: what the AI printed");
        let stopped = match played.stop {
            Stop::Quit => "quit",
            Stop::ScriptEnded => "ended",
            _ => "other",
        };
        assert_eq!(stopped, outcome, "{name}: how it ended");
    }
    for (i, (got, want)) in played.crcs.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "{name}: frame {i} differs from the Python's");
    }
    for (index, rgb) in &goldens {
        assert!(
            played.kept.get(index) == Some(rgb),
            "{name}: frame {index} differs from its golden PNG"
        );
    }
    (played, outcome)
}

#[test]
fn black_wins_with_mistakes_on_the_way_then_f1_starts_again() {
    let (played, _) = check_against_python("black-wins", 2);
    assert!(matches!(played.stop, Stop::ScriptEnded));
    // 18 AI moves in the first game (the human's 19th wins), two in the second.
    assert_eq!(played.printed.len(), 20);
}

#[test]
fn restarting_and_closing_the_window() {
    let (played, _) = check_against_python("restart-and-quit", 1);
    assert!(matches!(played.stop, Stop::Quit));
}
#[test]
fn when_the_ai_makes_five_the_python_stops_and_the_port_shows_it() {
    let (played, outcome) = check_against_python("white-wins", 1);
    assert!(outcome.contains("TypeError"), "{outcome}");
    assert!(matches!(played.stop, Stop::ScriptEnded));
}

#[test]
fn in_the_hot_seat_a_second_person_plays_white() {
    use fourinrow::io::replay::parse_script;
    // Black at (7, 7), white at (7, 8), black at (8, 8): pixels (260, 260), (290, 260), (290, 290).
    let script = parse_script(
        r#"{"frames": 8, "events": [[1, "down", 260, 260], [3, "down", 290, 260], [5, "down", 290, 290]]}"#,
    )
    .unwrap();
    let mut sink = Checksums::default();
    sink.keep.insert(7);
    let mut replay = Replay::new(&script, sink);
    let (images, _) = load_images(None).unwrap();
    let hooks = Hooks { hot_seat: true, ..Hooks::default() };
    let stop = match main::main(&mut replay, images, Box::new(Fonts::new().unwrap()), hooks, None) {
        Ok(never) => match never {},
        Err(stop) => stop,
    };
    assert!(matches!(stop, Stop::ScriptEnded));
    assert!(replay.printed.is_empty(), "the AI was not asked");
    assert_eq!(replay.sink.crcs.len(), 8, "one frame a loop: no flips for the AI");
    let last = &replay.sink.kept[&7];
    let at = |x: usize, y: usize| {
        let i = (y * 650 + x) * 3;
        (last[i], last[i + 1], last[i + 2])
    };
    let (white, black, black2) = (at(290, 260), at(260, 260), at(290, 290));
    assert!(white.0 > 180 && black.0 < 60 && black2.0 < 60, "{white:?} {black:?} {black2:?}");
}

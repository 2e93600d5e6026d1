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

/// Plays `script` headless through `fourinrow gobang`'s own set-up, with
/// `--record`, and returns the record file's lines and the last frame.
fn recorded(script: &str, two_player: bool, preset: bool) -> (Vec<String>, Vec<u8>) {
    use fourinrow::cli::{GobangOptions, GobangPreset};
    use fourinrow::gobang::play::play;
    let dir = std::env::temp_dir()
        .join(format!("fourinrow-gobang-record-{}-{two_player}-{preset}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("s.json"), script).unwrap();
    let options = GobangOptions {
        replay: Some(dir.join("s.json")),
        dump_frames: Some(dir.join("frames")),
        two_player,
        preset: preset.then_some(GobangPreset::UndoLab),
        record: Some(dir.join("games.txt")),
        ..GobangOptions::default()
    };
    play(&options).unwrap();
    let lines = std::fs::read_to_string(dir.join("games.txt")).unwrap();
    let mut frames: Vec<_> =
        std::fs::read_dir(dir.join("frames")).unwrap().map(|e| e.unwrap().path()).collect();
    frames.sort();
    let last = decode_rgba(&std::fs::read(frames.last().unwrap()).unwrap()).unwrap();
    let rgb = last.data().chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    std::fs::remove_dir_all(&dir).unwrap();
    (lines.lines().map(String::from).collect(), rgb)
}

/// Two people: black makes five along row 7 (D7 to H7) while white plays
/// along row 0; F1; two moves; F1; one move; the script ends.
const HOT_SEAT: &str = r#"{"frames": 30, "events": [
 [1, "motion", 140, 260], [1, "down", 140, 260], [2, "motion", 50, 50], [2, "down", 50, 50],
 [3, "motion", 170, 260], [3, "down", 170, 260], [4, "motion", 80, 50], [4, "down", 80, 50],
 [5, "motion", 200, 260], [5, "down", 200, 260], [6, "motion", 110, 50], [6, "down", 110, 50],
 [7, "motion", 230, 260], [7, "down", 230, 260], [8, "motion", 140, 50], [8, "down", 140, 50],
 [9, "motion", 260, 260], [9, "down", 260, 260], [12, "key", "f1"],
 [14, "motion", 260, 260], [14, "down", 260, 260], [16, "motion", 290, 290], [16, "down", 290, 290],
 [18, "key", "f1"], [20, "motion", 320, 320], [20, "down", 320, 320]]}"#;

#[test]
fn the_record_has_each_game_won_restarted_or_left_and_the_hot_seat_names_people() {
    let (lines, last) = recorded(HOT_SEAT, true, false);
    assert_eq!(
        lines,
        [
            "gobang rule=original moves=D7,A0,E7,B0,F7,C0,G7,D0,H7 result=black",
            "gobang rule=original moves=H7,I8 result=restarted",
            "gobang rule=original moves=J9 result=unfinished",
        ]
    );
    // "Player 1" and "Player 2" stand where the Python writes "Human" and "AI".
    let (_, default) = recorded(r#"{"frames": 2, "events": []}"#, false, false);
    let names = |f: &[u8]| -> Vec<u8> {
        (77..115).flat_map(|y| f[(y * 650 + 535) * 3..(y * 650 + 625) * 3].to_vec()).collect()
    };
    assert_ne!(names(&last), names(&default));
    // The undo-lab preset in the hot seat: nobody opens for black, and
    // the win is recorded by the lab's rule.
    let (lines, _) = recorded(HOT_SEAT, true, true);
    assert_eq!(lines, ["gobang rule=freestyle moves=D7,A0,E7,B0,F7,C0,G7,D0,H7 result=black"]);
}

#[test]
fn a_game_left_while_the_ai_answers_is_recorded_with_both_moves() {
    // The click and the window's closing in one frame: the human's move and
    // the AI's answer are made, then the game stops before the frame ends.
    let script = r#"{"frames": 10, "events": [[5, "motion", 260, 260], [5, "down", 260, 260], [5, "quit"]]}"#;
    let (lines, _) = recorded(script, false, false);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let record = fourinrow::gobang::extras::record::GameRecord::parse(&lines[0]).unwrap();
    assert_eq!(record.moves.len(), 2, "{lines:?}");
    assert_eq!(record.moves[0], (7, 7));
    assert!(lines[0].ends_with("result=unfinished"), "{lines:?}");
}

#[test]
fn assets_write_the_pythons_folder_under_the_port_s_and_the_tutorial_s_names() {
    let dir = std::env::temp_dir().join(format!("fourinrow-gobang-assets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    fourinrow::gobang::play::write_assets(&dir).unwrap();
    let read = |path: &str| std::fs::read(dir.join(path)).unwrap();
    for name in fourinrow::gobang::play::IMAGE_FILES {
        assert!(decode_rgba(&read(&format!("images/{name}"))).is_ok(), "{name}");
    }
    // The tutorial's setup.py names YaHei, Arial and an .ico icon.
    assert_eq!(read("fonts/msyh.ttc"), read("fonts/DejaVuSans.ttf"));
    assert_eq!(read("fonts/arial.ttf"), read("fonts/DejaVuSans.ttf"));
    assert_eq!(read("images/logo.ico"), read("images/logo.png"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--show-wins`: in the hot seat, black's move that opens a four (a VCF
/// of three moves) is marked with the rest of its line, numbered: the
/// defender's block in blue, the attacker's five in red. The marks show
/// until the next key, and every other frame is the game's own.
#[test]
fn a_move_that_starts_a_forced_win_shows_its_line_until_the_next_key() {
    use fourinrow::gobang::engine::prover_for;
    use fourinrow::gobang::extras::rules::Rule;
    use fourinrow::gobang::extras::wins::ShowWins;
    use fourinrow::gobang::port::extra::Extra;

    // Black builds row 5's stones at columns 5, 6 and 8 (and a dead column),
    // white plays far away; then black fills the gap: an open four.
    let moves =
        [(5, 5), (4, 6), (5, 6), (8, 6), (6, 6), (0, 0), (7, 6), (0, 14), (5, 8), (14, 0), (5, 7)];
    let point = |(row, col): (i32, i32)| (50 + 30 * col, 50 + 30 * row);
    let mut events = Vec::new();
    for (n, &(row, col)) in moves.iter().enumerate() {
        let (x, y) = point((row, col));
        let f = 3 + 4 * n;
        events.push(format!(
            r#"[{f}, "motion", {x}, {y}], [{f}, "down", {x}, {y}], [{f}, "up", {x}, {y}]"#
        ));
    }
    let last = 3 + 4 * (moves.len() - 1); // the frame of the winning move
    let key = last + 10;
    let script = format!(
        r#"{{"frames": {}, "events": [{}, [{key}, "key", "other"]]}}"#,
        key + 4,
        events.join(", ")
    );
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("show-wins.json");
    std::fs::write(&path, script).unwrap();
    let run = |show: bool| {
        let mut sink = Checksums::default();
        sink.keep.insert(last as u64 + 2);
        let mut replay = Replay::new(&load_script(&path).unwrap(), sink);
        let (images, _logo) = load_images(None).unwrap();
        let hooks = Hooks { hot_seat: true, ..Hooks::default() };
        let extra =
            show.then(|| Box::new(ShowWins::new(prover_for(Rule::Freestyle))) as Box<dyn Extra>);
        let stop = main::main(&mut replay, images, Box::new(Fonts::new().unwrap()), hooks, extra);
        assert!(matches!(stop, Err(Stop::ScriptEnded)));
        replay.sink
    };
    let (plain, shown) = (run(false), run(true));
    assert_eq!(plain.crcs.len(), shown.crcs.len());
    for (frame, (a, b)) in plain.crcs.iter().zip(&shown.crcs).enumerate() {
        // The marks are drawn in the move's frame, and gone in the key's.
        let marked = frame >= last && frame < key;
        assert_eq!(a != b, marked, "frame {frame}: marked {marked}");
    }
    let rgb = &shown.kept[&(last as u64 + 2)];
    let pixel = |(x, y): (i32, i32)| {
        let i = ((y * 650 + x) * 3) as usize;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    // The rings, 9 pixels right of their points: E6 (block) blue, J6 (five) red.
    let (block, five) = (point((5, 4)), point((5, 9)));
    assert_eq!(pixel((block.0 + 9, block.1)), [20, 40, 200]);
    assert_eq!(pixel((five.0 + 9, five.1)), [200, 20, 20]);
}

//! The first lesson, `examples/first_lesson.rs`, built by `cargo test` with
//! the other examples, plays a scripted game headless to its end.
#![cfg(feature = "window")]

use std::path::PathBuf;
use std::process::Command;

/// The example's binary: `target/<profile>/examples/first_lesson`, beside
/// this test's own `target/<profile>/deps/`.
fn example() -> PathBuf {
    let me = std::env::current_exe().unwrap();
    let profile = me.parent().and_then(|deps| deps.parent()).unwrap();
    profile.join("examples").join("first_lesson")
}

fn run(args: &[&str]) -> (i32, String, String) {
    // `cargo test` builds the examples, but `cargo test --test suite first_lesson::`
    // does not: build it (a no-op when it is up to date), never run a stale one.
    // With the test profile, whose library `cargo test` has just built: the
    // dev profile would compile the whole crate a second time.
    let built = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--profile", "test", "--example", "first_lesson"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(built.success(), "cargo build --example first_lesson failed");
    let out = Command::new(example())
        .args(args)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .output()
        .unwrap_or_else(|e| {
            panic!("{}: {e} (cargo test builds the examples)", example().display())
        });
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

#[test]
fn the_first_lesson_plays_a_scripted_game_to_the_computers_win() {
    // The human fills columns 0, 1 and 2 from the bottom; the computer, which
    // blocks each threat of three, wins first.
    let (status, out, err) =
        run(&["--moves", "0,0,0,0,0,0,1,1,1,1,1,1,2,2,2,2", "--quit-after", "120"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, "Won(Black) after 120 frames\n");
    // Stopped before any move: still the human's turn.
    let (status, out, _) = run(&["--moves", "3", "--quit-after", "5"]);
    assert_eq!((status, out.as_str()), (0, "HumansTurn after 5 frames\n"));
}

#[test]
fn a_bad_option_is_one_line_and_status_2() {
    let (status, out, err) = run(&["--moves", "x"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(err, "first_lesson: --moves x: not columns like 3,3,4\n");
}

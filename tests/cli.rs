//! The binary as a user runs it: exit codes and one-line errors.
#![cfg(feature = "window")]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fourinrow(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourinrow"));
    cmd.args(args)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    // It may exit (a bad option) before it reads its input.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status 2 and exactly one line on stderr, starting `fourinrow: ` and containing `want`.
fn assert_one_line_error(out: &Output, want: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(
        err.starts_with("fourinrow: ") && err.contains(want),
        "{err:?} should contain {want:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn help_and_version() {
    let out = fourinrow(&["--help"], "", &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--difficulty <N>"));
    let out = fourinrow(&["--version"], "", &[]);
    assert!(text(&out.stdout).starts_with("fourinrow "));
}

#[test]
fn bad_options_get_one_line_and_status_2() {
    assert_one_line_error(&fourinrow(&["--bogus"], "", &[]), "unexpected argument '--bogus' found");
    assert_one_line_error(&fourinrow(&["--width", "3"], "", &[]), "Board must be at least 4x4.");
    assert_one_line_error(
        &fourinrow(&["--height", "10"], "", &[]),
        "does not fit the 640x480 window",
    );
    assert_one_line_error(&fourinrow(&["--difficulty", "99"], "", &[]), "give 0 to 6");
    assert_one_line_error(
        &fourinrow(&["--seed", "x"], "", &[]),
        "invalid value 'x' for '--seed <N>'",
    );
    assert_one_line_error(
        &fourinrow(&["--images", "/no/such/folder"], "", &[]),
        "/no/such/folder: no such folder",
    );
}

#[test]
fn no_display_says_how_to_run_headless() {
    let out = fourinrow(&[], "", &[("SDL_VIDEODRIVER", "x11"), ("DISPLAY", ":987")]);
    assert_one_line_error(&out, "SDL_VIDEODRIVER=dummy");
}

#[test]
fn no_display_at_all_is_an_error_not_an_invisible_game() {
    // No X11, no Wayland, no SDL_VIDEODRIVER: SDL 2.26 falls back to its
    // offscreen driver by itself, and the game must not play on unseen.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .env_remove("DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .env("WAYLAND_DISPLAY", "fourinrow-test-no-such-display")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env("SDL_AUDIODRIVER", "dummy")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("with no display the game kept running for 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.lines().any(|l| l.starts_with("fourinrow: cannot open a window")
            && l.contains("SDL_VIDEODRIVER=dummy")),
        "{err}"
    );
}

#[test]
fn analyze_answers_good_lines_and_names_bad_ones() {
    let input =
        "......./......./......./......./......./BRRR.BB\nnot a board\n..../..../..../R...\n";
    let out = fourinrow(&["analyze", "--difficulty", "1"], input, &[]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2);
    assert!(stdout.contains("\"best_moves\": [4]"));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1);
    assert!(err.starts_with("fourinrow analyze: line 2: "), "{err}");
    let ok = fourinrow(&["analyze", "..../..../..../...."], "", &[]);
    assert_eq!(ok.status.code(), Some(0));
    assert!(text(&ok.stdout).contains("\"difficulty\": 2, \"tile\": \"black\""));
}

#[test]
fn replay_dumps_frames_and_reports_their_number() {
    let dir = std::env::temp_dir().join(format!("fourinrow-cli-{}", std::process::id()));
    let script = dir.with_extension("json");
    std::fs::write(&script, r#"{"width": 4, "height": 4, "frames": 7}"#).unwrap();
    let out = fourinrow(
        &["--replay", script.to_str().unwrap(), "--dump-frames", dir.to_str().unwrap()],
        "",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "{\"frames\": 7}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 7);
    assert_eq!(names[0], "frame-00000.png");
    assert_eq!(names[6], "frame-00006.png");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_file(&script).unwrap();
}

#[test]
fn bad_replays_get_one_line_and_status_2() {
    let script = std::env::temp_dir().join(format!("fourinrow-bad-{}.json", std::process::id()));
    let path = script.to_str().unwrap();
    for (body, want) in [
        ("{\"frames\": 3, \"events\": [[0, \"jump\"]]}", "unknown kind \"jump\""),
        ("{\"events\": []}", "missing key \"frames\""),
        ("{\"frames\": 3, \"events\": [[-2, \"quit\"]]}", "negative"),
        ("{\"frames\": ", "not valid JSON"),
    ] {
        std::fs::write(&script, body).unwrap();
        assert_one_line_error(
            &fourinrow(&["--replay", path, "--dump-frames", "/tmp/unused-frames"], "", &[]),
            want,
        );
    }
    std::fs::remove_file(&script).unwrap();
    assert_one_line_error(
        &fourinrow(&["--replay", "/no/such.json"], "", &[]),
        "/no/such.json: cannot read the replay script",
    );
    std::fs::write(&script, "{\"frames\": 3}").unwrap();
    assert_one_line_error(
        &fourinrow(&["--replay", path, "--dump-frames", "/proc/fourinrow"], "", &[]),
        "/proc/fourinrow",
    );
    std::fs::remove_file(&script).unwrap();
}

/// Writes the seven built-in images into `dir`, with the tokens and the
/// board cell drawn at `token_size` pixels instead of 100.
fn write_images(dir: &std::path::Path, token_size: usize) {
    use fourinrow::io::images::{decode_rgba, EMBEDDED_IMAGES};
    use fourinrow::io::pixels::{smoothscale, ScaleBackend};
    use fourinrow::io::png::encode_image;
    std::fs::create_dir_all(dir).unwrap();
    for (name, bytes) in EMBEDDED_IMAGES {
        let mut image = decode_rgba(bytes).unwrap();
        if image.width() == 100 {
            image = smoothscale(&image, token_size, token_size, ScaleBackend::native());
        }
        std::fs::write(dir.join(name), encode_image(&image).unwrap()).unwrap();
    }
}

#[test]
fn images_of_other_sizes_are_scaled_as_the_python_scales_them() {
    let dir = std::env::temp_dir().join(format!("fourinrow-images-{}", std::process::id()));
    write_images(&dir, 64);
    let frames = dir.join("frames");
    let script = dir.join("s.json");
    std::fs::write(&script, r#"{"frames": 3}"#).unwrap();
    let out = fourinrow(
        &[
            "--images",
            dir.to_str().unwrap(),
            "--replay",
            script.to_str().unwrap(),
            "--dump-frames",
            frames.to_str().unwrap(),
        ],
        "",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_dir(&frames).unwrap().count(), 3);
    // A missing one is named.
    let tie = std::fs::read(dir.join("4rowtie.png")).unwrap();
    std::fs::remove_file(dir.join("4rowtie.png")).unwrap();
    let out = fourinrow(
        &["--images", dir.to_str().unwrap(), "--replay", script.to_str().unwrap()],
        "",
        &[],
    );
    assert_one_line_error(&out, "4rowtie.png: missing");
    std::fs::write(dir.join("4rowtie.png"), tie).unwrap();
    // A truncated one is named, with no libpng chatter on stderr.
    let red = std::fs::read(dir.join("4rowred.png")).unwrap();
    std::fs::write(dir.join("4rowred.png"), &red[..red.len() / 3]).unwrap();
    let out = fourinrow(&["--images", dir.to_str().unwrap()], "", &[]);
    assert_one_line_error(&out, "4rowred.png: truncated PNG");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The shared libraries a binary loads, as `ldd` lists them.
#[cfg(target_os = "linux")]
fn libraries(binary: &str) -> String {
    let out = Command::new("ldd").arg(binary).output().expect("ldd (glibc's libc-bin) runs");
    assert!(out.status.success(), "ldd {binary}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// `fourinrow` answers the tools without loading SDL (about 70 shared
/// libraries, 5 to 15 ms before `main`); `fourinrow-window` loads it.
#[cfg(target_os = "linux")]
#[test]
fn the_front_door_loads_no_sdl_and_the_window_program_does() {
    let front = libraries(env!("CARGO_BIN_EXE_fourinrow"));
    assert!(!front.contains("SDL"), "fourinrow loads SDL:\n{front}");
    assert!(front.lines().count() < 10, "fourinrow loads many libraries:\n{front}");
    let window = libraries(env!("CARGO_BIN_EXE_fourinrow-window"));
    for library in ["libSDL2-2.0", "libSDL2_image", "libSDL2_ttf"] {
        assert!(window.contains(library), "fourinrow-window lacks {library}:\n{window}");
    }
}

/// Both programs read the same command line and answer the tools alike.
#[test]
fn both_programs_answer_alike() {
    let window = |args: &[&str], stdin: &str| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourinrow-window"));
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        // It may exit (a bad option) before it reads its input.
        if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        child.wait_with_output().unwrap()
    };
    for (args, stdin) in [
        (&["--help"][..], ""),
        (&["--version"][..], ""),
        (&["gobang", "--help"][..], ""),
        (
            &["analyze", "--difficulty", "2"][..],
            "......./......./......./......./......./...R...\n",
        ),
        (&["solve"][..], "44\n4x\n"),
        (&["--width", "3"][..], ""),
    ] {
        let (a, b) = (fourinrow(args, stdin, &[]), window(args, stdin));
        assert_eq!(a.status.code(), b.status.code(), "{args:?}");
        assert_eq!(text(&a.stdout), text(&b.stdout), "{args:?}");
        assert_eq!(text(&a.stderr), text(&b.stderr), "{args:?}");
        assert!(!a.stdout.is_empty() || !a.stderr.is_empty(), "{args:?} said nothing");
    }
}

/// Without `fourinrow-window` beside it, `fourinrow` still answers the
/// tools, and a game is one line naming the missing program.
#[cfg(unix)]
#[test]
fn a_missing_window_program_is_one_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fourinrow-alone");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let alone = dir.join("fourinrow");
    // A hard link, not a copy: a copy is open for writing while other
    // tests' threads fork, and running it can then fail ("text file busy").
    std::fs::hard_link(env!("CARGO_BIN_EXE_fourinrow"), &alone).unwrap();
    let run = |args: &[&str]| {
        Command::new(&alone)
            .args(args)
            .current_dir(&dir)
            .env("SDL_VIDEODRIVER", "dummy")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    for args in [&[][..], &["--seed", "3"][..], &["gobang"][..], &["gobang", "assets", "x"][..]] {
        let out = run(args);
        assert_one_line_error(&out, "fourinrow-window: cannot start the window's program");
        assert!(text(&out.stderr).contains("cargo build"), "{args:?}");
    }
    assert!(!dir.join("x").exists(), "assets written without the window program");
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    // Bad options are still named by the front door itself.
    assert_one_line_error(&run(&["--width", "3"]), "Board must be at least 4x4.");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--help` and `-h` of the game and of every tool, word for word as
/// tests/fixtures/help/ holds them: the options are declared once, on the
/// structs the program uses, and what the user reads must not move when
/// they do. (At 80 columns, with no `FOURINROW_PYTHON` to show.)
#[test]
fn every_help_text_is_as_written() {
    let commands: [&[&str]; 9] = [
        &[],
        &["analyze"],
        &["solve"],
        &["grade"],
        &["gobang"],
        &["gobang", "analyze"],
        &["gobang", "pbrain"],
        &["gobang", "review"],
        &["gobang", "assets"],
    ];
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/help");
    for command in commands {
        for (flag, suffix) in [("--help", ""), ("-h", "-h")] {
            let name = ["fourinrow"].iter().chain(command).copied().collect::<Vec<_>>().join("-");
            let want = std::fs::read_to_string(fixtures.join(format!("{name}{suffix}.txt")))
                .unwrap_or_else(|e| panic!("{name}{suffix}.txt: {e}"));
            let out = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
                .args(command)
                .arg(flag)
                .env("COLUMNS", "80")
                .env_remove("FOURINROW_PYTHON")
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{name} {flag}");
            assert_eq!(text(&out.stdout), want, "{name} {flag}");
        }
    }
}

//! The binary against bad input, as a user runs it: damaged, forged, huge
//! and misplaced files, odd sizes and counts, closed pipes, folders that
//! hold the user's files.
//!
//! Every case must end with status 0 or 2, within a minute, without a
//! panic; with exactly one line on stderr when it fails, none when it plays
//! or when its stdout was closed; and with every file of the user's as it
//! was (a record file may only grow, and only `--overwrite` may replace
//! frames). The named tests below are the regressions of issue 12, each
//! its own case list; [`the_acceptance_matrix`] runs every case at once,
//! spread over the cores.
#![cfg(feature = "window")]

use crate::common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::bad;
use fourinrow::fourinrow::extras::record::{GameRecord, RecordFile, RecordResult};
use fourinrow::fourinrow::port::board::Tile;
use fourinrow::fourinrow::tools::analyze::MAX_RECORD_FILE;
use fourinrow::io::images::{EMBEDDED_IMAGES, MAX_IMAGE_FILE};
use fourinrow::io::pixels::RgbaImage;
use fourinrow::io::png::encode_image;
use fourinrow::io::replay::MAX_SCRIPT_FILE;

/// How long a case may run before it counts as hung.
const TIMEOUT: Duration = Duration::from_secs(60);

/// What a case must end with, beyond the rules every case obeys.
#[derive(Clone, Debug)]
enum Expect {
    /// Status 2 and exactly one line on stderr, starting `fourinrow` and
    /// containing this.
    Fails(&'static str),
    /// A replay with `--dump-frames out`: status 0, nothing on stderr,
    /// `{"frames": N}` on stdout and N frames in `out/` (any N if `None`).
    Plays(Option<u64>),
    /// Status 0, nothing on stderr, this many lines on stdout.
    Answers(usize),
    /// Nothing on stderr, one of these statuses: what a closed stdout gives.
    Quiet(&'static [i32]),
}

/// What the program's stdout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stdout {
    /// A file, read afterwards.
    Captured,
    /// A pipe whose reader has already gone (`fourinrow ... | true`).
    Closed,
    /// A pipe whose reader goes after one line (`fourinrow ... | head -1`).
    ClosedAfterALine,
}

/// A file the program may change.
#[derive(Clone, Copy, Debug)]
enum MayChange {
    /// `--record`: it may grow, what it held stays at its start.
    Append(&'static str),
    /// `--overwrite`: the `frame-N.png` files in this folder may go or change.
    Frames(&'static str),
}

/// One run of the binary, in a folder of its own holding the user's files.
struct Case {
    name: String,
    /// Makes the user's files in the case's folder.
    setup: Box<dyn Fn(&Path) + Send + Sync>,
    /// The arguments, with paths relative to the case's folder (the
    /// binary runs there).
    args: Vec<String>,
    stdin: Vec<u8>,
    stdout: Stdout,
    expect: Expect,
    may_change: Vec<MayChange>,
}

impl Case {
    fn new(name: impl Into<String>, args: &[&str], expect: Expect) -> Case {
        Case {
            name: name.into(),
            setup: Box::new(|_| {}),
            args: args.iter().map(|a| a.to_string()).collect(),
            stdin: Vec::new(),
            stdout: Stdout::Captured,
            expect,
            may_change: Vec::new(),
        }
    }

    fn setup(mut self, setup: impl Fn(&Path) + Send + Sync + 'static) -> Case {
        self.setup = Box::new(setup);
        self
    }

    fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Case {
        self.stdin = bytes.into();
        self
    }

    fn stdout(mut self, stdout: Stdout) -> Case {
        self.stdout = stdout;
        self
    }

    fn may_change(mut self, change: MayChange) -> Case {
        self.may_change.push(change);
        self
    }
}

// ---------------------------------------------------------------------------
// Running cases
// ---------------------------------------------------------------------------

/// A file's length and, for files up to 1 MB, its bytes (huge sparse files
/// are compared by length).
type Snapshot = BTreeMap<PathBuf, Option<(u64, Option<Vec<u8>>)>>;

/// Every file and folder under `dir`; folders map to `None`.
fn snapshot(dir: &Path) -> Snapshot {
    let mut all = Snapshot::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let key = path.strip_prefix(dir).unwrap().to_path_buf();
            if meta.is_dir() {
                all.insert(key, None);
                todo.push(path);
            } else if meta.is_file() {
                let bytes = (meta.len() <= 1 << 20).then(|| std::fs::read(&path).unwrap());
                all.insert(key, Some((meta.len(), bytes)));
            } else {
                all.insert(key, Some((0, None))); // a link: it must stay
            }
        }
    }
    all
}

/// Whether `name` is one the program writes frames as.
fn is_frame(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name.starts_with("frame-") && name.ends_with(".png")
}

/// The case's outcome checked against every rule; `Err` says what broke.
fn run(case: &Case, root: &Path) -> Result<(), String> {
    let dir = root.join(&case.name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (case.setup)(&dir);
    let before = snapshot(&dir);
    let scratch = root.join(format!("{}.io", case.name));
    std::fs::create_dir_all(&scratch).unwrap();
    let (out_path, err_path) = (scratch.join("stdout"), scratch.join("stderr"));
    std::fs::write(scratch.join("stdin"), &case.stdin).unwrap();

    let mut command = Command::new(env!("CARGO_BIN_EXE_fourinrow"));
    command
        .args(&case.args)
        .current_dir(&dir)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .env_remove("RUST_BACKTRACE")
        .stdin(std::fs::File::open(scratch.join("stdin")).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap());
    let mut head = None;
    match case.stdout {
        Stdout::Captured => {
            command.stdout(std::fs::File::create(&out_path).unwrap());
        }
        Stdout::Closed => {
            // The reader of a pipe, gone before the program starts.
            let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
            let pipe = reader.stdin.take().unwrap();
            reader.wait().unwrap();
            command.stdout(pipe);
        }
        Stdout::ClosedAfterALine => {
            command.stdout(Stdio::piped());
        }
    }
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    if let Some(out) = child.stdout.take() {
        head = Some(std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(out).read_line(&mut line);
            line // the pipe closes here
        }));
    }
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s: killed", TIMEOUT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if let Some(head) = head {
        head.join().unwrap();
    }
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = String::from_utf8_lossy(&std::fs::read(&err_path).unwrap()).into_owned();
    let said = format!("status {status}, stderr {stderr:?}, stdout {:?}", cut(&stdout));
    let code = status.code().ok_or_else(|| format!("killed by a signal: {said}"))?;
    if code != 0 && code != 2 {
        return Err(format!("status {code}, not 0 or 2: {said}"));
    }
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return Err(format!("a panic: {said}"));
    }
    let err_lines = stderr.lines().count();
    match &case.expect {
        Expect::Fails(want) => {
            if code != 2 || err_lines != 1 || !stderr.starts_with("fourinrow") {
                return Err(format!("wanted status 2 and one line on stderr: {said}"));
            }
            if !stderr.contains(want) {
                return Err(format!("stderr should contain {want:?}: {said}"));
            }
        }
        Expect::Plays(frames) => {
            if code != 0 || err_lines != 0 {
                return Err(format!("wanted status 0 and nothing on stderr: {said}"));
            }
            let count = std::fs::read_dir(dir.join("out"))
                .map(|entries| entries.flatten().filter(|e| is_frame(&e.path())).count() as u64)
                .unwrap_or(0);
            let want = frames.unwrap_or(count);
            if stdout != format!("{{\"frames\": {want}}}\n") || count != want {
                return Err(format!("wanted {want} frames, found {count} in out/: {said}"));
            }
        }
        Expect::Answers(lines) => {
            if code != 0 || err_lines != 0 || stdout.lines().count() != *lines {
                return Err(format!("wanted status 0 and {lines} lines on stdout: {said}"));
            }
        }
        Expect::Quiet(statuses) => {
            if !statuses.contains(&code) || err_lines != 0 {
                return Err(format!("wanted status {statuses:?} and nothing on stderr: {said}"));
            }
        }
    }
    // Nothing of the user's lost.
    let after = snapshot(&dir);
    for (path, was) in &before {
        let now = after.get(path);
        let allowed = case.may_change.iter().any(|change| match *change {
            MayChange::Append(file) => {
                path == Path::new(file)
                    && match (was, now) {
                        (Some((_, Some(old))), Some(Some((_, Some(new))))) => new.starts_with(old),
                        _ => false,
                    }
            }
            MayChange::Frames(folder) => path.parent() == Some(Path::new(folder)) && is_frame(path),
        });
        if now != Some(was) && !allowed {
            return Err(format!("the user's {} was changed or removed: {said}", path.display()));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&scratch).unwrap();
    Ok(())
}

/// The start of a long text, for messages.
fn cut(text: &str) -> String {
    text.chars().take(300).collect()
}

/// Runs the cases on every core; fails listing every case that broke a rule.
fn assert_cases(cases: Vec<Case>) {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hardening");
    std::fs::create_dir_all(&root).unwrap();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(cases.len());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(case) = cases.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = run(case, &root) {
                        let args = cut(&format!("{:?}", case.args));
                        failures.lock().unwrap().push(format!("{} ({args}): {e}", case.name));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} cases broke a rule:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The user's files
// ---------------------------------------------------------------------------

/// What stands where a PNG should be.
#[derive(Clone)]
enum Content {
    Bytes(Vec<u8>),
    Folder,
    /// A sparse file of this many bytes (zeros, stored in no blocks).
    Sparse(u64),
    /// A symbolic link to nothing.
    Dangling,
}

/// Writes `content` at `path`.
fn put(path: &Path, content: &Content) {
    match content {
        Content::Bytes(bytes) => std::fs::write(path, bytes).unwrap(),
        Content::Folder => std::fs::create_dir(path).unwrap(),
        Content::Sparse(len) => std::fs::File::create(path).unwrap().set_len(*len).unwrap(),
        Content::Dangling => std::os::unix::fs::symlink("no-such-file.png", path).unwrap(),
    }
}

/// The seven built-in images in `dir/img`, with `name` replaced by `content`.
fn images(dir: &Path, name: &str, content: &Content) {
    let img = dir.join("img");
    std::fs::create_dir_all(&img).unwrap();
    for (n, bytes) in EMBEDDED_IMAGES {
        if n != name {
            std::fs::write(img.join(n), bytes).unwrap();
        }
    }
    put(&img.join(name), content);
}

/// The arguments of a two-frame replay with the images of `img/`.
const WITH_IMAGES: [&str; 6] = ["--images", "img", "--replay", "s.json", "--dump-frames", "out"];

/// A replay of two frames with `name` in `img/` replaced by `content`.
fn image_case(label: &str, name: &'static str, content: Content, expect: Expect) -> Case {
    Case::new(format!("image-{label}"), &WITH_IMAGES, expect).setup(move |dir| {
        images(dir, name, &content);
        std::fs::write(dir.join("s.json"), r#"{"width": 5, "height": 4, "frames": 2}"#).unwrap();
    })
}

/// A replay of `script` with `--dump-frames out` and the built-in images.
fn script_case(label: &str, script: impl Into<Vec<u8>>, expect: Expect) -> Case {
    let script = script.into();
    Case::new(format!("script-{label}"), &["--replay", "s.json", "--dump-frames", "out"], expect)
        .setup(move |dir| std::fs::write(dir.join("s.json"), &script).unwrap())
}

/// `analyze --record rec.txt` (plus `extra` arguments) on a record file of `text`.
fn record_case(label: &str, extra: &[&str], text: &str, expect: Expect) -> Case {
    let text = text.to_string();
    let mut args = vec!["analyze"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--record", "rec.txt"]);
    Case::new(format!("record-{label}"), &args, expect)
        .setup(move |dir| std::fs::write(dir.join("rec.txt"), &text).unwrap())
}

/// A board text of `width` x `height` empty cells.
fn empty_board(width: usize, height: usize) -> String {
    vec![".".repeat(width); height].join("/")
}

/// An RGBA image of one colour, as PNG bytes.
fn plain_png(width: usize, height: usize) -> Vec<u8> {
    let data = [200u8, 30, 40, 255].repeat(width * height);
    encode_image(&RgbaImage::from_rgba(width, height, data).unwrap()).unwrap()
}

// ---------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------

/// PNGs cut short, damaged, forged, or something else in their place.
fn image_cases() -> Vec<Case> {
    let red = bad::red();
    let mut cases = Vec::new();
    // Cut at every byte of the signature, IHDR and IDAT's header, then
    // through IDAT, and at every byte of the end.
    let cuts = (0..48).chain((48..red.len() - 16).step_by(487)).chain(red.len() - 16..red.len());
    for cut in cuts {
        let want =
            if cut == 0 { "4rowred.png: an empty file" } else { "4rowred.png: truncated PNG" };
        cases.push(image_case(
            &format!("cut-{cut}"),
            "4rowred.png",
            Content::Bytes(red[..cut].to_vec()),
            Expect::Fails(want),
        ));
    }
    let arrow = bad::embedded("4rowarrow.png");
    for cut in [20, 31, 33, 41, arrow.len() / 2, arrow.len() - 1] {
        cases.push(image_case(
            &format!("arrow-cut-{cut}"),
            "4rowarrow.png",
            Content::Bytes(arrow[..cut].to_vec()),
            Expect::Fails("4rowarrow.png: truncated PNG"),
        ));
    }
    let mut flipped = red.to_vec();
    flipped[red.len() / 2] ^= 0x40;
    let noise: Vec<u8> =
        (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let not_png = "not a PNG image";
    let unreadable = "not a readable image";
    let out_of_range = "out of range (1 to 4096 pixels each way)";
    for (label, name, content, want) in [
        ("flipped-byte", "4rowred.png", Content::Bytes(flipped), "corrupt PNG"),
        ("text", "4rowblack.png", Content::Bytes(b"a text file, not a PNG\n".to_vec()), not_png),
        ("noise", "4rowboard.png", Content::Bytes(noise), not_png),
        ("huge-gif", "4rowred.png", Content::Bytes(bad::huge_gif()), not_png),
        ("huge-bmp", "4rowtie.png", Content::Bytes(bad::huge_bmp()), not_png),
        (
            "jpeg",
            "4rowarrow.png",
            Content::Bytes(b"\xff\xd8\xff\xe0\0\x10JFIF\0".to_vec()),
            not_png,
        ),
        ("folder", "4rowhumanwinner.png", Content::Folder, "4rowhumanwinner.png: not a file"),
        ("dangling-link", "4rowcomputerwinner.png", Content::Dangling, "missing"),
        ("sparse-huge", "4rowred.png", Content::Sparse(MAX_IMAGE_FILE + 1), "too large"),
        ("zero-width", "4rowred.png", Content::Bytes(bad::sized(0, 100)), out_of_range),
        ("zero-height", "4rowred.png", Content::Bytes(bad::sized(100, 0)), out_of_range),
        ("wide", "4rowboard.png", Content::Bytes(bad::sized(5000, 100)), out_of_range),
        ("tall", "4rowarrow.png", Content::Bytes(bad::sized(100, u32::MAX)), out_of_range),
        ("4097-wide", "4rowtie.png", Content::Bytes(plain_png(4097, 1)), out_of_range),
        ("no-pixels", "4rowred.png", Content::Bytes(bad::no_pixels()), unreadable),
        ("garbage-pixels", "4rowred.png", Content::Bytes(bad::garbage_pixels()), unreadable),
        ("bit-depth-3", "4rowred.png", Content::Bytes(bad::bad_bit_depth()), unreadable),
        (
            "line-break-in-type",
            "4rowred.png",
            Content::Bytes(bad::line_break_in_chunk_type()),
            "corrupt PNG",
        ),
    ] {
        cases.push(image_case(label, name, content, Expect::Fails(want)));
    }
    cases.extend(sound_odd_images());
    cases
}

/// PNGs that are fine but for what libpng says about them, and images of
/// extreme sizes: the game plays, nothing on stderr.
fn sound_odd_images() -> Vec<Case> {
    let known = bad::with_profile(&bad::srgb_profile_known_incorrect());
    let edited = bad::with_profile(&bad::srgb_profile_edited());
    let mut cases = vec![
        image_case(
            "iccp-known-incorrect",
            "4rowred.png",
            Content::Bytes(known),
            Expect::Plays(Some(2)),
        ),
        image_case("iccp-edited", "4rowboard.png", Content::Bytes(edited), Expect::Plays(Some(2))),
    ];
    cases.push(Case::new("image-extreme-sizes", &WITH_IMAGES, Expect::Plays(Some(2))).setup(
        |dir| {
            images(dir, "4rowred.png", &Content::Bytes(plain_png(1, 1)));
            for (name, (w, h)) in [
                ("4rowblack.png", (4096, 1)),
                ("4rowboard.png", (1, 4096)),
                ("4rowhumanwinner.png", (1, 1)),
                ("4rowcomputerwinner.png", (3, 4096)),
                ("4rowtie.png", (4096, 2)),
                ("4rowarrow.png", (4096, 1)),
            ] {
                std::fs::write(dir.join("img").join(name), plain_png(w, h)).unwrap();
            }
            std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
        },
    ));
    cases
}

/// Record lines of huge and odd sizes and counts, and record files that
/// are not.
fn record_cases() -> Vec<Case> {
    let range = "out of range: 4 to 64 columns and rows";
    let whole = "is not a whole number";
    let too_large = "is far too large";
    let full_64x4: Vec<String> = (0..256).map(|i| (i % 64).to_string()).collect();
    let seventeen = vec!["0"; 17].join(",");
    vec![
        record_case(
            "huge-width",
            &[],
            "4611686018427387904x4 first=red moves=0",
            Expect::Fails(range),
        ),
        record_case("huge-both", &[], "70000x70000 first=red moves=0,1,2", Expect::Fails(range)),
        record_case(
            "past-usize",
            &[],
            "18446744073709551616x4 first=red moves=0",
            Expect::Fails(too_large),
        ),
        record_case("3x6", &[], "3x6 first=red moves=0", Expect::Fails(range)),
        record_case("0x0", &[], "0x0 first=red moves=", Expect::Fails(range)),
        record_case("negative", &[], "-1x4 first=red moves=0", Expect::Fails(whole)),
        record_case("no-height", &[], "7x first=red moves=0", Expect::Fails(whole)),
        record_case("three-sizes", &[], "7x6x2 first=red moves=0", Expect::Fails(whole)),
        record_case("no-first", &[], "7x6 moves=0", Expect::Fails("missing first=")),
        record_case(
            "too-many-moves",
            &[],
            &format!("4x4 first=red moves={seventeen}"),
            Expect::Fails("17 moves do not fit a 4x4 board"),
        ),
        record_case(
            "huge-column",
            &[],
            "7x6 first=red moves=18446744073709551615",
            Expect::Fails("is not a valid move"),
        ),
        record_case(
            "past-usize-column",
            &[],
            "7x6 first=red moves=99999999999999999999",
            Expect::Fails(too_large),
        ),
        record_case(
            "64x64-difficulty-2",
            &[],
            "64x64 first=red moves=0",
            Expect::Fails("would take too long"),
        ),
        record_case(
            "64x64-difficulty-1",
            &["--difficulty", "1"],
            "64x64 first=red moves=0",
            Expect::Answers(1),
        ),
        record_case(
            "64x4-full",
            &["--difficulty", "1"],
            &format!("64x4 first=black moves={}", full_64x4.join(",")),
            Expect::Answers(256),
        ),
        record_case("empty-moves", &[], "7x6 first=red moves=0,,,,1", Expect::Answers(2)),
        record_case("empty-file", &[], "", Expect::Answers(0)),
        Case::new(
            "record-missing",
            &["analyze", "--record", "no-such.txt"],
            Expect::Fails("cannot read the record"),
        ),
        Case::new(
            "record-folder",
            &["analyze", "--record", "rec"],
            Expect::Fails("cannot read the record"),
        )
        .setup(|dir| std::fs::create_dir(dir.join("rec")).unwrap()),
        Case::new(
            "record-not-utf8",
            &["analyze", "--record", "rec.txt"],
            Expect::Fails("not UTF-8"),
        )
        .setup(|dir| std::fs::write(dir.join("rec.txt"), b"7x6 first=red moves=\xff").unwrap()),
        Case::new(
            "record-sparse-huge",
            &["analyze", "--record", "rec.txt"],
            Expect::Fails("too large for a record"),
        )
        .setup(|dir| put(&dir.join("rec.txt"), &Content::Sparse(MAX_RECORD_FILE + 1))),
    ]
}

/// Replay scripts of huge and odd sizes and counts, and script files that
/// are not.
fn script_cases() -> Vec<Case> {
    let quit_at_3 = r#", "events": [[3, "quit"]]"#;
    let deep = format!("{{\"frames\": {}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
    vec![
        script_case("frames-0", r#"{"frames": 0}"#, Expect::Plays(Some(0))),
        script_case(
            "width-13",
            r#"{"frames": 1, "width": 13}"#,
            Expect::Fails("does not fit the 640x480 window"),
        ),
        script_case(
            "height-10",
            r#"{"frames": 1, "height": 10}"#,
            Expect::Fails("does not fit the 640x480 window"),
        ),
        script_case(
            "width-3",
            r#"{"frames": 1, "width": 3}"#,
            Expect::Fails("Board must be at least 4x4."),
        ),
        script_case(
            "width-u64-max",
            r#"{"frames": 1, "width": 18446744073709551615}"#,
            Expect::Fails("out of range"),
        ),
        script_case(
            "width-2-32",
            r#"{"frames": 1, "width": 4294967296}"#,
            Expect::Fails("out of range"),
        ),
        script_case(
            "width-1e30",
            r#"{"frames": 1, "width": 1e30}"#,
            Expect::Fails("far too large"),
        ),
        script_case("width-negative", r#"{"frames": 1, "width": -1}"#, Expect::Fails("negative")),
        script_case(
            "difficulty-7",
            r#"{"frames": 1, "difficulty": 7}"#,
            Expect::Fails("give 0 to 6"),
        ),
        script_case(
            "difficulty-u64-max",
            r#"{"frames": 1, "difficulty": 18446744073709551615}"#,
            Expect::Fails("out of range"),
        ),
        script_case(
            "frames-u64-max",
            format!(r#"{{"width": 4, "height": 4, "frames": 18446744073709551615{quit_at_3}}}"#),
            Expect::Plays(None),
        ),
        script_case(
            "frames-2-64",
            r#"{"frames": 18446744073709551616}"#,
            Expect::Fails("far too large"),
        ),
        script_case("frames-1e300", r#"{"frames": 1e300}"#, Expect::Fails("far too large")),
        script_case(
            "x-past-i32",
            r#"{"frames": 3, "events": [[0, "motion", 2147483648, 0]]}"#,
            Expect::Fails("whole number of pixels"),
        ),
        script_case(
            "x-i32-min",
            r#"{"frames": 3, "events": [[0, "down", -2147483648, 2147483647]]}"#,
            Expect::Plays(Some(3)),
        ),
        script_case(
            "event-frame-u64-max",
            r#"{"frames": 3, "events": [[18446744073709551615, "quit"]]}"#,
            Expect::Plays(Some(3)),
        ),
        script_case(
            "choices-i64-ends",
            r#"{"frames": 60, "choices": [-9223372036854775808, 9223372036854775807]}"#,
            Expect::Plays(Some(60)),
        ),
        script_case(
            "choices-past-i64",
            r#"{"frames": 3, "choices": [9223372036854775808]}"#,
            Expect::Fails("choices[0]"),
        ),
        script_case(
            "largest-board",
            r#"{"frames": 2, "width": 12, "height": 9, "difficulty": 1}"#,
            Expect::Plays(Some(2)),
        ),
        script_case(
            "deepest-on-4x4",
            r#"{"frames": 2, "width": 4, "height": 4, "difficulty": 6}"#,
            Expect::Plays(Some(2)),
        ),
        script_case("not-json", "{", Expect::Fails("not valid JSON")),
        script_case("empty", "", Expect::Fails("not valid JSON")),
        script_case(
            "deep-nesting",
            deep,
            Expect::Fails("frames must be a whole number, not a list"),
        ),
        script_case(
            "not-utf8",
            b"{\"frames\": 1, \"first\": [\"\xff\"]}".to_vec(),
            Expect::Fails("not UTF-8"),
        ),
        Case::new(
            "script-missing",
            &["--replay", "no-such.json", "--dump-frames", "out"],
            Expect::Fails("cannot read the replay script"),
        ),
        Case::new(
            "script-folder",
            &["--replay", "s", "--dump-frames", "out"],
            Expect::Fails("cannot read the replay script"),
        )
        .setup(|dir| std::fs::create_dir(dir.join("s")).unwrap()),
        Case::new(
            "script-sparse-huge",
            &["--replay", "s.json", "--dump-frames", "out"],
            Expect::Fails("too large for a replay script"),
        )
        .setup(|dir| put(&dir.join("s.json"), &Content::Sparse(MAX_SCRIPT_FILE + 1))),
    ]
}

/// Board texts of huge and odd sizes, on the command line and on stdin.
fn board_cases() -> Vec<Case> {
    let big = "board is too large (at most 64x64)";
    let wide = empty_board(30_000, 4); // a command-line argument holds at most 128 kB
    let huge_line = empty_board(200_000, 4);
    let endless = vec![b'.'; 2 << 20];
    let e64 = empty_board(64, 64);
    vec![
        Case::new("board-65x4", &["analyze", &empty_board(65, 4)], Expect::Fails(big)),
        Case::new("board-4x65", &["analyze", &empty_board(4, 65)], Expect::Fails(big)),
        Case::new("board-30000x4", &["analyze", &wide], Expect::Fails(big)),
        Case::new("board-200000x4-stdin", &["analyze"], Expect::Fails(big)).stdin(huge_line),
        Case::new("board-2-mb-line", &["analyze"], Expect::Fails("line 1 is over 1 MB long"))
            .stdin(endless),
        Case::new("board-3x4", &["analyze", &empty_board(3, 4)], Expect::Fails("at least 4x4")),
        Case::new("board-1x1", &["analyze", "R"], Expect::Fails("at least 4x4")),
        Case::new("board-empty", &["analyze", ""], Expect::Fails("empty board text")),
        Case::new("board-floating", &["analyze", "..../.R../..../...."], Expect::Fails("floats")),
        Case::new("board-not-utf8", &["analyze"], Expect::Fails("line 1: not UTF-8 text"))
            .stdin(b"..\xff./..../..../....\n".to_vec()),
        Case::new(
            "board-64x64-difficulty-2",
            &["analyze", &e64],
            Expect::Fails("would take too long"),
        ),
        Case::new(
            "board-64x64-minimax",
            &["analyze", "--engine", "minimax", &e64],
            Expect::Fails("would take too long"),
        ),
        Case::new(
            "board-64x64-difficulty-1",
            &["analyze", "--difficulty", "1", &e64],
            Expect::Answers(1),
        ),
        Case::new(
            "board-12x9-difficulty-3",
            &["analyze", "--difficulty", "3", &empty_board(12, 9)],
            Expect::Answers(1),
        ),
        Case::new(
            "analyze-difficulty-7",
            &["analyze", "--difficulty", "7"],
            Expect::Fails("give 0 to 6"),
        ),
        Case::new(
            "analyze-difficulty-2-34",
            &["analyze", "--difficulty", "17179869184"],
            Expect::Fails("invalid value"),
        ),
    ]
}

/// Sizes and counts on the game's command line.
fn option_cases() -> Vec<Case> {
    [
        ("width-13", &["--width", "13"][..], "does not fit the 640x480 window"),
        ("width-huge", &["--width", "99999999999999999999"], "invalid value"),
        ("height-0", &["--height", "0"], "at least 4x4"),
        ("difficulty-2-32", &["--difficulty", "4294967296"], "invalid value"),
        ("fps-0", &["--fps", "0"], "out of range"),
        ("fps-2-32", &["--fps", "4294967296"], "invalid value"),
        ("seed-negative", &["--seed", "-1"], "invalid value '-1' for '--seed <N>'"),
        ("seed-2-64", &["--seed", "18446744073709551616"], "invalid value"),
        ("window-pos-huge", &["--window-pos", "99999999999,0"], "not a window position"),
    ]
    .into_iter()
    .map(|(label, args, want)| Case::new(format!("option-{label}"), args, Expect::Fails(want)))
    .collect()
}

/// Some games on record, for `analyze --record`.
const GAMES: &str =
    "7x6 first=black moves=3,3,4,2 result=unfinished\n4x4 first=red moves=0,1,2,3,0,1\n";

/// Runs whose stdout is a pipe nobody reads any more.
fn closed_pipe_cases() -> Vec<Case> {
    let boards: String =
        (0..2000).map(|i| format!("{}\n", empty_board(4 + i % 9, 4 + i % 6))).collect();
    let s = |dir: &Path| std::fs::write(dir.join("s.json"), r#"{"frames": 5}"#).unwrap();
    // A reader that goes away is no fault: every case ends quietly with 0.
    let zero: &[i32] = &[0];
    vec![
        Case::new("pipe-game", &["--seed", "1"], Expect::Quiet(zero)).stdout(Stdout::Closed),
        Case::new(
            "pipe-game-explain",
            &["--seed", "1", "--explain", "--moves"],
            Expect::Quiet(zero),
        )
        .stdout(Stdout::Closed),
        Case::new(
            "pipe-replay-dump",
            &["--replay", "s.json", "--dump-frames", "out"],
            Expect::Quiet(zero),
        )
        .stdout(Stdout::Closed)
        .setup(s),
        Case::new("pipe-replay-window", &["--replay", "s.json"], Expect::Quiet(zero))
            .stdout(Stdout::Closed)
            .setup(s),
        Case::new("pipe-analyze", &["analyze", "--difficulty", "1"], Expect::Quiet(zero))
            .stdout(Stdout::Closed)
            .stdin(boards.clone()),
        Case::new("pipe-analyze-head", &["analyze", "--difficulty", "1"], Expect::Quiet(zero))
            .stdout(Stdout::ClosedAfterALine)
            .stdin(boards),
        Case::new("pipe-analyze-record", &["analyze", "--record", "rec.txt"], Expect::Quiet(zero))
            .stdout(Stdout::Closed)
            .setup(|dir| std::fs::write(dir.join("rec.txt"), GAMES).unwrap()),
        Case::new("pipe-help", &["--help"], Expect::Quiet(zero)).stdout(Stdout::Closed),
        Case::new("pipe-analyze-help", &["analyze", "--help"], Expect::Quiet(zero))
            .stdout(Stdout::ClosedAfterALine),
        Case::new("pipe-version", &["--version"], Expect::Quiet(zero)).stdout(Stdout::Closed),
    ]
}

/// A script that drops a red token in column 2 (so the game has a move to
/// record) and ends after `frames`.
fn one_move(frames: u64) -> String {
    format!(
        r#"{{"width": 5, "height": 4, "difficulty": 0, "frames": {frames}, "events": [
            [0, "down", 50, 430], [1, "motion", 290, 100], [2, "up", 290, 100]]}}"#
    )
}

/// Folders and files of the user's where the program writes.
fn user_file_cases() -> Vec<Case> {
    let users = |dir: &Path| {
        std::fs::create_dir(dir.join("out")).unwrap();
        std::fs::write(dir.join("out/notes.txt"), b"my notes").unwrap();
        std::fs::write(dir.join("out/frame-00000.png"), b"my own picture").unwrap();
        std::fs::write(dir.join("out/frame-00007.png"), b"an old frame").unwrap();
        std::fs::write(dir.join("out/.fourinrow-write-test"), b"mine too").unwrap();
        std::fs::write(dir.join("s.json"), r#"{"frames": 3}"#).unwrap();
    };
    let dump = ["--replay", "s.json", "--dump-frames", "out"];
    let script = one_move(40);
    let with_record = move |dir: &Path| {
        std::fs::write(dir.join("s.json"), &script).unwrap();
        std::fs::write(dir.join("rec.txt"), GAMES).unwrap();
    };
    vec![
        Case::new("dump-into-users-folder", &dump, Expect::Fails("the frames folder is not empty"))
            .setup(users),
        Case::new(
            "dump-overwrite",
            &["--replay", "s.json", "--dump-frames", "out", "--overwrite"],
            Expect::Plays(Some(3)),
        )
        .setup(users)
        .may_change(MayChange::Frames("out")),
        Case::new(
            "dump-onto-a-file",
            &["--replay", "s.json", "--dump-frames", "s.json"],
            Expect::Fails("cannot create the frames folder"),
        )
        .setup(|dir| std::fs::write(dir.join("s.json"), r#"{"frames": 3}"#).unwrap()),
        Case::new(
            "dump-into-images",
            &["--images", "img", "--replay", "s.json", "--dump-frames", "img"],
            Expect::Fails("not empty"),
        )
        .setup(|dir| {
            images(dir, "4rowred.png", &Content::Bytes(bad::red().to_vec()));
            std::fs::write(dir.join("s.json"), r#"{"frames": 3}"#).unwrap();
        }),
        Case::new(
            "record-appends",
            &["--replay", "s.json", "--dump-frames", "out", "--record", "rec.txt"],
            Expect::Plays(Some(40)),
        )
        .setup(with_record)
        .may_change(MayChange::Append("rec.txt")),
        Case::new(
            "record-into-a-folder",
            &["--replay", "s.json", "--dump-frames", "out", "--record", "out"],
            Expect::Fails("cannot open the record file"),
        )
        .setup(|dir| {
            std::fs::create_dir(dir.join("out")).unwrap();
            std::fs::write(dir.join("s.json"), r#"{"frames": 3}"#).unwrap();
        }),
    ]
}

// ---------------------------------------------------------------------------
// The regressions of issue 12, one test each
// ---------------------------------------------------------------------------

/// Regression: a PNG cut inside a chunk's CRC (`head -c 31 4rowred.png`)
/// sliced past its end and panicked.
#[test]
fn a_png_cut_inside_a_crc_is_one_error_line() {
    let red = bad::red();
    assert_cases(
        [31, 32, red.len() - 2]
            .into_iter()
            .map(|cut| {
                let content = Content::Bytes(red[..cut].to_vec());
                image_case(
                    &format!("crc-cut-{cut}"),
                    "4rowred.png",
                    content,
                    Expect::Fails("truncated PNG"),
                )
            })
            .collect(),
    );
}

/// Regression: huge record sizes overflowed `width * height` or hung
/// allocating every position.
#[test]
fn huge_record_sizes_are_refused_at_once() {
    let range = "out of range: 4 to 64 columns and rows";
    assert_cases(vec![
        record_case(
            "huge-width",
            &[],
            "4611686018427387904x4 first=red moves=0",
            Expect::Fails(range),
        ),
        record_case("huge-both", &[], "70000x70000 first=red moves=0,1,2", Expect::Fails(range)),
    ]);
}

/// Regression: boards larger than the game's searched for half an hour.
#[test]
fn boards_too_big_to_search_are_refused() {
    let e64 = empty_board(64, 64);
    assert_cases(vec![
        Case::new("board-64x64", &["analyze", &e64], Expect::Fails("would take too long")),
        record_case("64x64", &[], "64x64 first=red moves=0", Expect::Fails("would take too long")),
    ]);
}

/// Regression: a closed stdout panicked (`fourinrow --seed 1 | true`,
/// `--replay ... | true`, `analyze | head`).
#[test]
fn a_closed_stdout_ends_quietly() {
    assert_cases(closed_pipe_cases());
}

/// Regression: `"frames": 0` wrote one frame.
#[test]
fn zero_frames_write_no_frame() {
    assert_cases(vec![script_case("frames-0", r#"{"frames": 0}"#, Expect::Plays(Some(0)))]);
}

/// Regression: `--dump-frames DIR` deleted the user's `frame-N.png` files.
#[test]
fn dump_frames_never_loses_the_users_files() {
    assert_cases(user_file_cases());
}

/// Regression: libpng's warnings reached stderr beside the program's own
/// line, or alone when the game went on.
#[test]
fn libpng_stays_off_stderr() {
    let mut cases = sound_odd_images();
    for (label, content) in [("no-pixels", bad::no_pixels()), ("zero-width", bad::sized(0, 100))] {
        let want = if label == "no-pixels" { "not a readable image" } else { "out of range" };
        cases.push(image_case(label, "4rowred.png", Content::Bytes(content), Expect::Fails(want)));
    }
    assert_cases(cases);
}

/// Regression: a GIF or BMP saved as a PNG, claiming a huge size, took
/// gigabytes (15 GB for a 30-byte GIF) before anything checked its size.
#[test]
fn huge_images_are_refused_before_decoding() {
    assert_cases(vec![
        image_case(
            "huge-gif",
            "4rowred.png",
            Content::Bytes(bad::huge_gif()),
            Expect::Fails("not a PNG image"),
        ),
        image_case(
            "huge-bmp",
            "4rowred.png",
            Content::Bytes(bad::huge_bmp()),
            Expect::Fails("not a PNG image"),
        ),
        image_case(
            "sparse",
            "4rowred.png",
            Content::Sparse(MAX_IMAGE_FILE + 1),
            Expect::Fails("too large"),
        ),
    ]);
}

/// Every case above and many more: PNGs cut at many offsets, files that
/// are not PNGs, huge and odd sizes in records, scripts, board text and
/// options, closed pipes, folders holding the user's files.
#[test]
fn the_acceptance_matrix() {
    let mut cases = image_cases();
    cases.extend(record_cases());
    cases.extend(script_cases());
    cases.extend(board_cases());
    cases.extend(option_cases());
    cases.extend(closed_pipe_cases());
    cases.extend(user_file_cases());
    let names: std::collections::BTreeSet<&String> = cases.iter().map(|c| &c.name).collect();
    assert_eq!(names.len(), cases.len(), "case names are unique");
    assert!(cases.len() >= 150, "{} cases", cases.len());
    assert_cases(cases);
}

// ---------------------------------------------------------------------------
// Two recorders at once
// ---------------------------------------------------------------------------

/// Regression: `--record` wrote a line in several `write` calls, so two
/// games ending at once (two windows, one file) could interleave their
/// lines. Four writers append long and short lines at once, each through
/// its own `RecordFile`; every line must come back whole, and all of them.
#[test]
fn two_recorders_at_once_write_whole_lines() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hardening-records.txt");
    let _ = std::fs::remove_file(&path);
    // Writer w's k-th game: on 64x64 with up to 4,096 moves (a 12 kB line),
    // its moves numbering the writer and the game.
    let size = fourinrow::fourinrow::port::settings::BoardSize::new(64, 64).unwrap();
    let game = |w: usize, k: usize| GameRecord {
        size,
        first: if w % 2 == 0 { Tile::Red } else { Tile::Black },
        moves: std::iter::once(w).chain(std::iter::repeat_n(k % 64, (k * 97) % 4000)).collect(),
        result: RecordResult::Unfinished,
    };
    let (writers, games) = (4, 150);
    std::thread::scope(|scope| {
        for w in 0..writers {
            let path = &path;
            scope.spawn(move || {
                let mut file = RecordFile::open(path).unwrap();
                for k in 0..games {
                    file.write(&game(w, k)).unwrap();
                }
            });
        }
    });
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen = vec![vec![0usize; games]; writers];
    for (i, line) in text.lines().enumerate() {
        let record = GameRecord::parse(line).unwrap_or_else(|e| {
            panic!("line {} is not a whole record ({e}): {}", i + 1, cut(line))
        });
        let w = record.moves[0];
        let k = (0..games)
            .find(|&k| game(w, k) == record)
            .unwrap_or_else(|| panic!("line {} is no game writer {w} wrote: {}", i + 1, cut(line)));
        seen[w][k] += 1;
    }
    assert!(
        seen.iter().flatten().all(|&n| n == 1),
        "every game exactly once: {} lines for {} games",
        text.lines().count(),
        writers * games
    );
    assert!(text.ends_with('\n'));
    std::fs::remove_file(&path).unwrap();
}

// ---------------------------------------------------------------------------
// The regressions of issue 18, one test per finding
// ---------------------------------------------------------------------------

/// What one run of the binary gave.
#[derive(Debug)]
struct Ran {
    code: Option<i32>,
    out: String,
    err: String,
}

/// A fresh folder for one test, under the target's scratch folder.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("issue18").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `command` (the binary or `sh`), in `dir`, fed `stdin`, with a
/// dummy video driver, killing it after [`TIMEOUT`].
fn ran(mut command: Command, dir: &Path, stdin: &[u8]) -> Ran {
    command
        .current_dir(dir)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy")
        .env("FOURINROW", env!("CARGO_BIN_EXE_fourinrow"))
        .env_remove("SDL_VIDEO_WINDOW_POS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&bytes);
    });
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut text = Vec::new();
        let _ = out.read_to_end(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut text = Vec::new();
        let _ = err.read_to_end(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let out = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let err = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let code = status.and_then(|s| s.code());
    Ran { code, out, err }
}

/// The binary with `args`, in `dir`.
fn fourinrow(dir: &Path, args: &[&str], stdin: &[u8]) -> Ran {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fourinrow"));
    command.args(args);
    ran(command, dir, stdin)
}

/// A shell script, in `dir`; `$FOURINROW` is the binary.
fn shell(dir: &Path, script: &str) -> Ran {
    let mut command = Command::new("sh");
    command.args(["-c", script]);
    ran(command, dir, b"")
}

/// A script in which the computer makes one move (so the game has
/// something to record) and which ends after `frames`.
fn computer_moves(frames: u64) -> String {
    format!(r#"{{"width": 5, "height": 4, "difficulty": 0, "frames": {frames}}}"#)
}

/// The line that game records.
const ONE_GAME: &str = "5x4 first=black moves=0 result=unfinished\n";

/// The file names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Finding 2: `--record` appended onto a last line with no newline (a
/// comment, a game), and a full disk left a part line that the next game
/// was written onto.
#[test]
fn a_record_line_is_always_whole() {
    let dir = scratch("record-whole");
    std::fs::write(dir.join("s.json"), computer_moves(150)).unwrap();
    let dump = ["--replay", "s.json", "--dump-frames", "out", "--overwrite", "--record", "r.txt"];
    for before in ["# games against my brother", "4x4 first=red moves=0,1 result=unfinished"] {
        std::fs::write(dir.join("r.txt"), before).unwrap();
        let run = fourinrow(&dir, &dump, b"");
        assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
        let text = std::fs::read_to_string(dir.join("r.txt")).unwrap();
        assert_eq!(text, format!("{before}\n{ONE_GAME}"), "a newline first, then the game");
        let analyzed = fourinrow(&dir, &["analyze", "--difficulty", "0", "--record", "r.txt"], b"");
        assert_eq!(analyzed.code, Some(0), "{analyzed:?}");
        assert!(analyzed.out.lines().count() >= 1, "the game is read back: {analyzed:?}");
    }
    // A full disk, made by a file-size limit of 1,024 bytes (SIGXFSZ
    // ignored, so the write fails with EFBIG): the game's 43 bytes do not
    // fit after 1,000, and what went in is taken back.
    let full = "#".repeat(999) + "\n";
    std::fs::write(dir.join("r.txt"), &full).unwrap();
    // The replay shows in a window, as its frames would not fit either.
    let script =
        "trap '' XFSZ; ulimit -f 2; exec \"$FOURINROW\" --replay s.json --record r.txt --fps 1000";
    let run = shell(&dir, script);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.err.contains("r.txt: cannot write the record (the file is as it was)"), "{run:?}");
    assert_eq!(run.err.lines().count(), 1, "{run:?}");
    assert_eq!(std::fs::read_to_string(dir.join("r.txt")).unwrap(), full, "nothing left behind");
    let run = fourinrow(&dir, &dump, b"");
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(std::fs::read_to_string(dir.join("r.txt")).unwrap(), format!("{full}{ONE_GAME}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 3: `--dump-frames --overwrite` wrote through a link named like
/// its temporary file, a full disk left a `.part` file that `--overwrite`
/// never removed, and two dumps into one new folder mixed their frames.
#[test]
fn dump_frames_writes_no_temporary_file_through_a_link_or_left_behind() {
    let dir = scratch("dump-temporary");
    std::fs::write(dir.join("s.json"), r#"{"frames": 3}"#).unwrap();
    std::fs::write(dir.join("victim.txt"), b"the user's own").unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    std::os::unix::fs::symlink("../victim.txt", dir.join("out/.frame-00000.png.part")).unwrap();
    let dump = ["--replay", "s.json", "--dump-frames", "out", "--overwrite"];
    let run = fourinrow(&dir, &dump, b"");
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.err.contains(".frame-00000.png.part: is in the way of a frame"), "{run:?}");
    assert_eq!(std::fs::read(dir.join("victim.txt")).unwrap(), b"the user's own");
    // A temporary frame left by a killed run is removed by --overwrite.
    std::fs::remove_file(dir.join("out/.frame-00000.png.part")).unwrap();
    std::fs::write(dir.join("out/.frame-00001.png.part"), b"half a frame").unwrap();
    let run = fourinrow(&dir, &dump, b"");
    assert_eq!((run.code, run.out.as_str()), (Some(0), "{\"frames\": 3}\n"), "{run:?}");
    assert_eq!(names(&dir.join("out")), ["frame-00000.png", "frame-00001.png", "frame-00002.png"]);
    // A full disk (a file-size limit of 10 kB; a frame is about 23 kB):
    // one line, and no temporary file or lock left.
    std::fs::remove_dir_all(dir.join("out")).unwrap();
    let script =
        "trap '' XFSZ; ulimit -f 20; exec \"$FOURINROW\" --replay s.json --dump-frames out";
    let run = shell(&dir, script);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.err.contains("out/frame-00000.png: cannot write the frame"), "{run:?}");
    assert!(names(&dir.join("out")).is_empty(), "{:?}", names(&dir.join("out")));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 3: two dumps started together into one new folder both passed
/// the "must be empty" check and mixed their frames. Now one of them is
/// refused, and the folder holds the other's frames only.
#[test]
fn two_dumps_into_one_folder_cannot_mix() {
    let dir = scratch("dump-two");
    std::fs::write(dir.join("a.json"), r#"{"frames": 150}"#).unwrap();
    std::fs::write(dir.join("b.json"), r#"{"frames": 140}"#).unwrap();
    for round in 0..3 {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let runs: Vec<Ran> = std::thread::scope(|scope| {
            let started: Vec<_> = ["a.json", "b.json"]
                .map(|script| {
                    let dir = &dir;
                    scope.spawn(move || {
                        fourinrow(dir, &["--replay", script, "--dump-frames", "out"], b"")
                    })
                })
                .into_iter()
                .collect();
            started.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let won: Vec<&Ran> = runs.iter().filter(|r| r.code == Some(0)).collect();
        assert_eq!(won.len(), 1, "round {round}: exactly one writes: {runs:?}");
        let lost = runs.iter().find(|r| r.code != Some(0)).unwrap();
        assert_eq!(lost.code, Some(2), "{lost:?}");
        assert!(
            lost.err.contains("another fourinrow is writing frames into this folder")
                || lost.err.contains("the frames folder is not empty"),
            "{lost:?}"
        );
        let frames = names(&dir.join("out"));
        let want = if won[0].out.contains("150") { 150 } else { 140 };
        assert_eq!(frames.len(), want, "round {round}: one dump's frames, and nothing else");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Findings 4 and 16: `solve` and `grade` read stdin with no line cap
/// (`< /dev/zero` aborted, exit 134), `grade` kept every line before
/// answering, and `solve` quoted a whole faulty line.
#[test]
fn solve_and_grade_read_bounded_lines_one_at_a_time() {
    let dir = scratch("solve-lines");
    let zeros = vec![0u8; 3 << 20];
    for tool in ["solve", "grade"] {
        let run = fourinrow(&dir, &[tool], &zeros);
        assert_eq!(run.code, Some(2), "{tool}: {}", run.err);
        assert_eq!(run.err, format!("fourinrow: {tool}: stdin: line 1 is over 1 MB long\n"));
    }
    // A faulty line of 900 kB is quoted to 80 characters.
    let long = "x".repeat(900_000) + "\n";
    let run = fourinrow(&dir, &["solve"], long.as_bytes());
    assert_eq!(run.code, Some(2));
    assert_eq!(run.err.lines().count(), 1);
    assert!(run.err.len() < 200, "{} bytes: {}", run.err.len(), cut(&run.err));
    assert!(run.err.trim_end().ends_with(&format!("{}...", "x".repeat(80))), "{}", cut(&run.err));
    // grade answers a faulty line at once, before its input ends: it no
    // longer keeps every line first.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        .args(["grade", "--up-to", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    {
        use std::io::Write;
        input.write_all(b"not a position\n").unwrap();
        input.flush().unwrap();
    }
    let (sender, receiver) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(err).read_line(&mut line);
        let _ = sender.send(line);
    });
    let line = receiver.recv_timeout(Duration::from_secs(20));
    drop(input);
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("grade named line 1 while its input was still open");
    assert!(line.starts_with("fourinrow grade: line 1: "), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 7: a PNG of 1,000 compressed text chunks took 21.5 s to load
/// (seven of them, 3 minutes); a 4096x4096 PNG at 16 bits a channel, or
/// seven 4096x4096 ones, took hundreds of MB.
#[test]
fn pngs_are_bounded_in_chunks_and_decoded_size() {
    // 1,000 zTXt chunks, each inflating to 8 MB, in each of the seven:
    // the text is dropped before libpng sees it.
    let text = bad::chunk(b"zTXt", &{
        let mut data = b"Comment\0\0".to_vec();
        data.extend_from_slice(&bad::zlib_deflated_zeros(8_000_000));
        data
    });
    let texts = text.repeat(1000);
    let mut cases =
        vec![Case::new("texts", &WITH_IMAGES, Expect::Plays(Some(2))).setup(move |dir| {
            images(dir, "4rowred.png", &Content::Bytes(bad::after_ihdr(bad::red(), &texts)));
            for (name, bytes) in EMBEDDED_IMAGES.iter().skip(1) {
                std::fs::write(dir.join("img").join(name), bad::after_ihdr(bytes, &texts)).unwrap();
            }
            std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
        })];
    // 4096x4096 RGBA at 16 bits a channel: 128 MB to decode.
    let rows = bad::zlib_deflated_zeros((1 + 4096 * 8) * 4096);
    let deep = bad::png_with_data(4096, 4096, 16, 6, &rows);
    cases.push(image_case(
        "16-bit-4096",
        "4rowred.png",
        Content::Bytes(deep),
        Expect::Fails("4rowred.png: a 4096x4096 image at 16 bits a channel takes 128 MB to decode"),
    ));
    // Two 4096x4096 RGBA images at 8 bits: over the seven's budget.
    let rows = bad::zlib_deflated_zeros((1 + 4096 * 4) * 4096);
    let big = bad::png_with_data(4096, 4096, 8, 6, &rows);
    cases.push(Case::new("two-4096", &WITH_IMAGES, Expect::Fails("too many pixels")).setup(
        move |dir| {
            images(dir, "4rowred.png", &Content::Bytes(big.clone()));
            std::fs::write(dir.join("img/4rowblack.png"), &big).unwrap();
            std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
        },
    ));
    assert_cases(cases);
}

/// Finding 8: replay scripts near the 64 MB cap took over 1 GB (4.5
/// million `[0, "quit"]` events, 58 MB: 1.09 GB). Under a 500 MB
/// address-space limit such a script now plays.
#[test]
fn a_replay_script_costs_memory_in_proportion_to_its_events() {
    let dir = scratch("script-events");
    let events = vec![r#"[0, "quit"]"#; 4_500_000].join(", ");
    std::fs::write(dir.join("s.json"), format!(r#"{{"frames": 3, "events": [{events}]}}"#))
        .unwrap();
    let run =
        shell(&dir, "ulimit -v 500000; exec \"$FOURINROW\" --replay s.json --dump-frames out");
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A child process that is killed and reaped when dropped, so that a test
/// failing midway leaves nothing running.
struct KilledOnDrop(std::process::Child);

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Finding 9: SIGHUP (the terminal closed) killed a game, which was then
/// not recorded; `--record FIFO` with no reader blocked before the game.
#[test]
fn sighup_ends_a_game_as_sigterm_does_and_a_fifo_is_refused() {
    use std::os::unix::process::CommandExt;
    let dir = scratch("signals");
    std::fs::write(dir.join("s.json"), computer_moves(1_000_000)).unwrap();
    let signals = [
        ("HUP", libc::SIGHUP, false),
        ("TERM", libc::SIGTERM, false),
        ("INT", libc::SIGINT, false),
        ("HUP", libc::SIGHUP, true),
    ];
    for (name, signal, window) in signals {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let _ = std::fs::remove_file(dir.join("r.txt"));
        let mut args = vec!["--replay", "s.json", "--record", "r.txt"];
        if !window {
            args.extend(["--dump-frames", "out"]);
        } else {
            // Frames as fast as the window allows: the replay reaches the
            // same frame in a tenth of the time.
            args.extend(["--fps", "300"]);
        }
        let mut command = Command::new(env!("CARGO_BIN_EXE_fourinrow"));
        command
            .args(&args)
            .current_dir(&dir)
            .env("SDL_VIDEODRIVER", "dummy")
            .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
            .stderr(std::fs::File::create(dir.join("stderr")).unwrap());
        // Started as from a terminal: under `nohup`, or as a shell's
        // background job, this test's SIGHUP or SIGINT is ignored, the child
        // would inherit that, and the program leaves an ignored signal
        // ignored (src/io/signals.rs).
        // SAFETY: only signal(), async-signal-safe, between fork and exec.
        unsafe {
            command.pre_exec(|| {
                for signal in [libc::SIGHUP, libc::SIGINT] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                Ok(())
            });
        }
        // Killed if the test fails before it ends.
        let mut child = KilledOnDrop(command.spawn().unwrap());
        let child = &mut child.0;
        // Signalled once the computer's move has landed (by frame 110): at
        // frame 150 when dumping, or 2 s (600 frames) into a window's replay.
        let started = Instant::now();
        if window {
            std::thread::sleep(Duration::from_secs(2));
        } else {
            while !dir.join("out/frame-00150.png").exists() {
                assert!(started.elapsed() < TIMEOUT, "SIG{name}: no frame 150 within {TIMEOUT:?}");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        // SAFETY: signalling the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
        // Its own time from the signal on: a loaded machine may have taken
        // most of the timeout to reach frame 150.
        let signalled = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(signalled.elapsed() < TIMEOUT, "SIG{name}: still running");
            std::thread::sleep(Duration::from_millis(10));
        };
        let out = std::fs::read_to_string(dir.join("stdout")).unwrap();
        let err = std::fs::read_to_string(dir.join("stderr")).unwrap();
        assert_eq!((status.code(), err.as_str()), (Some(0), ""), "SIG{name}, window {window}");
        let record = std::fs::read_to_string(dir.join("r.txt")).unwrap_or_default();
        assert_eq!(record, ONE_GAME, "SIG{name}, window {window}: recorded");
        if !window {
            let frames = names(&dir.join("out"));
            let n: usize = out
                .trim()
                .trim_start_matches("{\"frames\": ")
                .trim_end_matches('}')
                .parse()
                .unwrap_or_else(|_| panic!("SIG{name}: {out:?}"));
            assert_eq!(frames.len(), n, "only whole frames, no temporary file or lock");
            assert!(frames.iter().all(|f| is_frame(Path::new(f))), "{frames:?}");
        }
    }
    let fifo = std::ffi::CString::new(dir.join("fifo").to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let started = Instant::now();
    let run =
        fourinrow(&dir, &["--replay", "s.json", "--dump-frames", "o2", "--record", "fifo"], b"");
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.err.contains("fifo: cannot open the record file: a FIFO, not a regular file"));
    assert!(started.elapsed() < Duration::from_secs(10), "refused at once");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 10: `solve` and `grade` stopped at a line that is not UTF-8 and
/// answered nothing after it; UTF-16 input failed the same way.
#[test]
fn lines_that_are_not_utf8_are_named_and_the_rest_answered() {
    let dir = scratch("not-utf8");
    let position = "755733356656526372225727171133611";
    let input = format!("{position}\n\u{fffd}\n{position}\n").replace('\u{fffd}', "\u{1}");
    let input = input.replace('\u{1}', "ab\u{1}").into_bytes();
    let input: Vec<u8> = input.iter().map(|&b| if b == 1 { 0xff } else { b }).collect();
    let run = fourinrow(&dir, &["solve"], &input);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert_eq!(run.out, format!("{position} 2\n{position} 2\n"), "both good lines answered");
    assert_eq!(run.err, "fourinrow solve: line 2: not UTF-8 text (byte 0xFF at column 3)\n");
    let run = fourinrow(&dir, &["grade", "--up-to", "1"], &input);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.out.contains("| 1 | 2 | "), "two positions graded: {run:?}");
    assert_eq!(run.err, "fourinrow grade: line 2: not UTF-8 text (byte 0xFF at column 3)\n");
    let utf16: Vec<u8> = std::iter::once(0xfeff_u16)
        .chain(format!("{position}\n").encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let run = fourinrow(&dir, &["solve"], &utf16);
    assert_eq!(run.code, Some(2));
    assert!(run.err.contains("line 1 is UTF-16 text"), "{run:?}");
    let without_bom = &utf16[2..];
    let run = fourinrow(&dir, &["solve"], without_bom);
    assert!(
        run.err.starts_with("fourinrow solve: line 1: holds NUL bytes (UTF-16 text?"),
        "{run:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 11: a UTF-8 byte-order mark gave messages that contradict what
/// the user sees, in board text, records, replay scripts and `solve`.
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = scratch("bom");
    let run = fourinrow(
        &dir,
        &["analyze", "--difficulty", "1"],
        "\u{feff}..../..../..../....\n".as_bytes(),
    );
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
    assert!(run.out.starts_with("{\"board\": \"..../..../..../....\""), "{run:?}");
    std::fs::write(dir.join("r.txt"), format!("\u{feff}{ONE_GAME}")).unwrap();
    let run = fourinrow(&dir, &["analyze", "--difficulty", "1", "--record", "r.txt"], b"");
    assert_eq!((run.code, run.err.as_str(), run.out.lines().count()), (Some(0), "", 1), "{run:?}");
    std::fs::write(dir.join("s.json"), "\u{feff}{\"frames\": 2}").unwrap();
    let run = fourinrow(&dir, &["--replay", "s.json", "--dump-frames", "out"], b"");
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
    let position = "755733356656526372225727171133611";
    let run = fourinrow(&dir, &["solve"], format!("\u{feff}{position}\n").as_bytes());
    assert_eq!((run.code, run.out), (Some(0), format!("{position} 2\n")), "{}", run.err);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 12: `SDL_VIDEO_WINDOW_POS=center` was refused (pygame takes it,
/// and `centered`), even with `--dump-frames`, which opens no window, and
/// an empty `--record` file was made before the refusal.
#[test]
fn sdl_video_window_pos_center_is_taken_as_pygame_takes_it() {
    let dir = scratch("window-pos-env");
    std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
    // `ran` clears SDL_VIDEO_WINDOW_POS; the shell sets it for the binary.
    let with_env = |value: &str, args: &[&str]| {
        let mut command = Command::new("sh");
        command.args(["-c", "SDL_VIDEO_WINDOW_POS=\"$0\" exec \"$FOURINROW\" \"$@\"", value]);
        command.args(args);
        ran(command, &dir, b"")
    };
    for value in ["center", "centered", "CENTER"] {
        let run = with_env(value, &["--replay", "s.json"]);
        assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{value}: {run:?}");
    }
    let run = with_env("nowhere", &["--replay", "s.json", "--dump-frames", "out"]);
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "no window, no need: {run:?}");
    let run = with_env("nowhere", &["--replay", "s.json", "--record", "r.txt"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.err.contains("SDL_VIDEO_WINDOW_POS: 'nowhere' is not a window position"));
    assert!(!dir.join("r.txt").exists(), "no record file made before the refusal");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 13: `--window-pos -100,50`, `--fps -1` and `--seed -1` gave
/// "unexpected argument '-1' found"; an off-screen position went unsaid.
#[test]
fn negative_numbers_are_values_and_off_screen_positions_are_warned_of() {
    let dir = scratch("negative");
    std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
    let run = fourinrow(&dir, &["--window-pos", "-100,50", "--replay", "s.json"], b"");
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
    for (option, value) in [("--fps", "-1"), ("--seed", "-1"), ("--width", "-3")] {
        let run = fourinrow(&dir, &[option, value], b"");
        assert_eq!(run.code, Some(2));
        assert!(
            run.err.contains(&format!("invalid value '{value}' for '{option} <N>'")),
            "{run:?}"
        );
    }
    let run = fourinrow(&dir, &["--window-pos=100000,100", "--replay", "s.json"], b"");
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.err,
        "fourinrow: warning: a window at 100000,100 is off every screen; give a \
         --window-pos on one, or none to centre it\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 14: `--images` said "missing" for a loop of links (and "no
/// images here" for a folder it may not read).
#[test]
fn images_behind_a_link_loop_are_named_so() {
    let dir = scratch("images-loop");
    images(&dir, "4rowred.png", &Content::Bytes(bad::red().to_vec()));
    std::fs::remove_file(dir.join("img/4rowtie.png")).unwrap();
    std::os::unix::fs::symlink("4rowtie.png", dir.join("img/4rowtie.png")).unwrap();
    std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
    let run = fourinrow(&dir, &WITH_IMAGES, b"");
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.err,
        "fourinrow: img/4rowtie.png: a loop of symbolic links (--images needs all seven PNGs)\n"
    );
    std::os::unix::fs::symlink("loop", dir.join("loop")).unwrap();
    let run =
        fourinrow(&dir, &["--images", "loop", "--replay", "s.json", "--dump-frames", "o"], b"");
    assert_eq!(run.err, "fourinrow: loop: a loop of symbolic links\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 15: `--help`, `--version` and the replay's `{"frames": N}`
/// sent to a full disk exited 0 with nothing written.
#[test]
fn write_errors_on_stdout_are_reported() {
    let dir = scratch("stdout-full");
    std::fs::write(dir.join("s.json"), r#"{"frames": 2}"#).unwrap();
    for args in ["--help", "--version", "--replay s.json --dump-frames out", "analyze --help"] {
        let run = shell(&dir, &format!("exec \"$FOURINROW\" {args} > /dev/full"));
        assert_eq!(run.code, Some(2), "{args}: {run:?}");
        assert_eq!(
            run.err, "fourinrow: cannot write to stdout: No space left on device (os error 28)\n",
            "{args}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Findings 14 and 2, as a user who is not root: a folder of images the
/// user may not read is named "permission denied" (it said "no Four in a
/// Row images here"), and a record file the user may only write to still
/// gets whole lines. Run as `nobody` (through `runuser`) when the tests
/// run as root, since root is refused nothing.
#[test]
fn files_the_user_may_not_read_are_named_so() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("not-readable");
    images(&dir, "4rowred.png", &Content::Bytes(bad::red().to_vec()));
    std::fs::write(dir.join("s.json"), computer_moves(150)).unwrap();
    std::fs::write(dir.join("r.txt"), b"an old game").unwrap();
    let mode = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(&dir, 0o777);
    mode(&dir.join("img"), 0o000);
    mode(&dir.join("r.txt"), 0o222);
    let as_user = |args: &[&str]| {
        // SAFETY: getuid has no preconditions.
        let root = unsafe { libc::getuid() } == 0;
        let mut command = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--", env!("CARGO_BIN_EXE_fourinrow")]);
            c
        } else {
            Command::new(env!("CARGO_BIN_EXE_fourinrow"))
        };
        command.args(args);
        ran(command, &dir, b"")
    };
    let run = as_user(&["--images", "img", "--replay", "s.json", "--dump-frames", "o1"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert_eq!(run.err, "fourinrow: img/4rowred.png: permission denied\n");
    let run = as_user(&["--replay", "s.json", "--dump-frames", "o2", "--record", "r.txt"]);
    assert_eq!((run.code, run.err.as_str()), (Some(0), ""), "{run:?}");
    mode(&dir.join("r.txt"), 0o644);
    mode(&dir.join("img"), 0o755);
    assert_eq!(
        std::fs::read_to_string(dir.join("r.txt")).unwrap(),
        format!("an old game\n{ONE_GAME}")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

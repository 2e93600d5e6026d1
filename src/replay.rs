//! Replay scripts: the game played from a file instead of the mouse, the
//! keyboard and the random generator.
//!
//! The format is `shared/parity`'s (see its README): a JSON object with the
//! board size, the difficulty, how many frames to present, the input events
//! by frame, the computer's choices and who starts each later game. The
//! replay drives the very same game code as the window, through the
//! [`Frontend`] seam; only the frames go elsewhere (PNG files, a window, or
//! memory for the tests) and nothing waits between them.

use std::collections::VecDeque;
use std::fmt;
use std::path::{Path, PathBuf};

use std::io::Seek;

use sdl2::image::SaveSurface;
use sdl2::rwops::RWops;
use sdl2::surface::Surface;
use serde_json::{Map, Value};

use crate::ai::{Brain, Choices};
use crate::engine::Engine;
use crate::error::{Error, Stop};
use crate::frontend::{Event, Frontend, Key};
use crate::game::Turn;
use crate::settings::Settings;

/// A replay script, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// Width, height and difficulty from the script; the rest as the Python's.
    pub settings: Settings,
    /// Stop once this many frames have been presented (at least one is).
    pub frames: u64,
    /// The input, by the frame count at which it becomes due, in script order.
    pub events: Vec<(u64, Event)>,
    /// For the k-th computer move, the index into `bestMoves` (Python's `%`).
    pub choices: Vec<i64>,
    /// Who starts the second game, the third, ...; the computer once used up.
    pub first: Vec<Turn>,
}

/// What is wrong with a script, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError(pub String);

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A JSON value as an error message quotes it: compact JSON, on one line.
///
/// serde_json escapes every control character below U+0020 but leaves U+0085,
/// U+2028 and U+2029 raw inside strings, and those break lines for some
/// readers (Python's `splitlines`, many editors). They can only occur inside
/// a string there, where the `\uXXXX` escape means the same character.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if !text.contains(['\u{85}', '\u{2028}', '\u{2029}']) {
        return text;
    }
    text.replace('\u{85}', "\\u0085")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// A whole, non-negative JSON number that fits `u64`.
fn whole(value: &Value, what: &str) -> Result<u64, ScriptError> {
    match value {
        Value::Number(n) => {
            if let Some(v) = n.as_u64() {
                Ok(v)
            } else if n.as_i64().is_some() {
                Err(ScriptError(format!("{what} is {n}, which is negative")))
            } else {
                Err(ScriptError(format!("{what} is {n}, not a whole number")))
            }
        }
        other => Err(ScriptError(format!(
            "{what} must be a whole number, not {}",
            shown(other)
        ))),
    }
}

/// A whole JSON number that fits `i32` (a window coordinate).
fn coordinate(value: &Value, what: &str) -> Result<i32, ScriptError> {
    value
        .as_i64()
        .and_then(|v| i32::try_from(v).ok())
        .ok_or_else(|| {
            ScriptError(format!(
                "{what} must be a whole number of pixels, not {}",
                shown(value)
            ))
        })
}

/// Reads a replay script from JSON text.
pub fn parse_script(text: &str) -> Result<Script, ScriptError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ScriptError(format!("not valid JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err(ScriptError("a replay script must be a JSON object".into()));
    };
    let defaults = Settings::default();
    let size = |key: &str, default: usize| -> Result<usize, ScriptError> {
        object
            .get(key)
            .map_or(Ok(default as u64), |v| whole(v, key))
            .map(|v| v as usize)
    };
    let mut settings = Settings {
        board_width: size("width", defaults.board_width)?,
        board_height: size("height", defaults.board_height)?,
        ..defaults
    };
    settings.difficulty = match object.get("difficulty") {
        None => defaults.difficulty,
        Some(v) => u32::try_from(whole(v, "difficulty")?)
            .map_err(|_| ScriptError(format!("difficulty {v} is out of range")))?,
    };
    settings.validate().map_err(|e| ScriptError(e.0))?;

    let frames = match object.get("frames") {
        Some(v) => whole(v, "frames")?,
        None => {
            return Err(ScriptError(
                "missing key \"frames\" (how many frames to play)".into(),
            ))
        }
    };
    let events = parse_events(&object)?;
    let choices = match object.get("choices") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_i64().ok_or_else(|| {
                    ScriptError(format!(
                        "choices[{i}] must be a whole number, not {}",
                        shown(v)
                    ))
                })
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(ScriptError(format!(
                "choices must be a list of whole numbers, not {}",
                shown(other)
            )))
        }
    };
    let first = match object.get("first") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v.as_str() {
                Some("computer") => Ok(Turn::Computer),
                Some("human") => Ok(Turn::Human),
                _ => Err(ScriptError(format!(
                    "first[{i}] must be \"computer\" or \"human\", not {}",
                    shown(v)
                ))),
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(ScriptError(format!(
                "first must be a list like [\"human\", \"computer\"], not {}",
                shown(other)
            )))
        }
    };
    Ok(Script {
        settings,
        frames,
        events,
        choices,
        first,
    })
}

/// The `events` list: `[frame, kind, x, y]` each, sorted by frame (stably,
/// as the Python's oracle sorts them).
fn parse_events(object: &Map<String, Value>) -> Result<Vec<(u64, Event)>, ScriptError> {
    let items = match object.get("events") {
        None => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => {
            return Err(ScriptError(format!(
                "events must be a list, not {}",
                shown(other)
            )))
        }
    };
    let mut events = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = |what: &str| format!("events[{i}] {what}");
        let Some(fields) = item.as_array() else {
            return Err(ScriptError(format!(
                "events[{i}] must be a list [frame, kind, x, y], not {}",
                shown(item)
            )));
        };
        let frame = whole(
            fields
                .first()
                .ok_or_else(|| ScriptError(format!("events[{i}] is empty")))?,
            &at("frame"),
        )?;
        let kind = fields.get(1).and_then(Value::as_str).ok_or_else(|| {
            ScriptError(format!(
                "events[{i}] needs a kind (down, motion, up, escape, quit) after the frame"
            ))
        })?;
        let position = || -> Result<(i32, i32), ScriptError> {
            match (fields.get(2), fields.get(3)) {
                (Some(x), Some(y)) => Ok((coordinate(x, &at("x"))?, coordinate(y, &at("y"))?)),
                _ => Err(ScriptError(format!("events[{i}] ({kind}) needs x and y"))),
            }
        };
        let event = match kind {
            "down" => {
                let (x, y) = position()?;
                Event::MouseButtonDown { x, y, button: 1 }
            }
            "motion" => {
                let (x, y) = position()?;
                Event::MouseMotion { x, y }
            }
            "up" => {
                let (x, y) = position()?;
                Event::MouseButtonUp { x, y, button: 1 }
            }
            "escape" => Event::KeyUp(Key::Escape),
            "quit" => Event::Quit,
            // Not in shared/parity's format: keys for the extras (restart, undo, hint).
            "key" | "keydown" | "keyup" => {
                let (key, ctrl, shift) = key_chord(fields.get(2), i)?;
                let down = Event::KeyDown { key, ctrl, shift };
                match kind {
                    "keydown" => down,
                    "keyup" => Event::KeyUp(key),
                    _ => {
                        events.push((frame, down));
                        Event::KeyUp(key)
                    }
                }
            }
            other => {
                return Err(ScriptError(format!(
                    "events[{i}] has unknown kind {other:?} (use down, motion, up, escape, quit, key, keydown or keyup)"
                )))
            }
        };
        events.push((frame, event));
    }
    events.sort_by_key(|&(frame, _)| frame);
    Ok(events)
}

/// A key event's key and modifiers, written `"ctrl+z"`, `"shift+u"`, `"r"`.
fn key_chord(value: Option<&Value>, i: usize) -> Result<(Key, bool, bool), ScriptError> {
    let Some(text) = value.and_then(Value::as_str) else {
        return Err(ScriptError(format!(
            "events[{i}] needs a key name such as \"r\" or \"ctrl+z\""
        )));
    };
    let (mut ctrl, mut shift) = (false, false);
    let mut name = text;
    loop {
        if let Some(rest) = name.strip_prefix("ctrl+") {
            ctrl = true;
            name = rest;
        } else if let Some(rest) = name.strip_prefix("shift+") {
            shift = true;
            name = rest;
        } else {
            break;
        }
    }
    let key = Key::from_name(name).ok_or_else(|| {
        ScriptError(format!(
            "events[{i}] has unknown key {text:?} (use escape, r, f1, h, u, z, y or other, with ctrl+ or shift+)"
        ))
    })?;
    Ok((key, ctrl, shift))
}

/// Reads and checks a replay script file.
pub fn load_script(path: &Path) -> Result<Script, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::file(path, format!("cannot read the replay script: {e}")))?;
    parse_script(&text).map_err(|e| Error::file(path, e))
}

/// Where a replay's frames go.
pub trait FrameSink {
    /// Takes frame number `index` (from 0).
    fn frame(&mut self, index: u64, display: &Surface) -> Result<(), Stop>;

    /// Called where the Python calls `FPSCLOCK.tick()`.
    fn tick(&mut self) -> Result<(), Stop> {
        Ok(())
    }
}

/// Writes each frame to `DIR/frame-NNNNN.png`, as the Python's oracle does.
pub struct PngFolder {
    dir: PathBuf,
}

impl PngFolder {
    /// Makes the folder if needed and clears frames an earlier run left there.
    pub fn create(dir: &Path) -> Result<PngFolder, Error> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::file(dir, format!("cannot create the frames folder: {e}")))?;
        let entries = std::fs::read_dir(dir)
            .map_err(|e| Error::file(dir, format!("cannot read the frames folder: {e}")))?;
        for entry in entries.flatten() {
            let name = entry.file_name();
            if is_frame_name(&name.to_string_lossy()) {
                std::fs::remove_file(entry.path()).map_err(|e| {
                    Error::file(&entry.path(), format!("cannot remove an old frame: {e}"))
                })?;
            }
        }
        // Fail now, not after the first frame, if the folder cannot be written.
        let probe = dir.join(".fourinrow-write-test");
        std::fs::write(&probe, b"")
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|e| Error::file(dir, format!("cannot write frames here: {e}")))?;
        Ok(PngFolder {
            dir: dir.to_path_buf(),
        })
    }
}

/// Whether a file name is one this program writes: `frame-` digits `.png`.
fn is_frame_name(name: &str) -> bool {
    name.strip_prefix("frame-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

impl FrameSink for PngFolder {
    fn frame(&mut self, index: u64, display: &Surface) -> Result<(), Stop> {
        let path = self.dir.join(format!("frame-{index:05}.png"));
        let png = encode_png(display)
            .map_err(|e| Error::file(&path, format!("cannot encode the frame: {e}")))?;
        // Written under another name first, so no half-written frame is left behind.
        let part = self.dir.join(format!(".frame-{index:05}.png.part"));
        std::fs::write(&part, &png)
            .and_then(|()| std::fs::rename(&part, &path))
            .map_err(|e| Error::file(&path, format!("cannot write the frame: {e}")))?;
        Ok(())
    }
}

/// A surface as PNG file bytes, encoded by SDL2_image.
pub fn encode_png(surface: &Surface) -> Result<Vec<u8>, String> {
    // Room for the worst case: every pixel stored uncompressed, plus headers.
    let mut buffer =
        vec![0u8; (surface.width() as usize * 4 + 1) * surface.height() as usize + 65536];
    let written = {
        let mut rwops = RWops::from_bytes_mut(&mut buffer)?;
        surface.save_rw(&mut rwops)?;
        rwops.stream_position().map_err(|e| e.to_string())?
    };
    buffer.truncate(written as usize);
    Ok(buffer)
}

/// Keeps each frame's RGB bytes in memory, for the tests.
#[derive(Default)]
pub struct Recorder {
    /// The frames presented so far, RGB bytes row after row.
    pub frames: Vec<Vec<u8>>,
}

impl FrameSink for Recorder {
    fn frame(&mut self, _index: u64, display: &Surface) -> Result<(), Stop> {
        self.frames.push(crate::draw::rgb_bytes(display));
        Ok(())
    }
}

/// A [`Frontend`] that plays a [`Script`]: its events instead of the mouse,
/// its choices instead of the random generator, and frames to a [`FrameSink`].
pub struct Replay<S> {
    events: VecDeque<(u64, Event)>,
    choices: VecDeque<i64>,
    first: VecDeque<Turn>,
    frames: u64,
    max_frames: u64,
    engine: Engine,
    /// Where the frames go.
    pub sink: S,
    /// The lines the game printed (the Python's console output), kept
    /// rather than shown, as the Python's oracle does.
    pub printed: Vec<String>,
    /// The lines the extras said (also written to stdout).
    pub said: Vec<String>,
}

impl<S: FrameSink> Replay<S> {
    /// A replay of `script`, computing the AI with `engine`.
    pub fn new(script: &Script, engine: Engine, sink: S) -> Replay<S> {
        Replay {
            events: script.events.iter().copied().collect(),
            choices: script.choices.iter().copied().collect(),
            first: script.first.iter().copied().collect(),
            frames: 0,
            max_frames: script.frames,
            engine,
            sink,
            printed: Vec::new(),
            said: Vec::new(),
        }
    }

    /// How many frames have been presented.
    pub fn frames_presented(&self) -> u64 {
        self.frames
    }
}

impl<S: FrameSink> Choices for Replay<S> {
    /// The script's next choice, 0 once they are used up, taken Python's
    /// way: `seq[choice % len(seq)]`, where `%` never gives a negative.
    fn choice(&mut self, seq: &[usize]) -> usize {
        let k = self.choices.pop_front().unwrap_or(0);
        seq[k.rem_euclid(seq.len() as i64) as usize]
    }

    fn randint_0_1(&mut self) -> u8 {
        match self.first.pop_front().unwrap_or(Turn::Computer) {
            Turn::Computer => 0,
            Turn::Human => 1,
        }
    }
}

impl<S: FrameSink> Brain for Replay<S> {
    fn engine(&self) -> Engine {
        self.engine
    }
}

impl<S: FrameSink> Frontend for Replay<S> {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        let mut due = Vec::new();
        while let Some(&(frame, event)) = self.events.front() {
            if frame > self.frames {
                break;
            }
            due.push(event);
            self.events.pop_front();
        }
        Ok(due)
    }

    fn display_update(&mut self, display: &Surface) -> Result<(), Stop> {
        self.sink.frame(self.frames, display)?;
        self.frames += 1;
        if self.frames >= self.max_frames {
            return Err(Stop::ScriptEnded);
        }
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.sink.tick()
    }

    fn print(&mut self, line: &str) {
        self.printed.push(line.to_string());
    }

    fn say(&mut self, line: &str) {
        println!("{line}");
        self.said.push(line.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_script(text).unwrap_err().0
    }

    #[test]
    fn reads_the_parity_format_with_its_defaults() {
        let s = parse_script(r#"{"frames": 10}"#).unwrap();
        assert_eq!(s.settings, Settings::default());
        assert_eq!(
            (s.frames, s.events.len(), s.choices.len(), s.first.len()),
            (10, 0, 0, 0)
        );
        let s = parse_script(
            r#"{"width": 5, "height": 4, "difficulty": 1, "frames": 3, "choices": [1, -1],
                "first": ["human"], "events": [[5, "up", 1, 2], [0, "down", 50, 430], [5, "quit"], [2, "escape"]]}"#,
        )
        .unwrap();
        assert_eq!(
            (
                s.settings.board_width,
                s.settings.board_height,
                s.settings.difficulty
            ),
            (5, 4, 1)
        );
        assert_eq!(s.choices, vec![1, -1]);
        assert_eq!(s.first, vec![Turn::Human]);
        assert_eq!(
            s.events,
            vec![
                (
                    0,
                    Event::MouseButtonDown {
                        x: 50,
                        y: 430,
                        button: 1
                    }
                ),
                (2, Event::KeyUp(Key::Escape)),
                (
                    5,
                    Event::MouseButtonUp {
                        x: 1,
                        y: 2,
                        button: 1
                    }
                ),
                (5, Event::Quit),
            ],
            "sorted by frame, script order kept within a frame"
        );
    }

    #[test]
    fn malformed_scripts_name_the_fault() {
        assert!(err("{").starts_with("not valid JSON"));
        assert_eq!(err("[1]"), "a replay script must be a JSON object");
        assert_eq!(
            err("{}"),
            "missing key \"frames\" (how many frames to play)"
        );
        assert_eq!(err(r#"{"frames": -4}"#), "frames is -4, which is negative");
        assert_eq!(
            err(r#"{"frames": 1.5}"#),
            "frames is 1.5, not a whole number"
        );
        assert_eq!(
            err(r#"{"frames": "ten"}"#),
            "frames must be a whole number, not \"ten\""
        );
        assert!(err(r#"{"frames": 1, "width": 3}"#).starts_with("Board must be at least 4x4."));
        assert!(err(r#"{"frames": 1, "difficulty": 40}"#).contains("out of range"));
        assert_eq!(
            err(r#"{"frames": 1, "events": [[0, "jump", 1, 1]]}"#),
            "events[0] has unknown kind \"jump\" (use down, motion, up, escape, quit, key, keydown or keyup)"
        );
        assert_eq!(
            err(r#"{"frames": 1, "events": [[-1, "quit"]]}"#),
            "events[0] frame is -1, which is negative"
        );
        assert_eq!(
            err(r#"{"frames": 1, "events": [[0, "down"]]}"#),
            "events[0] (down) needs x and y"
        );
        assert!(err(r#"{"frames": 1, "events": [[0]]}"#).contains("needs a kind"));
        assert!(err(r#"{"frames": 1, "events": [{"frame": 0}]}"#)
            .contains("must be a list [frame, kind, x, y]"));
        assert!(err(r#"{"frames": 1, "events": [[0, "up", "a", 1]]}"#)
            .contains("x must be a whole number of pixels"));
        assert!(err(r#"{"frames": 1, "choices": [0.5]}"#).contains("choices[0]"));
        assert!(err(r#"{"frames": 1, "first": "human"}"#).contains("first must be a list"));
        assert!(err(r#"{"frames": 1, "first": ["robot"]}"#).contains("first[0]"));
    }

    #[test]
    fn key_events_carry_their_modifiers() {
        let s = parse_script(r#"{"frames": 1, "events": [[3, "key", "ctrl+z"], [4, "keydown", "shift+u"], [5, "keyup", "h"]]}"#)
            .unwrap();
        assert_eq!(
            s.events,
            vec![
                (
                    3,
                    Event::KeyDown {
                        key: Key::Z,
                        ctrl: true,
                        shift: false
                    }
                ),
                (3, Event::KeyUp(Key::Z)),
                (
                    4,
                    Event::KeyDown {
                        key: Key::U,
                        ctrl: false,
                        shift: true
                    }
                ),
                (5, Event::KeyUp(Key::H)),
            ]
        );
        assert!(err(r#"{"frames": 1, "events": [[0, "key", "alt+q"]]}"#)
            .contains("unknown key \"alt+q\""));
        assert!(err(r#"{"frames": 1, "events": [[0, "key"]]}"#).contains("needs a key name"));
    }

    #[test]
    fn quoted_values_stay_on_one_line() {
        // Regression: serde_json leaves U+2028 raw, and the message quoted it as is.
        let message = err("{\"frames\": 1, \"first\": [\"a\u{2028}b\\u0085\"]}");
        assert_eq!(
            message,
            "first[0] must be \"computer\" or \"human\", not \"a\\u2028b\\u0085\""
        );
        let quoted = message.split_once("not ").unwrap().1;
        assert_eq!(
            serde_json::from_str::<Value>(quoted).unwrap(),
            Value::String("a\u{2028}b\u{85}".into()),
            "the quote is still the same JSON"
        );
        assert_eq!(shown(&Value::from(4)), "4");
    }

    #[test]
    fn choices_wrap_like_python_modulo() {
        let script =
            parse_script(r#"{"frames": 1, "choices": [4, -1], "first": ["human", "computer"]}"#)
                .unwrap();
        let mut r = Replay::new(&script, Engine::Faithful, Recorder::default());
        assert_eq!(r.choice(&[3, 5, 6]), 5, "4 % 3 = 1");
        assert_eq!(r.choice(&[3, 5, 6]), 6, "-1 % 3 = 2 in Python");
        assert_eq!(r.choice(&[3, 5, 6]), 3, "0 once used up");
        assert_eq!(
            (r.randint_0_1(), r.randint_0_1(), r.randint_0_1()),
            (1, 0, 0)
        );
    }

    #[test]
    fn events_are_handed_over_once_due_all_at_once() {
        let script = parse_script(
            r#"{"frames": 5, "events": [[0, "down", 1, 1], [0, "motion", 2, 2], [1, "up", 3, 3]]}"#,
        )
        .unwrap();
        let mut r = Replay::new(&script, Engine::Faithful, Recorder::default());
        assert_eq!(r.get_events().unwrap().len(), 2);
        assert!(r.get_events().unwrap().is_empty());
        let display =
            sdl2::surface::Surface::new(4, 4, sdl2::pixels::PixelFormatEnum::RGB888).unwrap();
        r.display_update(&display).unwrap();
        assert_eq!(
            r.get_events().unwrap(),
            vec![Event::MouseButtonUp {
                x: 3,
                y: 3,
                button: 1
            }]
        );
        assert_eq!(r.frames_presented(), 1);
        assert_eq!(r.sink.frames.len(), 1);
    }

    #[test]
    fn frame_names_are_recognised() {
        assert!(is_frame_name("frame-00000.png"));
        assert!(is_frame_name("frame-123456.png"));
        assert!(!is_frame_name("frame-.png"));
        assert!(!is_frame_name("frame-0001.png.part"));
        assert!(!is_frame_name("notes.txt"));
    }
}

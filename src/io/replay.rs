//! Replay scripts: the game played from a file instead of the mouse, the
//! keyboard and the random generator.
//!
//! A script is a JSON object with the board size, the difficulty, how many
//! frames to present, the input events by frame, the computer's choices and
//! who starts each later game; `docs/replay-scripts.md` describes the
//! format. The replay drives the very same game code as the window, through
//! the [`Frontend`] seam; only the frames go elsewhere (PNG files, a window,
//! or checksums for the tests) and nothing waits between them.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;
use std::path::Path;

use serde_json::{Map, Value};

use crate::error::{Error, Stop};
use crate::io::images::{crc32, read_at_most};
use crate::io::pixels::Display;
use crate::io::{Event, Frontend, Key};

/// Who starts a game after the first, as a script says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    /// `"computer"`: the coin toss (`random.randint(0, 1)`) gives 0.
    Computer,
    /// `"human"`: it gives 1.
    Human,
}

/// A replay script, read and checked for form (the caller checks that its
/// size and difficulty make a game).
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// Columns, 7 unless the script says.
    pub width: u64,
    /// Rows, 6 unless the script says.
    pub height: u64,
    /// Look-ahead, 2 unless the script says.
    pub difficulty: u64,
    /// Stop once this many frames have been presented (`0` presents none).
    pub frames: u64,
    /// The input, by the frame count at which it becomes due, in script order.
    pub events: Vec<(u64, Event)>,
    /// For the k-th computer move, the index into `bestMoves` (Python's `%`).
    pub choices: Vec<i64>,
    /// Who starts the second game, the third, ...; the computer once used up.
    pub first: Vec<Starter>,
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
    text.replace('\u{85}', "\\u0085").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// A whole, non-negative JSON number that fits `u64`.
fn whole(value: &Value, what: &str) -> Result<u64, ScriptError> {
    match value {
        Value::Number(n) => {
            if let Some(v) = n.as_u64() {
                Ok(v)
            } else if n.as_i64().is_some() {
                Err(ScriptError(format!("{what} is {n}, which is negative")))
            } else if n.as_f64().is_some_and(|f| f.abs() >= u64::MAX as f64) {
                // serde_json reads a whole number beyond 64 bits as a double
                // (and every double this large is a whole number).
                Err(ScriptError(format!("{what} is {n}, far too large")))
            } else {
                Err(ScriptError(format!("{what} is {n}, not a whole number")))
            }
        }
        other => Err(ScriptError(format!("{what} must be a whole number, not {}", shown(other)))),
    }
}

/// A whole JSON number that fits `i32` (a window coordinate).
fn coordinate(value: &Value, what: &str) -> Result<i32, ScriptError> {
    value.as_i64().and_then(|v| i32::try_from(v).ok()).ok_or_else(|| {
        ScriptError(format!("{what} must be a whole number of pixels, not {}", shown(value)))
    })
}

/// Reads a replay script from JSON text.
pub fn parse_script(text: &str) -> Result<Script, ScriptError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ScriptError(format!("not valid JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err(ScriptError("a replay script must be a JSON object".into()));
    };
    let number = |key: &str, default: u64| -> Result<u64, ScriptError> {
        object.get(key).map_or(Ok(default), |v| whole(v, key))
    };
    let (width, height) = (number("width", 7)?, number("height", 6)?);
    let difficulty = number("difficulty", 2)?;

    let frames = match object.get("frames") {
        Some(v) => whole(v, "frames")?,
        None => return Err(ScriptError("missing key \"frames\" (how many frames to play)".into())),
    };
    let events = parse_events(&object)?;
    let choices = match object.get("choices") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_i64().ok_or_else(|| {
                    ScriptError(format!("choices[{i}] must be a whole number, not {}", shown(v)))
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
                Some("computer") => Ok(Starter::Computer),
                Some("human") => Ok(Starter::Human),
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
    Ok(Script { width, height, difficulty, frames, events, choices, first })
}

/// The `events` list: `[frame, kind, x, y]` each, sorted by frame (stably,
/// as Python's stable `sort` would).
fn parse_events(object: &Map<String, Value>) -> Result<Vec<(u64, Event)>, ScriptError> {
    let items = match object.get("events") {
        None => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => {
            return Err(ScriptError(format!("events must be a list, not {}", shown(other))))
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
            fields.first().ok_or_else(|| ScriptError(format!("events[{i}] is empty")))?,
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
            "down" => Event::MouseButtonDown {
                pos: position()?,
                button: 1,
            },
            "motion" => Event::MouseMotion { pos: position()? },
            "up" => Event::MouseButtonUp {
                pos: position()?,
                button: 1,
            },
            "escape" => Event::KeyUp(Key::Escape),
            "quit" => Event::Quit,
            // Keys for the extras (restart, undo, hint); the Python original sees only `escape`.
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

/// The largest replay script read, in bytes: a 20,000-frame script of
/// random input is about 1 MB, and a sparse or endless file costs nothing.
pub const MAX_SCRIPT_FILE: u64 = 64 << 20;

/// Reads a replay script file; the error names the file.
pub fn load_script(path: &Path) -> Result<Script, Error> {
    let cannot =
        |e: &dyn fmt::Display| Error::file(path, format!("cannot read the replay script: {e}"));
    let bytes = read_at_most(path, MAX_SCRIPT_FILE).map_err(|e| cannot(&e))?.ok_or_else(|| {
        Error::file(
            path,
            format!("too large for a replay script (over {} MB)", MAX_SCRIPT_FILE >> 20),
        )
    })?;
    let text = String::from_utf8(bytes).map_err(|_| cannot(&"it is not UTF-8 text"))?;
    parse_script(&text).map_err(|e| Error::file(path, e))
}

/// Where a replay's frames go.
pub trait FrameSink {
    /// Takes frame number `index` (from 0).
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop>;

    /// Called where the Python calls `FPSCLOCK.tick()`.
    fn tick(&mut self) -> Result<(), Stop> {
        Ok(())
    }
}

/// Keeps each frame's CRC-32 (of its RGB bytes, as the frame fixtures
/// hold them) and, whole, only the frames asked for: the tests compare
/// thousands of frames in a few megabytes.
#[derive(Clone, Debug, Default)]
pub struct Checksums {
    /// The CRC-32 of every frame presented so far.
    pub crcs: Vec<u32>,
    /// Which frames to keep whole.
    pub keep: BTreeSet<u64>,
    /// The frames kept, RGB bytes row after row, by index.
    pub kept: BTreeMap<u64, Vec<u8>>,
}

impl FrameSink for Checksums {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        let rgb = display.rgb_bytes();
        self.crcs.push(crc32(&rgb));
        if self.keep.contains(&index) {
            self.kept.insert(index, rgb);
        }
        Ok(())
    }
}

/// A [`Frontend`] that plays a [`Script`]: its events instead of the mouse,
/// its choices instead of the random generator, and frames to a [`FrameSink`].
pub struct Replay<S> {
    events: VecDeque<(u64, Event)>,
    choices: VecDeque<i64>,
    first: VecDeque<Starter>,
    frames: u64,
    max_frames: u64,
    /// `pygame.mouse.get_pos()`: where the last mouse event handed over was.
    mouse: (i32, i32),
    /// Where the frames go.
    pub sink: S,
    /// The lines the game printed (the Python's console output), kept
    /// rather than shown, so that a replay's output is only its summary.
    pub printed: Vec<String>,
}

impl<S: FrameSink> Replay<S> {
    /// A replay of `script`, its frames going to `sink`.
    pub fn new(script: &Script, sink: S) -> Replay<S> {
        Replay {
            events: script.events.iter().copied().collect(),
            choices: script.choices.iter().copied().collect(),
            first: script.first.iter().copied().collect(),
            frames: 0,
            max_frames: script.frames,
            mouse: (0, 0),
            sink,
            printed: Vec::new(),
        }
    }

    /// How many frames have been presented.
    pub fn frames_presented(&self) -> u64 {
        self.frames
    }
}

impl<S: FrameSink> Frontend for Replay<S> {
    fn get_events(&mut self) -> Result<Vec<Event>, Stop> {
        let mut due = Vec::new();
        while let Some(&(frame, event)) = self.events.front() {
            if frame > self.frames {
                break;
            }
            if let Event::MouseButtonDown { pos, .. }
            | Event::MouseButtonUp { pos, .. }
            | Event::MouseMotion { pos } = event
            {
                self.mouse = pos;
            }
            due.push(event);
            self.events.pop_front();
        }
        Ok(due)
    }

    fn mouse_pos(&self) -> (i32, i32) {
        self.mouse
    }

    fn display_update(&mut self, display: &Display) -> Result<(), Stop> {
        // Checked first, so that `"frames": 0` presents none.
        if self.frames >= self.max_frames {
            return Err(Stop::ScriptEnded);
        }
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

    /// The script's next choice, 0 once they are used up, taken Python's
    /// way: `seq[choice % len(seq)]`, where `%` never gives a negative.
    fn choice(&mut self, seq: &[usize]) -> Result<usize, Stop> {
        let k = self.choices.pop_front().unwrap_or(0);
        let len = i64::try_from(seq.len()).unwrap_or(i64::MAX);
        usize::try_from(k.checked_rem_euclid(len).unwrap_or(0))
            .ok()
            .and_then(|i| seq.get(i).copied())
            .ok_or_else(|| {
                Stop::Failed(Error::Internal(
                    "random.choice() of an empty list (the game asked the computer to \
                     move on a full board)"
                        .into(),
                ))
            })
    }

    /// The script's `first` list: who starts the next game.
    fn randint(&mut self, a: u32, b: u32) -> u32 {
        match self.first.pop_front().unwrap_or(Starter::Computer) {
            Starter::Computer => a,
            Starter::Human => b,
        }
    }

    fn print(&mut self, line: &str) -> Result<(), Stop> {
        self.printed.push(line.to_string());
        Ok(())
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
        assert_eq!((s.width, s.height, s.difficulty), (7, 6, 2));
        assert_eq!((s.frames, s.events.len(), s.choices.len(), s.first.len()), (10, 0, 0, 0));
        let s = parse_script(
            r#"{"width": 5, "height": 4, "difficulty": 1, "frames": 3, "choices": [1, -1],
                "first": ["human"], "events": [[5, "up", 1, 2], [0, "down", 50, 430], [5, "quit"], [2, "escape"]]}"#,
        )
        .unwrap();
        assert_eq!((s.width, s.height, s.difficulty), (5, 4, 1));
        assert_eq!(s.choices, vec![1, -1]);
        assert_eq!(s.first, vec![Starter::Human]);
        assert_eq!(
            s.events,
            vec![
                (0, Event::MouseButtonDown { pos: (50, 430), button: 1 }),
                (2, Event::KeyUp(Key::Escape)),
                (5, Event::MouseButtonUp { pos: (1, 2), button: 1 }),
                (5, Event::Quit),
            ],
            "sorted by frame, script order kept within a frame"
        );
    }

    #[test]
    fn malformed_scripts_name_the_fault() {
        assert!(err("{").starts_with("not valid JSON"));
        assert_eq!(err("[1]"), "a replay script must be a JSON object");
        assert_eq!(err("{}"), "missing key \"frames\" (how many frames to play)");
        assert_eq!(err(r#"{"frames": -4}"#), "frames is -4, which is negative");
        assert_eq!(err(r#"{"frames": 1.5}"#), "frames is 1.5, not a whole number");
        assert_eq!(err(r#"{"frames": 99999999999999999999}"#), "frames is 1e+20, far too large");
        assert_eq!(err(r#"{"frames": "ten"}"#), "frames must be a whole number, not \"ten\"");
        assert_eq!(err(r#"{"frames": 1, "width": -3}"#), "width is -3, which is negative");
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
                (3, Event::KeyDown { key: Key::Z, ctrl: true, shift: false }),
                (3, Event::KeyUp(Key::Z)),
                (4, Event::KeyDown { key: Key::U, ctrl: false, shift: true }),
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
        assert_eq!(message, "first[0] must be \"computer\" or \"human\", not \"a\\u2028b\\u0085\"");
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
        let mut r = Replay::new(&script, Checksums::default());
        assert_eq!(r.choice(&[3, 5, 6]).unwrap(), 5, "4 % 3 = 1");
        assert_eq!(r.choice(&[3, 5, 6]).unwrap(), 6, "-1 % 3 = 2 in Python");
        assert_eq!(r.choice(&[3, 5, 6]).unwrap(), 3, "0 once used up");
        assert!(matches!(r.choice(&[]), Err(Stop::Failed(_))));
        assert_eq!((r.randint(0, 1), r.randint(0, 1), r.randint(0, 1)), (1, 0, 0));
    }

    #[test]
    fn events_are_handed_over_once_due_all_at_once() {
        let script = parse_script(
            r#"{"frames": 5, "events": [[0, "down", 1, 1], [0, "motion", 2, 2], [1, "up", 3, 3]]}"#,
        )
        .unwrap();
        let mut r = Replay::new(&script, Checksums::default());
        assert_eq!(r.get_events().unwrap().len(), 2);
        assert!(r.get_events().unwrap().is_empty());
        let display = Display::new(4, 4);
        r.display_update(&display).unwrap();
        assert_eq!(r.get_events().unwrap(), vec![Event::MouseButtonUp { pos: (3, 3), button: 1 }]);
        assert_eq!(r.frames_presented(), 1);
        assert_eq!(r.sink.crcs.len(), 1);
        assert_eq!(r.mouse_pos(), (3, 3), "the mouse is where the last mouse event was");
    }

    #[test]
    fn script_files_are_read_up_to_a_limit() {
        // A sparse file: 64 MB and one byte of zeros, stored in no blocks.
        let path = std::env::temp_dir().join(format!("fourinrow-big-{}.json", std::process::id()));
        std::fs::File::create(&path).unwrap().set_len(MAX_SCRIPT_FILE + 1).unwrap();
        let err = load_script(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(err.ends_with("too large for a replay script (over 64 MB)"), "{err}");
    }

    #[test]
    fn zero_frames_present_none_and_the_count_is_kept() {
        // Regression: "frames": 0 used to present (and write) one frame.
        let script = parse_script(r#"{"frames": 0}"#).unwrap();
        let mut r = Replay::new(&script, Checksums::default());
        assert!(matches!(r.display_update(&Display::new(4, 4)), Err(Stop::ScriptEnded)));
        assert_eq!((r.frames_presented(), r.sink.crcs.len()), (0, 0));
        let script = parse_script(r#"{"frames": 2}"#).unwrap();
        let mut r = Replay::new(&script, Checksums::default());
        r.sink.keep.insert(1);
        assert!(r.display_update(&Display::new(2, 2)).is_ok());
        assert!(matches!(r.display_update(&Display::new(2, 2)), Err(Stop::ScriptEnded)));
        assert_eq!(r.sink.crcs.len(), 2);
        assert_eq!(r.sink.kept.keys().copied().collect::<Vec<_>>(), vec![1]);
    }
}

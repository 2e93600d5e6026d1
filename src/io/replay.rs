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

use std::cell::RefCell;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::error::{Error, Stop};
use crate::files::{self, read_at_most};
use crate::io::images::crc32;
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

/// One JSON value of a script, as far as the script's reader looks at it:
/// lists and objects where a single value belongs are read past (in
/// constant memory), not kept, so that a script costs memory in proportion
/// to the events it holds, never to a tree of JSON values.
#[derive(Clone, Debug, PartialEq)]
enum Scalar {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Str(String),
    List,
    Object,
}

impl Scalar {
    fn as_str(&self) -> Option<&str> {
        match self {
            Scalar::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_i64(&self) -> Option<i64> {
        match self {
            Scalar::Number(n) => n.as_i64(),
            _ => None,
        }
    }
}

/// Reads one [`Scalar`].
struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Scalar::Null, Scalar::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Scalar, E> {
        Ok(Scalar::Str(v))
    }
    fn visit_unit<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::List)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Object)
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scalar, D::Error> {
        deserializer.deserialize_any(ScalarVisitor)
    }
}

/// A value as an error message quotes it: compact JSON on one line, a
/// string cut to 80 characters, a list or an object named, not quoted.
///
/// serde_json escapes every control character below U+0020 but leaves U+0085,
/// U+2028 and U+2029 raw inside strings, and those break lines for some
/// readers (Python's `splitlines`, many editors). They can only occur inside
/// a string there, where the `\uXXXX` escape means the same character.
fn shown(value: &Scalar) -> String {
    match value {
        Scalar::Null => "null".into(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Number(n) => n.to_string(),
        Scalar::List => "a list".into(),
        Scalar::Object => "an object".into(),
        Scalar::Str(s) => {
            let cut: String = s.chars().take(files::MAX_QUOTE).collect();
            let mut text = Value::String(cut).to_string();
            if text.contains(['\u{85}', '\u{2028}', '\u{2029}']) {
                text = text
                    .replace('\u{85}', "\\u0085")
                    .replace('\u{2028}', "\\u2028")
                    .replace('\u{2029}', "\\u2029");
            }
            if s.chars().nth(files::MAX_QUOTE).is_some() {
                text.push_str("...");
            }
            text
        }
    }
}

/// A whole, non-negative JSON number that fits `u64`.
fn whole(value: &Scalar, what: &str) -> Result<u64, ScriptError> {
    match value {
        Scalar::Number(n) => {
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
fn coordinate(value: &Scalar, what: &str) -> Result<i32, ScriptError> {
    value.as_i64().and_then(|v| i32::try_from(v).ok()).ok_or_else(|| {
        ScriptError(format!("{what} must be a whole number of pixels, not {}", shown(value)))
    })
}

/// Where the reader leaves what is wrong with a script: a visitor can only
/// fail with serde's error, which would add "at line 1 column 9" to every
/// message; the first fault found is kept here instead.
type Fault = RefCell<Option<ScriptError>>;

/// Keeps `fault` (the first one) and fails the reading.
fn fail<E: de::Error>(fault: &Fault, message: String) -> E {
    fault.borrow_mut().get_or_insert(ScriptError(message));
    E::custom("the script is faulty")
}

/// What a script's keys held, read one at a time.
#[derive(Default)]
struct Fields {
    width: Option<u64>,
    height: Option<u64>,
    difficulty: Option<u64>,
    frames: Option<u64>,
    events: Vec<(u64, Event)>,
    choices: Vec<i64>,
    first: Vec<Starter>,
}

/// Reads a script's top-level object, key by key.
struct ScriptVisitor<'a> {
    fault: &'a Fault,
}

impl<'de> Visitor<'de> for ScriptVisitor<'_> {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a replay script (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let fault = self.fault;
        let mut fields = Fields::default();
        while let Some(key) = map.next_key::<String>()? {
            let number = |value: Scalar| whole(&value, &key).map_err(|e| fail(fault, e.0));
            match key.as_str() {
                "width" => fields.width = Some(number(map.next_value()?)?),
                "height" => fields.height = Some(number(map.next_value()?)?),
                "difficulty" => fields.difficulty = Some(number(map.next_value()?)?),
                "frames" => fields.frames = Some(number(map.next_value()?)?),
                "events" => {
                    fields.events =
                        map.next_value_seed(ListSeed { reader: EventsReader(Vec::new()), fault })?.0
                }
                "choices" => {
                    fields.choices = map
                        .next_value_seed(ListSeed { reader: ChoicesReader(Vec::new()), fault })?
                        .0
                }
                "first" => {
                    fields.first =
                        map.next_value_seed(ListSeed { reader: FirstReader(Vec::new()), fault })?.0
                }
                // Other keys are read past, as the Python's json would keep them unused.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(fields)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<Fields, A::Error> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_bool<E: de::Error>(self, _v: bool) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_i64<E: de::Error>(self, _v: i64) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_u64<E: de::Error>(self, _v: u64) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_f64<E: de::Error>(self, _v: f64) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_str<E: de::Error>(self, _v: &str) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Fields, E> {
        Err(fail(self.fault, "a replay script must be a JSON object".into()))
    }
}

/// Reads the items of one of a script's lists, one at a time.
trait ItemReader {
    /// What the list holds.
    type Items;
    /// The message for a value that is not a list.
    fn not_a_list(&self, shown: &str) -> String;
    /// Reads item `i` from `seq`; `false` at the end of the list.
    fn read<'de, A: SeqAccess<'de>>(
        &mut self,
        i: usize,
        seq: &mut A,
        fault: &Fault,
    ) -> Result<bool, A::Error>;
    /// The items read.
    fn items(self) -> Self::Items;
}

/// A list of a script, read by `reader`.
struct ListSeed<'a, R> {
    reader: R,
    fault: &'a Fault,
}

/// What a [`ListSeed`] gives.
struct Items<T>(T);

impl<'de, R: ItemReader> de::DeserializeSeed<'de> for ListSeed<'_, R> {
    type Value = Items<R::Items>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, R: ItemReader> Visitor<'de> for ListSeed<'_, R> {
    type Value = Items<R::Items>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut i = 0;
        while self.reader.read(i, &mut seq, self.fault)? {
            i += 1;
        }
        Ok(Items(self.reader.items()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let value = ScalarVisitor.visit_map(map)?;
        Err(fail(self.fault, self.reader.not_a_list(&shown(&value))))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Err(fail(self.fault, self.reader.not_a_list(&shown(&Scalar::Bool(v)))))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Err(fail(self.fault, self.reader.not_a_list(&shown(&Scalar::Number(v.into())))))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Err(fail(self.fault, self.reader.not_a_list(&shown(&Scalar::Number(v.into())))))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        let value = ScalarVisitor.visit_f64::<E>(v)?;
        Err(fail(self.fault, self.reader.not_a_list(&shown(&value))))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Err(fail(self.fault, self.reader.not_a_list(&shown(&Scalar::Str(v.into())))))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Err(fail(self.fault, self.reader.not_a_list("null")))
    }
}

/// `choices`: whole numbers.
struct ChoicesReader(Vec<i64>);

impl ItemReader for ChoicesReader {
    type Items = Vec<i64>;
    fn not_a_list(&self, shown: &str) -> String {
        format!("choices must be a list of whole numbers, not {shown}")
    }
    fn read<'de, A: SeqAccess<'de>>(
        &mut self,
        i: usize,
        seq: &mut A,
        fault: &Fault,
    ) -> Result<bool, A::Error> {
        let Some(v) = seq.next_element::<Scalar>()? else { return Ok(false) };
        let choice = v.as_i64().ok_or_else(|| {
            fail::<A::Error>(
                fault,
                format!("choices[{i}] must be a whole number, not {}", shown(&v)),
            )
        })?;
        self.0.push(choice);
        Ok(true)
    }
    fn items(self) -> Vec<i64> {
        self.0
    }
}

/// `first`: `"computer"` or `"human"`.
struct FirstReader(Vec<Starter>);

impl ItemReader for FirstReader {
    type Items = Vec<Starter>;
    fn not_a_list(&self, shown: &str) -> String {
        format!("first must be a list like [\"human\", \"computer\"], not {shown}")
    }
    fn read<'de, A: SeqAccess<'de>>(
        &mut self,
        i: usize,
        seq: &mut A,
        fault: &Fault,
    ) -> Result<bool, A::Error> {
        let Some(v) = seq.next_element::<Scalar>()? else { return Ok(false) };
        self.0.push(match v.as_str() {
            Some("computer") => Starter::Computer,
            Some("human") => Starter::Human,
            _ => {
                return Err(fail(
                    fault,
                    format!("first[{i}] must be \"computer\" or \"human\", not {}", shown(&v)),
                ))
            }
        });
        Ok(true)
    }
    fn items(self) -> Vec<Starter> {
        self.0
    }
}

/// `events`: `[frame, kind, x, y]` each.
struct EventsReader(Vec<(u64, Event)>);

impl ItemReader for EventsReader {
    type Items = Vec<(u64, Event)>;
    fn not_a_list(&self, shown: &str) -> String {
        format!("events must be a list, not {shown}")
    }
    fn read<'de, A: SeqAccess<'de>>(
        &mut self,
        i: usize,
        seq: &mut A,
        fault: &Fault,
    ) -> Result<bool, A::Error> {
        let Some(fields) = seq.next_element_seed(EventFields { i, fault })? else {
            return Ok(false);
        };
        push_event(i, &fields, &mut self.0).map_err(|e| fail::<A::Error>(fault, e.0))?;
        Ok(true)
    }
    fn items(self) -> Vec<(u64, Event)> {
        self.0
    }
}

/// The first four values of event `i` (the rest are read past).
struct EventFields<'a> {
    i: usize,
    fault: &'a Fault,
}

impl<'de> de::DeserializeSeed<'de> for EventFields<'_> {
    type Value = Vec<Scalar>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Scalar>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for EventFields<'_> {
    type Value = Vec<Scalar>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Scalar>, A::Error> {
        let mut fields = Vec::new();
        while fields.len() < 4 {
            match seq.next_element::<Scalar>()? {
                Some(v) => fields.push(v),
                None => return Ok(fields),
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(fields)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Vec<Scalar>, A::Error> {
        let value = ScalarVisitor.visit_map(map)?;
        Err(self.not_a_list(&value))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Vec<Scalar>, E> {
        Err(self.not_a_list(&Scalar::Bool(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Vec<Scalar>, E> {
        Err(self.not_a_list(&Scalar::Number(v.into())))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Vec<Scalar>, E> {
        Err(self.not_a_list(&Scalar::Number(v.into())))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Vec<Scalar>, E> {
        let value = ScalarVisitor.visit_f64::<E>(v)?;
        Err(self.not_a_list(&value))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<Scalar>, E> {
        Err(self.not_a_list(&Scalar::Str(v.into())))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Vec<Scalar>, E> {
        Err(self.not_a_list(&Scalar::Null))
    }
}

impl EventFields<'_> {
    fn not_a_list<E: de::Error>(&self, value: &Scalar) -> E {
        let i = self.i;
        fail(
            self.fault,
            format!("events[{i}] must be a list [frame, kind, x, y], not {}", shown(value)),
        )
    }
}

/// Reads a replay script from JSON text (a UTF-8 byte-order mark at its
/// start is skipped). The text is read as a stream: the script costs
/// memory in proportion to its events, choices and starters, and time in
/// proportion to its length.
pub fn parse_script(text: &str) -> Result<Script, ScriptError> {
    let text = files::skip_bom(text);
    let fault = Fault::default();
    let mut reader = serde_json::Deserializer::from_str(text);
    let read = reader
        .deserialize_any(ScriptVisitor { fault: &fault })
        .and_then(|fields| reader.end().map(|()| fields));
    let fields = match read {
        Ok(fields) => fields,
        Err(e) => {
            return Err(fault
                .into_inner()
                .unwrap_or_else(|| ScriptError(format!("not valid JSON: {e}"))))
        }
    };
    let Some(frames) = fields.frames else {
        return Err(ScriptError("missing key \"frames\" (how many frames to play)".into()));
    };
    let mut events = fields.events;
    // Sorted by frame, stably, as Python's stable `sort` would.
    events.sort_by_key(|&(frame, _)| frame);
    Ok(Script {
        width: fields.width.unwrap_or(7),
        height: fields.height.unwrap_or(6),
        difficulty: fields.difficulty.unwrap_or(2),
        frames,
        events,
        choices: fields.choices,
        first: fields.first,
    })
}

/// Event `i` of the `events` list, `[frame, kind, x, y]` (its first four
/// values), added to `events`: one event, or two for a `key`.
fn push_event(
    i: usize,
    fields: &[Scalar],
    events: &mut Vec<(u64, Event)>,
) -> Result<(), ScriptError> {
    let at = |what: &str| format!("events[{i}] {what}");
    let frame = whole(
        fields.first().ok_or_else(|| ScriptError(format!("events[{i}] is empty")))?,
        &at("frame"),
    )?;
    let kind = fields.get(1).and_then(Scalar::as_str).ok_or_else(|| {
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
        "down" => Event::MouseButtonDown { pos: position()?, button: 1 },
        "motion" => Event::MouseMotion { pos: position()? },
        "up" => Event::MouseButtonUp { pos: position()?, button: 1 },
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
                "events[{i}] has unknown kind {} (use down, motion, up, escape, quit, key, keydown or keyup)",
                shown(&Scalar::Str(other.to_string()))
            )))
        }
    };
    events.push((frame, event));
    Ok(())
}

/// A key event's key and modifiers, written `"ctrl+z"`, `"shift+u"`, `"r"`.
fn key_chord(value: Option<&Scalar>, i: usize) -> Result<(Key, bool, bool), ScriptError> {
    let Some(text) = value.and_then(Scalar::as_str) else {
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
    /// The frame's RGB bytes, a buffer reused from frame to frame.
    rgb: Vec<u8>,
}

impl FrameSink for Checksums {
    fn frame(&mut self, index: u64, display: &Display) -> Result<(), Stop> {
        display.rgb_bytes_into(&mut self.rgb);
        self.crcs.push(crc32(&self.rgb));
        if self.keep.contains(&index) {
            self.kept.insert(index, self.rgb.clone());
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
        assert_eq!(shown(&Scalar::Number(4.into())), "4");
        assert_eq!(shown(&Scalar::List), "a list");
        let long = shown(&Scalar::Str("y".repeat(1000)));
        assert_eq!(long, format!("\"{}\"...", "y".repeat(80)));
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

//! Property tests for the two text parsers: board text (`parse_board`) and
//! replay scripts (`parse_script`).
//!
//! Neither may panic on any input; every error must be one line; whatever
//! they accept must mean what was written. proptest shrinks a failing input
//! and prints it; `PROPTEST_CASES=N` runs more cases than the defaults here.

use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{json, Map, Value};

use fourinrow::fourinrow::port::board::{
    get_new_board, is_valid_move, make_move, Board, Tile, MAX_BOARD_SIZE,
};
use fourinrow::fourinrow::port::settings::{Settings, SettingsError, SizeError};
use fourinrow::fourinrow::tools::boardtext::{parse_board, BoardTextError};
use fourinrow::io::replay::{parse_script, Script, Starter};
use fourinrow::io::{Event, Key};

/// A script's settings, as the game takes them: the Python's defaults with
/// the script's size and difficulty, checked.
fn settings(script: &Script) -> Result<Settings, SettingsError> {
    Settings::default().with_size_and_difficulty(script.width, script.height, script.difficulty)
}

/// 512 cases a property, unless `PROPTEST_CASES` says otherwise.
fn config() -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 512;
    }
    config
}

/// Whether a message is one line: no line break of any kind, as `str::lines`
/// or Python's `str.splitlines` (the parity tools) would see one.
fn is_one_line(message: &str) -> bool {
    !message.is_empty()
        && !message.contains([
            '\n', '\r', '\u{0b}', '\u{0c}', '\u{1c}', '\u{1d}', '\u{1e}', '\u{85}', '\u{2028}',
            '\u{2029}',
        ])
}

/// Whether every token rests on the bottom or on another token.
fn obeys_gravity(board: &Board) -> bool {
    (0..board.width())
        .all(|x| (1..board.height()).all(|y| board[x][y - 1].is_none() || board[x][y].is_some()))
}

// ---------------------------------------------------------------------------
// Board text
// ---------------------------------------------------------------------------

/// A board size: mostly playable ones, sometimes up to the text's limit.
fn board_size() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        3 => (4..=12usize, 4..=9usize),
        1 => (4..=MAX_BOARD_SIZE, 4..=MAX_BOARD_SIZE),
    ]
}

/// A board reached by legal play: alternating colours, each token dropped
/// into a column with room (full columns are skipped).
fn played_board() -> impl Strategy<Value = Board> {
    (board_size(), any::<bool>(), prop::collection::vec(any::<usize>(), 0..300)).prop_map(
        |((width, height), red_first, columns)| {
            let mut board = get_new_board(width, height);
            let mut tile = if red_first { Tile::Red } else { Tile::Black };
            for column in columns {
                let column = column % width;
                if is_valid_move(&board, column) {
                    make_move(&mut board, tile, column);
                    tile = tile.enemy();
                }
            }
            board
        },
    )
}

/// A character a board text may not hold: not a cell, not `/`, not white space.
fn foreign_char() -> impl Strategy<Value = char> {
    any::<char>().prop_filter("a character board text rejects", |c| {
        !matches!(c, '.' | 'R' | 'B' | '/') && !c.is_whitespace()
    })
}

/// One way to spoil a good board text, with the error it must then give.
#[derive(Clone, Debug)]
enum Corruption {
    /// A cell replaced by a character that is not `.`, `R` or `B`.
    Foreign { pick: usize, found: char },
    /// A cell taken out of a row.
    Shorter { pick: usize },
    /// A cell added to a row.
    Longer { pick: usize, cell: char },
    /// A token put above an empty cell.
    Hover { pick: usize, tile: bool },
    /// A token taken from under another.
    Hollow { pick: usize },
}

/// Any of the corruptions, with the random numbers that place it.
fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        (any::<usize>(), foreign_char())
            .prop_map(|(pick, found)| Corruption::Foreign { pick, found }),
        any::<usize>().prop_map(|pick| Corruption::Shorter { pick }),
        (any::<usize>(), prop::sample::select(vec!['.', 'R', 'B']))
            .prop_map(|(pick, cell)| Corruption::Longer { pick, cell }),
        (any::<usize>(), any::<bool>()).prop_map(|(pick, tile)| Corruption::Hover { pick, tile }),
        any::<usize>().prop_map(|pick| Corruption::Hollow { pick }),
    ]
}

/// The board text's rows as character grids, top row first.
fn grid(board: &Board) -> Vec<Vec<char>> {
    board.to_string().split('/').map(|row| row.chars().collect()).collect()
}

/// Grid rows joined back into board text.
fn text(rows: &[Vec<char>]) -> String {
    rows.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join("/")
}

/// Applies a corruption; returns the spoilt text and the error it must give,
/// or `None` when this board offers no place for it.
fn corrupt(board: &Board, how: &Corruption) -> Option<(String, BoardTextError)> {
    let (w, h) = (board.width(), board.height());
    let mut rows = grid(board);
    let expected = match *how {
        Corruption::Foreign { pick, found } => {
            let (row, column) = ((pick / w) % h, pick % w);
            rows[row][column] = found;
            BoardTextError::UnknownCharacter { found, row: row + 1, column: column + 1 }
        }
        Corruption::Shorter { pick } => {
            let (row, column) = ((pick / w) % h, pick % w);
            rows[row].remove(column);
            ragged(row, w - 1, w)
        }
        Corruption::Longer { pick, cell } => {
            let (row, column) = ((pick / w) % h, pick % (w + 1));
            rows[row].insert(column, cell);
            ragged(row, w + 1, w)
        }
        Corruption::Hover { pick, tile } => {
            // A column with two empty cells at least; the token goes in any
            // empty cell but the lowest.
            let columns: Vec<usize> = (0..w).filter(|&x| board[x][1].is_none()).collect();
            let x = *columns.get(pick % columns.len().max(1))?;
            let empty = (0..h).take_while(|&y| board[x][y].is_none()).count();
            let y = (pick / w) % (empty - 1);
            rows[y][x] = if tile { 'R' } else { 'B' };
            BoardTextError::Floating { row: y + 1, column: x + 1 }
        }
        Corruption::Hollow { pick } => {
            // A column with two tokens at least; one under the top one goes.
            let columns: Vec<usize> = (0..w).filter(|&x| board[x][h - 2].is_some()).collect();
            let x = *columns.get(pick % columns.len().max(1))?;
            let top = (0..h).find(|&y| board[x][y].is_some()).unwrap();
            let y = top + 1 + (pick / w) % (h - top - 1);
            rows[y][x] = '.';
            // The token just above the hole is the first one that floats.
            BoardTextError::Floating { row: y, column: x + 1 }
        }
    };
    Some((text(&rows), expected))
}

/// The error for row `row` (from 0) grown or shrunk to `len` cells out of `width`.
fn ragged(row: usize, len: usize, width: usize) -> BoardTextError {
    if row == 0 {
        // The first row sets the width; the second then differs.
        BoardTextError::Ragged { row: 2, len: width, expected: len }
    } else {
        BoardTextError::Ragged { row: row + 1, len, expected: width }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn board_text_never_panics_and_accepts_only_what_it_can_write(
        text in prop_oneof![
            any::<String>(),
            "[.RB/]{0,120}",
            "[ \t\n.RBx/]{0,120}",
            "(([.RB]{4,9}/){3,8}[.RB]{4,9})",
        ]
    ) {
        match parse_board(&text) {
            Ok(board) => {
                prop_assert_eq!(board.to_string(), text.trim());
                prop_assert!(obeys_gravity(&board));
                prop_assert!(board.width() >= 4 && board.width() <= MAX_BOARD_SIZE);
                prop_assert!(board.height() >= 4 && board.height() <= MAX_BOARD_SIZE);
            }
            Err(e) => prop_assert!(is_one_line(&e.to_string()), "{:?}", e.to_string()),
        }
    }

    #[test]
    fn boards_from_legal_play_round_trip(
        board in played_board(),
        before in "[ \t\n]{0,3}",
        after in "[ \t\n]{0,3}",
    ) {
        let text = board.to_string();
        prop_assert_eq!(parse_board(&text), Ok(board.clone()));
        prop_assert_eq!(parse_board(&format!("{before}{text}{after}")), Ok(board));
    }

    #[test]
    fn corrupted_board_text_names_the_fault(board in played_board(), how in corruption()) {
        let Some((text, expected)) = corrupt(&board, &how) else {
            return Ok(());
        };
        let got = parse_board(&text);
        prop_assert_eq!(got, Err(expected), "{}", text);
    }

    #[test]
    fn sizes_out_of_range_are_named(
        width in 0..=MAX_BOARD_SIZE + 8,
        height in 0..=MAX_BOARD_SIZE + 8,
        cell in prop::sample::select(vec!['.', 'R', 'B']),
    ) {
        let text = vec![cell.to_string().repeat(width); height].join("/");
        let expected = if text.is_empty() {
            Some(BoardTextError::Empty)
        } else if width < 4 || height < 4 {
            Some(BoardTextError::Size(SizeError::TooSmall { width, height }))
        } else if width > MAX_BOARD_SIZE || height > MAX_BOARD_SIZE {
            Some(BoardTextError::Size(SizeError::TooLarge { width, height }))
        } else {
            None
        };
        match expected {
            Some(e) => prop_assert_eq!(parse_board(&text), Err(e)),
            // A full board of one colour is no legal position, but its text
            // is well-formed; an empty one is the new board.
            None => prop_assert!(parse_board(&text).is_ok()),
        }
    }

    #[test]
    fn white_space_alone_is_empty(text in "[ \t\r\n\u{a0}\u{2003}]{0,10}") {
        prop_assert_eq!(parse_board(&text), Err(BoardTextError::Empty));
    }
}

// ---------------------------------------------------------------------------
// Replay scripts
// ---------------------------------------------------------------------------

/// Any JSON value, nested a few levels, with numbers at the edges of the
/// types the parser converts to.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        prop::num::f64::NORMAL.prop_map(|f| json!(f)),
        prop::sample::select(vec![
            json!(0),
            json!(-1),
            json!(4),
            json!(12),
            json!(13),
            json!(i32::MAX),
            json!(i64::from(i32::MAX) + 1),
            json!(i32::MIN),
            json!(i64::from(i32::MIN) - 1),
            json!(u32::MAX),
            json!(u64::from(u32::MAX) + 1),
            json!(i64::MIN),
            json!(u64::MAX),
            json!(1.0),
            json!(-0.0),
            json!(1e300),
        ]),
        any::<String>().prop_map(Value::String),
        prop::sample::select(vec![
            "down", "up", "motion", "escape", "quit", "human", "computer", "", "DOWN"
        ])
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((script_key(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// An object key: the script's own keys most of the time.
fn script_key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "width", "height", "difficulty", "frames", "events", "choices", "first"
        ])
        .prop_map(String::from),
        1 => any::<String>(),
    ]
}

/// A value for one of the script's keys: a plausible one or anything.
fn plausible(key: &str) -> BoxedStrategy<Value> {
    let event = prop::collection::vec(
        prop_oneof![
            any_json(),
            (0..50u64).prop_map(|n| json!(n)),
            prop::sample::select(vec!["down", "up", "motion", "escape", "quit"])
                .prop_map(|s| json!(s)),
            any::<i32>().prop_map(|n| json!(n)),
        ],
        0..6,
    )
    .prop_map(Value::Array);
    match key {
        "width" | "height" | "difficulty" | "frames" => {
            prop_oneof![(0..20u64).prop_map(|n| json!(n)), any_json()].boxed()
        }
        "events" => prop_oneof![
            3 => prop::collection::vec(event, 0..8).prop_map(Value::Array),
            1 => any_json(),
        ]
        .boxed(),
        "choices" => prop_oneof![
            prop::collection::vec(
                prop_oneof![any::<i64>().prop_map(|n| json!(n)), any_json()],
                0..5
            )
            .prop_map(Value::Array),
            any_json(),
        ]
        .boxed(),
        _ => prop_oneof![
            prop::collection::vec(
                prop_oneof![
                    prop::sample::select(vec!["human", "computer"]).prop_map(|s| json!(s)),
                    any_json(),
                ],
                0..5
            )
            .prop_map(Value::Array),
            any_json(),
        ]
        .boxed(),
    }
}

/// An object shaped like a replay script, each key present or not, each
/// value plausible or not.
fn script_shaped() -> impl Strategy<Value = Value> {
    let keys = ["width", "height", "difficulty", "frames", "events", "choices", "first"];
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = keys
        .iter()
        .map(|&key| {
            prop::option::weighted(0.7, plausible(key).prop_map(move |v| (key.to_string(), v)))
                .boxed()
        })
        .collect();
    fields.prop_map(|fields| Value::Object(fields.into_iter().flatten().collect::<Map<_, _>>()))
}

/// Checks what `parse_script` makes of a text: no panic, and an error is one line.
fn check_any_script(text: &str) -> Result<(), TestCaseError> {
    match parse_script(text) {
        Ok(script) => {
            if let Err(e) = settings(&script) {
                prop_assert!(is_one_line(&e.to_string()), "{:?} for {}", e, text);
            }
            prop_assert!(script.events.windows(2).all(|w| w[0].0 <= w[1].0));
        }
        Err(e) => prop_assert!(is_one_line(&e.0), "{:?} for {}", e.0, text),
    }
    Ok(())
}

/// A valid script's content: what the JSON is written from and must parse to.
#[derive(Clone, Debug)]
struct Spec {
    width: usize,
    height: usize,
    difficulty: u32,
    frames: u64,
    /// (frame, kind 0..5: down motion up escape quit, x, y)
    events: Vec<(u64, u8, i32, i32)>,
    choices: Vec<i64>,
    first: Vec<bool>,
    /// Leave out keys whose value is the default.
    omit_defaults: bool,
    pretty: bool,
}

/// A valid script's content: playable settings, any frames, events, choices and `first`.
fn spec() -> impl Strategy<Value = Spec> {
    (
        (4..=12usize, 4..=9usize, 0..=6u32),
        prop_oneof![0..10_000u64, any::<u64>()],
        prop::collection::vec(
            (prop_oneof![0..40u64, any::<u64>()], 0..5u8, any::<i32>(), any::<i32>()),
            0..40,
        ),
        prop::collection::vec(any::<i64>(), 0..10),
        prop::collection::vec(any::<bool>(), 0..10),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |((width, height, difficulty), frames, events, choices, first, omit, pretty)| Spec {
                width,
                height,
                difficulty,
                frames,
                events,
                choices,
                first,
                omit_defaults: omit,
                pretty,
            },
        )
}

/// The JSON text of a spec.
fn spec_json(spec: &Spec) -> String {
    let defaults = Settings::default();
    let mut object = Map::new();
    let mut put = |key: &str, value: Value, is_default: bool| {
        if !(spec.omit_defaults && is_default) {
            object.insert(key.to_string(), value);
        }
    };
    put("width", json!(spec.width), spec.width == defaults.board_width);
    put("height", json!(spec.height), spec.height == defaults.board_height);
    put("difficulty", json!(spec.difficulty), spec.difficulty == defaults.difficulty);
    put("frames", json!(spec.frames), false);
    let events: Vec<Value> = spec
        .events
        .iter()
        .map(|&(frame, kind, x, y)| match kind {
            0 => json!([frame, "down", x, y]),
            1 => json!([frame, "motion", x, y]),
            2 => json!([frame, "up", x, y]),
            3 => json!([frame, "escape"]),
            _ => json!([frame, "quit"]),
        })
        .collect();
    put("events", json!(events), events.is_empty());
    put("choices", json!(spec.choices), spec.choices.is_empty());
    let first: Vec<&str> =
        spec.first.iter().map(|&h| if h { "human" } else { "computer" }).collect();
    put("first", json!(first), first.is_empty());
    let value = Value::Object(object);
    if spec.pretty {
        serde_json::to_string_pretty(&value).unwrap()
    } else {
        value.to_string()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn scripts_from_arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_any_script(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn scripts_from_arbitrary_strings_never_panic(text in prop_oneof![
        any::<String>(),
        r#"[{}\[\]",:0-9a-z\- ]{0,80}"#,
    ]) {
        check_any_script(&text)?;
    }

    #[test]
    fn scripts_from_arbitrary_json_never_panic(value in any_json()) {
        check_any_script(&value.to_string())?;
    }

    #[test]
    fn script_shaped_json_never_panics(value in script_shaped()) {
        check_any_script(&value.to_string())?;
        check_any_script(&serde_json::to_string_pretty(&value).unwrap())?;
    }

    #[test]
    fn valid_scripts_mean_what_they_say(spec in spec()) {
        let text = spec_json(&spec);
        let script = parse_script(&text).map_err(|e| TestCaseError::fail(e.0))?;
        let expected_settings = Settings {
            board_width: spec.width,
            board_height: spec.height,
            difficulty: spec.difficulty,
            ..Settings::default()
        };
        prop_assert_eq!(&settings(&script).map_err(|e| TestCaseError::fail(e.to_string()))?, &expected_settings);
        prop_assert_eq!(script.frames, spec.frames);
        prop_assert_eq!(&script.choices, &spec.choices);
        let first: Vec<Starter> = spec
            .first
            .iter()
            .map(|&h| if h { Starter::Human } else { Starter::Computer })
            .collect();
        prop_assert_eq!(&script.first, &first);
        let mut events: Vec<(u64, Event)> = spec
            .events
            .iter()
            .map(|&(frame, kind, x, y)| {
                let event = match kind {
                    0 => Event::MouseButtonDown { pos: (x, y), button: 1 },
                    1 => Event::MouseMotion { pos: (x, y) },
                    2 => Event::MouseButtonUp { pos: (x, y), button: 1 },
                    3 => Event::KeyUp(Key::Escape),
                    _ => Event::Quit,
                };
                (frame, event)
            })
            .collect();
        // Stable: events of one frame keep the script's order.
        events.sort_by_key(|&(frame, _)| frame);
        prop_assert_eq!(&script.events, &events);
    }

    #[test]
    fn settings_out_of_range_are_refused_on_one_line(
        spec in spec(),
        width in 0..40u64,
        height in 0..40u64,
        difficulty in prop_oneof![0..12u64, any::<u64>()],
    ) {
        let mut value: Value = serde_json::from_str(&spec_json(&spec)).unwrap();
        value["width"] = json!(width);
        value["height"] = json!(height);
        value["difficulty"] = json!(difficulty);
        let fits = (4..=12).contains(&width) && (4..=9).contains(&height) && difficulty <= 6;
        let script = parse_script(&value.to_string()).map_err(|e| TestCaseError::fail(e.0))?;
        match settings(&script) {
            Ok(settings) => {
                prop_assert!(fits);
                prop_assert_eq!(settings.board_width as u64, width);
            }
            Err(e) => {
                prop_assert!(!fits, "{}", e);
                prop_assert!(is_one_line(&e.to_string()), "{:?}", e);
            }
        }
    }
}

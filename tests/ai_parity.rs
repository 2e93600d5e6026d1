//! The AI's numbers against the Python original's, with no Python needed:
//! `tests/fixtures/ai-parity-VERSION.jsonl` holds what the Python
//! original's `getPotentialMoves` and `getComputerMove` gave for 2,176
//! positions under that Python (made by tools/make-ai-fixtures.py): 3.11,
//! whose `sum()` adds plainly, and 3.13, whose `sum()` compensates. Each file
//! is checked with its version's arithmetic (`--python VERSION`).

use fourinrow::fourinrow::engine::{Auto, Engine, Faithful, Fast, Python};
use fourinrow::fourinrow::port::board::Tile;
use fourinrow::fourinrow::tools::analyze::analyze_board;
use fourinrow::pyfmt::python_float_repr;
use serde_json::Value;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The f64 values of a JSON list, exactly as parsed.
fn doubles(v: &Value) -> Vec<u64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap().to_bits()).collect()
}

/// Every line of one version's fixture, answered by every engine with that
/// version's arithmetic, must be the Python's, as identical text.
fn check_fixture(version: &str) {
    let python: Python = version.parse().unwrap();
    let text = fixture(&format!("ai-parity-{version}.jsonl"));
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() >= 2000, "only {} positions", lines.len());
    let engines: [(&str, &dyn Engine); 3] = [
        ("faithful", &Faithful { python }),
        ("fast", &Fast { python }),
        ("auto", &Auto { python, ..Auto::default() }),
    ];
    for (name, engine) in engines {
        for line in &lines {
            let expected: Value = serde_json::from_str(line).unwrap();
            let board = expected["board"].as_str().unwrap();
            let difficulty = expected["difficulty"].as_u64().unwrap() as u32;
            let tile = match expected["tile"].as_str().unwrap() {
                "red" => Tile::Red,
                _ => Tile::Black,
            };
            let actual_line = analyze_board(board, difficulty, tile, engine).unwrap();
            let actual: Value = serde_json::from_str(&actual_line).unwrap();
            assert_eq!(
                doubles(&actual["potential_moves"]),
                doubles(&expected["potential_moves"]),
                "{name} engine, Python {version}, {board} at difficulty {difficulty} for {tile}"
            );
            assert_eq!(actual["best_moves"], expected["best_moves"], "{name}: {board}");
            // Python's json.dumps layout and float repr too: the lines are identical text.
            assert_eq!(&actual_line, line, "{name}: text differs");
        }
    }
}

#[test]
fn every_engine_agrees_with_python_3_11_double_for_double() {
    check_fixture("3.11");
}

#[test]
fn every_engine_agrees_with_python_3_13_double_for_double() {
    check_fixture("3.13");
}

#[test]
fn the_two_pythons_differ_on_some_positions_and_the_default_is_3_13s() {
    // So each fixture tests its own arithmetic: 64 of the 2,176 positions
    // (all at difficulty 3 or 4) have another double under 3.13.
    let old = fixture("ai-parity-3.11.jsonl");
    let new = fixture("ai-parity-3.13.jsonl");
    let differ = old.lines().zip(new.lines()).filter(|(a, b)| a != b).count();
    assert_eq!(differ, 64);
    assert_eq!(Python::default(), "3.13".parse().unwrap());
}

#[test]
fn floats_are_written_as_python_writes_them() {
    let text = fixture("python-float-repr.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (bits, repr) = line.split_once(' ').unwrap();
        let value = f64::from_bits(bits.parse().unwrap());
        assert_eq!(python_float_repr(value), repr, "bits {bits}");
        checked += 1;
    }
    assert!(checked > 1900);
}

//! `Python::sum` against the real interpreters: tests/fixtures/python-sum.jsonl
//! holds 2,000 lists of ints and floats (written by
//! tools/make-sum-fixtures.py) and what `sum()` gave for each in Python 3.6,
//! 3.7, 3.8, 3.9, 3.10, 3.11, 3.12 and 3.13. Every answer must be the port's
//! for that version, int for int and double for double.

use fourinrow::fourinrow::port::python::{Num, Python};
use serde_json::Value;

/// `i` and an int, or `f` and a float's 16 hex digits of bits.
fn decode(text: &str) -> Num {
    match text.split_at(1) {
        ("i", int) => Num::Int(int.parse().unwrap_or_else(|_| panic!("{text}"))),
        ("f", bits) => Num::Float(f64::from_bits(
            u64::from_str_radix(bits, 16).unwrap_or_else(|_| panic!("{text}")),
        )),
        _ => panic!("not a number: {text}"),
    }
}

/// The same, to compare exactly (`0.0` and `-0.0` apart).
fn exact(n: Num) -> (bool, u64) {
    match n {
        Num::Int(i) => (true, i as u64),
        Num::Float(x) => (false, x.to_bits()),
    }
}

#[test]
fn every_pythons_sum_is_the_ports_for_its_version() {
    let path = format!("{}/tests/fixtures/python-sum.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut versions = std::collections::BTreeSet::new();
    let (mut checked, mut differ) = (0, 0);
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let values: Vec<Num> = case["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| decode(v.as_str().unwrap()))
            .collect();
        let sums = case["sums"].as_object().unwrap();
        for (version, sum) in sums {
            let python: Python = version.parse().unwrap();
            let want = decode(sum.as_str().unwrap());
            let got = python.sum(&values);
            assert_eq!(
                exact(got),
                exact(want),
                "Python {version}: sum({values:?}) is {want:?}, not {got:?}"
            );
            versions.insert(version.clone());
            checked += 1;
        }
        if sums["3.11.7"] != sums["3.12.1"] {
            differ += 1;
        }
    }
    let minors: Vec<&str> =
        versions.iter().map(|v| v.rsplit_once('.').map_or(v.as_str(), |p| p.0)).collect();
    assert_eq!(minors, ["3.10", "3.11", "3.12", "3.13", "3.6", "3.7", "3.8", "3.9"]);
    assert_eq!(checked, 2000 * 8);
    // The fixtures tell the two arithmetics apart often enough to test both.
    assert!(differ > 100, "{differ}");
}

//! The twins' markers: every function and module-level constant of
//! `fourinrow.py` has exactly one Rust twin, whose doc comment begins with
//! `/// Python: name(args)` (or `/// Python: NAME`), and the function twins
//! stand in `src/fourinrow/port/`, in the Python's order within each file.
//!
//! The names, the Python original's in its order, and the marker scanner are
//! in `tests/sources/mod.rs`; `tools/compare.py` pairs a learner's own copy
//! with the twins by the same markers.

use crate::sources;

use sources::{markers, name, snake_case, Marker, CONSTANTS, FUNCTIONS, FUNCTION_LINES};

#[test]
fn every_python_function_has_one_twin_in_the_port() {
    let markers = markers();
    for signature in FUNCTIONS {
        let matching: Vec<&Marker> = markers.iter().filter(|m| m.text == signature).collect();
        assert_eq!(matching.len(), 1, "{signature}: {matching:?}");
        let marker = matching[0];
        assert!(
            marker.file.starts_with("src/fourinrow/port/"),
            "{signature} is in {}",
            marker.file
        );
        let fname = snake_case(name(&marker.text));
        assert!(
            marker.item.starts_with(&format!("pub fn {fname}(")),
            "{}:{}: the marker of {signature} is not on `pub fn {fname}`: {}",
            marker.file,
            marker.line,
            marker.item
        );
    }
}

/// Within each Rust file, read from the top, the function twins stand in
/// the order of their Python `def` lines.
#[test]
fn the_twins_in_each_file_follow_the_pythons_lines() {
    assert!(FUNCTION_LINES.windows(2).all(|w| w[0] < w[1]), "FUNCTIONS is in the Python's order");
    // Markers come file by file, top to bottom within a file.
    let markers = markers();
    let twins: Vec<(&Marker, usize)> = markers
        .iter()
        .filter_map(|m| FUNCTIONS.iter().position(|f| *f == m.text).map(|at| (m, at)))
        .collect();
    for pair in twins.windows(2) {
        let ((before, b), (after, a)) = (pair[0], pair[1]);
        assert!(
            before.file != after.file || FUNCTION_LINES[b] < FUNCTION_LINES[a],
            "{}:{}: {} (Python line {}) stands below {} (Python line {})",
            after.file,
            after.line,
            after.text,
            FUNCTION_LINES[a],
            before.text,
            FUNCTION_LINES[b],
        );
    }
}

/// Given the tutorial's `fourinrow.py` (`FOURINROW_PYTHON_ORIGINAL=PATH`, as
/// CI sets it), its `def` lines are the ones the twins are checked against.
/// Without it there is nothing to read, and the test says so.
#[test]
fn the_function_lines_are_the_pythons() {
    let Some(path) = std::env::var_os("FOURINROW_PYTHON_ORIGINAL") else {
        // CI never skips it.
        assert!(std::env::var_os("FOURINROW_CI").is_none(), "CI sets FOURINROW_PYTHON_ORIGINAL");
        eprintln!("FOURINROW_PYTHON_ORIGINAL is not set: the Python's def lines were not read");
        return;
    };
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", std::path::Path::new(&path).display()));
    let defs: Vec<(String, usize)> = source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| line.strip_prefix("def ").map(|rest| (rest.to_string(), i + 1)))
        .collect();
    let want: Vec<(String, usize)> =
        FUNCTIONS.iter().zip(FUNCTION_LINES).map(|(f, line)| (format!("{f}:"), line)).collect();
    assert_eq!(defs, want);
}

#[test]
fn every_module_level_name_has_one_marker() {
    let markers = markers();
    for constant in CONSTANTS {
        let matching: Vec<&Marker> = markers
            .iter()
            .filter(|m| {
                name(&m.text) == constant
                    && (m.text == constant || m.text.starts_with(&format!("{constant} = ")))
            })
            .collect();
        assert_eq!(matching.len(), 1, "{constant}: {matching:?}");
    }
}

#[test]
fn every_marker_stands_for_a_python_function_or_name() {
    for marker in markers() {
        let known =
            FUNCTIONS.contains(&marker.text.as_str()) || CONSTANTS.contains(&name(&marker.text));
        assert!(
            known,
            "{}:{}: `/// Python: {}` names nothing in the Python",
            marker.file, marker.line, marker.text
        );
    }
    assert_eq!(markers().len(), FUNCTIONS.len() + CONSTANTS.len(), "one marker each, no more");
}

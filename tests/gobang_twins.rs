//! The Gobang twins' markers: every function, method and module-level name
//! of the step-list Gobang's five Python modules has exactly one twin in
//! `src/gobang/port/MODULE.rs`, in the Python's order, whose doc comment
//! begins `/// Python: Class.method(args)` (or `/// Python: NAME = value`).
//!
//! The Python's names, in its order, are in
//! tests/fixtures/gobang/python-names.txt, written by
//! `tools/gobang/names.py` from the Python; CI checks that file against the
//! Python it compares the port with.

use crate::sources;

use std::path::Path;

use sources::{markers_in, name, snake_case, Marker};

/// (module, marker text) for each Python name, in the Python's order.
fn python_names() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gobang/python-names.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .map(|l| {
            let (module, what) = l.split_once(' ').unwrap();
            (module.to_string(), what.to_string())
        })
        .collect()
}

fn gobang_markers() -> Vec<Marker> {
    markers_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gobang"))
}

/// `drawChessBoard` as Rust spells it: `draw_chess_board`; `__init__` is `new`.
fn rust_name(method: &str) -> String {
    if method == "__init__" {
        return "new".into();
    }
    snake_case(method)
}

#[test]
fn every_python_name_has_one_twin_in_its_module_file_in_the_pythons_order() {
    let names = python_names();
    assert!(names.len() >= 80, "the five modules' names: {}", names.len());
    let markers = gobang_markers();
    let mut last_line_in_file: Vec<(String, usize)> = Vec::new();
    for (module, what) in &names {
        let is_function = what.contains('(');
        let matching: Vec<&Marker> = markers
            .iter()
            .filter(|m| if is_function { m.text == *what } else { name(&m.text) == what })
            .collect();
        assert_eq!(matching.len(), 1, "{what}: {matching:?}");
        let marker = matching[0];
        let file = format!("src/gobang/port/{module}.rs");
        assert_eq!(marker.file, file, "{what}: the twin is not in the file of {module}.py");
        if is_function {
            let method = what.split('(').next().unwrap().rsplit('.').next().unwrap();
            let fname = rust_name(method);
            assert!(
                marker.item.starts_with(&format!("pub fn {fname}(")),
                "{}:{}: the marker of {what} is not on `pub fn {fname}`: {}",
                marker.file,
                marker.line,
                marker.item
            );
        } else {
            assert!(
                marker.item.starts_with(&format!("pub const {what}:")),
                "{}:{}: the marker of {what} is not on its constant: {}",
                marker.file,
                marker.line,
                marker.item
            );
        }
        if let Some((_, before)) = last_line_in_file.iter().rev().find(|(f, _)| *f == file) {
            assert!(*before < marker.line, "{what} is out of the Python's order in {file}");
        }
        last_line_in_file.push((file, marker.line));
    }
    assert_eq!(markers.len(), names.len(), "one marker each, no more: {markers:?}");
}

#[test]
fn the_known_faults_stay_in_the_twins_marked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let robot = std::fs::read_to_string(root.join("src/gobang/port/robot.rs")).unwrap();
    let code = robot.split("#[cfg(test)]").next().unwrap();
    let lines: Vec<&str> = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let typos: usize = lines.iter().map(|l| l.matches("y + DX[d]").count()).sum();
    assert_eq!(typos, 4, "the four `y + DX` typos of robot.py");
    assert!(code.contains("[8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 0]"));
    assert!(code.matches("FAULT (kept)").count() >= 5, "each fault is marked");
}

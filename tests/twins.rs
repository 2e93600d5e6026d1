//! The twins' markers: every function and module-level constant of
//! `fourinrow.py` has exactly one Rust twin, whose doc comment begins with
//! `/// Python: name(args)` (or `/// Python: NAME`), and the function twins
//! stand in `src/port/`, in the Python's order within each file.
//!
//! The names, the Python original's in its order, and the marker scanner are
//! in `tests/sources/mod.rs`; `tools/compare.py` pairs a learner's own copy
//! with the twins by the same markers.

mod sources;

use sources::{markers, name, Marker, CONSTANTS, FUNCTIONS};

/// `getNewBoard` as Rust spells it: `get_new_board`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() {
            out.push('_');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_python_function_has_one_twin_in_the_port_in_the_pythons_order() {
    let markers = markers();
    let mut files_seen: Vec<(String, usize)> = Vec::new();
    for (order, signature) in FUNCTIONS.iter().enumerate() {
        let matching: Vec<&Marker> = markers.iter().filter(|m| m.text == *signature).collect();
        assert_eq!(matching.len(), 1, "{signature}: {matching:?}");
        let marker = matching[0];
        assert!(marker.file.starts_with("src/port/"), "{signature} is in {}", marker.file);
        let fname = snake_case(name(&marker.text));
        assert!(
            marker.item.starts_with(&format!("pub fn {fname}(")),
            "{}:{}: the marker of {signature} is not on `pub fn {fname}`: {}",
            marker.file,
            marker.line,
            marker.item
        );
        // Within a file, the twins come in the Python's order.
        if let Some(&(_, before)) = files_seen.iter().rev().find(|(f, _)| *f == marker.file) {
            assert!(
                before < order,
                "{signature} comes before {} in {}",
                FUNCTIONS[before],
                marker.file
            );
        }
        files_seen.push((marker.file.clone(), order));
    }
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

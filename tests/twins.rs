//! The twins' markers: every function and module-level constant of
//! `fourinrow.py` has exactly one Rust twin, whose doc comment begins with
//! `/// Python: name(args)` (or `/// Python: NAME`), and the function twins
//! stand in `src/port/`, in the Python's order within each file.
//!
//! The names below are the Python original's, in its order; `tools/compare.py`
//! pairs a learner's own copy with the twins by the same markers.

mod sources;

use std::path::Path;

/// The Python's functions, in its order, as their markers write them.
const FUNCTIONS: [&str; 14] = [
    "drawBoard(board, extraToken=None)",
    "getNewBoard()",
    "getPotentialMoves(board, tile, lookAhead)",
    "getHumanMove(board, isFirstMove)",
    "animateComputerMoving(board, column)",
    "getComputerMove(board)",
    "getLowestEmptySpace(board, column)",
    "makeMove(board, player, column)",
    "animateDroppingToken(board, column, color)",
    "isValidMove(board, column)",
    "isBoardFull(board)",
    "isWinner(board, tile)",
    "main()",
    "runGame(isFirstGame)",
];

/// The Python's module-level names (constants and the globals its set-up makes).
const CONSTANTS: [&str; 31] = [
    "BOARDWIDTH",
    "BOARDHEIGHT",
    "DIFFICULTY",
    "SPACESIZE",
    "FPS",
    "WINDOWWIDTH",
    "WINDOWHEIGHT",
    "XMARGIN",
    "YMARGIN",
    "BRIGHTBLUE",
    "WHITE",
    "BGCOLOR",
    "TEXTCOLOR",
    "RED",
    "BLACK",
    "EMPTY",
    "HUMAN",
    "COMPUTER",
    "FPSCLOCK",
    "DISPLAYSURF",
    "REDPILERECT",
    "BLACKPILERECT",
    "REDTOKENIMG",
    "BLACKTOKENIMG",
    "BOARDIMG",
    "HUMANWINNERIMG",
    "COMPUTERWINNERIMG",
    "TIEWINNERIMG",
    "WINNERRECT",
    "ARROWIMG",
    "ARROWRECT",
];

/// One marker found in the source.
#[derive(Debug)]
struct Marker {
    /// The file, relative to the repository.
    file: String,
    /// The line, counting from 1.
    line: usize,
    /// What follows `/// Python: `.
    text: String,
    /// The first line of the item the doc comment belongs to.
    item: String,
}

/// Every marker under `src/`, in file order.
fn markers() -> Vec<Marker> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = sources::rust_files(&root.join("src"));
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = source.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(text) = line.trim_start().strip_prefix("/// Python: ") else {
                continue;
            };
            let starts_doc = i == 0 || !lines[i - 1].trim_start().starts_with("///");
            assert!(
                starts_doc,
                "{}:{}: a marker must begin its doc comment",
                path.display(),
                i + 1
            );
            let item = lines[i + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|l| !l.starts_with("///") && !l.starts_with("#[") && !l.starts_with("//"))
                .unwrap_or("")
                .to_string();
            found.push(Marker {
                file: path.strip_prefix(root).unwrap().display().to_string(),
                line: i + 1,
                text: text.trim().to_string(),
                item,
            });
        }
    }
    found
}

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

/// The Python name a marker stands for: `getNewBoard` or `BOARDWIDTH`.
fn name(marker: &Marker) -> &str {
    let end =
        marker.text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(marker.text.len());
    &marker.text[..end]
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
        let fname = snake_case(name(marker));
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
                name(m) == constant
                    && (m.text == constant || m.text.starts_with(&format!("{constant} = ")))
            })
            .collect();
        assert_eq!(matching.len(), 1, "{constant}: {matching:?}");
    }
}

#[test]
fn every_marker_stands_for_a_python_function_or_name() {
    for marker in markers() {
        let known = FUNCTIONS.contains(&marker.text.as_str()) || CONSTANTS.contains(&name(&marker));
        assert!(
            known,
            "{}:{}: `/// Python: {}` names nothing in the Python",
            marker.file, marker.line, marker.text
        );
    }
    assert_eq!(markers().len(), FUNCTIONS.len() + CONSTANTS.len(), "one marker each, no more");
}

//! What the tests that read the source share: the list of its files, the
//! Python original's names and the `/// Python:` markers that pair them with
//! their twins.
//!
//! The names are the Python's, in its order; `tests/twins.rs` checks each has
//! one marker, `tests/docs.rs` that the map links each to it, and
//! `tools/compare.py` pairs a learner's own copy with the twins by the same
//! markers.

// Each test file uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, in no particular order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    files_named(dir, "rs")
}

/// Every file under `dir` whose extension is `extension`, in no particular
/// order, leaving out build output (`target/`) and hidden folders.
pub fn files_named(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|e| e == extension) {
                out.push(path);
            }
        }
    }
    out
}

/// The Python's functions, in its order, as their markers write them. The
/// tutorial's `fourinrow.py` defines each at `FUNCTION_LINES[i]`.
pub const FUNCTIONS: [&str; 14] = [
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

/// The line of each `def` of [`FUNCTIONS`] in the tutorial's
/// `fourinrow.py`. `tests/twins.rs` checks that the twins in each Rust file
/// follow these lines, and, given the Python file in
/// `FOURINROW_PYTHON_ORIGINAL`, that the lines are that file's.
pub const FUNCTION_LINES: [usize; 14] =
    [63, 89, 96, 131, 171, 192, 208, 215, 221, 237, 243, 251, 271, 278];

/// The Python's module-level names (constants and the globals its set-up makes).
pub const CONSTANTS: [&str; 31] = [
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

/// One `/// Python: ...` marker found in the source.
#[derive(Debug)]
pub struct Marker {
    /// The file, relative to the repository.
    pub file: String,
    /// The marker's line, counting from 1.
    pub line: usize,
    /// What follows `/// Python: `.
    pub text: String,
    /// The first line of the item the doc comment belongs to, trimmed.
    pub item: String,
    /// The line of that item, counting from 1.
    pub item_line: usize,
}

/// Every marker of Four in a Row's twins: under `src/`, but not in
/// `src/gobang/` (Gobang's, see [`markers_in`]), in file order.
pub fn markers() -> Vec<Marker> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    markers_in(&root.join("src"))
        .into_iter()
        .filter(|m| !m.file.starts_with("src/gobang/"))
        .collect()
}

/// Every marker under `dir`, in file order. Each must begin its doc
/// comment, and document an item.
pub fn markers_in(dir: &Path) -> Vec<Marker> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rust_files(dir);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let source =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
            // The first line after the doc comment that is neither a comment
            // nor an attribute.
            let item = (i + 1..lines.len())
                .find(|&j| {
                    let l = lines[j].trim_start();
                    !l.starts_with("//") && !l.starts_with("#[")
                })
                .expect("a marker documents an item");
            found.push(Marker {
                file: path.strip_prefix(root).unwrap().display().to_string(),
                line: i + 1,
                text: text.trim().to_string(),
                item: lines[item].trim().to_string(),
                item_line: item + 1,
            });
        }
    }
    found
}

/// The Python name a marker's text begins with: `getNewBoard` in
/// `getNewBoard()`, `BOARDWIDTH` in `BOARDWIDTH = 7`.
pub fn name(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// A Python name as Rust spells it: `getNewBoard` is `get_new_board`.
pub fn snake_case(name: &str) -> String {
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

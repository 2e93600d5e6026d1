//! The tree tells the design: which parts may use which, checked on the
//! source's `use crate::...` lines (outside the unit tests).
//!
//! - `port` (the twins) uses only the seam (`io`) and `error`;
//! - `engine` uses the port; `extras` use the port, the seam and the engines;
//! - `tools` use the port, the engines and the extras, never `io`;
//! - `io` uses nothing of the game; `play` (the wiring) may use everything;
//! - Gobang's twins (`gobang::port`) use only the seam, its tools its twins;
//! - the tool binaries of `src/bin/` use the library as another crate would;
//! - and no module, down to single files, uses one that uses it back.

mod sources;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a source file: `src/port/ai.rs` is `port::ai`,
/// `src/io/mod.rs` is `io`.
fn module_of(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root.join("src")).unwrap().with_extension("");
    let parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|p| p != "mod" && p != "lib" && p != "main")
        .collect();
    parts.join("::")
}

/// Modules compiled only for the unit tests.
const TEST_ONLY: [&str; 1] = ["port::testkit"];

/// The modules a file's code (not its comments, nor its `#[cfg(test)]`
/// tests) uses, as the longest known module paths of its `crate::` paths.
fn uses(source: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or(source);
    let code: String = code
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let path: String =
            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        // The longest prefix that names a module (not an item in it).
        for n in (1..=segments.len()).rev() {
            let candidate = segments[..n].join("::");
            if known.contains(&candidate) {
                found.insert(candidate);
                break;
            }
        }
    }
    found
}

/// The module graph: module -> the modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = sources::rust_files(&root.join("src"));
    let modules: BTreeMap<String, PathBuf> =
        files.iter().map(|f| (module_of(root, f), f.clone())).collect();
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .filter(|(name, _)| !name.is_empty() && !TEST_ONLY.contains(&name.as_str()))
        .map(|(name, file)| {
            let source = std::fs::read_to_string(file).unwrap();
            let mut used = uses(&source, &known);
            used.remove(name);
            (name.clone(), used)
        })
        .collect()
}

/// The part a module belongs to: `port::ai` is in `port`; Gobang's are
/// one level down, `gobang::port::robot` is in `gobang::port`.
fn part(module: &str) -> &str {
    let mut ends = module.match_indices("::").map(|(i, _)| i);
    let first = ends.next().unwrap_or(module.len());
    if &module[..first] == "gobang" {
        return &module[..ends.next().unwrap_or(module.len())];
    }
    &module[..first]
}

#[test]
fn the_parts_use_each_other_one_way_only() {
    let allowed: &[(&str, &[&str])] = &[
        ("error", &[]),
        ("pyfmt", &[]),
        ("files", &[]),
        ("io", &["files", "error"]),
        ("port", &["io", "error"]),
        ("engine", &["port", "error"]),
        ("extras", &["port", "io", "engine", "files", "error", "pyfmt"]),
        ("tools", &["port", "engine", "extras", "files", "error", "pyfmt"]),
        ("play", &["port", "io", "engine", "extras", "tools", "files", "error"]),
        // Gobang: its twins use only the seam, as Four in a Row's; its
        // tools use its twins; its wiring uses them, the seam and the
        // command line's options. Neither game uses the other.
        ("gobang", &[]),
        ("gobang::port", &["io", "error"]),
        ("gobang::analyze", &["gobang::port"]),
        ("gobang::extras", &["gobang::port"]),
        ("gobang::pbrain", &["gobang::port"]),
        ("gobang::play", &["gobang::port", "gobang::extras", "io", "error", "tools"]),
        // Tool binaries (`src/bin/`) use the library by its name, as any
        // crate does, never `crate::`.
        ("bin", &[]),
    ];
    let graph = graph();
    assert!(graph.len() > 30, "found only {} modules", graph.len());
    for (module, used) in &graph {
        let Some((_, may)) = allowed.iter().find(|(p, _)| *p == part(module)) else {
            panic!("{module}: not in any part of the design");
        };
        for other in used {
            let theirs = part(other);
            assert!(
                theirs == part(module) || may.contains(&theirs),
                "{module} uses {other}, but {} may use only {may:?}",
                part(module)
            );
        }
    }
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let graph = graph();
    // Depth-first search for a cycle, reporting it when found.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if let Some(at) = path.iter().position(|p| p == node) {
            panic!("a cycle: {} -> {node}", path[at..].join(" -> "));
        }
        if done.contains(node) {
            return;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
}

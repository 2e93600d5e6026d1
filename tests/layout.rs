//! The tree tells the design: which parts may use which, checked on every
//! path of the source's code (outside the unit tests), parsed with `syn`.
//!
//! Each game is a folder (`fourinrow`, `gobang`) of parts laid out alike:
//! - `port` (the twins) uses only the shared seam (`io`) and `error`;
//! - `engine` uses the port; `extras` use the port, the seam and the engines;
//! - `tools` (and Gobang's `analyze`, `pbrain`) use the port, the engines
//!   and the extras, never `io`;
//! - `play` (the wiring) may use everything of its game and what is shared;
//! - the games never use each other; the shared parts (`io`, `files`,
//!   `error`, `pyfmt`) use no game; the command line (`cli`) names both
//!   games' options;
//! - the tool binaries of `src/bin/` use the library as another crate would;
//! - and no module, down to single files, uses one that uses it back.

use crate::sources;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The module path of a source file: `src/fourinrow/port/ai.rs` is
/// `fourinrow::port::ai`,
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
const TEST_ONLY: [&str; 1] = ["fourinrow::port::testkit"];

/// Whether an item is compiled for the unit tests only: `#[cfg(test)]`.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>().is_ok_and(|m| m.path().is_ident("test"))
    })
}

/// Walks one parsed file and gathers the modules its code names, whatever
/// the spelling: `crate::a::b`, `super::b`, `self::c`, `use crate::{a::b}`,
/// or a child module by its bare name.
struct Paths<'a> {
    /// The module the code being walked is in: the file's, then any inline
    /// `mod` within it.
    module: Vec<String>,
    known: &'a BTreeSet<String>,
    found: BTreeSet<String>,
}

impl Paths<'_> {
    /// Resolves `segments` from the current module and records the longest
    /// known module it names (not an item in it). Paths that name nothing
    /// of the crate (`std::...`, a local variable, a type in scope) are left.
    fn record(&mut self, segments: &[String], in_use: bool) {
        let mut absolute: Vec<String> = Vec::new();
        let mut rest = segments;
        match segments.first().map(String::as_str) {
            Some("crate") => rest = &segments[1..],
            Some("self") | Some("super") => {
                absolute = self.module.clone();
                while let Some(first) = rest.first() {
                    match first.as_str() {
                        "self" => {}
                        "super" => {
                            absolute.pop();
                        }
                        _ => break,
                    }
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A bare first segment names a module only when it is a
                // child of this one (2018 paths; `use` of a child module),
                // and outside `use` only with more to follow: a lone
                // `hot_seat` in code is a value, never a module.
                if !in_use && segments.len() < 2 {
                    return;
                }
                let mut child = self.module.clone();
                child.push(first.to_string());
                if !self.known.contains(&child.join("::")) {
                    return;
                }
                absolute = self.module.clone();
            }
            None => return,
        }
        absolute.extend(rest.iter().cloned());
        for n in (1..=absolute.len()).rev() {
            let candidate = absolute[..n].join("::");
            if self.known.contains(&candidate) {
                self.found.insert(candidate);
                return;
            }
        }
    }

    /// Every full path of a `use` tree: `a::{b, c::d}` is `a::b` and `a::c::d`.
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.record(&prefix.clone(), true);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.record(&prefix.clone(), true);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.record(&prefix.clone(), true),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if !test_only(&item.attrs) {
            self.use_tree(&mut Vec::new(), &item.tree);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if test_only(&item.attrs) {
            return;
        }
        self.module.push(item.ident.to_string());
        syn::visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !test_only(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if !test_only(&item.attrs) {
            syn::visit::visit_item_impl(self, item);
        }
    }

    /// `pub(super)` names who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.record(&segments, false);
        syn::visit::visit_path(self, path);
    }
}

/// The modules a file's code (not its `#[cfg(test)]` items) uses, parsed
/// with Rust's grammar.
fn uses(module: &str, file: &Path, known: &BTreeSet<String>) -> BTreeSet<String> {
    let source = std::fs::read_to_string(file).unwrap();
    let syntax = syn::parse_file(&source).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut paths = Paths {
        module: module.split("::").map(str::to_string).collect(),
        known,
        found: BTreeSet::new(),
    };
    paths.visit_file(&syntax);
    paths.found
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
            let mut used = uses(name, file, &known);
            used.remove(name);
            (name.clone(), used)
        })
        .collect()
}

/// The part a module belongs to: a game's parts are one level down
/// (`fourinrow::port::ai` is in `fourinrow::port`, `gobang::port::robot`
/// in `gobang::port`); the shared ones are at the top (`io::draw` is in `io`).
fn part(module: &str) -> &str {
    let mut ends = module.match_indices("::").map(|(i, _)| i);
    let first = ends.next().unwrap_or(module.len());
    if ["fourinrow", "gobang"].contains(&&module[..first]) {
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
        // The command line's frame: both games' options.
        (
            "cli",
            &[
                "error",
                "fourinrow::port",
                "fourinrow::engine",
                "fourinrow::extras",
                "fourinrow::tools",
                "gobang::engine",
            ],
        ),
        // What the two programs run: the tools, and the window only
        // through the function each program gives, so that `fourinrow`
        // links no SDL.
        (
            "app",
            &[
                "cli",
                "error",
                "fourinrow::tools",
                "gobang::analyze",
                "gobang::engine",
                "gobang::pbrain",
                "gobang::review",
            ],
        ),
        // Four in a Row.
        ("fourinrow", &[]),
        ("fourinrow::port", &["io", "error"]),
        ("fourinrow::engine", &["fourinrow::port", "error"]),
        (
            "fourinrow::extras",
            &["fourinrow::port", "io", "fourinrow::engine", "files", "error", "pyfmt"],
        ),
        (
            "fourinrow::tools",
            &[
                "fourinrow::port",
                "fourinrow::engine",
                "fourinrow::extras",
                "files",
                "error",
                "pyfmt",
            ],
        ),
        (
            "fourinrow::play",
            &[
                "fourinrow::port",
                "io",
                "fourinrow::engine",
                "fourinrow::extras",
                "fourinrow::tools",
                "cli",
                "files",
                "error",
            ],
        ),
        // Gobang: its twins use only the seam, as Four in a Row's; its
        // extras use its twins and the seam (the undo-lab game draws and
        // reads events); its tools use its twins and extras; its wiring
        // uses them, the seam and the command line's options. Neither game
        // uses the other.
        ("gobang", &[]),
        ("gobang::port", &["io", "error"]),
        // Its strong engine uses the twins' board and the rules done right.
        ("gobang::engine", &["gobang::port", "gobang::extras", "gobang::boardtext"]),
        // Its board text, and the tools that read it.
        ("gobang::boardtext", &["gobang::port"]),
        (
            "gobang::analyze",
            &["gobang::port", "gobang::extras", "gobang::engine", "gobang::boardtext", "files"],
        ),
        ("gobang::extras", &["gobang::port", "io", "error"]),
        ("gobang::pbrain", &["gobang::port", "gobang::extras", "gobang::engine"]),
        // It reads record files as `analyze --record` does.
        ("gobang::review", &["gobang::analyze", "gobang::extras", "gobang::engine"]),
        (
            "gobang::play",
            &[
                "gobang::port",
                "gobang::extras",
                "gobang::engine",
                "gobang::text",
                "io",
                "error",
                "cli",
            ],
        ),
        // Its text: the seam's fonts and the CJK subset (its test reads
        // the undo-lab's labels).
        ("gobang::text", &["io", "error", "gobang::extras"]),
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

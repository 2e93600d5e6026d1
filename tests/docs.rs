//! The docs say what the code is:
//!
//! - every link from `docs/*.md` to a line of the source points at the line
//!   that defines the item it names (refresh them with
//!   `python3 tools/refresh-doc-lines.py`);
//! - the map, `docs/python-to-rust.md`, has one row for each Python
//!   function and module-level name of `tests/sources/mod.rs`' lists, in the
//!   Python's order, and the link beside each points at the item that
//!   carries its `/// Python:` marker;
//! - every Rust excerpt in the docs and the README is in `src/` as written;
//! - no page a user reads names a path outside the repository;
//! - every relative link in a markdown page reaches a file of the
//!   repository, and its `#anchor`, if any, a heading of that page.

use crate::sources;

use std::path::{Path, PathBuf};

use sources::{markers, Marker, CONSTANTS, FUNCTIONS};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `docs/*.md`, sorted.
fn doc_pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages
}

/// One `` [`item`](../src/file.rs#L123) `` link.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Link {
    /// What the link names: `draw_board`, `Layout::xmargin`, `game::main`.
    label: String,
    /// The file, relative to the repository: `src/fourinrow/port/draw.rs`.
    file: String,
    /// The line, counting from 1.
    line: usize,
}

/// Every source link of a markdown text, in order.
fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find("`](../") else {
            continue;
        };
        let label = &rest[..end];
        if label.contains('`') {
            continue;
        }
        let after = &rest[end + 6..];
        let Some(close) = after.find(')') else {
            continue;
        };
        if let Some((file, line)) = after[..close].split_once("#L") {
            if let Ok(line) = line.parse() {
                out.push(Link { label: label.to_string(), file: file.to_string(), line });
            }
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `line` defines `name`: as an item (`fn name`, `struct name`, ...),
/// a field (`pub name: ...`) or an enum variant (`Name,` or `Name {`).
fn defines(line: &str, name: &str) -> bool {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return false;
    }
    let ends_word = |rest: &str| !rest.starts_with(is_ident);
    let item =
        ["fn", "struct", "enum", "trait", "const", "type", "static", "mod"].iter().any(|kw| {
            let needle = format!("{kw} {name}");
            line.match_indices(&needle).any(|(at, _)| {
                let before_ok = at == 0 || !line[..at].ends_with(is_ident);
                before_ok && ends_word(&line[at + needle.len()..])
            })
        });
    let member = trimmed.strip_prefix("pub ").unwrap_or(trimmed);
    let field_or_variant = member.strip_prefix(name).is_some_and(|rest| {
        let rest = rest.trim_start();
        (rest.starts_with(':') && !rest.starts_with("::"))
            || rest.is_empty()
            || rest.starts_with([',', '(', '{'])
    });
    item || field_or_variant
}

#[test]
fn source_links_point_at_their_definitions() {
    let mut checked = 0;
    for doc in doc_pages() {
        for link in links(&read(&doc)) {
            let source = read(&root().join(&link.file));
            let name = link.label.rsplit("::").next().unwrap();
            let at = source.lines().nth(link.line - 1).unwrap_or("");
            assert!(
                defines(at, name),
                "{}: `{}` links to {}:{}, which reads {at:?} (run python3 tools/refresh-doc-lines.py)",
                doc.display(),
                link.label,
                link.file,
                link.line
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} links");
}

/// A table row of the map: the first code span of its first cell, and the
/// first source link of its second cell.
#[derive(Debug)]
struct Row {
    python: String,
    link: Option<Link>,
    line: usize,
}

fn map_rows(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let cells: Vec<&str> = line.split(" | ").collect();
        if !line.starts_with("| `") || cells.len() < 3 {
            continue;
        }
        let python = cells[0].trim_start_matches("| ");
        let Some(span) = python.strip_prefix('`').and_then(|p| p.split('`').next()) else {
            continue;
        };
        rows.push(Row {
            python: span.to_string(),
            link: links(cells[1]).into_iter().next(),
            line: i + 1,
        });
    }
    rows
}

#[test]
fn the_map_links_every_python_name_to_the_twin_with_its_marker() {
    // The lists are whole (checked when this test is compiled).
    const _: () = assert!(FUNCTIONS.len() >= 14 && CONSTANTS.len() >= 31);
    let markers = markers();
    let map = root().join("docs/python-to-rust.md");
    let rows = map_rows(&read(&map));

    let mut previous = 0;
    let names = FUNCTIONS.iter().map(|f| (*f, true)).chain(CONSTANTS.iter().map(|c| (*c, false)));
    for (name, is_function) in names {
        // The marker: a function's whole signature, or a name (and its value).
        let marker: Vec<&Marker> = markers
            .iter()
            .filter(|m| if is_function { m.text == name } else { sources::name(&m.text) == name })
            .collect();
        assert_eq!(
            marker.len(),
            1,
            "{name}: one marker in src/ (tests/twins.rs checks it): {marker:?}"
        );
        let marker = marker[0];
        let row: Vec<&Row> = rows.iter().filter(|r| r.python == marker.text).collect();
        assert_eq!(
            row.len(),
            1,
            "{}: one row for `{}` (its marker's text), found {}",
            map.display(),
            marker.text,
            row.len()
        );
        let row = row[0];
        let link = row.link.as_ref().unwrap_or_else(|| {
            panic!("{}:{}: `{}` has no link to its twin", map.display(), row.line, marker.text)
        });
        assert_eq!(
            (link.file.as_str(), link.line),
            (marker.file.as_str(), marker.item_line),
            "{}:{}: `{}` links to `{}` at {}:{}, but its marker is on the item at {}:{}",
            map.display(),
            row.line,
            marker.text,
            link.label,
            link.file,
            link.line,
            marker.file,
            marker.item_line
        );
        // The rows come in the Python's order, functions first.
        assert!(
            row.line > previous,
            "{}:{}: `{name}` is out of the Python's order",
            map.display(),
            row.line
        );
        previous = row.line;
    }
}

/// Every source file under `src/`, as lines with their indentation removed.
fn source_lines(dir: &Path, out: &mut Vec<Vec<String>>) {
    let files = sources::rust_files(dir);
    for path in files {
        out.push(read(&path).lines().map(|l| l.trim_start().to_string()).collect());
    }
}

#[test]
fn rust_excerpts_in_the_docs_are_the_source_as_it_is() {
    let mut sources = Vec::new();
    source_lines(&root().join("src"), &mut sources);
    let mut checked = 0;
    let mut pages = doc_pages();
    pages.push(root().join("README.md"));
    for doc in pages {
        let text = read(&doc);
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line.trim() != "```rust" {
                continue;
            }
            let excerpt: Vec<String> = lines
                .by_ref()
                .take_while(|l| l.trim() != "```")
                .map(|l| l.trim_start().to_string())
                .collect();
            let found = sources
                .iter()
                .any(|src| src.windows(excerpt.len()).any(|w| w == excerpt.as_slice()));
            assert!(
                found,
                "{}: this excerpt is not in src/ as written:\n{}",
                doc.display(),
                excerpt.join("\n")
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} excerpts");
}

#[test]
fn no_page_names_a_path_outside_the_repository() {
    // docs/testing.md is kept by another hand; it joins this check once it
    // names only what is in the repository.
    let exempt = ["testing.md"];
    let mut pages: Vec<PathBuf> =
        doc_pages().into_iter().filter(|p| !exempt.iter().any(|e| p.ends_with(e))).collect();
    pages.push(root().join("README.md"));
    for page in pages {
        let text = read(&page);
        for (n, line) in text.lines().enumerate() {
            for outside in ["../shared", "shared/parity", "oracle.py"] {
                assert!(
                    !line.contains(outside),
                    "{}:{}: names {outside:?}, which is not in the repository: {line}",
                    page.display(),
                    n + 1
                );
            }
            // The sibling programs go by what they are, not by a number.
            let lower = line.to_lowercase();
            for word in ["seed ", "seeds "] {
                for (at, _) in lower.match_indices(word) {
                    let after = &lower[at + word.len()..];
                    let numbered =
                        after.len() >= 3 && after.as_bytes()[..3].iter().all(u8::is_ascii_digit);
                    assert!(!numbered, "{}:{}: a numbered seed: {line}", page.display(), n + 1);
                }
            }
        }
    }
}

/// docs/testing.md gives, beside a link to a test file, how many tests it
/// holds ("[`fast.rs`](../src/fourinrow/engine/fast.rs) 8"): each must be the number
/// of `#[test]` functions in that file.
#[test]
fn the_test_counts_in_testing_md_are_the_files_own() {
    let text = read(&root().join("docs/testing.md"));
    let mut checked = 0;
    for (at, _) in text.match_indices("](../") {
        let rest = &text[at + "](../".len()..];
        let Some(close) = rest.find(')') else {
            continue;
        };
        let path = &rest[..close];
        if !path.ends_with(".rs") {
            continue;
        }
        // The text right after the link: ", 12 unit tests" or " 8,".
        let after = &rest[close + 1..];
        let after = after.strip_prefix(',').unwrap_or(after);
        let Some(after) = after.strip_prefix(' ') else {
            continue;
        };
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            continue;
        }
        let said: usize = digits.parse().unwrap();
        let actual = read(&root().join(path)).matches("#[test]").count();
        assert_eq!(
            said, actual,
            "docs/testing.md says {path} holds {said} tests; it holds {actual}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} counts found");
}

#[test]
fn link_and_definition_parsing() {
    let text =
        "see [`draw_board`](../src/fourinrow/port/draw.rs#L25) and [`Game::io`](../src/fourinrow/port/globals.rs#L55).";
    let found = links(text);
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[1],
        Link { label: "Game::io".into(), file: "src/fourinrow/port/globals.rs".into(), line: 55 }
    );
    assert!(defines("pub fn draw_board(g: &mut Game) {", "draw_board"));
    assert!(!defines("pub fn draw_board_twice() {", "draw_board"));
    assert!(defines("    pub io: &'a mut dyn Frontend,", "io"));
    assert!(defines("    Red,", "Red"));
    assert!(defines("    MouseButtonDown {", "MouseButtonDown"));
    assert!(!defines("    io::stdout();", "io"));
    assert!(!defines("    // fn draw_board", "draw_board"));
    assert_eq!(sources::name("XMARGIN = int(...)"), "XMARGIN");
}

/// Every markdown page of the repository (outside `target/` and hidden
/// folders), sorted.
fn markdown_pages() -> Vec<PathBuf> {
    let mut pages = sources::files_named(root(), "md");
    pages.sort();
    pages
}

/// The lines of `text` outside fenced code blocks, numbered from 1.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((n + 1, line));
        }
    }
    out
}

/// The anchor GitHub gives a heading: lower case, spaces to hyphens,
/// and every other character but letters, digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown page's headings; a heading met again gets
/// `-1`, `-2`, ... as on GitHub.
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for (_, line) in prose_lines(text) {
        let level = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&level) || !line[level..].starts_with(' ') {
            continue;
        }
        let base = slug(line[level..].trim_end_matches('#'));
        let count = seen.entry(base.clone()).or_insert(0);
        out.push(if *count == 0 { base } else { format!("{base}-{count}") });
        *count += 1;
    }
    out
}

/// The targets of a line's inline links, `[text](target)`, leaving out
/// what stands in backticks.
fn link_targets(line: &str) -> Vec<String> {
    let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(|c: char| c == ')' || c.is_whitespace()).unwrap_or(rest.len());
        out.push(rest[..end].to_string());
    }
    out
}

#[test]
fn relative_links_reach_a_file_and_a_heading() {
    let mut checked = 0;
    for page in markdown_pages() {
        let text = read(&page);
        for (n, line) in prose_lines(&text) {
            for target in link_targets(line) {
                let web = target.split_once(':').is_some_and(|(scheme, _)| {
                    !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
                });
                if web || target.is_empty() {
                    continue;
                }
                let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
                let file =
                    if path.is_empty() { page.clone() } else { page.parent().unwrap().join(path) };
                let at = format!("{}:{n}: [..]({target})", page.display());
                assert!(file.exists(), "{at}: no such file");
                let is_page = file.extension().is_some_and(|e| e == "md");
                if !anchor.is_empty() && is_page {
                    let headings = anchors(&read(&file));
                    assert!(headings.iter().any(|a| a == anchor), "{at}: no such heading");
                }
                checked += 1;
            }
        }
    }
    // The pages link to each other and to the source hundreds of times.
    assert!(checked > 400, "only {checked} links found");
}

#[test]
fn headings_become_anchors_as_on_github() {
    assert_eq!(slug("Alpha-beta, for the rest"), "alpha-beta-for-the-rest");
    assert_eq!(
        slug("Where it stands among Gomocup's engines"),
        "where-it-stands-among-gomocups-engines"
    );
    assert_eq!(slug("`think`: one move"), "think-one-move");
    let text = "# Title\n\n## Notes\n```\n## not a heading\n```\n## Notes\n#hashtag\n";
    assert_eq!(anchors(text), ["title", "notes", "notes-1"]);
    // A heading that only starts like another is no repeat of it.
    assert_eq!(anchors("## Notes more\n## Notes\n## Notes\n"), ["notes-more", "notes", "notes-1"]);
    assert_eq!(
        link_targets("see [a](b.md#c), `[x](y)` and [d](https://e.f) [g](#h)"),
        ["b.md#c", "https://e.f", "#h"]
    );
}

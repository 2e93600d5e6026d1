//! The docs' links into the source point at the items they name
//! (refresh them with `python3 tools/refresh-doc-lines.py`).

use std::path::Path;

/// Every `` [`item`](../src/file.rs#L123) `` link of a markdown text.
fn links(text: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find("`](../") else {
            continue;
        };
        let label = rest[..end].to_string();
        let after = &rest[end + 6..];
        let Some(close) = after.find(')') else {
            continue;
        };
        let target = &after[..close];
        if let Some((file, line)) = target.split_once("#L") {
            if let Ok(line) = line.parse() {
                out.push((label, file.to_string(), line));
            }
        }
    }
    out
}

#[test]
fn source_links_point_at_their_definitions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for doc in std::fs::read_dir(root.join("docs")).unwrap() {
        let doc = doc.unwrap().path();
        if doc.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&doc).unwrap();
        for (label, file, line) in links(&text) {
            let source =
                std::fs::read_to_string(root.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            let name = label.rsplit("::").next().unwrap();
            let at = source.lines().nth(line - 1).unwrap_or("");
            let defines = ["fn", "struct", "enum", "trait", "const", "type"]
                .iter()
                .any(|kw| at.contains(&format!("{kw} {name}")))
                || at.trim_start().starts_with(name);
            assert!(
                defines,
                "{}: `{label}` links to {file}:{line}, which reads {at:?}",
                doc.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} links");
}

/// Every source file under `src/`, as lines with their indentation removed.
fn source_lines(dir: &Path, out: &mut Vec<(String, Vec<String>)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_lines(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((
                path.display().to_string(),
                text.lines().map(|l| l.trim_start().to_string()).collect(),
            ));
        }
    }
}

#[test]
fn rust_excerpts_in_the_docs_are_the_source_as_it_is() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    source_lines(&root.join("src"), &mut sources);
    let mut checked = 0;
    for doc in std::fs::read_dir(root.join("docs")).unwrap() {
        let doc = doc.unwrap().path();
        if doc.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&doc).unwrap();
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
                .any(|(_, src)| src.windows(excerpt.len()).any(|w| w == excerpt.as_slice()));
            assert!(
                found,
                "{}: this excerpt is not in src/ as written:\n{}",
                doc.display(),
                excerpt.join("\n")
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} excerpts");
}

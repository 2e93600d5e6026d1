#!/usr/bin/env python3
"""Point the links of docs/*.md at the lines where their Rust items are defined.

    python3 tools/refresh-doc-lines.py

A link such as [`draw_board`](../src/draw.rs#L126) names an item and a file;
this finds the item's definition in the file (fn, struct, enum, trait,
const, or an enum variant for `Type::Variant`) and rewrites the line number.
tests/docs.rs fails when a link points at a line that does not define it.
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[`([^`]+)`\]\(\.\./(src/[\w/]+\.rs)#L(\d+)\)")


def find(path, label):
    parts = label.split("::")
    name = parts[-1]
    lines = open(os.path.join(ROOT, path)).read().split("\n")
    owner = parts[-2] if len(parts) > 1 else None
    if owner and owner[0].isupper():
        # Type::method: the first `fn method` after `impl Type` (or `trait Type`).
        start = next((i for i, l in enumerate(lines)
                      if re.match(r"^(impl(<[^>]*>)?\s+(\w+\s+for\s+)?%s\b|pub trait %s\b|pub enum %s\b)"
                                  % ((re.escape(owner),) * 3), l)), None)
        if start is not None:
            for i in range(start, len(lines)):
                if re.search(r"\bfn\s+%s\b" % re.escape(name), lines[i]) or re.match(r"^\s*%s\b" % re.escape(name), lines[i]):
                    return i + 1
        return None
    patterns = [r"\b(fn|struct|enum|trait|const|type|static)\s+%s\b" % re.escape(name),
                r"^\s*%s\s*[,({]" % re.escape(name), r"^\s*%s\s*$" % re.escape(name)]
    for pattern in patterns:
        for i, line in enumerate(lines):
            if re.search(pattern, line) and not line.lstrip().startswith("//"):
                return i + 1
    return None


def main():
    bad = 0
    for doc in sorted(os.listdir(os.path.join(ROOT, "docs"))):
        if not doc.endswith(".md"):
            continue
        path = os.path.join(ROOT, "docs", doc)
        text = open(path).read()

        def fix(m):
            nonlocal bad
            line = find(m.group(2), m.group(1))
            if line is None:
                bad += 1
                print("%s: cannot find %s in %s" % (doc, m.group(1), m.group(2)), file=sys.stderr)
                return m.group(0)
            return "[`%s`](../%s#L%d)" % (m.group(1), m.group(2), line)

        new = LINK.sub(fix, text)
        if new != text:
            open(path, "w").write(new)
            print("updated", doc)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

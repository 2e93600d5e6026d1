#!/usr/bin/env python3
"""Point the links of docs/*.md at the lines where their Rust items are defined.

    python3 tools/refresh-doc-lines.py

A link such as [`draw_board`](../src/fourinrow/port/draw.rs#L25) names an item and a
file; this finds the item's definition in the file and rewrites the line
number. The item is a function, struct, enum, trait, const, static or type
(`draw_board`, `Layout`), or a member of one, written `Owner::name`: a
method (`Frontend::tick`), a field (`Layout::xmargin`, `Game::io`) or an
enum variant (`Tile::Red`, `Stop::Quit`). A lower-case owner is a module
(`game::main`) and names a plain item.

tests/docs.rs fails when a link points at a line that does not define what
it names, and, for the map in docs/python-to-rust.md, when the link beside a
Python name is not the item that carries its `/// Python:` marker.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[`([^`]+)`\]\(\.\./(src/[\w/]+\.rs)#L(\d+)\)")


def is_comment(line):
    return line.lstrip().startswith("//")


def defines(line, name):
    """Whether `line` defines `name` as an item, a field or an enum variant."""
    if is_comment(line):
        return False
    n = re.escape(name)
    item = r"\b(fn|struct|enum|trait|const|type|static|mod)\s+%s\b" % n
    field = r"^\s*(pub(\([^)]*\))?\s+)?%s\s*:[^:]" % n
    variant = r"^\s*%s\s*([,({]|$)" % n
    return any(re.search(p, line) for p in (item, field, variant))


def find(path, label):
    try:
        lines = open(os.path.join(ROOT, path)).read().split("\n")
    except OSError:
        return None
    parts = label.split("::")
    name = parts[-1]
    owner = parts[-2] if len(parts) > 1 else None
    if owner and owner[0].isupper():
        # Owner::name: inside `struct Owner`, `enum Owner`, `trait Owner` or
        # an `impl ... Owner` block, up to the block's closing brace.
        o = re.escape(owner)
        start = re.compile(
            r"^(pub(\([^)]*\))?\s+)?(struct|enum|trait)\s+%s\b|^impl(<[^>]*>)?\s+([\w:<>', ]+\s+for\s+)?%s\b"
            % (o, o)
        )
        for s, line in enumerate(lines):
            if not start.search(line):
                continue
            for i in range(s + 1, len(lines)):
                if lines[i].startswith("}"):
                    break
                if defines(lines[i], name):
                    return i + 1
        return None
    for i, line in enumerate(lines):
        if defines(line, name) and not line.startswith(" "):
            return i + 1
    for i, line in enumerate(lines):
        if defines(line, name):
            return i + 1
    return None


def main():
    bad = 0
    docs = sorted(
        os.path.join(ROOT, "docs", d) for d in os.listdir(os.path.join(ROOT, "docs")) if d.endswith(".md")
    )
    for path in docs:
        text = open(path).read()
        doc = os.path.relpath(path, ROOT)

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

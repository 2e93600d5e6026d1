"""The Rust twins of the Python functions and constants, found by their
markers in the port's sources.

A twin's doc comment begins with a marker line naming its Python original:

    /// Python: getHumanMove(board, isFirstMove)
    /// Lets the human drag a token ...
    #[must_use]
    pub fn get_human_move(...) -> ... {
        ...
    }

`/// Python: NAME` (no parentheses) marks a constant's twin the same way.
The marker must be the doc comment's first line: a "Python:" further down
a comment is prose, not a marker. The twin's text runs from the marker
through its attributes and the item, to the item's closing brace (or, for
a `const` or `static`, its semicolon; for a struct field, its comma),
found by a small scanner that skips Rust's comments, strings and
character literals.
"""

import re
from dataclasses import dataclass
from pathlib import Path

MARKER = re.compile(r"^\s*///\s*Python:\s*`?([A-Za-z_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?)\s*(\([^)]*\))?")
ITEM_ENDS_AT_SEMICOLON = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const|static)\s+(?!fn\b)")
FIELD = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?[A-Za-z_][A-Za-z0-9_]*\s*(:(?!:)|,|\(|\{|$)")
RAW_STRING = re.compile(r'b?r(#*)"')
IDENTIFIER = re.compile(r"[A-Za-z0-9_]")


@dataclass
class Twin:
    python_name: str     # 'getHumanMove', 'BOARDWIDTH'
    python_call: str     # 'getHumanMove(board, isFirstMove)', or the name
    is_function: bool    # the marker has parentheses
    file: str            # relative to the source folder, '/'-separated
    line: int            # the marker's line, from 1
    text: str            # marker, doc, attributes and item


def _is_doc(line):
    stripped = line.lstrip()
    return stripped.startswith("///") and not stripped.startswith("////")


def code(text, start=0):
    """(offset, character) for each character of Rust code from `start`,
    skipping comments (nested /* */ too), strings, raw strings, byte
    strings and char literals, whose brackets and semicolons do not count.
    A lifetime ('a) is not a char literal."""
    i, n = start, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            newline = text.find("\n", i)
            i = n if newline < 0 else newline + 1
        elif text.startswith("/*", i):
            nesting, i = 1, i + 2
            while i < n and nesting:
                if text.startswith("/*", i):
                    nesting, i = nesting + 1, i + 2
                elif text.startswith("*/", i):
                    nesting, i = nesting - 1, i + 2
                else:
                    i += 1
        elif (raw := RAW_STRING.match(text, i)) and not (i and IDENTIFIER.match(text[i - 1])):
            close = '"' + raw.group(1)
            found = text.find(close, raw.end())
            i = n if found < 0 else found + len(close)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif c == "'" and text.startswith("\\", i + 1):     # '\n', '\'', '\u{1F600}'
            close = text.find("'", i + 3)
            i = n if close < 0 else close + 1
        elif c == "'" and i + 2 < n and text[i + 2] == "'":  # 'x', '{'
            i += 3
        else:                                                # code, or a lifetime's '
            yield i, c
            i += 1


def item_kind(first_line):
    """How an item ends: 'semicolon' (const, static), 'field' (a struct
    field or enum variant, up to its comma), or 'block' (fn, struct, impl:
    its closing brace, or a semicolon when it has no body)."""
    if ITEM_ENDS_AT_SEMICOLON.match(first_line):
        return "semicolon"
    if FIELD.match(first_line):
        return "field"
    return "block"


def item_end(text, start, kind):
    """The offset just past the item of `kind` that begins at `start`. A
    closing bracket that leaves the enclosing block ends any item."""
    depth = 0
    for i, c in code(text, start):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return i
            if c == "}" and depth == 0 and kind == "block":
                return i + 1
        elif c == ";" and depth == 0:
            return i + 1
        elif c == "," and depth == 0 and kind == "field":
            return i + 1
    return len(text)


def group_end(text, start):
    """The offset just past the bracket group opening at or after `start`
    (an attribute's #[...])."""
    depth = 0
    for i, c in code(text, start):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def twins_in(text, file):
    """Every marked twin in one file's text."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    found = []
    for number, line in enumerate(lines):
        marker = MARKER.match(line)
        if not marker or (number > 0 and _is_doc(lines[number - 1])):
            continue
        j = number
        while j < len(lines) and _is_doc(lines[j]):
            j += 1
        # Attributes (#[...], possibly over several lines), plain comments, blanks.
        while j < len(lines):
            stripped = lines[j].lstrip()
            if stripped.startswith("#["):
                end = group_end(text, offsets[j] + lines[j].index("#"))
                j = next(k for k in range(j, len(lines)) if offsets[k + 1] >= end) + 1
            elif stripped.startswith("//") or not stripped.strip():
                j += 1
            else:
                break
        if j >= len(lines):
            continue
        end = item_end(text, offsets[j], item_kind(lines[j]))
        last = next(k for k in range(len(lines)) if offsets[k + 1] >= end)
        name, arguments = marker.group(1), marker.group(2)
        found.append(Twin(
            python_name=name,
            python_call=name + arguments if arguments else name,
            is_function=arguments is not None,
            file=file, line=number + 1,
            text="".join(lines[number:last + 1]).rstrip("\n"),
        ))
    return found


def find_twins(source_folder):
    """Every twin under a folder of Rust sources (searched recursively),
    sorted by file and line."""
    folder = Path(source_folder)
    twins = []
    for path in sorted(folder.rglob("*.rs")):
        relative = path.relative_to(folder).as_posix()
        if relative.startswith("gobang/"):    # the other game's twins
            continue
        twins += twins_in(path.read_text(encoding="utf-8", errors="replace"), relative)
    return twins

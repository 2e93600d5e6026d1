#!/usr/bin/env bash
# Checks with cargo-modules (`cargo install cargo-modules`) that no module of
# the crate uses one that uses it back. `cargo test --test suite layout::` makes the
# same check, and the design's one-way rules, without installing anything.
#
# cargo-modules' own `--acyclic` also counts an item using its own type (a
# method of `Tile` returning a `Tile`) as a cycle, so this script keeps the
# modules only (no functions, types or traits) and looks for cycles itself.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo modules --version >/dev/null 2>&1; then
    echo "module-cycles: cargo-modules is not installed (cargo install cargo-modules)" >&2
    exit 2
fi
cargo modules dependencies --lib --no-externs --no-sysroot --no-fns --no-traits --no-types --no-owns 2>/dev/null |
python3 -c '
import re, sys
edges = {}
for line in sys.stdin:
    m = re.match(r"\s*\"([^\"]+)\" -> \"([^\"]+)\"", line)
    if m:
        edges.setdefault(m.group(1), set()).add(m.group(2))
state, cycles = {}, []
def visit(node, path):
    state[node] = "open"
    path.append(node)
    for nxt in sorted(edges.get(node, ())):
        if state.get(nxt) == "open":
            cycles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
        elif nxt not in state:
            visit(nxt, path)
    path.pop()
    state[node] = "done"
for node in sorted(edges):
    if node not in state:
        visit(node, [])
count = sum(len(v) for v in edges.values())
if cycles:
    print("\n".join(cycles))
    sys.exit("module-cycles: %d cycles among %d modules" % (len(cycles), len(edges)))
print("module-cycles: no cycles among %d modules (%d uses)" % (len(edges), count))
'

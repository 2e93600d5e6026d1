#!/usr/bin/env python3
"""Turns a tools/measure-speed.sh output folder into README.md's Speed tables.

    python3 tools/speed-table.py [OUT_DIR]      (default /tmp/fourinrow-speed)

Reads OUT_DIR/bench.md (and bench-faithful-5.md, after SLOW=1),
OUT_DIR/process.txt and OUT_DIR/python.jsonl, and prints two Markdown
tables: every position at every difficulty measured, then, per difficulty,
the median over the six 7x6 positions. Times are the median run of each
measurement (benches: median of its runs; process: mean of perf stat's
runs; Python: median of the calls of getPotentialMoves that
tools/sidebyside/timing.py made). "-" marks what was not measured. An
error (a missing file) is one line, with exit status 2.
"""
import argparse
import json
import re
import statistics
import sys

POSITIONS = [
    ("7x6 empty", "......./......./......./......./......./......."),
    ("7x6 early, 1 token", "......./......./......./......./......./...R..."),
    ("7x6 early, 2 tokens", "......./......./......./......./...B.../...R..."),
    ("7x6 early, 4 tokens", "......./......./......./......./...R.../..BRB.."),
    ("7x6 mid, 12 tokens", "......./......./...B.../..RR.../..BBR../.RBRBBR"),
    ("7x6 mid, 18 tokens", "......./......./...B.../..RRB../RBBBRRR/BRBRBBR"),
    ("12x9 early, 2 tokens", "............/............/............/............/"
     "............/............/............/............/.....BR....."),
]
UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6}


def seconds(cell):
    """'36.0 µs (33.2 µs, 34165)' -> 3.6e-05; None when not run."""
    m = re.match(r"\s*([0-9.]+) (s|ms|µs)", cell)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


def show(s):
    if s is None:
        return "-"
    if s >= 1:
        return "%.2f s" % s
    if s >= 1e-3:
        return "%.2f ms" % (s * 1e3)
    return "%.1f µs" % (s * 1e6)


def ratio(a, b):
    if a is None or b is None:
        return "-"
    r = a / b
    return "{:,.0f}x".format(r) if r >= 10 else "%.1fx" % r


def main(argv=None):
    parser = argparse.ArgumentParser(prog="speed-table.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default="/tmp/fourinrow-speed", metavar="OUT_DIR",
                        help="a folder written by tools/measure-speed.sh (default: %(default)s)")
    out = parser.parse_args(argv).out
    for name in ("bench.md", "process.txt", "python.jsonl"):
        try:
            open("%s/%s" % (out, name)).close()
        except OSError as e:
            print("speed-table.py: %s/%s: %s (run tools/measure-speed.sh --python PATH %s first)"
                  % (out, name, e.strerror, out), file=sys.stderr)
            sys.exit(2)
    fast, faithful = {}, {}
    for name in ("bench.md", "bench-faithful-5.md"):
        try:
            lines = open("%s/%s" % (out, name)).read().splitlines()
        except FileNotFoundError:
            continue
        for line in lines:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) != 6 or not cells[1].isdigit():
                continue
            key = (cells[0], int(cells[1]))
            fast.setdefault(key, seconds(cells[2]))
            if seconds(cells[4]) is not None:
                faithful[key] = seconds(cells[4])
    by_text = {text: name for name, text in POSITIONS}
    process = {}
    for line in open("%s/process.txt" % out):
        m = re.match(r"(\S+) difficulty (\d+) \(\d+ runs\): ([0-9.]+) s elapsed", line)
        if m and m.group(1) in by_text:
            process[(by_text[m.group(1)], int(m.group(2)))] = float(m.group(3))
    python = {}
    for line in open("%s/python.jsonl" % out):
        if line.startswith("{"):
            r = json.loads(line)
            if r["board"] in by_text:
                python[(by_text[r["board"]], r["difficulty"])] = r["seconds"]

    header = ("| difficulty | Python original | faithful Rust | fast Rust, search | "
              "fast Rust, whole process | Python / faithful | Python / fast search | "
              "Python / fast process |")
    rule = "| --- | --- | --- | --- | --- | --- | --- | --- |"

    def row(label, py, fa, fs, fp):
        return "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            label, show(py), show(fa), show(fs), show(fp),
            ratio(py, fa), ratio(py, fs), ratio(py, fp))

    print("Every position:\n")
    print(header.replace("| difficulty |", "| position | difficulty |"))
    print(rule + " --- |")
    for name, _ in POSITIONS:
        for d in range(1, 6):
            key = (name, d)
            if key in fast:
                print(row("%s | %d" % (name, d), python.get(key), faithful.get(key),
                          fast.get(key), process.get(key)))

    print("\n7x6, median of the six positions; where some positions were not")
    print("measured (the slow runs), a second row gives the empty board alone:\n")
    print(header)
    print(rule)
    for d in range(1, 6):
        medians, partial = [], False
        for table in (python, faithful, fast, process):
            values = [table[(n, d)] for n, _ in POSITIONS[:6] if (n, d) in table]
            medians.append(statistics.median(values) if len(values) == 6 else None)
            partial = partial or 0 < len(values) < 6
        print(row(str(d), *medians))
        if partial:
            key = (POSITIONS[0][0], d)
            print(row("%d, empty board only" % d, *(t.get(key) for t in (python, faithful, fast, process))))


if __name__ == "__main__":
    main()

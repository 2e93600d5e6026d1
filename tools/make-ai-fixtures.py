#!/usr/bin/env python3
"""Write tests/fixtures/ai-parity.jsonl: the Python original's AI numbers.

    python3 tools/make-ai-fixtures.py [--parity ../shared/parity] [--out FILE]

For each (size, difficulty, tile) below, random reachable positions come from
shared/parity/gen_positions.py, and shared/parity/oracle.py analyze answers
them with the Python original (needs `pip install pygame==2.6.1`). The lines
are what the port's `fourinrow analyze` must print, double for double;
`cargo test` checks them with no Python installed (tests/ai_parity.rs).
Deep searches on big boards take the Python minutes, so those use fewer,
later positions (min_moves), where fewer columns remain.
"""
import argparse
import os
import subprocess
import sys

# (width, height, difficulty, count per tile, min_moves, seed)
PLAN = [
    (4, 4, 1, 100, 0, 11), (4, 4, 2, 100, 0, 12), (4, 4, 3, 100, 0, 13), (4, 4, 4, 60, 0, 14),
    (5, 5, 1, 80, 0, 21), (5, 5, 2, 80, 0, 22), (5, 5, 3, 80, 0, 23), (5, 5, 4, 25, 12, 24),
    (7, 6, 1, 80, 0, 31), (7, 6, 2, 80, 0, 32), (7, 6, 3, 40, 8, 33), (7, 6, 4, 6, 30, 34),
    (8, 5, 1, 60, 0, 41), (8, 5, 2, 60, 0, 42), (8, 5, 3, 25, 15, 43),
    (9, 7, 1, 50, 0, 51), (9, 7, 2, 50, 0, 52), (9, 7, 3, 12, 40, 53),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--parity", default=os.path.join(here, "..", "..", "shared", "parity"))
    p.add_argument("--out", default=os.path.join(here, "..", "tests", "fixtures", "ai-parity.jsonl"))
    a = p.parse_args()
    gen = os.path.join(a.parity, "gen_positions.py")
    oracle = os.path.join(a.parity, "oracle.py")
    tmp = a.out + ".part"
    with open(tmp, "w") as out:
        for (w, h, diff, count, min_moves, seed) in PLAN:
            for t, tile in enumerate(("black", "red")):
                boards = subprocess.run(
                    [sys.executable, gen, "--count", str(count), "--width", str(w),
                     "--height", str(h), "--seed", str(seed * 10 + t), "--min-moves", str(min_moves)],
                    check=True, capture_output=True, text=True).stdout
                answers = subprocess.run(
                    [sys.executable, oracle, "--images", "/nonexistent", "analyze",
                     "--difficulty", str(diff), "--tile", tile],
                    input=boards, check=True, capture_output=True, text=True).stdout
                out.write(answers)
                out.flush()
                print("%dx%d difficulty %d %s: %d positions" % (w, h, diff, tile, answers.count("\n")),
                      file=sys.stderr)
    os.replace(tmp, a.out)


if __name__ == "__main__":
    main()

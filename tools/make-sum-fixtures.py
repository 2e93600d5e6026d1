#!/usr/bin/env python3
"""Write tests/fixtures/python-sum.jsonl: what each Python's sum() gives.

    python3 tools/make-sum-fixtures.py [--out FILE] INTERPRETER...

Each INTERPRETER is a Python 3 to ask (for example each
`$(pyenv root)/versions/3.*/bin/python`); every one of them sums the same
lists, and each line of the output holds one list and every interpreter's
answer:

    {"values": ["i1", "f3fb999999999999a", ...], "sums": {"3.11.7": "f...", "3.12.1": "f..."}}

A number is written `i` and an int, or `f` and the 16 hex digits of a
float's bits, so that ints stay ints and no double is rounded on the way.
The lists mix ints and floats the way getPotentialMoves' lists do (ints
-1, 0 and 1, floats that are sums of (s / W) / W) and the way that tells
the arithmetics apart: floats far apart in size, an int after a float,
-0.0, an infinity. They come from random.Random(2026), so the same command
writes the same file. `cargo test --test suite python_sum::` checks the port's
`Python::sum` against every answer, with no Python needed. Needs only the
interpreters; an error is one line, with exit status 2.
"""
import argparse
import json
import os
import random
import struct
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# How many lists, and the most numbers in one.
COUNT = 2000
LONGEST = 14

# What each interpreter runs: reads the lists as JSON on stdin, prints its
# version and then each sum, one a line, in the same encoding.
ASK = r"""
import json, struct, sys
def read(text):
    if text[0] == "i":
        return int(text[1:])
    return struct.unpack("<d", bytes.fromhex(text[1:])[::-1])[0]
def write(x):
    if type(x) is int:
        return "i%d" % x
    return "f" + struct.pack("<d", x)[::-1].hex()
print("%d.%d.%d" % sys.version_info[:3])
for values in json.load(sys.stdin):
    print(write(sum([read(v) for v in values])))
"""


def encode(x):
    """`i` and an int, or `f` and a float's bits in hex."""
    if isinstance(x, int):
        return "i%d" % x
    return "f" + struct.pack("<d", x)[::-1].hex()


def number(rng):
    """One number, of a kind getPotentialMoves makes or one that tells the
    arithmetics apart."""
    kind = rng.randrange(12)
    width = rng.randint(4, 12)
    if kind < 3:
        return rng.choice([-1, 0, 1])
    if kind == 3:
        return rng.randint(-9, 9)
    if kind < 7:
        # A value the game makes: a few replies' (s / W) / W added up.
        total = 0
        for _ in range(rng.randint(1, width)):
            total += (rng.randint(-width, width) * 1.0 / width) / width
        return total
    if kind == 7:
        return rng.uniform(-1, 1)
    if kind == 8:
        return rng.choice([1e16, -1e16, 2.0 ** 53, 1e100]) + rng.choice([0.0, 1.0, 2.0, 3.0])
    if kind == 9:
        return rng.choice([1e-16, -1e-16, 1e-17, 3e-300, 0.1, 0.7])
    if kind == 10:
        return rng.choice([0.0, -0.0])
    return rng.choice([float("inf"), 2 ** 40, -(2 ** 40), 1.0, -1.0])


def lists(rng):
    """COUNT lists of up to LONGEST numbers, never inf together with -inf
    (whose sum is a NaN, whose bits the interpreters need not agree on)."""
    found = [[], [0], [-0.0], [0.1] * 10, [1e16, 1, 1], [1e16, 1.0, 1.0], [1, 1e-16, 1e-16]]
    while len(found) < COUNT:
        found.append([number(rng) for _ in range(rng.randint(1, LONGEST))])
    return found


def ask(interpreter, found):
    """The interpreter's version and its sums, in order."""
    payload = json.dumps([[encode(x) for x in values] for values in found])
    try:
        run = subprocess.run([interpreter, "-c", ASK], input=payload, capture_output=True,
                             text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        sys.exit(f"make-sum-fixtures.py: {interpreter}: {error}")
    lines = run.stdout.split()
    if run.returncode != 0 or len(lines) != len(found) + 1:
        last = (run.stderr.strip().splitlines() or ["no answer"])[-1]
        sys.exit(f"make-sum-fixtures.py: {interpreter}: {last}")
    return lines[0], lines[1:]


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("interpreters", nargs="+", metavar="INTERPRETER")
    parser.add_argument("--out", default=str(REPO / "tests" / "fixtures" / "python-sum.jsonl"))
    args = parser.parse_args()
    found = lists(random.Random(2026))
    answers = {}
    for interpreter in args.interpreters:
        version, sums = ask(interpreter, found)
        answers[version] = sums
        print(f"{interpreter}: Python {version}", file=sys.stderr)
    out = Path(args.out)
    part = out.with_name(out.name + ".part")
    with open(part, "w") as f:
        for i, values in enumerate(found):
            sums = {version: answers[version][i] for version in answers}
            f.write(json.dumps({"values": [encode(x) for x in values], "sums": sums}) + "\n")
    os.replace(part, out)
    print(f"make-sum-fixtures.py: {len(found)} lists, {len(answers)} Pythons, written to {out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()

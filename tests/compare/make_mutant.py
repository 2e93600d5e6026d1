#!/usr/bin/env python3
"""Makes a subtly wrong fourinrow.py from the tutorial's, for the kit's
tests: the kit must find it different from the port, and show where.

    make_mutant.py [--raises] REFERENCE.py OUT.py

Two changes a learner could make by accident:

- the falling token accelerates by 0.75 instead of 0.5 a frame, so the
  frames part at the first drop;
- the average of averages `(sum(results)*1.0 / BOARDWIDTH) / BOARDWIDTH`
  becomes `sum(results)*1.0 / (BOARDWIDTH * BOARDWIDTH)`: the same in
  arithmetic, but rounded once instead of twice, so some doubles differ
  in their last bits.

With --raises it makes instead a copy whose getComputerMove raises
(`random.choice(bestMoves) // 0`): the kit must carry on and say where.
"""

import sys
from pathlib import Path

CHANGES = (
    ("        dropSpeed += 0.5\n", "        dropSpeed += 0.75\n"),
    ("(sum(results)*1.0 / BOARDWIDTH) / BOARDWIDTH", "sum(results)*1.0 / (BOARDWIDTH * BOARDWIDTH)"),
)
RAISES = (
    ("    return random.choice(bestMoves)\n", "    return random.choice(bestMoves) // 0\n"),
)


def main():
    args, changes = sys.argv[1:], CHANGES
    if args[:1] == ["--raises"]:
        args, changes = args[1:], RAISES
    reference, out = map(Path, args[0:2])
    text = reference.read_text()
    for old, new in changes:
        if text.count(old) != 1:
            sys.exit(f"make_mutant.py: {reference} does not hold {old.strip()!r} exactly once")
        text = text.replace(old, new)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Scores 7x6 positions with BitBully (PyPI `bitbully` and `bitbully-databases`,
MIT), an independent Connect Four solver with its own 12-ply opening book: the
test oracle for fourinrow's opening book (tests/solver_book.rs). Nothing it
prints is ever copied into the book.

Reads one position a line: 42 digits, the rows from the top, each left to
right, 0 empty, 1 the first player's stone, 2 the second player's. Prints the
score for the side to move, one a line, on the scale fourinrow and Pons'
c4solver use.

    python3 tests/book/bitbully_scores.py < positions.txt
    python3 tests/book/bitbully_scores.py --check   # exit 0 if BitBully is installed
"""
import sys


def main() -> int:
    try:
        from bitbully import BitBully, Board
    except ImportError as e:
        print(f"bitbully_scores: BitBully is not installed ({e}): "
              "pip install bitbully bitbully-databases", file=sys.stderr)
        return 3
    if sys.argv[1:] == ["--check"]:
        return 0
    agent = BitBully("12-ply-dist")
    for number, line in enumerate(sys.stdin, 1):
        text = line.strip()
        if len(text) != 42 or set(text) - set("012"):
            print(f"bitbully_scores: line {number}: not 42 digits 0, 1, 2: {text!r}", file=sys.stderr)
            return 2
        rows = [[int(c) for c in text[r * 7:(r + 1) * 7]] for r in range(6)]
        print(agent.mtdf(Board.from_array(rows)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

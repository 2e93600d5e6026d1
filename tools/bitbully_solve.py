#!/usr/bin/env python3
"""BitBully (PyPI `bitbully` and `bitbully-databases`, MIT) as a `c4solver`-like
filter, for tools/solver-bench.sh: reads 7x6 move strings (columns 1 to 7, as
Pons' test sets have them), one a line, and prints `MOVES SCORE` a line, the
score for the side to move on c4solver's scale, as soon as it is known.

    tools/bitbully_solve.py [--no-book] < positions.txt

With its 12-ply opening book (with distances) unless --no-book.
"""
import sys


def main() -> int:
    try:
        from bitbully import BitBully, Board
    except ImportError as e:
        print(f"bitbully_solve: BitBully is not installed ({e}): "
              "pip install bitbully bitbully-databases", file=sys.stderr)
        return 3
    args = sys.argv[1:]
    if args not in ([], ["--no-book"]):
        print("usage: bitbully_solve.py [--no-book]", file=sys.stderr)
        return 2
    agent = BitBully(None if args else "12-ply-dist")
    for number, line in enumerate(sys.stdin, 1):
        if not line.split():
            continue
        moves = line.split()[0]
        if not moves.isdigit():
            print(f"bitbully_solve: line {number}: not a move string: {moves!r}", file=sys.stderr)
            continue
        # BitBully numbers columns from 0.
        board = Board("".join(str(int(c) - 1) for c in moves))
        print(f"{moves} {agent.mtdf(board)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes tests/fixtures/solver/*.txt: 7x6 positions and their exact scores.

    tools/make-solver-fixtures.py --pons PATH/TO/c4solver [--out DIR] [--variant N]

The positions come from random legal games (each move uniform among the
columns that do not complete four), cut after a random number of moves, kept
when the side to move cannot win at once. Each is scored by Pascal Pons'
`c4solver` (built from his repository with its Makefile, no opening book),
one process per position with a time limit, and filed by

- level, by moves played: begin <= 14 < middle <= 28 < end;
- rating, by the moves left with perfect play: easy < 14 <= medium < 28 <= hard.

Each file holds `MOVES SCORE` lines. The begin files keep only positions
the reference solves within `--begin-limit` seconds (start-up included), so that
`cargo test` checks every file in well under a minute. The same `--variant`
gives the same files (given the same reference solver). Both cores are used.
"""

import argparse
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

W, H = 7, 6
CELLS = W * H

WANTED = {
    "end-easy": 100,
    "middle-easy": 50,
    "middle-medium": 50,
    "begin-easy": 10,
    "begin-medium": 20,
    "begin-hard": 10,
}


def wins(stones):
    """Whether the set of (column, row) cells holds four in a row."""
    for (c, r) in stones:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all((c + k * dc, r + k * dr) in stones for k in range(1, 4)):
                return True
    return False


def random_game(rng, length):
    """A move string of `length` random moves, none completing four, after
    which the side to move cannot win at once; None if the game got stuck."""
    heights = [0] * W
    stones = [set(), set()]
    moves = ""
    for n in range(length):
        me = stones[n % 2]
        options = [
            c for c in range(W)
            if heights[c] < H and not wins(me | {(c, heights[c])})
        ]
        if not options:
            return None
        c = rng.choice(options)
        me.add((c, heights[c]))
        heights[c] += 1
        moves += str(c + 1)
    me = stones[length % 2]
    if any(heights[c] < H and wins(me | {(c, heights[c])}) for c in range(W)):
        return None
    return moves


def moves_left(n, score):
    """Moves until the game ends with perfect play from a position after n
    moves with this score for the side to move."""
    if score > 0:
        own = (CELLS + 1 - n) // 2 - score + 1
        return 2 * own - 1
    if score < 0:
        own = (CELLS - n) // 2 + score + 1
        return 2 * own
    return CELLS - n


def classify(n, score):
    level = "begin" if n <= 14 else "middle" if n <= 28 else "end"
    left = moves_left(n, score)
    rating = "easy" if left < 14 else "medium" if left < 28 else "hard"
    return f"{level}-{rating}"


def score_of(pons, moves, limit):
    """The reference's score, or None past the time limit."""
    try:
        out = subprocess.run(
            [pons], input=moves + "\n", capture_output=True, text=True, timeout=limit
        ).stdout.split()
    except subprocess.TimeoutExpired:
        return None
    return int(out[1]) if len(out) == 2 and out[0] == moves else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pons", required=True, help="Pons' c4solver binary")
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "solver"))
    ap.add_argument("--variant", type=int, default=1, help="another set of random games")
    ap.add_argument("--limit", type=float, default=10.0,
                    help="seconds the reference may take on one position")
    ap.add_argument("--begin-limit", type=float, default=2.0,
                    help="seconds a begin position may take the reference")
    args = ap.parse_args()
    if not (os.path.isfile(args.pons) and os.access(args.pons, os.X_OK)):
        print(f"make-solver-fixtures: {args.pons}: not an executable file", file=sys.stderr)
        sys.exit(2)
    rng = random.Random(args.variant)
    found = {k: [] for k in WANTED}
    seen = set()
    with ThreadPoolExecutor(max_workers=2) as pool:
        while any(len(found[k]) < WANTED[k] for k in WANTED):
            batch = []
            while len(batch) < 16:
                # Ask only for the levels still short of positions.
                short = [lv for lv in ("begin", "middle", "end")
                         if any(len(found[k]) < WANTED[k] for k in WANTED if k.startswith(lv))]
                lo, hi = {"begin": (2, 14), "middle": (15, 28), "end": (29, CELLS - 2)}[rng.choice(short)]
                n = rng.randint(lo, hi)
                moves = random_game(rng, n)
                if moves is not None and moves not in seen:
                    seen.add(moves)
                    batch.append(moves)
            for moves, score in zip(batch, pool.map(
                    lambda m: score_of(args.pons, m, args.limit if len(m) > 14 else args.begin_limit),
                    batch)):
                if score is None:
                    continue
                kind = classify(len(moves), score)
                if len(found[kind]) < WANTED[kind]:
                    found[kind].append((moves, score))
            print("  ".join(f"{k} {len(v)}/{WANTED[k]}" for k, v in found.items()),
                  file=sys.stderr)
    os.makedirs(args.out, exist_ok=True)
    for kind, rows in found.items():
        with open(os.path.join(args.out, kind + ".txt"), "w") as f:
            for moves, score in rows:
                f.write(f"{moves} {score}\n")


if __name__ == "__main__":
    main()

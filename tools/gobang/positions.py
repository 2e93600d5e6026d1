"""Positions for the Gobang AI parity check, and the Python AI's answers.

    python3 tools/gobang/positions.py --python DIR --seed S --count N OUT.txt

DIR is a folder holding the step-list Gobang's Python (robot.py and
setup.py; pygame is not needed for them). Writes N positions to OUT.txt,
one a line:

    BOARD  ROW,COL  SCORE  SECONDS

BOARD is 15 rows of 15 cells joined by '/', each cell '.', 'X' (black, '1'
in the Python) or 'O' (white, '0'); ROW,COL is what AI(maps).layerOne()
returns; SCORE is the score it prints (- when it prints none: the centre
was free, or a winning point was found at once); SECONDS is how long the
Python took. Positions come from two sources, in turn: random games (random
stones near the others, black first) and scripted games (the Python's AI as
white against a random black), each stopped before anyone has five. With
--append, positions already in OUT.txt are kept and the run continues from
there (it is resumable: each line is written as soon as it is known).
"""

import argparse
import contextlib
import io
import random
import sys
import time
from pathlib import Path

N = 15


def board_text(maps):
    return "/".join("".join("." if c is None else "X" if c == "1" else "O" for c in row)
                    for row in maps)


def has_five(maps):
    """Five or more in a row anywhere (the rule done right, to stop games)."""
    for x in range(N):
        for y in range(N):
            c = maps[x][y]
            if c is None:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                k = 1
                while (0 <= x + dx * k < N and 0 <= y + dy * k < N
                       and maps[x + dx * k][y + dy * k] == c):
                    k += 1
                if k >= 5:
                    return True
    return False


def near_empty(maps, rng, spread):
    """A random empty point within `spread` of a stone (the centre on an empty board)."""
    stones = [(x, y) for x in range(N) for y in range(N) if maps[x][y] is not None]
    if not stones:
        return (7, 7)
    cells = sorted({(x + dx, y + dy) for x, y in stones
                    for dx in range(-spread, spread + 1) for dy in range(-spread, spread + 1)
                    if 0 <= x + dx < N and 0 <= y + dy < N and maps[x + dx][y + dy] is None})
    return rng.choice(cells) if cells else None


def ask(AI, maps):
    """layerOne's point and printed score, and the seconds it took."""
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        x, y = AI(maps).layerOne()
    seconds = time.perf_counter() - start
    printed = out.getvalue().strip()
    score = printed.rsplit("score:", 1)[1] if "score:" in printed else "-"
    return (x, y), score, seconds


def random_game(rng, stones):
    maps = [[None] * N for _ in range(N)]
    for k in range(stones):
        point = near_empty(maps, rng, rng.choice((1, 1, 2)))
        if point is None:
            break
        maps[point[0]][point[1]] = "1" if k % 2 == 0 else "0"
        if has_five(maps):
            maps[point[0]][point[1]] = None
            break
    return maps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path, help="folder with robot.py and setup.py")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--max-stones", type=int, default=16)
    parser.add_argument("--append", action="store_true")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(args.python.resolve()))
    from robot import AI  # noqa: E402  (the learner's own AI)

    done = args.out.read_text().count("\n") if args.append and args.out.exists() else 0
    rng = random.Random(args.seed)
    written = 0
    with open(args.out, "a" if args.append else "w") as out:
        game = None
        while written < args.count:
            scripted = written % 2 == 1
            if scripted:
                # The AI (white) against a random black, one position a white move.
                if game is None or has_five(game) or rng.random() < 0.08:
                    game = [[None] * N for _ in range(N)]
                maps = game
                point = near_empty(maps, rng, 1)
                if point is None:
                    game = None
                    continue
                maps[point[0]][point[1]] = "1"
                if has_five(maps) or sum(c is not None for r in maps for c in r) > 2 * args.max_stones:
                    game = None
                    continue
            else:
                maps = random_game(rng, rng.randint(0, args.max_stones))
            text = board_text(maps)
            written += 1
            if written <= done:      # already in OUT.txt: replay the generator only
                if scripted:
                    x, y = (int(v) for v in open(args.out).read().splitlines()[written - 1].split()[1].split(","))
                    maps[x][y] = "0"
                continue
            (x, y), score, seconds = ask(AI, maps)
            print(f"{text} {x},{y} {score} {seconds:.4f}", file=out, flush=True)
            if scripted:
                maps[x][y] = "0"


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write tests/fixtures/ai-parity-VERSION.jsonl: the Python original's AI
numbers under the Python that runs this tool (VERSION is its 3.N).

    python3 tools/make-ai-fixtures.py --python PATH/TO/fourinrow.py [--out FILE] [--jobs N]
    python3.13 tools/make-ai-fixtures.py --python PATH/TO/fourinrow.py

PATH/TO/fourinrow.py is the Python game (the tutorial's fourinrow.py, or
Sweigart's fourinarow.py with its set-up in main()). It is run the way
tools/compare.py runs it (tools/sidebyside: a copy in a temporary folder,
no window), and asked about 2,176 positions: for each row of PLAN below
and each colour to move, random reachable positions (see `positions`),
sorted as text. Each line of the output is what the port's
`fourinrow analyze` must print for that position, double for double:

    {"board": ..., "difficulty": N, "tile": "black", "potential_moves": [...], "best_moves": [...]}

potential_moves is the program's getPotentialMoves(board, tile, N), and
best_moves the columns its getComputerMove would choose among.
`cargo test` checks them with no Python installed (tests/ai_parity.rs),
each file with its version's arithmetic: Python 3.12 made `sum()`
compensate, so 64 of the positions (at difficulties 3 and 4) have another
double under 3.12 and 3.13 than under 3.11. The repository keeps the
files of 3.11 and 3.13.
Deep searches on big boards take the Python minutes, so those rows use
fewer positions, later in a game (MIN_MOVES), where fewer columns remain.
The whole run takes the tutorial's program about two and a half minutes of
processor time, most of it at difficulties 3 and 4; --jobs 2 (the default
on two cores or more) asks two groups at once.

Needs Python 3.8 to 3.13 and pygame (pip install pygame==2.6.1). The file is
written only when every position has been answered; an error is one line,
with exit status 2.
"""
import json
import os
import random
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True      # no __pycache__ in the repository's tools/
TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(TOOLS))

from sidebyside import Fatal, python_tool_parser, require_pygame, run_tool  # noqa: E402
from sidebyside.positions import board_text, four_at  # noqa: E402

# One row per board size and difficulty: how many positions for each colour
# to move, the fewest tokens a position's game plays (MIN_MOVES), and the
# number the random generator starts from (for black; red takes the next).
# (width, height, difficulty, count, min_moves, start)
PLAN = [
    (4, 4, 1, 100, 0, 11), (4, 4, 2, 100, 0, 12), (4, 4, 3, 100, 0, 13), (4, 4, 4, 60, 0, 14),
    (5, 5, 1, 80, 0, 21), (5, 5, 2, 80, 0, 22), (5, 5, 3, 80, 0, 23), (5, 5, 4, 25, 12, 24),
    (7, 6, 1, 80, 0, 31), (7, 6, 2, 80, 0, 32), (7, 6, 3, 40, 8, 33), (7, 6, 4, 6, 30, 34),
    (8, 5, 1, 60, 0, 41), (8, 5, 2, 60, 0, 42), (8, 5, 3, 25, 15, 43),
    (9, 7, 1, 50, 0, 51), (9, 7, 2, 50, 0, 52), (9, 7, 3, 12, 40, 53),
]
TILES = ("black", "red")


def positions(count, width, height, start, min_moves=0):
    """`count` different board texts, sorted: random games cut short.

    Each game draws its length (min_moves to width x height - 1 tokens) and
    who plays first, then drops tokens in random columns with room. A game
    in which someone makes four in a row is thrown away. The boards come
    from random.Random(start), so the same arguments give the same boards
    on every machine. Board text: rows from the top joined by '/', '.'
    empty, 'R' red, 'B' black. The colour to move is not part of the text:
    PLAN asks about each board set for one colour.
    """
    rng = random.Random(start)
    found = set()
    while len(found) < count:
        columns = [["."] * height for _ in range(width)]
        moves = rng.randint(min_moves, width * height - 1)
        tile = rng.choice("RB")
        won = False
        for _ in range(moves):
            column = rng.choice([x for x in range(width) if columns[x][0] == "."])
            y = max(y for y in range(height) if columns[column][y] == ".")
            columns[column][y] = tile
            # A new four must hold the token just dropped: before it, this
            # side had none (the game would have been thrown away).
            if four_at(columns, height, column, y, tile):
                won = True
                break
            tile = "B" if tile == "R" else "R"
        if not won and any(columns[x][0] == "." for x in range(width)):
            found.add(board_text(columns, height))
    return sorted(found)


def plan():
    """The groups to ask, in the file's order: (label, positions as dicts)."""
    groups = []
    for (width, height, difficulty, count, min_moves, start) in PLAN:
        for t, tile in enumerate(TILES):
            boards = positions(count, width, height, start * 10 + t, min_moves)
            groups.append((f"{width}x{height} difficulty {difficulty} {tile}",
                           [{"board": b, "difficulty": difficulty, "tile": tile} for b in boards]))
    return groups


def line(position, answer):
    """One fixture line, keys in the order `fourinrow analyze` prints them."""
    return json.dumps({"board": position["board"], "difficulty": position["difficulty"],
                       "tile": position["tile"], "potential_moves": answer["potential_moves"],
                       "best_moves": answer["best_moves"]}) + "\n"


def answer_all(learner, groups, jobs):
    """Every group's answers, `jobs` driver processes at a time; prints a
    line per group, in order, as they finish. Returns the fixture's lines."""
    started, lines = [], []
    pending = list(groups)
    try:
        for _ in groups:
            while pending and len(started) < jobs:
                next_label, next_asked = pending.pop(0)
                started.append((next_label, next_asked, learner.start_analysis(next_asked)))
            label, asked, run = started.pop(0)
            answers = learner.finish_analysis(run, timeout=None)
            for position, answer in zip(asked, answers):
                if "error" in answer:
                    raise Fatal(f"{learner.program.path}: {label}, board {position['board']}: "
                                f"{answer['error']}")
                lines.append(line(position, answer))
            print(f"{label}: {len(answers)} positions", file=sys.stderr, flush=True)
    finally:
        for _, _, run in started:       # after an error, stop the others
            learner.stop_analysis(run)
    return lines


def main(argv=None):
    parser = python_tool_parser("make-ai-fixtures.py", __doc__)
    parser.add_argument("--out", metavar="FILE",
                        help="where to write the lines (default: "
                             "tests/fixtures/ai-parity-VERSION.jsonl, VERSION this Python's 3.N)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="groups answered at once (default: %(default)s)")
    args = parser.parse_args(argv)
    require_pygame()
    from sidebyside import images, learner
    from sidebyside.program import Program

    program = Program.read(args.python)
    version = "%d.%d" % sys.version_info[:2]
    out = Path(args.out) if args.out else REPO / "tests" / "fixtures" / f"ai-parity-{version}.jsonl"
    if not out.parent.is_dir():
        raise Fatal(f"{out.parent}: no such folder (for --out)")
    groups = plan()
    with tempfile.TemporaryDirectory(prefix="fourinrow-ai-fixtures-") as work:
        # The AI draws nothing; the images (the repository's) are only for
        # the program's set-up, which loads them.
        game = learner.set_up(program, images.from_folder(REPO / "images"), Path(work) / "game")
        print(f"make-ai-fixtures: {program.path}: {program.layout}; "
              f"{sum(len(a) for _, a in groups)} positions", file=sys.stderr)
        lines = answer_all(game, groups, max(1, args.jobs))
    part = out.with_name(out.name + ".part")
    part.write_text("".join(lines))
    os.replace(part, out)
    print(f"make-ai-fixtures: {len(lines)} lines written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    run_tool(main)

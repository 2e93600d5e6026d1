"""How long a Python game's getPotentialMoves takes: the Python side of
tools/measure-speed.sh.

    python3 tools/sidebyside/timing.py --python PATH/TO/fourinrow.py
                                       [--difficulty N ...] [--repeat R] BOARD...
    python3 tools/sidebyside/timing.py --python PATH/TO/fourinrow.py --check

For each board (board text: rows from the top joined by '/', '.' empty,
'R' red, 'B' black) and each difficulty, prints one JSON line

    {"board": "......./...", "difficulty": 2, "seconds": 0.0123}

where seconds is the median of R calls (default 3) of the program's own
getPotentialMoves(board, BLACK, difficulty), timed with time.perf_counter
around the call alone. The program is run as tools/compare.py runs it: a
copy in a temporary folder, compiled for the board's size, with no window
(the repository's images/ stand in for its own, which the search does not
draw). --check only reads the program, prints its layout and exits: a
quick way to find a wrong path before a long measurement. Errors are one
line on stderr, with exit status 2.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

if __name__ == "__main__":       # run as a script: import `sidebyside` from tools/
    sys.dont_write_bytecode = True
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from sidebyside import Fatal, python_tool_parser, require_pygame, run_tool  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


def time_boards(program, boards, difficulties, repeat, work, images_folder=REPO / "images"):
    """The median seconds of `repeat` getPotentialMoves calls, black to
    move, for each board at each difficulty: a list of dicts (board,
    difficulty, seconds), boards first. `program`: a checked Program;
    `work`: a new folder for the copy. Fatal if the program raised."""
    from sidebyside import images, learner
    game = learner.set_up(program, images.from_folder(images_folder), Path(work))
    asked = [{"board": board, "difficulty": difficulty, "tile": "black"}
             for board in boards for difficulty in difficulties]
    timed = game.time_potential_moves(asked, repeat)
    lines = []
    for position, answer in zip(asked, timed):
        if "error" in answer:
            raise Fatal(f"{program.path}: board {position['board']} at difficulty "
                        f"{position['difficulty']}: {answer['error']}")
        lines.append({"board": position["board"], "difficulty": position["difficulty"],
                      "seconds": statistics.median(answer["seconds"])})
    return lines


def check_board(text):
    """argparse type: a board text with rows of one length, of . R B only."""
    rows = text.split("/")
    if not rows[0] or any(len(r) != len(rows[0]) for r in rows) or set(text) - set("./RB"):
        raise argparse.ArgumentTypeError(f"not a board text (rows of . R B joined by /): {text!r}")
    if len(rows) < 4 or len(rows[0]) < 4:
        raise argparse.ArgumentTypeError(f"smaller than 4x4: {text!r}")
    return text


def main(argv=None):
    import json
    parser = python_tool_parser("timing.py", __doc__)
    parser.add_argument("--difficulty", type=int, action="append", metavar="N",
                        help="look-ahead to time; may be repeated (default: 2)")
    parser.add_argument("--repeat", type=int, default=3, metavar="R",
                        help="calls per board and difficulty; the median is printed (default: 3)")
    parser.add_argument("--check", action="store_true", help="only check the program and exit")
    parser.add_argument("boards", nargs="*", type=check_board, metavar="BOARD")
    args = parser.parse_args(argv)
    require_pygame()
    from sidebyside.program import Program
    program = Program.read(args.python)
    if args.check:
        print(f"timing: {program.path}: {program.layout}")
        return 0
    if not args.boards:
        raise Fatal("timing.py: give at least one BOARD (or --check)")
    if args.repeat < 1:
        raise Fatal("timing.py: --repeat must be at least 1")
    with tempfile.TemporaryDirectory(prefix="fourinrow-timing-") as work:
        for line in time_boards(program, args.boards, args.difficulty or [2], args.repeat,
                                Path(work) / "game"):
            print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    run_tool(main)

#!/usr/bin/env python3
"""Write the game-flow replay scripts and the Python original's frames for them.

    python3 tools/make-frame-fixtures.py --python PATH/TO/fourinrow.py [--only NAME]
                                         [--out DIR] [--scripts DIR]

PATH/TO/fourinrow.py is the Python game (the tutorial's fourinrow.py, or
Sweigart's fourinarow.py with its set-up in main()). For each scenario
below this writes tests/scripts/NAME.json (a replay script, described in
docs/replay-scripts.md), plays it with that program the way
tools/compare.py does (tools/sidebyside: a copy in a temporary folder, no
window, drawing with the repository's images/ or the scenario's own), and
writes tests/fixtures/frames/NAME.txt: one line per presented frame, the
CRC-32 (zlib's) of its RGB bytes. The scenarios in GOLDEN also keep one
frame whole, as tests/fixtures/frames/NAME-NNNNN.png (NNNNN: its index).
tests/game_flow.rs replays the same scripts with the port and compares.

Most scenarios play at difficulty 0, where every valid column is a best
move, so the script's `choices` pick the computer's columns outright.

--out and --scripts write elsewhere (to compare a copy's frames with the
committed ones, say); --only remakes one scenario. Needs Python 3.11 and
pygame (pip install pygame==2.6.1); an error is one line, with exit
status 2.
"""
import json
import shutil
import sys
import tempfile
import zlib
from pathlib import Path

sys.dont_write_bytecode = True      # no __pycache__ in the repository's tools/
TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(TOOLS))

from sidebyside import Fatal, python_tool_parser, require_pygame, run_tool  # noqa: E402

PILE = (50, 430)  # the middle of the red pile


def drag(frame, width, height, column, x_offset=0):
    """Events dragging a token from the pile to above `column` and letting go."""
    xmargin = (640 - width * 50) // 2
    ymargin = (480 - height * 50) // 2
    x = xmargin + column * 50 + 25 + x_offset
    y = max(ymargin - 20, 1)
    return [[frame, "down", *PILE], [frame + 1, "motion", (PILE[0] + x) // 2, (PILE[1] + y) // 2],
            [frame + 2, "motion", x, y], [frame + 3, "up", x, y]]


def moves(width, height, columns, start=0, gap=200):
    events, f = [], start
    for c in columns:
        events += drag(f, width, height, c)
        f += gap
    return events, f


def scenarios():
    out = {}
    # The human wins along the bottom row of a 5x5 board; a click starts game 2, which the
    # human starts (first: human) and leaves mid-drag over the board.
    ev, f = moves(5, 5, [1, 2, 3, 4])
    ev += [[f, "down", 320, 240], [f + 1, "up", 320, 240]]
    ev += [[f + 20, "down", *PILE], [f + 21, "motion", 200, 200], [f + 24, "motion", 260, 150]]
    out["human-wins-5x5"] = {"width": 5, "height": 5, "difficulty": 0, "frames": f + 40,
                             "choices": [0, 0, 0, 1], "first": ["human"], "events": ev}
    # The computer wins down column 0 of the default board; Esc on the result screen quits.
    ev, f = moves(7, 6, [3, 4, 5])
    ev += [[f, "escape"]]
    out["computer-wins-escape"] = {"width": 7, "height": 6, "difficulty": 0, "frames": f + 200,
                                   "choices": [0, 0, 0, 0], "events": ev}
    # A 4x4 game that fills the board with no four in a row: the tie panel.
    ev, f = moves(4, 4, [2, 3, 0, 1, 2, 3, 0, 1])
    ev += [[f, "down", 320, 240], [f + 1, "up", 320, 240]]
    out["tie-4x4"] = {"width": 4, "height": 4, "difficulty": 0, "frames": f + 30,
                      "choices": [0, 1, 2, 3, 0, 1, 2, 1], "first": ["computer"], "events": ev}
    # Mistakes: a press off the pile, a release beside the board, a release below the
    # top edge, a drop on a full column (ignored), then the window is closed mid-turn.
    ev = [[60, "down", 300, 300], [61, "motion", 320, 60], [62, "up", 320, 60],
          [70, "down", *PILE], [71, "motion", 100, 60], [72, "up", 100, 60],
          [80, "down", *PILE], [81, "motion", 320, 200], [82, "up", 320, 200]]
    more, f = moves(4, 4, [0, 0], start=90)
    ev += more
    ev += drag(f, 4, 4, 0) + [[f + 30, "quit"]]
    out["mistakes-and-quit"] = {"width": 4, "height": 4, "difficulty": 0, "frames": f + 300,
                                "choices": [0, 0, 0], "events": ev}
    # The default game at the default difficulty, quit while the computer's token moves:
    # the original only sees the close at its next event poll.
    ev, f = moves(7, 6, [3])
    ev += [[f + 5, "quit"]]
    out["quit-during-animation"] = {"frames": f + 400, "events": ev}
    # Images of other sizes (tests/fixtures/odd-images: the project's art resized,
    # tokens 73, 37 and 64 pixels, a 300x170 winner panel, a 251x99 arrow), so that
    # smoothscale shrinks and grows by odd ratios and the layout follows the sizes.
    ev, f = moves(5, 5, [1, 2, 3, 4])
    out["odd-images-5x5"] = {"width": 5, "height": 5, "difficulty": 0, "frames": f + 60,
                             "choices": [0, 0, 0, 1], "events": ev}
    return out


# Scenarios drawn with other images than images/ (relative to the project's root).
IMAGES = {"odd-images-5x5": "tests/fixtures/odd-images"}

GOLDEN = {"human-wins-5x5": "last-result", "computer-wins-escape": "last", "odd-images-5x5": "last-result",
          "tie-4x4": "last-result", "mistakes-and-quit": "first-human"}


def main(argv=None):
    parser = python_tool_parser("make-frame-fixtures.py", __doc__)
    parser.add_argument("--only", metavar="NAME", help="remake just this scenario")
    parser.add_argument("--out", metavar="DIR",
                        help="where the checksums and golden PNGs go (default: tests/fixtures/frames)")
    parser.add_argument("--scripts", metavar="DIR",
                        help="where the replay scripts go (default: tests/scripts)")
    args = parser.parse_args(argv)
    require_pygame()
    from sidebyside import images, learner, scripts
    from sidebyside.program import Program

    everything = scenarios()
    if args.only and args.only not in everything:
        raise Fatal(f"--only {args.only}: no such scenario (the scenarios are: "
                    + ", ".join(everything) + ")")
    program = Program.read(args.python)
    out = Path(args.out) if args.out else REPO / "tests" / "fixtures" / "frames"
    script_dir = Path(args.scripts) if args.scripts else REPO / "tests" / "scripts"
    for folder, option in ((out, "--out"), (script_dir, "--scripts")):
        if not folder.is_dir():
            raise Fatal(f"{folder}: no such folder (for {option})")
    print(f"make-frame-fixtures: {program.path}: {program.layout}")
    with tempfile.TemporaryDirectory(prefix="fourinrow-frame-fixtures-") as work:
        work = Path(work)
        games = {}          # images folder -> the program laid out with them
        for name, script in everything.items():
            if args.only and name != args.only:
                continue
            folder = IMAGES.get(name, "images")
            if folder not in games:
                games[folder] = learner.set_up(program, images.from_folder(REPO / folder),
                                               work / f"game-{len(games)}")
            path = script_dir / (name + ".json")
            with open(path, "w") as f:
                json.dump(script, f)
                f.write("\n")
            frames_dir = work / "frames" / name
            result = games[folder].replay(scripts.load(path, name), frames_dir, known=())
            if result["error"]:
                raise Fatal(f"{program.path}: {name}: {result['error']}")
            for old in out.iterdir():       # the scenario's earlier fixtures, once it has played
                if old.name.startswith(name + "-") or old.name == name + ".txt":
                    old.unlink()
            # The driver saved each distinct frame once, as HASH.png.
            crcs = {}
            for digest in result["hashes"]:
                if digest not in crcs:
                    crcs[digest] = crc32_of_png(frames_dir / (digest + ".png"))
            hashes = ["%d" % crcs[digest] for digest in result["hashes"]]
            (out / (name + ".txt")).write_text("\n".join(hashes) + "\n")
            golden = GOLDEN.get(name)
            if golden:
                index = len(hashes) - 1
                if golden == "last-result":
                    # the result screen's last frame before the click that ends it
                    index = first_result_frame(hashes)
                elif golden == "first-human":
                    index = 59
                shutil.copyfile(frames_dir / (result["hashes"][index] + ".png"),
                                out / ("%s-%05d.png" % (name, index)))
            print("%s: %d frames (%s)" % (name, len(hashes), result["outcome"]))
    return 0


def crc32_of_png(path):
    """zlib's CRC-32 of a PNG's pixels, as RGB bytes."""
    import pygame
    return zlib.crc32(pygame.image.tobytes(pygame.image.load(str(path)), "RGB"))


def first_result_frame(hashes):
    """The last frame of the longest run of identical consecutive frames (a result screen)."""
    best, start, best_end = 0, 0, len(hashes) - 1
    for i in range(1, len(hashes) + 1):
        if i == len(hashes) or hashes[i] != hashes[start]:
            if i - start > best:
                best, best_end = i - start, i - 1
            start = i
    return best_end


if __name__ == "__main__":
    run_tool(main)

#!/usr/bin/env python3
"""Write the game-flow replay scripts and the Python original's frames for them.

    python3 tools/make-frame-fixtures.py [--parity ../shared/parity]

For each scenario below this writes tests/scripts/NAME.json (a replay script
in shared/parity's format), plays it with the Python original
(shared/parity/oracle.py replay, with the project's images/), and writes
tests/fixtures/frames/NAME.txt: one line per presented frame, the CRC-32
(zlib's) of its RGB bytes. The frames listed in GOLDEN are also copied
to tests/fixtures/frames/NAME-NNNNN.png. tests/game_flow.rs replays the same
scripts with the port and compares. Needs `pip install pygame==2.6.1`.

Most scenarios play at difficulty 0, where every valid column is a best
move, so the script's `choices` pick the computer's columns outright.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, zlib

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

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
IMAGES = {"odd-images-5x5": os.path.join("tests", "fixtures", "odd-images")}


GOLDEN = {"human-wins-5x5": "last-result", "computer-wins-escape": "last", "odd-images-5x5": "last-result",
          "tie-4x4": "last-result", "mistakes-and-quit": "first-human"}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--parity", default=os.path.join(root, "..", "shared", "parity"))
    p.add_argument("--only", help="remake just this scenario")
    a = p.parse_args()
    import pygame
    for name, script in scenarios().items():
        if a.only and name != a.only:
            continue
        for old in os.listdir(os.path.join(root, "tests", "fixtures", "frames")):
            if old.startswith(name + "-") or old == name + ".txt":
                os.remove(os.path.join(root, "tests", "fixtures", "frames", old))
        path = os.path.join(root, "tests", "scripts", name + ".json")
        with open(path, "w") as f:
            json.dump(script, f)
            f.write("\n")
        out = tempfile.mkdtemp(prefix="fourinrow-frames-")
        images = os.path.join(root, IMAGES.get(name, "images"))
        subprocess.run([sys.executable, os.path.join(a.parity, "oracle.py"), "--images",
                        images, "replay", path, "--out", out],
                       check=True, capture_output=True)
        frames = sorted(n for n in os.listdir(out) if n.startswith("frame-"))
        hashes = []
        for n in frames:
            surf = pygame.image.load(os.path.join(out, n))
            hashes.append("%d" % zlib.crc32(pygame.image.tobytes(surf, "RGB")))
        with open(os.path.join(root, "tests", "fixtures", "frames", name + ".txt"), "w") as f:
            f.write("\n".join(hashes) + "\n")
        golden = GOLDEN.get(name)
        if golden:
            index = len(frames) - 1
            if golden == "last-result":
                # the last frame before the click that ends the result screen: find the
                # first frame of the final run of identical frames before the next game
                index = first_result_frame(hashes)
            elif golden == "first-human":
                index = 59
            shutil.copy(os.path.join(out, frames[index]),
                        os.path.join(root, "tests", "fixtures", "frames", "%s-%05d.png" % (name, index)))
        shutil.rmtree(out)
        print("%s: %d frames" % (name, len(frames)))


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
    main()

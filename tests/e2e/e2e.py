#!/usr/bin/env python3
"""Helpers for tests/e2e/run.sh: read the game's window from screenshots,
and keep a model of the board to know what the screen should show.

    e2e.py board WID COLS ROWS [SAVE.ppm]  screenshot; print the board text
    e2e.py panel WID REF.ppm               screenshot; which result panel covers REF
    e2e.py diff WID REF.ppm                screenshot; pixels that differ from REF
    e2e.py drop BOARD COL TILE             the board after TILE (R or B) falls into COL
    e2e.py outcome BOARD                   red, black, tie or none
    e2e.py pick BOARD                      the column the test's human plays
    e2e.py close WID PID                   close the window (xclose.py); print how long
                                           PID took to exit, in microseconds

Board text is the game's own (`fourinrow analyze`): rows from top to
bottom joined by '/', '.' empty, 'R' red, 'B' black; a screenshot's cell
that is none of these reads '?' (a token passing over it, or the result
panel). Screenshots are taken with ImageMagick:
`import -window WID -depth 8 ppm:-`.
Standard library only.
"""
import os
import subprocess
import sys
import time

WINDOW = (640, 480)
SPACESIZE = 50


def margins(cols, rows):
    """XMARGIN and YMARGIN, as src/settings.rs computes them."""
    return (WINDOW[0] - cols * SPACESIZE) // 2, (WINDOW[1] - rows * SPACESIZE) // 2


class Image:
    """An RGB image read from a binary PPM (P6, maxval 255)."""

    def __init__(self, data):
        fields, pos = [], 0
        while len(fields) < 4:
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b"#":
                pos = data.index(b"\n", pos)
                continue
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[pos:end])
            pos = end
        magic, width, height, maxval = fields
        if magic != b"P6" or maxval != b"255":
            raise ValueError("not an 8-bit binary PPM")
        self.width, self.height = int(width), int(height)
        self.pixels = data[pos + 1:pos + 1 + 3 * self.width * self.height]

    def pixel(self, x, y):
        i = 3 * (y * self.width + x)
        return tuple(self.pixels[i:i + 3])


def screenshot(wid, save=None):
    data = subprocess.run(["import", "-window", wid, "-depth", "8", "ppm:-"], check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    if save:
        with open(save + ".tmp", "wb") as f:
            f.write(data)
        os.replace(save + ".tmp", save)
    image = Image(data)
    if (image.width, image.height) != WINDOW:
        raise SystemExit(f"e2e.py: window {wid} is {image.width}x{image.height}, not 640x480")
    return image


def load(path):
    with open(path, "rb") as f:
        return Image(f.read())


def classify(rgb):
    """What a cell's centre pixel shows: the red token's centre is
    (223, 45, 50), the black one's (66, 66, 71), an empty hole shows the
    background (0, 50, 255)."""
    r, g, b = rgb
    if r > 170 and g < 100 and b < 100:
        return "R"
    if max(r, g, b) < 110 and max(r, g, b) - min(r, g, b) < 30:
        return "B"
    if r < 40 and 20 < g < 90 and b > 220:
        return "."
    return "?"


def read_board(image, cols, rows):
    xmargin, ymargin = margins(cols, rows)
    return "/".join(
        "".join(classify(image.pixel(xmargin + c * SPACESIZE + SPACESIZE // 2,
                                     ymargin + r * SPACESIZE + SPACESIZE // 2))
                for c in range(cols))
        for r in range(rows))


def changed(a, b, x0, x1, y0, y1):
    """The fraction of pixels in [x0, x1) x [y0, y1) that differ clearly."""
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if sum(abs(p - q) for p, q in zip(a.pixel(x, y), b.pixel(x, y))) > 60:
                n += 1
    return n / ((x1 - x0) * (y1 - y0))


# The result images all go at the corner (180, 159) of the centred human-winner
# rectangle (src/game.rs): the tie panel is 207 wide, the human's 281, the
# computer's 379. Three strips tell them apart (on a 4x4 board, whose right
# edge is x = 420, the last two lie over the plain background).
PANEL_STRIPS = {"tie": (190, 380), "human": (425, 455), "computer": (470, 555)}


def panel(image, ref):
    """Which result panel `image` shows over the board-only frame `ref`."""
    fraction = {name: changed(image, ref, x0, x1, 170, 270)
                for name, (x0, x1) in PANEL_STRIPS.items()}
    covered = {name: f > 0.5 for name, f in fraction.items()}
    fractions = " ".join(f"{name}={f:.2f}" for name, f in fraction.items())
    kinds = {(True, False, False): "tie", (True, True, False): "human",
             (True, True, True): "computer", (False, False, False): "none"}
    key = (covered["tie"], covered["human"], covered["computer"])
    return kinds.get(key, "unclear"), fractions


def grid(board):
    return [list(row) for row in board.split("/")]


def drop(board, col, tile):
    cells = grid(board)
    for row in reversed(cells):
        if row[col] == ".":
            row[col] = tile
            return "/".join("".join(r) for r in cells)
    return "full"


def winner(board, tile):
    cells = grid(board)
    rows, cols = len(cells), len(cells[0])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + k * dr < rows and 0 <= c + k * dc < cols
                       and cells[r + k * dr][c + k * dc] == tile for k in range(4)):
                    return True
    return False


def outcome(board):
    if winner(board, "R"):
        return "red"
    if winner(board, "B"):
        return "black"
    if "." not in board:
        return "tie"
    return "none"


def pick(board):
    """The human's column: one that wins at once, else the first with room."""
    cols = len(board.split("/")[0])
    open_cols = [c for c in range(cols) if drop(board, c, "R") != "full"]
    for c in open_cols:
        if winner(drop(board, c, "R"), "R"):
            return c
    return open_cols[0]


def exited(pid):
    """Whether process `pid` has ended (gone, or a zombie not yet reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):  # reaped meanwhile
        return True


def close(wid, pid, timeout=5.0):
    """Sends WM_DELETE_WINDOW (tests/e2e/xclose.py) and polls /proc every
    half millisecond until `pid` has exited: the microseconds from the
    message being flushed to the X server to the exit, or -1 on timeout."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import xclose  # loads libX11 (slow: find_library) before the clock starts
    sys.argv = ["xclose.py", wid]
    xclose.main()
    start = time.monotonic()
    while not exited(pid):
        if time.monotonic() - start > timeout:
            return -1
        time.sleep(0.0005)
    return round((time.monotonic() - start) * 1e6)


def main(argv):
    cmd, args = argv[0], argv[1:]
    if cmd == "board":
        wid, cols, rows = args[0], int(args[1]), int(args[2])
        print(read_board(screenshot(wid, args[3] if len(args) > 3 else None), cols, rows))
    elif cmd == "panel":
        kind, fractions = panel(screenshot(args[0]), load(args[1]))
        print(kind, fractions)
    elif cmd == "diff":
        a, b = screenshot(args[0]), load(args[1])
        if a.pixels == b.pixels:
            print(0)
        else:
            print(sum(a.pixels[i:i + 3] != b.pixels[i:i + 3] for i in range(0, len(a.pixels), 3)))
    elif cmd == "drop":
        print(drop(args[0], int(args[1]), args[2]))
    elif cmd == "outcome":
        print(outcome(args[0]))
    elif cmd == "pick":
        print(pick(args[0]))
    elif cmd == "close":
        print(close(args[0], int(args[1])))
    else:
        raise SystemExit(f"e2e.py: unknown command {cmd!r}")


if __name__ == "__main__":
    main(sys.argv[1:])

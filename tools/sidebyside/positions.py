"""Positions for the AI comparison: reachable boards, made by random legal
games from a fixed seed, so every run asks about the same boards.

A game starts on an empty board with a random side, drops tokens in random
columns that have room, never plays a move that would make four in a row
(so no one has won), and stops at a random length. The side to move there
is the position's tile. Board text is the port's: rows from top to bottom
joined by '/', '.' empty, 'R' red, 'B' black.

The Python original's search costs about (open columns) ** (2 x difficulty)
board copies, and copies are slow in Python: difficulty 3 on an empty 7x6
board takes seconds. So difficulty 3 is asked only where at most
MAX_OPEN_AT_3 columns have room: on narrow boards, or late in a game.
"""

import random
from dataclasses import dataclass

SEED = 13                 # the project's issue number; any fixed value will do
WIDTHS = range(4, 10)     # 4 to 9 columns
HEIGHTS = range(4, 8)     # 4 to 7 rows
DIFFICULTIES = (1, 2, 3)
PER_CASE = 5              # positions per size and difficulty: 6 x 4 x 3 x 5 = 360
MAX_OPEN_AT_3 = 6         # at most 6 ** 6 = 46,656 leaves at difficulty 3


@dataclass(frozen=True)
class Position:
    board: str        # board text
    difficulty: int
    tile: str         # 'black' or 'red': whose move is valued

    @property
    def size(self):
        rows = self.board.split("/")
        return len(rows[0]), len(rows)


def four_at(columns, height, x, y, tile):
    """Whether the token `tile` at column x, row y (0 = top) is in a four."""
    width = len(columns)

    def at(cx, cy):
        return 0 <= cx < width and 0 <= cy < height and columns[cx][cy] == tile

    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            step = 1
            while at(x + sign * step * dx, y + sign * step * dy):
                run += 1
                step += 1
        if run >= 4:
            return True
    return False


def board_text(columns, height):
    """Columns (top cell first, as the Python's board[x][y]) to board text."""
    return "/".join("".join(column[y] for column in columns) for y in range(height))


def random_position(rng, width, height, tile, max_open=None):
    """A reachable position with `tile` to move and, if given, at most
    `max_open` columns with room; None when the random game got stuck."""
    columns = [["."] * height for _ in range(width)]
    mover = rng.choice("RB")
    stop = rng.randrange(width * height - 1)
    played = 0
    while True:
        open_columns = [x for x in range(width) if columns[x][0] == "."]
        enough = open_columns and played >= stop and (max_open is None or len(open_columns) <= max_open)
        if enough and mover == ("R" if tile == "red" else "B"):
            return Position(board_text(columns, height), 0, tile)
        safe = []
        for x in open_columns:
            y = max(y for y in range(height) if columns[x][y] == ".")
            columns[x][y] = mover
            if not four_at(columns, height, x, y, mover):
                safe.append((x, y))
            columns[x][y] = "."
        if len(open_columns) <= 1 or not safe:
            return None     # the board would fill up, or every move wins
        x, y = rng.choice(safe)
        columns[x][y] = mover
        mover = "B" if mover == "R" else "R"
        played += 1


def generate(seed=SEED, per_case=PER_CASE, difficulties=DIFFICULTIES):
    """`per_case` positions for every size and difficulty, alternating the
    tile (black first), in a fixed order."""
    rng = random.Random(seed)
    positions = []
    for width in WIDTHS:
        for height in HEIGHTS:
            for difficulty in difficulties:
                max_open = MAX_OPEN_AT_3 if difficulty >= 3 else None
                for k in range(per_case):
                    tile = ("black", "red")[k % 2]
                    position = None
                    while position is None:
                        position = random_position(rng, width, height, tile, max_open)
                    positions.append(Position(position.board, difficulty, tile))
    return positions

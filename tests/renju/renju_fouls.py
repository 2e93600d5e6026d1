"""The renju referee for tests/gobang_renju.rs: the forbidden points of
boards, as the MIT-licensed `renju` package (PyPI) judges them.

Reads lines of 225 characters on stdin, a 15x15 board column by column
(x from 0 to 14, and within a column y from 0 to 14): `.` empty, `X`
black, `O` white. Writes one line of 225 characters for each: for every
point, `-` if it is taken, else black's foul there: `0` none, `1` double
three, `2` double four, `3` overline. A point where black makes exactly
five is judged `5` (a win, whatever else it makes). Only checks: nothing
of it is in the program.
"""
import sys

from renju.check_forbid import get_foul_type

N = 15

if "--check" in sys.argv[1:]:
    sys.exit(0)


def five(board, x, y):
    """Whether black at the empty (x, y) makes exactly five in a line."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            i, j = x + sign * dx, y + sign * dy
            while 0 <= i < N and 0 <= j < N and board[i][j] == 1:
                count += 1
                i, j = i + sign * dx, j + sign * dy
        if count == 5:
            return True
    return False


for line in sys.stdin:
    text = line.strip()
    if len(text) != N * N:
        sys.exit("renju_fouls.py: a line of %d characters, not %d" % (len(text), N * N))
    board = [[{".": 0, "X": 1, "O": 2}[text[x * N + y]] for y in range(N)] for x in range(N)]
    out = []
    for x in range(N):
        for y in range(N):
            if board[x][y]:
                out.append("-")
            elif five(board, x, y):
                out.append("5")
            else:
                out.append(str(get_foul_type(board, x, y)))
    print("".join(out), flush=True)

"""The AI comparison: the learner's getPotentialMoves and getComputerMove
against `fourinrow analyze`, value for value.

The port prints each double as Python's repr() writes it, and repr()
round-trips: parsed back, it is the very same double. So two values are
the same when their reprs are: that tells 0.1 + 0.2 from 0.3, and -0.0
from 0.0, which `==` would not. The Python's ints (0, 1, -1 where a
search stops early) are compared as the floats they equal.
"""

from dataclasses import dataclass


@dataclass
class AiCase:
    position: object          # positions.Position
    python: dict              # potential_moves, best_moves, seconds; or error
    rust: dict                # the port's JSON answer

    @property
    def same(self):
        if "error" in self.python:
            return False
        return (same_values(self.python["potential_moves"], self.rust["potential_moves"])
                and list(self.python["best_moves"]) == list(self.rust["best_moves"]))


def same_values(python, rust):
    """Double for double: as many values, each with the same repr."""
    return len(python) == len(rust) and all(
        repr(float(p)) == repr(float(r)) for p, r in zip(python, rust))


def first_digit_apart(a, b):
    """The first significant digit (counted from 1) where two reprs part,
    and the digits they share."""
    def digits(text):
        mantissa = text.lower().split("e")[0].lstrip("-")
        return mantissa.replace(".", "").lstrip("0")
    da, db = digits(a), digits(b)
    n = 0
    while n < min(len(da), len(db)) and da[n] == db[n]:
        n += 1
    return n + 1, da[:n]


def where_they_differ(case, port_python, other_answer, other_python):
    """One line: the first column whose value differs, the digit where the
    two part, and what the port gives with the other Python's sum()."""
    p = case.position
    mine, theirs = case.python["potential_moves"], case.rust["potential_moves"]
    where = f"{p.size[0]}x{p.size[1]} difficulty {p.difficulty} {p.tile} {p.board}"
    if len(mine) != len(theirs):
        return f"{where}: your program gave {len(mine)} values, the port {len(theirs)}"
    columns = [i for i, (a, b) in enumerate(zip(mine, theirs)) if repr(float(a)) != repr(float(b))]
    if not columns:
        return (f"{where}: the same values, other best moves: yours {case.python['best_moves']}, "
                f"the port's {case.rust['best_moves']}")
    c = columns[0]
    a, b = repr(float(mine[c])), repr(float(theirs[c]))
    digit, shared = first_digit_apart(a, b)
    other = other_answer["potential_moves"]
    if same_values(mine, other):
        why = (f"the port with Python {other_python}'s sum() gives all of yours: your program "
               f"adds as Python {other_python}'s sum() does (is it run by another Python?)")
    else:
        why = (f"nor does the port with Python {other_python}'s sum() give yours ({other[c]!r}): "
               "the sums of getPotentialMoves' results differ in some other way")
    return (f"{where}: column {c} (of {len(columns)} differing): yours {a}, the port's {b} "
            f"(Python {port_python}'s sum()); they part at significant digit {digit}; {why}")


def compare(positions, python_answers, port):
    """Asks the port about every position (one `analyze` per difficulty and
    tile) and pairs its answers with the Python's, in the positions' order."""
    groups = {}
    for i, position in enumerate(positions):
        groups.setdefault((position.difficulty, position.tile), []).append(i)
    rust = [None] * len(positions)
    for (difficulty, tile), indexes in sorted(groups.items()):
        answers = port.analyze(difficulty, tile, [positions[i].board for i in indexes])
        for i, answer in zip(indexes, answers):
            rust[i] = answer
    return [AiCase(p, py, rs) for p, py, rs in zip(positions, python_answers, rust)]

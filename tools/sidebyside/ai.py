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

"""The Python's AI on one board text, as `fourinrow gobang analyze` answers it:

    python3 tools/gobang/layer_one.py DIR BOARD

DIR holds robot.py and setup.py. Prints the point AI(maps).layerOne()
returns (after whatever line it prints itself). For tools/gobang/speed.py,
which times this beside the port, start-up included.
"""
import sys

sys.path.insert(0, sys.argv[1])
from robot import AI  # noqa: E402

rows = sys.argv[2].split("/")
maps = [[None if c == "." else "1" if c in "Xx" else "0" for c in row] for row in rows]
print(AI(maps).layerOne())

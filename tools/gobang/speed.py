"""Times the Gobang AI, the Python's layerOne against the port's twin, side
by side on the same positions, one fresh process a move (start-up included):

    python3 tools/gobang/speed.py --python DIR --fourinrow BINARY POSITIONS.txt [--count N] [--repeat R]

POSITIONS.txt is a positions file (tools/gobang/positions.py); the first N
positions whose answer came from a search are timed, each R times in turn
(Python, port, Python, port, ...). Prints, for each position, the median
seconds of each and their ratio, then the totals and the median ratio.
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def timed(args):
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path)
    parser.add_argument("--fourinrow", required=True, type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("positions", type=Path)
    args = parser.parse_args()
    boards = [line.split()[0] for line in args.positions.read_text().splitlines() if line.split()[2] != "-"]
    boards = boards[:args.count]
    ratios, total_py, total_rs = [], 0.0, 0.0
    for n, board in enumerate(boards):
        py, rs = [], []
        for _ in range(args.repeat):
            py.append(timed([sys.executable, str(HERE / "layer_one.py"), str(args.python), board]))
            rs.append(timed([str(args.fourinrow), "gobang", "analyze", board]))
        p, r = statistics.median(py), statistics.median(rs)
        total_py, total_rs = total_py + p, total_rs + r
        ratios.append(p / r)
        stones = sum(c != "." for c in board if c != "/")
        print(f"{n + 1:3d} {stones:3d} stones  Python {p:8.3f} s  port {r:7.4f} s  {p / r:7.0f}x", flush=True)
    print(f"{len(boards)} positions: Python {total_py:.1f} s, port {total_rs:.2f} s in all; "
          f"{total_py / total_rs:.0f}x in all, median {statistics.median(ratios):.0f}x, "
          f"lowest {min(ratios):.0f}x")


if __name__ == "__main__":
    main()

"""Times the Gobang AI, the Python's layerOne against the port's twin, side
by side on the same positions, one fresh process a move (start-up included):

    python3 tools/gobang/speed.py --python DIR --fourinrow BINARY POSITIONS.txt [--count N] [--repeat R]

POSITIONS.txt is a positions file (tools/gobang/positions.py); N of the
positions whose answer came from a search, spread evenly from the fewest
stones to the most, are timed, each R times in turn (Python, port, Python,
port, ...). Prints, for each position, the median wall-clock seconds of
each, their ratio, and the ratio of their CPU time (user + system, which a
busy machine disturbs less), then the totals.

BINARY is `fourinrow` (target/release/fourinrow), which answers the tools
without loading SDL2 and the seventy libraries it brings (that takes
longer than the port's search on a nearly empty board); `fourinrow-window`
loads them.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def timed(args):
    """Wall-clock and CPU seconds (user + system) of one run of `args`.

    The CPU time is the child's own, from wait4's rusage, which counts in
    microseconds (os.times counts in clock ticks, 10 ms: coarser than a
    whole move of the port)."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, args)
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path)
    parser.add_argument("--fourinrow", required=True, type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("positions", type=Path)
    args = parser.parse_args()
    searched = [line.split()[0] for line in args.positions.read_text().splitlines() if line.split()[2] != "-"]
    searched.sort(key=lambda b: sum(c in "XO" for c in b))
    step = max(1, len(searched) // args.count)
    boards = searched[::step][:args.count]
    ratios, cpu_ratios = [], []
    totals = [0.0, 0.0, 0.0, 0.0]
    for n, board in enumerate(boards):
        py, rs = [], []
        for _ in range(args.repeat):
            py.append(timed([sys.executable, str(HERE / "layer_one.py"), str(args.python), board]))
            rs.append(timed([str(args.fourinrow), "gobang", "analyze", board]))
        p, r = statistics.median(w for w, _ in py), statistics.median(w for w, _ in rs)
        pc, rc = statistics.median(c for _, c in py), statistics.median(c for _, c in rs)
        for i, v in enumerate((p, r, pc, rc)):
            totals[i] += v
        ratios.append(p / r)
        cpu_ratios.append(pc / max(rc, 1e-5))
        stones = sum(c in "XO" for c in board)
        print(f"{n + 1:3d} {stones:3d} stones  Python {p:8.3f} s  port {r:7.4f} s  {p / r:6.0f}x wall, "
              f"{cpu_ratios[-1]:6.0f}x CPU", flush=True)
    print(f"{len(boards)} positions, start-up included: Python {totals[0]:.1f} s, port {totals[1]:.2f} s "
          f"wall ({totals[0] / totals[1]:.0f}x in all, median {statistics.median(ratios):.0f}x, "
          f"lowest {min(ratios):.0f}x); CPU {totals[2]:.1f} s against {totals[3]:.2f} s "
          f"({totals[2] / max(totals[3], 1e-5):.0f}x, median {statistics.median(cpu_ratios):.0f}x, lowest {min(cpu_ratios):.0f}x)")


if __name__ == "__main__":
    main()

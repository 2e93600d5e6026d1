"""Times the Gobang AI, the Python's layerOne against the port's twin, side
by side on the same positions, one fresh process a move (start-up included):

    python3 tools/gobang/speed.py --python DIR --fourinrow BINARY POSITIONS.txt \
        [--count N] [--repeat R] [--warmup W] [--interleave]

POSITIONS.txt is a positions file (tools/gobang/positions.py); N of the
positions whose answer came from a search, spread evenly from the fewest
stones to the most, are timed. Prints, for each position, the median
wall-clock seconds of each, their ratio, and the ratio of their CPU time
(user + system, which a busy machine disturbs less), then the totals.

How each position is timed:

- by default as a benchmark tool such as hyperfine does: W runs of the
  Python that are not counted, then its R counted runs, then the same for
  the port;
- with --interleave, Python, port, Python, port, ... R times each, with no
  warm-up: the port then starts each time just after a Python process of a
  fifth of a second or more, with the caches it needs evicted, which costs
  it about 0.4 ms more a move here (2.1 ms instead of 1.5 ms on an early
  board). That is the worst case for the port, a cold start.

Each process is started with posix_spawn, which does less before the exec
than subprocess's fork does; the wall clock runs from before the spawn to
after the wait.

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


def timed(args, devnull):
    """Wall-clock and CPU seconds (user + system) of one run of `args`,
    its output thrown away.

    The CPU time is the child's own, from wait4's rusage, which counts in
    microseconds (os.times counts in clock ticks, 10 ms: coarser than a
    whole move of the port)."""
    start = time.perf_counter()
    pid = os.posix_spawn(args[0], args, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise subprocess.CalledProcessError(code, args)
    return wall, usage.ru_utime + usage.ru_stime


def runs(python, port, repeat, warmup, interleave, devnull):
    """The (wall, CPU) of `repeat` counted runs of each command."""
    if interleave:
        pairs = [(timed(python, devnull), timed(port, devnull)) for _ in range(repeat)]
        return [p for p, _ in pairs], [r for _, r in pairs]
    timings = []
    for args in (python, port):
        for _ in range(warmup):
            timed(args, devnull)
        timings.append([timed(args, devnull) for _ in range(repeat)])
    return timings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path)
    parser.add_argument("--fourinrow", required=True, type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--interleave", action="store_true")
    parser.add_argument("positions", type=Path)
    args = parser.parse_args()
    if not (args.python / "robot.py").is_file():
        parser.error(f"--python {args.python}: no robot.py there (give the folder of the Python's Gobang)")
    if not os.access(args.fourinrow, os.X_OK) or args.fourinrow.is_dir():
        parser.error(f"--fourinrow {args.fourinrow}: not a program (build it with cargo build --release)")
    if args.count < 1 or args.repeat < 1 or args.warmup < 0:
        parser.error("--count and --repeat take 1 or more, --warmup 0 or more")
    try:
        fields = [line.split() for line in args.positions.read_text().splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as e:
        parser.error(f"{args.positions}: cannot read it: {e}")
    if any(len(f) < 3 for f in fields):
        parser.error(f"{args.positions}: not a positions file (BOARD POINT SCORE a line)")
    searched = [f[0] for f in fields if f[2] != "-"]
    if not searched:
        parser.error(f"{args.positions}: no position there was answered by a search")
    searched.sort(key=lambda b: sum(c in "XO" for c in b))
    step = max(1, len(searched) // args.count)
    boards = searched[::step][:args.count]
    ratios, cpu_ratios = [], []
    totals = [0.0, 0.0, 0.0, 0.0]
    devnull = os.open(os.devnull, os.O_WRONLY)
    for n, board in enumerate(boards):
        py, rs = runs([sys.executable, str(HERE / "layer_one.py"), str(args.python), board],
                      [str(args.fourinrow), "gobang", "analyze", board], args.repeat, args.warmup,
                      args.interleave, devnull)
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

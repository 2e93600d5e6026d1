#!/usr/bin/env python3
"""The timing half of tools/solver-bench.sh (which checks the paths).

    solver_bench_time.py PONS FOURINROW SET.txt ...

For each set, runs `cut -d' ' -f1 SET | PONS` and then the same through
`FOURINROW solve`, each a whole process fed every position at once. The mean
is the process's wall time divided by the positions; the median is that of
the times between one answer line and the next (both programs write each
answer as soon as it is known; the first includes start-up). Scores are
compared line by line between the two programs' outputs.
"""

import os
import statistics
import subprocess
import sys
import time


def run(cmd, lines):
    """Wall time, per-answer times and answer lines of one process."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    # Feed stdin from a thread-free pipe write: the input is small.
    p.stdin.write("".join(m + "\n" for m in lines))
    p.stdin.close()
    gaps, out, last = [], [], start
    for line in p.stdout:
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
        out.append(line.split())
    p.wait()
    return time.perf_counter() - start, gaps, out


def startup(cmd):
    """Wall time of the process with no positions, best of five."""
    best = float("inf")
    for _ in range(5):
        t, _, _ = run(cmd, [])
        best = min(best, t)
    return best


def ms(seconds):
    return f"{seconds * 1000:.2f}" if seconds < 1 else f"{seconds * 1000:.0f}"


def main():
    pons, ours, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
    pons_cmd, ours_cmd = [pons], [ours, "solve"]
    print(f"start-up with no positions: c4solver {ms(startup(pons_cmd))} ms, "
          f"fourinrow {ms(startup(ours_cmd))} ms")
    print()
    print("| set | positions | c4solver mean ms | fourinrow mean ms | ratio | "
          "c4solver median ms | fourinrow median ms | scores equal |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for path in sets:
        with open(path) as f:
            lines = [l.split()[0] for l in f if l.strip()]
        n = len(lines)
        tp, gp, op = run(pons_cmd, lines)
        to, go, oo = run(ours_cmd, lines)
        equal = sum(1 for a, b in zip(op, oo) if a == b)
        name = os.path.splitext(os.path.basename(path))[0]
        med = lambda g: statistics.median(g) if g else 0.0
        print(f"| {name} | {n} | {ms(tp / n)} | {ms(to / n)} | {to / tp:.2f} | "
              f"{ms(med(gp))} | {ms(med(go))} | {equal}/{n} |", flush=True)


if __name__ == "__main__":
    main()

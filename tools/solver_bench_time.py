#!/usr/bin/env python3
"""The timing half of tools/solver-bench.sh (which checks the paths).

    solver_bench_time.py --program LABEL 'COMMAND ...' [--program ...] SET.txt ...

For each set, runs `cut -d' ' -f1 SET | COMMAND` for each program in turn,
each a whole process fed every position at once. The mean is the process's
wall time divided by the positions; the median is that of the times between
one answer line and the next (every program here writes each answer as soon
as it is known; the first includes start-up). Each program's scores are
compared line by line with the first program's. Start-up is each program's
wall time with no positions, best of five.
"""

import os
import shlex
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
    args = sys.argv[1:]
    programs, sets = [], []
    while args:
        if args[0] == "--program" and len(args) >= 3:
            programs.append((args[1], shlex.split(args[2])))
            args = args[3:]
        else:
            sets.append(args.pop(0))
    print("start-up with no positions: " + ", ".join(
        f"{label} {ms(startup(cmd))} ms" for label, cmd in programs))
    print()
    first = programs[0][0]
    print("| set | positions | " + " | ".join(
        f"{label} mean ms | median ms" for label, _ in programs) + f" | scores equal to {first} |")
    print("| --- | ---: | " + " | ".join("---: | ---:" for _ in programs) + " | --- |")
    for path in sets:
        with open(path) as f:
            lines = [l.split()[0] for l in f if l.strip()]
        n = len(lines)
        results = [run(cmd, lines) for _, cmd in programs]
        reference = results[0][2]
        equal = [sum(1 for a, b in zip(reference, r[2]) if a == b) for r in results[1:]]
        name = os.path.splitext(os.path.basename(path))[0]
        med = lambda g: statistics.median(g) if g else 0.0
        cells = " | ".join(f"{ms(t / n)} | {ms(med(g))}" for t, g, _ in results)
        same = ", ".join(f"{e}/{n}" for e in equal) or "-"
        print(f"| {name} | {n} | {cells} | {same} |", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare your own copy of the Python Four in a Row game with the Rust port.

    python3 tools/compare.py PATH/TO/fourinrow.py [--out DIR] [--live] [--port BIN]

It reads your file (the tutorial's fourinrow.py or Sweigart's
fourinarow.py), runs it from a temporary copy (your file and folder are
never changed), and checks it against the port (target/release/fourinrow):

  1. the AI: getPotentialMoves and getComputerMove's best moves against
     `fourinrow analyze`, double for double, on a few hundred positions
     (4x4 to 9x7, difficulties 1 to 3, both colours);
  2. the frames: every replay script of the repository (tests/scripts/,
     docs/screenshots/) played by both programs, pixel for pixel;

and writes a static HTML report (open DIR/index.html in a browser): a
summary, a frame viewer per script (Python, Rust, difference), the AI's
numbers, and each function of your file beside its Rust twin.

With --live it instead plays the scripts in two windows side by side, at 30
frames a second. Exit status: 0 when everything matched, 1 when something
differs, 2 on an error (one line saying what to do). The last line reads
`compare: ai A/B positions, frames F/G scripts identical`.

Needs Python 3.11 with pygame (pip install pygame==2.6.1) and Pygments
(pip install pygments). docs/compare.md explains it all.
"""

import argparse
import concurrent.futures
import dataclasses
import datetime
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True      # no __pycache__ in the repository's tools/
TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(TOOLS))

from sidebyside import Fatal, require_pygame, require_pygments, run_tool  # noqa: E402


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="compare.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See docs/compare.md for what is checked and how to read the report.")
    parser.add_argument("program", help="your fourinrow.py (or fourinarow.py)")
    parser.add_argument("--out", default="compare-report", metavar="DIR",
                        help="folder for the report (default: compare-report in the current folder); "
                             "it must be new or empty")
    parser.add_argument("--overwrite", action="store_true",
                        help="replace an earlier report in --out")
    parser.add_argument("--port", metavar="BIN", help="the port's binary (default: target/release/fourinrow "
                                       "in this repository)")
    parser.add_argument("--live", action="store_true",
                        help="play the scripts in two windows side by side instead (needs a display)")
    parser.add_argument("--script", action="append", default=[], metavar="NAME",
                        help="only this script (a name such as tie-4x4, or a path); may be repeated")
    parser.add_argument("--positions", type=int, metavar="N",
                        help="only N of the AI positions, spread over all sizes (default: all)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="scripts played at once (default: %(default)s)")
    parser.add_argument("--rust-src", default=str(REPO / "src"), metavar="DIR",
                        help="the port's Rust sources, for the code page (default: src/)")
    return parser.parse_args(argv)


def prepare_out(out, overwrite, program):
    """A new or empty report folder; with --overwrite, an earlier report
    (recognised by its summary.json) is removed first."""
    from sidebyside.report import MARKER_FILE
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise Fatal(f"{out}: exists and is not a folder; give --out a folder")
    if out.is_dir() and any(out.iterdir()):
        if program.path.resolve().is_relative_to(out.resolve()):
            raise Fatal(f"{out}: holds your program; give --out another folder")
        if not overwrite:
            raise Fatal(f"{out}: not empty; give --out another folder, or --overwrite "
                        "to replace the report in it")
        if not (out / MARKER_FILE).is_file():
            raise Fatal(f"{out}: not empty and not a report of this tool (no {MARKER_FILE}); "
                        "--overwrite only replaces a report: give --out another folder")
        shutil.rmtree(out)
    (out / "pictures").mkdir(parents=True)
    (out / "diffs").mkdir()
    return out


def shown(path):
    """A path for the report: relative to the repository when inside it."""
    path = Path(path).resolve()
    return path.relative_to(REPO) if path.is_relative_to(REPO) else path


def spread(items, count):
    """`count` items taken evenly from the whole list."""
    if count is None or count >= len(items):
        return items
    if count <= 0:
        raise Fatal("--positions must be at least 1")
    return [items[i * len(items) // count] for i in range(count)]


def play_scripts(chosen, port, learner, port_images, work, out, jobs):
    """Every script through both programs, `jobs` at a time; prints one
    line per script, in order, as the results come in."""
    from sidebyside import frames
    results = []
    pool = concurrent.futures.ThreadPoolExecutor(max(1, jobs))
    try:
        futures = [pool.submit(frames.play_script, s, port, learner, port_images, work, out)
                   for s in chosen]
        for future in futures:
            result = future.result()
            results.append(result)
            s = result.script
            tag = " (extras, not counted)" if s.extras else ""
            problems = "; ".join(m for m in (result.python.get("error"), result.rust_error) if m)
            print(f"frames {s.label}{tag}: {result.identical}/{result.compared} identical "
                  f"(Python {result.python['frames']}, Rust {result.rust_frames})"
                  + (f"; failed: {problems}" if problems else ""))
    finally:
        pool.shutdown(cancel_futures=True)   # after an error, start no more scripts
    return results


def compare(args, program, port, chosen, image_set, learner, port_images, work, out):
    """The AI (in the background) and the frames; returns the report's Run."""
    import pygame
    from sidebyside import ai, positions, report, twins

    asked = spread(positions.generate(), args.positions)
    ai_run = learner.start_analysis([dataclasses.asdict(p) for p in asked])
    try:
        results = play_scripts(chosen, port, learner, port_images, work, out, args.jobs)
        answers = learner.finish_analysis(ai_run)
    finally:
        learner.stop_analysis(ai_run)        # if an error stopped the frames first
    cases = ai.compare(asked, answers, port)
    ai_seconds = sum(a.get("seconds", 0.0) for a in answers)
    print(f"ai: {sum(c.same for c in cases)}/{len(cases)} positions identical "
          f"(your program took {ai_seconds:.1f} s)")
    for error in sorted({c.python["error"] for c in cases if "error" in c.python})[:3]:
        print(f"ai: your program failed: {error}")
    return report.Run(
        program=program, images=image_set, port=port.path,
        when=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        versions=(f"Python {platform.python_version()}, pygame {pygame.version.ver} "
                  f"(SDL {'.'.join(map(str, pygame.get_sdl_version()))})"),
        ai=cases, ai_seconds=ai_seconds, scripts=results,
        twins=twins.find_twins(args.rust_src), rust_source=shown(args.rust_src))


def main(argv=None):
    args = parse_args(argv)
    require_pygame()
    require_pygments()
    from sidebyside import images, live, report, scripts
    from sidebyside.learner import set_up
    from sidebyside.port import Port
    from sidebyside.program import Program

    started = time.monotonic()
    # Everything that can be wrong with the input is found before any long work.
    program = Program.read(args.program)
    port = Port(args.port or REPO / "target/release/fourinrow", default=args.port is None)
    chosen = scripts.find(REPO, args.script)
    out = None if args.live else prepare_out(args.out, args.overwrite, program)
    image_set = images.find_images(program, REPO / "images")

    with tempfile.TemporaryDirectory(prefix="fourinrow-compare-") as work:
        work = Path(work)
        learner = set_up(program, image_set, work / "game")
        port_images = learner.work / "port-images"     # set_up's copy of the images, the port's names
        print(f"compare: {program.path}: {program.layout}")
        whose = "yours" if image_set.learners else "the port's own"
        print(f"compare: images: {whose} ({image_set.where})")
        if args.live:
            # Without --script, the extras are left out: they are not the original's game.
            shown_live = chosen if args.script else [s for s in chosen if not s.extras]
            return 0 if live.play(shown_live, learner, port, port_images, work) else 1
        run = compare(args, program, port, chosen, image_set, learner, port_images, work, out)

    report.write(run, out)
    print(f"compare: report in {out / 'index.html'} ({time.monotonic() - started:.0f} s)")
    print(run.last_line())
    return 0 if run.everything_same else 1


if __name__ == "__main__":
    run_tool(main)

#!/usr/bin/env python3
"""Compare your own copy of the Python Four in a Row game with the Rust port.

    python3 tools/compare.py PATH/TO/fourinrow.py [--out DIR] [--live] [--port BIN]

It reads your file (the tutorial's fourinrow.py or Sweigart's
fourinarow.py), runs it from a temporary copy (your file and folder are
never changed), and checks it against the port (target/release/fourinrow):

  1. the AI: getPotentialMoves and getComputerMove's best moves against
     `fourinrow analyze`, double for double, on a few hundred positions
     (4x4 to 9x7, difficulties 1 to 3, both colours), the port computing
     the sum() of the Python that runs this tool (Python 3.12 changed it);
  2. the frames: the repository's replay scripts of the original's game
     (tests/scripts/, docs/screenshots/) played by both programs, pixel for
     pixel;

and writes a static HTML report (open DIR/index.html in a browser): a
summary, a frame viewer per script (Python, Rust, difference), the AI's
numbers, and each function of your file beside its Rust twin.

With --live it instead plays the scripts in two windows side by side, at 30
frames a second. Exit status: 0 when everything matched, 1 when something
differs, 2 on an error (one line saying what to do). It prints a line
per step as it goes, with counts and the time left; the last line reads
`compare: Python 3.N.M: ai A/B positions, frames F/G scripts identical`.
--quick runs a lesson-sized part (about a minute) and says what it left out.

Needs Python 3.8 to 3.13 with pygame (pip install pygame==2.6.1) and
Pygments (pip install pygments). docs/compare.md explains it all.
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
import threading
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
    parser.add_argument("--quick", action="store_true",
                        help="a lesson-sized run, about a minute: %d positions at difficulties 1 and 2 "
                             "and the script %s; says what it leaves out" % (QUICK_POSITIONS, QUICK_SCRIPT))
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="scripts played at once (default: %(default)s)")
    parser.add_argument("--rust-src", default=str(REPO / "src"), metavar="DIR",
                        help="the port's Rust sources, for the code page (default: src/)")
    return parser.parse_args(argv)


# --quick: this many positions (difficulties 1 and 2 only) and this script.
QUICK_POSITIONS = 40
QUICK_SCRIPT = "quit-during-animation"


def check_out(out, overwrite, program):
    """Checks --out before any long work: new, empty, or (with --overwrite)
    a report this tool wrote, recognised by the marker file it writes."""
    from sidebyside.report import MARKER_FILE, MARKER_TEXT
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise Fatal(f"{out}: exists and is not a folder; give --out a folder")
    if out.is_dir() and any(out.iterdir()):
        if program.path.resolve().is_relative_to(out.resolve()):
            raise Fatal(f"{out}: holds your program; give --out another folder")
        if not overwrite:
            raise Fatal(f"{out}: not empty; give --out another folder, or --overwrite "
                        "to replace the report in it")
        marker = out / MARKER_FILE
        if not (marker.is_file() and not marker.is_symlink()
                and marker.read_text(encoding="utf-8", errors="replace") == MARKER_TEXT):
            raise Fatal(f"{out}: not empty and not a report of this tool (no {MARKER_FILE}); "
                        "--overwrite only replaces a report: give --out another folder")
    parent = out.resolve().parent
    if not parent.is_dir():
        raise Fatal(f"{parent}: no such folder (for --out)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise Fatal(f"{parent}: may not write there (for --out)")
    return out


def start_out(out):
    """The folder the report is written into: a new one beside `out`, put in
    its place by `finish_out` only once the report is whole."""
    try:
        part = Path(tempfile.mkdtemp(prefix=f".{out.name}.part-", dir=out.resolve().parent))
        (part / "pictures").mkdir()
        (part / "diffs").mkdir()
    except OSError as error:
        raise Fatal(f"{out}: cannot write the report beside it: {error.strerror or error}") from None
    return part


def finish_out(part, out):
    """Puts the finished report in `out`'s place; an earlier report there
    (checked by `check_out`) is removed only after the new one is in."""
    out = Path(out)
    try:
        if out.is_dir() and any(out.iterdir()):
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.resolve().parent))
            os.replace(out, old / "report")
            os.replace(part, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            if out.is_dir():
                out.rmdir()
            os.replace(part, out)
    except OSError as error:
        raise Fatal(f"{out}: cannot put the report there: {error.strerror or error} "
                    f"(it is in {part})") from None


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


class Progress:
    """One line per finished piece of work, with counts and the time left,
    from either of the two threads (the AI's and the frames')."""

    def __init__(self):
        self.lock = threading.Lock()

    def say(self, text):
        with self.lock:
            print(text, flush=True)


def time_left(started, done, total):
    """`about N s left` from the share of the work done so far."""
    if done <= 0 or done >= total:
        return "done" if done >= total else "time left not known yet"
    left = (time.monotonic() - started) * (total - done) / done
    return f"about {left / 60:.0f} min left" if left >= 90 else f"about {left:.0f} s left"


def play_scripts(chosen, port, learner, port_images, work, out, jobs, progress):
    """Every script through both programs, `jobs` at a time; prints one
    line per script, in order, as the results come in, with how many of
    the scripts' frames are done and the time left."""
    from sidebyside import frames
    results = []
    started = time.monotonic()
    total = sum(s.frames for s in chosen)
    done = 0
    pool = concurrent.futures.ThreadPoolExecutor(max(1, jobs))
    try:
        futures = [pool.submit(frames.play_script, s, port, learner, port_images, work, out)
                   for s in chosen]
        for n, future in enumerate(futures, 1):
            result = future.result()
            results.append(result)
            s = result.script
            done += s.frames
            tag = " (extras, not counted)" if s.extras else ""
            problems = "; ".join(m for m in (result.python.get("error"), result.rust_error) if m)
            progress.say(f"frames [{n}/{len(chosen)} scripts, {done}/{total} frames, "
                         f"{time_left(started, done, total)}] {s.label} ({s.describe()}){tag}: "
                         f"{result.identical}/{result.compared} identical "
                         f"(Python {result.python['frames']}, Rust {result.rust_frames})"
                         + (f"; failed: {problems}" if problems else ""))
    finally:
        pool.shutdown(cancel_futures=True)   # after an error, start no more scripts
    return results


def chunks(asked, size=40):
    """The positions in runs of at most `size`, in order: each run is one
    driver process, so progress can be told between them."""
    return [asked[i:i + size] for i in range(0, len(asked), size)]


def cost(chunk):
    """Roughly how many seconds the Python takes on a chunk, for the time
    left: half a second to start and set up, then a search that grows as
    (open columns) ** (2 x difficulty), about 60 µs a board copy."""
    def open_columns(position):
        return position.board.split("/")[0].count(".")
    return 0.5 + sum(60e-6 * open_columns(p) ** (2 * p.difficulty) for p in chunk)


class AiRun(threading.Thread):
    """The learner's AI on every position, in the background, a chunk at a
    time, saying how far it is; `answers` once it is done, or `error`."""

    def __init__(self, learner, asked, progress):
        super().__init__(daemon=True)
        self.learner, self.asked, self.progress = learner, asked, progress
        self.answers, self.error, self.stopping, self.current = [], None, False, None

    def run(self):
        started = time.monotonic()
        runs = chunks(self.asked)
        total = sum(cost(chunk) for chunk in runs)
        done = 0
        try:
            for chunk in runs:
                if self.stopping:
                    return
                self.current = self.learner.start_analysis([dataclasses.asdict(p) for p in chunk])
                self.answers += self.learner.finish_analysis(self.current)
                done += cost(chunk)
                sizes = sorted({p.size for p in chunk})
                self.progress.say(f"ai [{len(self.answers)}/{len(self.asked)} positions, "
                                  f"{time_left(started, done, total)}] your program answered "
                                  f"{len(chunk)}, on {'x'.join(map(str, sizes[0]))} to "
                                  f"{'x'.join(map(str, sizes[-1]))} boards")
        except Exception as error:      # reported by the main thread
            self.error = error

    def stop(self):
        self.stopping = True
        if self.current is not None:
            self.learner.stop_analysis(self.current)


def explain(cases, port):
    """For each differing position (at most 3): where the two differ, which
    digit, and whether the other Pythons' sum() would give the learner's
    numbers. Returns lines for the terminal and the report."""
    from sidebyside import ai
    differing = [c for c in cases if not c.same and "error" not in c.python][:3]
    lines = []
    for case in differing:
        other = port.with_python(port.other_python())
        p = case.position
        again = other.analyze(p.difficulty, p.tile, [p.board])[0]
        lines.append(ai.where_they_differ(case, port.python, again, other.python))
    return lines


def compare(args, program, port, chosen, image_set, learner, port_images, work, out, left_out):
    """The AI (in the background) and the frames; returns the report's Run."""
    import pygame
    from sidebyside import ai, positions, report, twins

    everything = positions.generate()
    if args.quick:
        easy = [p for p in everything if p.difficulty <= 2]
        asked = spread(easy, args.positions or QUICK_POSITIONS)
        left_out.append(f"{len(everything) - len(asked)} of the {len(everything)} AI positions: "
                        f"all {len(everything) - len(easy)} at difficulty 3 (the only ones where "
                        f"Python 3.11's and 3.12's sum() can part) and {len(easy) - len(asked)} "
                        "at difficulties 1 and 2")
    else:
        asked = spread(everything, args.positions)
        if len(asked) < len(everything):
            left_out.append(f"{len(everything) - len(asked)} of the {len(everything)} AI positions")
    progress = Progress()
    progress.say(f"compare: the AI on {len(asked)} positions and {len(chosen)} scripts "
                 f"({sum(s.frames for s in chosen)} frames), side by side")
    ai_run = AiRun(learner, asked, progress)
    ai_run.start()
    try:
        results = play_scripts(chosen, port, learner, port_images, work, out, args.jobs, progress)
        ai_run.join()
    finally:
        ai_run.stop()                   # if an error stopped the frames first
    if ai_run.error is not None:
        raise ai_run.error
    answers = ai_run.answers
    cases = ai.compare(asked, answers, port)
    ai_seconds = sum(a.get("seconds", 0.0) for a in answers)
    print(f"ai: {sum(c.same for c in cases)}/{len(cases)} positions identical "
          f"(your program took {ai_seconds:.1f} s; the port computed Python {port.python}'s sum())")
    for error in sorted({c.python["error"] for c in cases if "error" in c.python})[:3]:
        print(f"ai: your program failed: {error}")
    where = explain(cases, port)
    for line in where:
        print(f"ai: {line}")
    return report.Run(
        program=program, images=image_set, port=port.path,
        when=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        versions=(f"Python {platform.python_version()}, pygame {pygame.version.ver} "
                  f"(SDL {'.'.join(map(str, pygame.get_sdl_version()))})"),
        ai=cases, ai_seconds=ai_seconds, scripts=results,
        twins=twins.find_twins(args.rust_src), rust_source=shown(args.rust_src),
        python=platform.python_version(), port_python=port.python, python_note=port.python_note,
        differences=where, left_out=left_out, quick=args.quick)


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
    left_out = [f"{s.label} ({why})" for s, why in scripts.left_out(REPO)] if not args.script else []
    if args.quick and not args.script:
        skipped = [s.path.stem for s in chosen if s.path.stem != QUICK_SCRIPT]
        left_out.append(f"{len(skipped)} of the {len(chosen)} scripts both can play: "
                        + ", ".join(skipped))
        chosen = [s for s in chosen if s.path.stem == QUICK_SCRIPT]
    out = None if args.live else check_out(args.out, args.overwrite, program)
    image_set = images.find_images(program, REPO / "images")

    with tempfile.TemporaryDirectory(prefix="fourinrow-compare-") as work:
        work = Path(work)
        learner = set_up(program, image_set, work / "game")
        port_images = learner.work / "port-images"     # set_up's copy of the images, the port's names
        print(f"compare: {program.path}: {program.layout}")
        print(f"compare: Python {platform.python_version()}: the port computes "
              f"Python {port.python}'s sum()")
        if port.python_note:
            print(f"compare: {port.python_note}")
        whose = "yours" if image_set.learners else "the port's own"
        print(f"compare: images: {whose} ({image_set.where})")
        learner.check_set_up()
        if args.live:
            # Without --script, the extras are left out: they are not the original's game.
            shown_live = chosen if args.script else [s for s in chosen if not s.extras]
            return 0 if live.play(shown_live, learner, port, port_images, work) else 1
        part = start_out(out)
        try:
            run = compare(args, program, port, chosen, image_set, learner, port_images, work, part,
                          left_out)
            report.write(run, part)
        except BaseException:
            shutil.rmtree(part, ignore_errors=True)
            raise
    finish_out(part, out)
    for what in run.left_out:
        print(f"compare: left out: {what}")
    print(f"compare: report in {out / 'index.html'} ({time.monotonic() - started:.0f} s)")
    print(run.last_line())
    return 0 if run.everything_same else 1


if __name__ == "__main__":
    run_tool(main)

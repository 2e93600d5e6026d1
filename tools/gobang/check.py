"""Compares the Gobang port with a copy of the step-list Gobang's Python,
live: the twins' names, whole games frame for frame, and the AI's choices.

    python3 tools/gobang/check.py --python DIR --fourinrow BINARY [--positions N]

DIR holds the Python's five modules; BINARY is a built fourinrow. It

1. lists the Python's functions and constants (names.py) and compares
   them with tests/fixtures/gobang/python-names.txt, the list the twins
   test checks the port against;
2. plays each replay script of tests/fixtures/gobang/scripts/ through the Python
   (driver.py, in a folder `fourinrow gobang assets` wrote, so both use
   the same images and font) and through `fourinrow gobang --replay
   --dump-frames`, and compares every frame the Python presented; where
   the Python stopped with an exception (the AI's five, a fault of the
   original) the port must show the same frames up to there;
3. makes N fresh positions with the Python's AI (positions.py, a seed of
   the day) and checks `fourinrow gobang analyze` chooses the same points.

Prints one line per check and a summary; exits 1 on any difference.
Needs pygame (for the frames); standard library otherwise.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def run(args, **kwargs):
    return subprocess.run(args, check=True, text=True, capture_output=True, **kwargs)


def frame_crcs(folder):
    """CRC-32 of each frame-NNNNN.png's RGB bytes, in order."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    files = sorted(Path(folder).glob("frame-*.png"))
    return [zlib.crc32(pygame.image.tobytes(pygame.image.load(str(f)), "RGB")) for f in files]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path)
    parser.add_argument("--fourinrow", required=True, type=Path)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--skip", default="", metavar="NAMES",
                        help="scripts not to play, by name, comma-separated (their fixtures still hold the Python's record)")
    args = parser.parse_args()
    binary = str(args.fourinrow.resolve())
    failures = []
    started = time.time()

    names = run([sys.executable, str(HERE / "names.py"), str(args.python)]).stdout
    committed = (REPO / "tests/fixtures/gobang/python-names.txt").read_text()
    if names != committed:
        failures.append("names: the Python's functions and constants differ from tests/fixtures/gobang/python-names.txt")
    print(f"names: {len(names.splitlines())} functions and constants, "
          f"{'the same' if names == committed else 'DIFFERENT'}", flush=True)

    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        run([binary, "gobang", "assets", str(work / "game")])
        frames_checked = 0
        skipped = {name for name in args.skip.split(",") if name}
        for script in sorted((REPO / "tests/fixtures/gobang/scripts").glob("*.json")):
            name = script.stem
            if name in skipped:
                print(f"frames: {name}: skipped", flush=True)
                continue
            t = time.time()
            run([sys.executable, str(HERE / "driver.py"), "--python", str(args.python),
                 "--game", str(work / "game"), str(script), str(work / f"py-{name}")])
            python = [int(line) for line in (work / f"py-{name}" / "frames.txt").read_text().split()]
            outcome = (work / f"py-{name}" / "outcome.txt").read_text().strip()
            run([binary, "gobang", "--replay", str(script), "--dump-frames", str(work / f"rs-{name}")])
            port = frame_crcs(work / f"rs-{name}")
            if outcome.startswith("error"):
                same = port[:len(python)] == python and len(port) > len(python)
            else:
                same = port == python
            differing = [i for i, (a, b) in enumerate(zip(port, python)) if a != b]
            if not same:
                failures.append(f"frames: {name}: {len(port)} frames from the port, {len(python)} from the Python, "
                                f"differing from frame {differing[0] if differing else min(len(port), len(python))}")
            frames_checked += len(python)
            print(f"frames: {name}: {len(python)} frames of the Python ({outcome}), "
                  f"{'the same' if same else 'DIFFERENT'} ({time.time() - t:.0f} s)", flush=True)

        seed = int(datetime.date.today().strftime("%Y%m%d"))
        t = time.time()
        positions = work / "positions.txt"
        run([sys.executable, str(HERE / "positions.py"), "--python", str(args.python), "--seed", str(seed),
             "--count", str(args.positions), "--max-stones", "12", str(positions)])
        lines = positions.read_text().splitlines()
        boards = "\n".join(line.split()[0] for line in lines) + "\n"
        answers = run([binary, "gobang", "analyze"], input=boards).stdout.splitlines()
        wrong = 0
        for line, answer in zip(lines, answers):
            board, point, score, _seconds = line.split()
            got = json.loads(answer)
            want_score = None if score == "-" else int(score)
            if f"{got['point'][0]},{got['point'][1]}" != point or got["score"] != want_score:
                wrong += 1
                if wrong <= 3:
                    print(f"ai: {board}: the Python chose {point} (score {score}), the port {got['point']} "
                          f"(score {got['score']})")
        if wrong or len(answers) != len(lines):
            failures.append(f"ai: {wrong} of {len(lines)} positions differ")
        print(f"ai: {len(lines)} fresh positions (seed {seed}), {len(lines) - wrong} the same "
              f"({time.time() - t:.0f} s)", flush=True)

    print(f"gobang: {'FAILED: ' + '; '.join(failures) if failures else 'the port matches the Python'}: "
          f"{frames_checked} frames, {len(lines)} positions, {time.time() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

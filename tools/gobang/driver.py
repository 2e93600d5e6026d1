"""Runs a copy of the step-list Gobang (the Python) headless from a replay
script, and writes what it presented: the frame fixtures of the Rust port's
tests and CI's live comparison come from here.

    python3 tools/gobang/driver.py --python DIR --game GAMEDIR SCRIPT.json OUT

DIR holds the learner's main.py, drawing.py, robot.py, setup.py and
status.py; GAMEDIR is the folder the game runs in, holding images/ and
fonts/ (`fourinrow gobang assets GAMEDIR` writes the port's own). OUT (a
folder, created) receives:

    frames.txt      the CRC-32 of each frame's RGB bytes, one a line
    printed.txt     what the game printed (the AI's "(x, y), score:s" lines)
    outcome.txt     "quit" (the game called exit()), "ended" (the script's
                    frames were all presented) or "error: ..." (one line)
    NNNNN.png       the frames named by --keep (all with --keep all)

The game's code runs unchanged. Around it, where it reaches the world:

    pygame.event.get()       the script's events due by the number of frames
                             presented so far (as the port's replay does)
    pygame.mouse.get_pos()   the position of the last mouse event handed out
                             (State.humanPiece reads it, not the event's pos)
    pygame.display.update()  and flip(): a frame presented
    pygame.time.Clock()      a clock whose tick() never waits

The script format is the port's (docs/replay-scripts.md): {"frames": N,
"events": [[frame, "down", x, y], [frame, "key", "f1"], [frame, "quit"], ...]}.
Standard library and pygame only.
"""

import argparse
import contextlib
import io
import json
import os
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

KEYS = {"f1": pygame.K_F1, "escape": pygame.K_ESCAPE, "r": pygame.K_r, "h": pygame.K_h,
        "u": pygame.K_u, "z": pygame.K_z, "y": pygame.K_y, "other": pygame.K_SPACE}


class ScriptOver(BaseException):
    """Raised from a presented frame once the script's frames are all shown:
    a BaseException, so no `except Exception` in the game catches it."""


def script_events(script):
    """(frame, pygame event, mouse position or None) in the order they come due."""
    out = []
    for item in script.get("events", []):
        frame, kind = item[0], item[1]
        if kind in ("down", "up", "motion"):
            pos = (item[2], item[3])
            if kind == "motion":
                out.append((frame, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), pos))
            else:
                kind_id = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
                out.append((frame, pygame.event.Event(kind_id, pos=pos, button=1), pos))
        elif kind == "quit":
            out.append((frame, pygame.event.Event(pygame.QUIT), None))
        elif kind == "escape":
            out.append((frame, pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0), None))
        elif kind in ("key", "keydown", "keyup"):
            name = item[2].split("+")[-1]
            key = KEYS[name]
            if kind in ("key", "keydown"):
                out.append((frame, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0), None))
            if kind in ("key", "keyup"):
                out.append((frame, pygame.event.Event(pygame.KEYUP, key=key, mod=0), None))
        else:
            raise SystemExit(f"driver.py: unknown event kind {kind!r}")
    out.sort(key=lambda e: e[0])    # stable, as the port's
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, type=Path, help="folder with the game's .py files")
    parser.add_argument("--game", required=True, type=Path, help="folder with images/ and fonts/")
    parser.add_argument("--keep", default="", help="frames to write as PNG: 0,5,9 or all")
    parser.add_argument("script", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    script = json.loads(args.script.read_text())
    out_dir = args.out.resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    keep_all = args.keep == "all"
    keep = set() if keep_all else {int(k) for k in args.keep.split(",") if k}

    pending = script_events(script)
    max_frames = script["frames"]
    state = {"frames": 0, "mouse": (0, 0)}
    crcs = []

    def get_events(*_args, **_kwargs):
        due = []
        while pending and pending[0][0] <= state["frames"]:
            _, event, pos = pending.pop(0)
            if pos is not None:
                state["mouse"] = pos
            due.append(event)
        return due

    def present(*_args, **_kwargs):
        if state["frames"] >= max_frames:
            raise ScriptOver()
        surface = pygame.display.get_surface()
        crcs.append(zlib.crc32(pygame.image.tobytes(surface, "RGB")))
        if keep_all or state["frames"] in keep:
            pygame.image.save(surface, str(out_dir / f"{state['frames']:05d}.png"))
        state["frames"] += 1
        if state["frames"] >= max_frames:
            raise ScriptOver()

    class Clock:
        def tick(self, *_args):
            return 0

    pygame.event.get = get_events
    pygame.mouse.get_pos = lambda: state["mouse"]
    pygame.display.update = present
    pygame.display.flip = present
    pygame.time.Clock = Clock

    sys.path.insert(0, str(args.python.resolve()))
    os.chdir(args.game)
    printed = io.StringIO()
    outcome = "ended"
    try:
        with contextlib.redirect_stdout(printed):
            import main as game  # noqa: E402  (the learner's main.py)
            game.main()
    except ScriptOver:
        outcome = "ended"
    except SystemExit:
        outcome = "quit"
    except Exception as error:  # the learner's game failed: say where, on one line
        outcome = f"error: {type(error).__name__}: {error}"
    (out_dir / "frames.txt").write_text("".join(f"{c}\n" for c in crcs))
    (out_dir / "printed.txt").write_text(printed.getvalue())
    (out_dir / "outcome.txt").write_text(outcome + "\n")
    print(json.dumps({"frames": len(crcs), "outcome": outcome}))


if __name__ == "__main__":
    main()

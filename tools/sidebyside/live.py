"""--live: the same script in both programs at once, in two windows side
by side (the Python on the left, the port on the right), at 30 frames a
second, for a class to watch.

The Python side starts first (it is the slower to start: the interpreter,
pygame, the program's set-up), draws its first frame and waits; then the
port starts, and the Python is told to go. Each then paces itself, so the
two stay within a frame or two of each other.
"""

import os
import subprocess
import sys
import time

from sidebyside import Fatal
from sidebyside.port import quiet

WINDOW = (640, 480)
GAP = 16


def window_positions():
    """Top-left corners for two windows side by side, centred on the
    desktop, and a warning when the desktop is too narrow for both."""
    import pygame
    pygame.display.init()
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
    finally:
        pygame.display.quit()
    total = 2 * WINDOW[0] + GAP
    x = max(0, (width - total) // 2)
    y = max(0, (height - WINDOW[1]) // 2)
    warning = None
    if width < total:
        warning = f"the desktop is {width} pixels wide, less than the {total} two windows need: they overlap"
    return (x, y), (x + WINDOW[0] + GAP, y), warning


from sidebyside.port import LIVE_LABEL, LIVE_TITLE  # noqa: E402


def check_display():
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        raise Fatal("--live needs a display, and DISPLAY is not set: run it on a desktop, "
                    "or under Xvfb (e.g. xvfb-run -s '-screen 0 1400x600x24' python3 tools/compare.py ...)")


def play(scripts, learner, port, port_images, work, say=print):
    """Plays each script live in turn; True when both sides ran every one."""
    check_display()
    left, right, warning = window_positions()
    if warning:
        say(f"live: {warning}")
    if not port.supports("--window-pos"):
        say("live: this build of the port has no --window-pos; its window may open centred")
    ok = True
    for script in scripts:
        ready = work / f"ready-{script.slug}"
        python = learner.start_live(script, left, ready)
        process = python[0]
        deadline = time.monotonic() + 60
        while not ready.exists():
            if process.poll() is not None:
                learner.finish_live(python)         # raises Fatal with its last words
            if time.monotonic() > deadline:
                process.kill()
                raise Fatal(f"{learner.program.path}: no window within 60 s")
            time.sleep(0.02)
        rust = port.live(script.path, port_images, right, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
        process.stdin.write("go\n")
        process.stdin.flush()
        say(f"live {script.label}: Python (pid {process.pid}) at {left[0]},{left[1]}, "
            f"Rust (pid {rust.pid}) at {right[0]},{right[1]}, up to {script.frames} frames at 30 a second")
        say(f"live {script.label}: the windows' titles end '{LIVE_LABEL}' and "
            f"'{LIVE_TITLE.split(' | ')[-1]}'")
        _, rust_errors = rust.communicate()
        result = learner.finish_live(python)
        problems = [m for m in (result.get("error"),
                                rust.returncode and (quiet(rust_errors) or f"exit status {rust.returncode}"))
                    if m]
        ok = ok and not problems
        say(f"live {script.label}: Python drew {result['frames']} frames ({result['outcome']}); "
            f"Rust {'failed: ' + problems[-1] if rust.returncode else 'done'}"
            + (f"; Python failed: {result['error']}" if result.get("error") else ""))
    return ok

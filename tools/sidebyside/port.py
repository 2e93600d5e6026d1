"""The Rust port's binary, as the kit calls it.

    fourinrow analyze --difficulty N --tile black|red     (boards on stdin)
        one JSON line per board: potential_moves and best_moves
    fourinrow --replay SCRIPT --dump-frames DIR --images DIR
        headless: DIR/frame-00000.png ..., then {"frames": N} on stdout
    fourinrow --replay SCRIPT --images DIR [--window-pos X,Y]
        the same in a window, paced at 30 frames a second
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from sidebyside import Fatal

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

# What the two windows of --live say in their titles: the learner's after
# its own caption (driver.py adds it), the port's instead of its caption.
LIVE_LABEL = "Python: your program (left)"
LIVE_TITLE = "four in row | Rust: the port (right)"

# The variable through which the port's every command learns whose sum() to
# compute (as --python does); builds before it existed ignore it.
PYTHON_ENV = "FOURINROW_PYTHON"

# The Pythons whose sum() the port knows.
KNOWN_PYTHONS = ((3, 6), (3, 13))


def python_for_port(version_info=None):
    """The version the port is run with for the Python running this kit
    (which also runs the learner's game): (its "3.N", a note or None). A
    Python newer than the port knows gets 3.13's arithmetic and a note."""
    major, minor = (version_info or sys.version_info)[:2]
    if (major, minor) > KNOWN_PYTHONS[1]:
        newest = "%d.%d" % KNOWN_PYTHONS[1]
        return newest, (f"Python {major}.{minor} is newer than the Pythons whose sum() the port "
                        f"knows (3.6 to {newest}): the port computes {newest}'s, which may differ")
    return f"{major}.{minor}", None


def quiet(stderr):
    """stderr without libpng's 'iCCP: known incorrect sRGB profile' warnings
    (the original artwork carries such profiles; they are harmless)."""
    return "\n".join(line for line in stderr.splitlines() if "iCCP" not in line).strip()


class Port:
    def __init__(self, path, default):
        """`default` says whether the path is the repository's own build,
        whose absence means it has not been built yet."""
        self.path = Path(path)
        if not self.path.is_file():
            hint = "run cargo build --release first" if default else "give --port the binary's path"
            raise Fatal(f"{self.path}: no such file: {hint}")
        if not os.access(self.path, os.X_OK):
            raise Fatal(f"{self.path}: not executable")
        self._help = None
        # Whose sum() the port computes: the Python that runs the learner's game.
        self.python, self.python_note = python_for_port()

    def with_python(self, version):
        """The same binary, computing another Python's sum()."""
        other = Port.__new__(Port)
        other.__dict__.update(self.__dict__)
        other.python, other.python_note = version, None
        return other

    def other_python(self):
        """The version whose sum() is the other one: 3.11 for 3.12 and
        later, 3.13 for 3.11 and earlier."""
        return "3.11" if tuple(map(int, self.python.split("."))) >= (3, 12) else "3.13"

    def env(self, extra):
        """The port's environment: this one, `extra`, and the Python's version."""
        return {**os.environ, **extra, PYTHON_ENV: self.python}

    def _run(self, args, stdin=None, timeout=1800):
        return subprocess.run([str(self.path), *args], input=stdin, capture_output=True,
                              text=True, timeout=timeout, env=self.env(HEADLESS))

    def supports(self, option):
        """Whether this build's --help lists an option (e.g. --window-pos)."""
        if self._help is None:
            self._help = self._run(["--help"]).stdout
        return option in self._help

    def analyze(self, difficulty, tile, boards):
        """The port's answers for boards, in their order: dicts as printed."""
        run = self._run(["analyze", "--difficulty", str(difficulty), "--tile", tile],
                        stdin="".join(b + "\n" for b in boards))
        if run.returncode != 0:
            raise Fatal(f"{self.path} analyze failed (status {run.returncode}): "
                        f"{quiet(run.stderr).splitlines()[0] if quiet(run.stderr) else 'no message'}")
        answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        if [a.get("board") for a in answers] != list(boards):
            raise Fatal(f"{self.path} analyze answered other boards than it was asked")
        return answers

    def dump_frames(self, script, images, out):
        """Plays a script headless; returns (frames written, error or None)."""
        run = self._run(["--replay", str(script), "--dump-frames", str(out), "--images", str(images)])
        if run.returncode != 0:
            message = quiet(run.stderr) or f"exit status {run.returncode}"
            return 0, message.splitlines()[0]
        try:
            return json.loads(run.stdout.strip().splitlines()[-1])["frames"], None
        except (IndexError, ValueError, KeyError):
            return 0, f"unexpected output: {run.stdout.strip()[:200]!r}"

    def live(self, script, images, position, **popen):
        """Starts a paced replay in a window at `position` (x, y). Builds
        with --window-pos get it; every build also gets SDL_VIDEO_WINDOW_POS."""
        x, y = position
        args = ["--replay", str(script), "--images", str(images)]
        if self.supports("--window-pos"):
            args += ["--window-pos", f"{x},{y}"]
        if self.supports("--window-title"):
            args += ["--window-title", LIVE_TITLE]
        env = self.env({"SDL_VIDEO_WINDOW_POS": f"{x},{y}", "SDL_AUDIODRIVER": "dummy"})
        return subprocess.Popen([str(self.path), *args], env=env, **popen)

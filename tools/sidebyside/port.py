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
from pathlib import Path

from sidebyside import Fatal

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


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

    def _run(self, args, stdin=None, timeout=1800):
        return subprocess.run([str(self.path), *args], input=stdin, capture_output=True,
                              text=True, timeout=timeout, env={**os.environ, **HEADLESS})

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
        env = {**os.environ, "SDL_VIDEO_WINDOW_POS": f"{x},{y}", "SDL_AUDIODRIVER": "dummy"}
        return subprocess.Popen([str(self.path), *args], env=env, **popen)

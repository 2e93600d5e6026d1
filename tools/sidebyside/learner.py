"""The learner's game, as compare.py runs it (and the fixture and speed
tools of tools/): the parent's side of driver.py.

Each run is a subprocess (`python3 driver.py ...`) started in the temporary
copy of the learner's folder, with the same interpreter as the kit. A fresh
process per replay gives each one a fresh program: its globals, pygame and
the `random` module start from scratch, and the program's own
`pygame.quit(); sys.exit()` ends nothing but that process.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from sidebyside import Fatal, images
from sidebyside.port import HEADLESS, quiet

DRIVER = Path(__file__).resolve().parent / "driver.py"

# Generous limits (on a busy 2-core machine the AI takes about a minute and
# the longest replay 30 s): a program that hangs is stopped, not waited for.
AI_TIMEOUT = 900
REPLAY_TIMEOUT = 600
# A set-up (import, pygame.init, the images) takes under 2 s; one that takes
# a minute waits for something that never comes. (The kit's test shortens it.)
SET_UP_TIMEOUT = float(os.environ.get("FOURINROW_COMPARE_SET_UP_TIMEOUT", "60"))


class LearnerGame:
    def __init__(self, program, copy, work):
        """`program`: the checked Program; `copy`: its file in the temporary
        folder, beside the images it loads; `work`: a folder for results."""
        self.program = program
        self.copy = Path(copy)
        self.work = Path(work)
        self.runs = 0

    def _command(self, command, data, result, *options):
        return [sys.executable, str(DRIVER), command, str(self.copy), str(data), str(result),
                "--shown-as", str(self.program.path), *map(str, options)]

    def _files(self, name, data):
        """A new input file holding `data` (JSON), and the result's path."""
        self.runs += 1
        stem = self.work / f"{self.runs:03d}-{name}"
        stem.with_suffix(".in.json").write_text(json.dumps(data))
        return stem.with_suffix(".in.json"), stem.with_suffix(".out.json")

    def _popen(self, command):
        """A headless driver process; the game's prints are discarded."""
        return subprocess.Popen(command, cwd=self.copy.parent, env={**os.environ, **HEADLESS},
                                text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def _finish(self, process, result, what, timeout=None):
        """Waits for a driver process; its result, or Fatal with its last words."""
        try:
            _, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise Fatal(f"{self.program.path}: {what} took over {timeout} s; stopped it") from None
        if process.returncode != 0 or not result.exists():
            last = (quiet(stderr).splitlines() or [f"exit status {process.returncode}"])[-1]
            raise Fatal(f"{self.program.path}: {what} failed: {last}")
        return json.loads(result.read_text())

    # -- the AI ------------------------------------------------------------

    def start_analysis(self, positions):
        """Starts the AI on positions (dicts: board, difficulty, tile) in the
        background; `finish_analysis` collects the answers."""
        data, result = self._files("ai", positions)
        return self._popen(self._command("ai", data, result)), result

    def finish_analysis(self, started, timeout=AI_TIMEOUT):
        """The answers, in the positions' order; `timeout` in seconds, or
        None to wait as long as it takes."""
        process, result = started
        return self._finish(process, result, "the AI run", timeout=timeout)

    def check_set_up(self):
        """Runs the program's set-up once, on the smallest board: a program
        that hangs (at import, say) is stopped after SET_UP_TIMEOUT s with
        one line, before the long work starts."""
        probe = [{"board": "..../..../..../....", "difficulty": 1, "tile": "black"}]
        started = self.start_analysis(probe)
        try:
            self._finish(started[0], started[1], "its set-up (import, pygame.init, the images)",
                         timeout=SET_UP_TIMEOUT)
        finally:
            self.stop_analysis(started)

    def stop_analysis(self, started):
        """Kills an AI run (from `start_analysis`) if it is still running:
        after an error, nobody will finish it."""
        process, _ = started
        if process.poll() is None:
            process.kill()
            process.wait()

    def time_potential_moves(self, positions, repeat, timeout=None):
        """How long getPotentialMoves takes on each position (dicts: board,
        difficulty, tile): a list of {"seconds": [one per call]}, or of
        {"error": ...} where the program raised. Waits as long as it takes
        unless given a `timeout`."""
        data, result = self._files("time", positions)
        process = self._popen(self._command("time", data, result, "--repeat", repeat))
        return self._finish(process, result, "timing getPotentialMoves", timeout=timeout)

    # -- replays -------------------------------------------------------------

    def replay(self, script, frames_dir, known):
        """Plays a script headless. `known`: the port's frame hashes; frames
        with other pixels are saved in frames_dir as HASH.png."""
        data, result = self._files(script.slug, json.loads(script.path.read_text()))
        known_file = data.with_suffix(".known")
        known_file.write_text("\n".join(sorted(set(known))))
        Path(frames_dir).mkdir(parents=True, exist_ok=True)
        process = self._popen(self._command("replay", data, result, "--frames", frames_dir,
                                            "--known", known_file))
        return self._finish(process, result, f"the replay of {script.label}",
                            timeout=REPLAY_TIMEOUT)

    def start_live(self, script, position, ready):
        """Starts a paced replay in a window at position (x, y); it draws its
        first frame, creates `ready`, and waits for a line on stdin."""
        data, result = self._files(script.slug, json.loads(script.path.read_text()))
        env_position = {"SDL_VIDEO_WINDOW_POS": "%d,%d" % position}
        process = subprocess.Popen(
            self._command("replay", data, result, "--live", "--ready", ready),
            cwd=self.copy.parent, text=True, stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, **env_position, "SDL_AUDIODRIVER": "dummy"})
        return process, result

    def finish_live(self, started):
        process, result = started
        return self._finish(process, result, "the live replay")


def set_up(program, image_set, folder):
    """The program ready to run: a copy of it in folder/program with the
    images of `image_set` where it loads them from (and under the port's
    names in folder/port-images), as compare.py lays it out. `folder` must
    not exist yet; several set-ups (other images) need several folders."""
    folder = Path(folder)
    copy = images.lay_out(program, image_set, folder / "program", folder / "port-images")
    return LearnerGame(program, copy, folder)

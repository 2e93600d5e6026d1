"""Runs the learner's game in this process, for compare.py, which starts it
in a subprocess with the working folder set to its temporary copy of the
learner's folder (the program loads its images by relative paths).

    driver.py ai PROGRAM POSITIONS.json RESULT.json
        The learner's getPotentialMoves and getComputerMove on each position.
    driver.py time PROGRAM POSITIONS.json RESULT.json --repeat R
        How long the learner's getPotentialMoves takes on each position: the
        seconds of each of R calls (for tools/measure-speed.sh).
    driver.py replay PROGRAM SCRIPT.json RESULT.json [--frames DIR --known FILE]
        The whole game played from a replay script, headless: every frame's
        hash, and a PNG of each frame the port did not also draw.
    driver.py replay PROGRAM SCRIPT.json RESULT.json --live --ready FILE
        The same in a real window, at 30 frames a second, started when a
        line arrives on stdin (after FILE has been created).

The game's own code runs unchanged; around it, pygame and random are
replaced where the program reaches out to the world:

    pygame.event.get()        the script's events, by the frame they are due
    pygame.display.update()   counts (and hashes) the frame; in --live, also
                              shows it and waits for the next 1/30 s
    pygame.time.Clock()       a clock whose tick() never waits
    random.choice(seq)        seq[choices[k] % len(seq)] (0 once used up)
    random.randint(0, 1)      0 when `first` says "computer", 1 for "human"
                              ("computer" once used up)

Standard library and pygame only. RESULT.json is written in every case
(the program's own prints go to stdout, which the caller discards).
"""

import argparse
import builtins
import contextlib
import json
import os
import random
import sys
import time
import traceback
from pathlib import Path

if __name__ == "__main__":       # run as a script: import `sidebyside` from tools/
    sys.dont_write_bytecode = True
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import sidebyside  # noqa: E402,F401  (sets pygame's environment before pygame loads)
import pygame  # noqa: E402

from sidebyside.pixels import frame_hash  # noqa: E402
from sidebyside.port import LIVE_LABEL  # noqa: E402
from sidebyside.program import Program  # noqa: E402

LIVE_FPS = 30


class ScriptOver(BaseException):
    """Raised from the patched display.update() to stop the game: a
    BaseException, so that no `except Exception` in the game can catch it."""

    def __init__(self, outcome):
        super().__init__(outcome)
        self.outcome = outcome


def load_game(program, width, height, difficulty):
    """Runs the module-level part of the program, compiled with these
    settings, in a fresh namespace, and returns the namespace."""
    namespace = {"__name__": "__main__", "__file__": str(Path(program.path).resolve()),
                 "__builtins__": builtins}
    exec(program.compile(width, height, difficulty, filename=program.shown_as), namespace)
    return namespace


def describe(error, program):
    """One line for an exception from the learner's code: the exception and
    the last line of the learner's file it went through."""
    where = ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename == program.shown_as:
            where = f" (line {frame.lineno}, in {frame.name})"
            break
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}{where}" if text else f"{type(error).__name__}{where}"


# -- the AI ------------------------------------------------------------------

def board_from_text(game, text):
    """Board text to the Python's board: a list of columns, each from the
    top row down, holding the program's own RED, BLACK and EMPTY values."""
    rows = text.split("/")
    cell = {".": game["EMPTY"], "R": game["RED"], "B": game["BLACK"]}
    return [[cell[row[x]] for row in rows] for x in range(len(rows[0]))]


def analyse(game, position):
    """The learner's values and best moves for one position.

    getComputerMove(board) is called as the game calls it, with DIFFICULTY
    set: it calls getPotentialMoves(board, BLACK, DIFFICULTY), whose result
    is kept, and ends in random.choice(bestMoves), whose argument is kept.
    For red to move, that one call asks for RED instead of BLACK: the values
    are getPotentialMoves(board, RED, DIFFICULTY), and the best moves are
    what getComputerMove would choose among if it played red."""
    board = board_from_text(game, position["board"])
    tile = game["RED"] if position["tile"] == "red" else game["BLACK"]
    learners = game["getPotentialMoves"]
    kept = {}

    def first_call(board, _tile, look_ahead):
        game["getPotentialMoves"] = learners      # its recursion calls its own
        kept["potential_moves"] = learners(board, tile, look_ahead)
        return kept["potential_moves"]

    def choice(seq):
        kept["best_moves"] = list(seq)
        return seq[0] if seq else None

    game["getPotentialMoves"] = first_call
    game["DIFFICULTY"] = position["difficulty"]
    random.choice = choice
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(open(os.devnull, "w")):
            game["getComputerMove"](board)
    finally:
        game["getPotentialMoves"] = learners
    seconds = time.perf_counter() - started
    if "potential_moves" not in kept or "best_moves" not in kept:
        raise RuntimeError("getComputerMove did not call getPotentialMoves and random.choice")
    return {"potential_moves": [float(v) for v in kept["potential_moves"]],
            "best_moves": kept["best_moves"], "seconds": seconds}


def for_each_size(program, positions, answer):
    """answer(game, position) for every position, loading the game once per
    board size; an exception becomes that position's {"error": ...}."""
    results = [None] * len(positions)
    by_size = {}
    for i, position in enumerate(positions):
        rows = position["board"].split("/")
        by_size.setdefault((len(rows[0]), len(rows)), []).append(i)
    for (width, height), indexes in by_size.items():
        try:
            game = load_game(program, width, height, 2)
        except Exception as e:  # the learner's set-up failed: every position says why
            for i in indexes:
                results[i] = {"error": "set-up: " + describe(e, program)}
            continue
        for i in indexes:
            try:
                results[i] = answer(game, positions[i])
            except Exception as e:
                results[i] = {"error": describe(e, program)}
    return results


def run_ai(program, positions):
    """Answers every position, loading the game once per board size."""
    return for_each_size(program, positions, analyse)


# -- timing ------------------------------------------------------------------

def time_potential_moves(game, position, repeat):
    """The seconds each of `repeat` calls of the learner's
    getPotentialMoves(board, tile, difficulty) takes on one position, timed
    with time.perf_counter. The board is built once (the search copies it
    and leaves it as it was); nothing else runs between the calls."""
    board = board_from_text(game, position["board"])
    tile = game["RED"] if position["tile"] == "red" else game["BLACK"]
    difficulty = position["difficulty"]
    potential_moves = game["getPotentialMoves"]
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        potential_moves(board, tile, difficulty)
        runs.append(time.perf_counter() - started)
    return runs


def run_timing(program, positions, repeat):
    """Times getPotentialMoves on every position: {"seconds": [run, ...]}."""
    return for_each_size(program, positions,
                         lambda game, position: {"seconds": time_potential_moves(game, position, repeat)})


# -- replays -----------------------------------------------------------------

class ScriptedInput:
    """pygame.event.get() from a script: a poll hands over every event due
    by the number of frames presented so far, in script order."""

    def __init__(self, events):
        # Stable sort: events of the same frame keep their order.
        self.pending = sorted(events, key=lambda e: e[0])
        self.presented = 0

    def get(self, *args, **kwargs):
        due = []
        while self.pending and self.pending[0][0] <= self.presented:
            due += to_pygame(self.pending.pop(0))
        return due


def key_event(kind, chord):
    """A KEYDOWN or KEYUP of a chord such as 'ctrl+z' (keys of the extras)."""
    mod, name = 0, chord
    for prefix, flag in (("ctrl+", pygame.KMOD_CTRL), ("shift+", pygame.KMOD_SHIFT)):
        while name.startswith(prefix):
            mod |= flag
            name = name[len(prefix):]
    key = {"escape": pygame.K_ESCAPE, "f1": pygame.K_F1}.get(name)
    if key is None:
        key = getattr(pygame, "K_" + name, pygame.K_UNKNOWN) if len(name) == 1 else pygame.K_UNKNOWN
    return pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)


def to_pygame(event):
    """One script event as the pygame events a real window would queue."""
    kind = event[1]
    if kind in ("down", "up", "motion"):
        pos = (event[2], event[3])
        if kind == "down":
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        if kind == "up":
            return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))]
    if kind == "escape":
        return [pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0)]
    if kind == "quit":
        return [pygame.event.Event(pygame.QUIT)]
    if kind == "keydown":
        return [key_event(pygame.KEYDOWN, event[2])]
    if kind == "keyup":
        return [key_event(pygame.KEYUP, event[2])]
    return [key_event(pygame.KEYDOWN, event[2]), key_event(pygame.KEYUP, event[2])]  # "key"


class InstantClock:
    """pygame.time.Clock for a replay: tick() never waits."""

    def tick(self, framerate=0):
        return 0

    tick_busy_loop = tick

    def get_fps(self):
        return 0.0


class Presenter:
    """pygame.display.update() for a replay: counts each frame; hashes it
    and saves it as a PNG unless the port drew the same (headless); or shows
    it, paced (live). Stops the game at the script's last frame."""

    def __init__(self, script, scripted, frames_dir=None, known=(), live=None):
        self.limit = script["frames"]
        self.scripted = scripted
        self.frames_dir = frames_dir
        self.known = set(known)
        self.hashes = []
        self.live = live            # None, or (real update, real event.get, ready file)
        self.started = None

    def __call__(self, *args, **kwargs):
        surface = pygame.display.get_surface()
        if self.live:
            self.show(surface, *args)
        else:
            digest = frame_hash(surface)
            self.hashes.append(digest)
            if self.frames_dir and digest not in self.known:
                pygame.image.save(surface, os.path.join(self.frames_dir, digest + ".png"))
                self.known.add(digest)
        self.scripted.presented += 1
        if self.scripted.presented >= self.limit:
            raise ScriptOver("frames")

    def show(self, surface, *args):
        real_update, real_get, ready = self.live
        if self.started is None:        # frame 0 is drawn: wait for the go
            Path(ready).touch()
            sys.stdin.readline()
            self.started = time.perf_counter()
        real_update(*args)
        # The window's own events: keep it responsive; closing it ends the run.
        if any(e.type == pygame.QUIT for e in real_get()):
            raise ScriptOver("closed")
        due = self.started + (self.scripted.presented + 1) / LIVE_FPS
        time.sleep(max(0.0, due - time.perf_counter()))


def run_replay(program, script, frames_dir=None, known=(), live_ready=None):
    """Plays the script through the learner's main(). Returns the result."""
    choices = list(script.get("choices", []))
    first = list(script.get("first", []))

    def choice(seq):
        k = choices.pop(0) if choices else 0
        return seq[k % len(seq)]

    def randint(a, b):
        return 0 if (first.pop(0) if first else "computer") == "computer" else 1

    scripted = ScriptedInput(script.get("events", []))
    live = (pygame.display.update, pygame.event.get, live_ready) if live_ready else None
    if live:
        # The window says whose it is, in its title: the program's own
        # caption, then the label (the learner's file is not touched).
        real_set_caption = pygame.display.set_caption

        def set_caption(title, *rest):
            real_set_caption(f"{title} | {LIVE_LABEL}", *rest)
        pygame.display.set_caption = set_caption
    presenter = Presenter(script, scripted, frames_dir, known, live)
    pygame.event.get = scripted.get
    pygame.display.update = pygame.display.flip = presenter
    pygame.time.Clock = InstantClock
    random.choice, random.randint = choice, randint

    result = {"outcome": None, "error": None}
    phase = "set-up"
    try:
        game = load_game(program, script.get("width", 7), script.get("height", 6),
                         script.get("difficulty", 2))
        phase = "game"
        game["main"]()
        result["outcome"] = "returned"      # main() ended by itself (the game never does)
    except ScriptOver as over:
        result["outcome"] = over.outcome
    except SystemExit:
        result["outcome"] = "quit"          # the game's own pygame.quit(); sys.exit()
    except Exception as e:
        result["outcome"] = "error"
        result["error"] = f"{phase}, after {scripted.presented} frames: {describe(e, program)}"
    result["frames"] = scripted.presented
    result["hashes"] = presenter.hashes
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["ai", "time", "replay"])
    parser.add_argument("program", help="the copy of the learner's file")
    parser.add_argument("input", help="positions (ai, time) or a replay script (replay), JSON")
    parser.add_argument("result", help="where to write the answers, JSON")
    parser.add_argument("--shown-as", help="the learner's own path, for messages")
    parser.add_argument("--frames", help="replay: save frames the port did not draw here")
    parser.add_argument("--known", help="replay: the port's frame hashes, one a line")
    parser.add_argument("--live", action="store_true", help="replay in a window, paced")
    parser.add_argument("--ready", help="--live: create this file when the window is up")
    parser.add_argument("--repeat", type=int, default=3, help="time: calls per position")
    args = parser.parse_args()

    program = Program.read(args.program)
    program.shown_as = args.shown_as or args.program
    data = json.loads(Path(args.input).read_text())
    if args.command == "ai":
        result = run_ai(program, data)
    elif args.command == "time":
        result = run_timing(program, data, args.repeat)
    else:
        known = Path(args.known).read_text().split() if args.known else ()
        result = run_replay(program, data, args.frames, known,
                            live_ready=args.ready if args.live else None)
    Path(args.result).write_text(json.dumps(result))


if __name__ == "__main__":
    main()

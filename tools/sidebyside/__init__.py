"""The comparison kit behind tools/compare.py: a learner's fourinrow.py and
the Rust port, run side by side on the same input.

Modules, in the order compare.py uses them:

    program    reads the learner's file with `ast`: is it the game, which
               layout, which images; compiles it with other settings
    images     finds the learner's images (or the port's) and lays them out
               for both programs in a temporary folder
    scripts    the repository's replay scripts, default or with extras
    positions  random reachable positions for the AI comparison
    port       runs the Rust binary: analyze, replays, the live window
    driver     runs the learner's game in a subprocess: the AI on positions,
               a replay frame by frame, or a paced replay in a window
    frames     compares frames and stores them for the report
    twins      finds the Rust twins of the Python functions (doc markers)
    report     writes the static HTML report
    live       the --live mode: both programs in two windows

The repository's other developer tools run the Python game through the
same parts: tools/make-ai-fixtures.py (learner, driver's `ai`),
tools/make-frame-fixtures.py (learner, driver's `replay`), and
tools/measure-speed.sh through

    timing     how long the game's getPotentialMoves takes (driver's `time`)

Everything needs Python 3.8 to 3.13 and pygame; the report also Pygments (see
`require_pygame`, `require_pygments`).
"""

import argparse
import os
import sys
from pathlib import Path

# Before anyone imports pygame: no banner on the terminal, and no sound
# card needed (the game makes no sound; pygame.init() would try ALSA).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class Fatal(Exception):
    """An error the user can fix, reported as one line with exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser for the repository's tools, whose usage errors are
    one line, like every other error of theirs (exit status 2):
    `make-ai-fixtures.py: the following arguments are required: --python
    (see --help)`."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def python_tool_parser(prog, description):
    """The parser of a tool that runs the Python game: an `ArgumentParser`
    whose --help shows `description` (the tool's docstring) as written,
    with the required `--python PATH` already added."""
    parser = ArgumentParser(prog=prog, description=description,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", required=True, metavar="PATH",
                        help="the Python game: the tutorial's fourinrow.py or Sweigart's fourinarow.py")
    return parser


def require_pygame():
    """Imports pygame, or stops with the command that installs it."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        raise Fatal("pygame is not installed: pip install pygame==2.6.1") from None


def require_pygments():
    """Imports Pygments (the code page's highlighting), or says how to get it."""
    try:
        import pygments  # noqa: F401
    except ImportError:
        raise Fatal("Pygments is not installed: pip install pygments") from None


def run_tool(main):
    """Runs a tool's `main()` and exits with what it returns; a `Fatal` is
    one line on stderr and exit status 2, Ctrl-C status 130."""
    try:
        sys.exit(main())
    except Fatal as error:
        print(error, file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except RecursionError:
        print(f"{Path(sys.argv[0]).name}: the input is too deeply nested to handle", file=sys.stderr)
        sys.exit(2)
    except OSError as error:    # a full or read-only disk, a vanished folder
        where = f"{error.filename}: " if error.filename else ""
        print(f"{Path(sys.argv[0]).name}: {where}{error.strerror or error}", file=sys.stderr)
        sys.exit(2)
    except Exception as error:  # never a traceback: one line, status 2
        print(f"{Path(sys.argv[0]).name}: failed: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(2)

"""The repository's replay scripts, and which of them count.

A replay script (JSON) sets the board size and difficulty, how many frames
to play, the input events by frame, the computer's choices and who starts
each later game. Events of the kinds `down`, `motion`, `up` (left mouse
button), `escape` (Esc released) and `quit` (window closed) are the
original's whole input. Scripts that also press keys (`key`, `keydown`,
`keyup`) drive the port's extras (hint, undo, restart), which the original
does not have: both programs still play them, but their frames are expected
to part at the first such key, so they are reported apart, as "extras", and
do not count towards the verdict.
"""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from sidebyside import Fatal

# Where the repository keeps its scripts, relative to its root.
FOLDERS = ("tests/scripts", "docs/screenshots")

# The original's input; any other kind is for the port's extras.
ORIGINAL_KINDS = {"down", "motion", "up", "escape", "quit"}

# Scripts made for the port's extras with options the Python lacks (see
# tools/make-screenshots.sh): without the options they would be a plain
# game under a misleading name, and with them the Python cannot play them.
# The kit leaves them out, and says so.
LEFT_OUT = {
    "docs/screenshots/two-player.json": "plays two people at one mouse with --two-player, "
                                        "which the Python lacks",
    "docs/screenshots/lab.json": "plays the lab preset with --preset lab, which the Python lacks",
    "docs/screenshots/gobang-show-wins.json": "is a game of Gobang (fourinrow gobang "
                                              "--two-player --show-wins), not Four in a Row",
}


@dataclass
class Script:
    path: Path
    label: str          # 'tests/scripts/tie-4x4.json'
    slug: str           # 'tests-tie-4x4', for file names in the report
    width: int
    height: int
    difficulty: int
    frames: int
    events: list
    extra_keys: list = field(default_factory=list)   # [(frame, kind, key), ...]

    @property
    def extras(self):
        """True when the script presses keys only the port reacts to."""
        return bool(self.extra_keys)

    def describe(self):
        """What the script plays, in a few words: '5x5, difficulty 0, 840
        frames: 7 drags, then Esc'."""
        drags = sum(1 for e in self.events if e[1] == "up")
        words = {"escape": "Esc", "quit": "the window closed"}
        ends = [kind for kind in words if any(e[1] == kind for e in self.events)]
        text = (f"{self.width}x{self.height}, difficulty {self.difficulty}, {self.frames} frames: "
                f"{drags} drag{'s' if drags != 1 else ''}")
        if ends:
            text += ", then " + " and ".join(words[k] for k in ends)
        if self.extras:
            keys = sorted({key for _, _, key in self.extra_keys if key})
            text += "; keys for the port's extras: " + ", ".join(keys)
        return text

    @property
    def first_extra_frame(self):
        return min(frame for frame, _, _ in self.extra_keys) if self.extra_keys else None


def load(path, label=None):
    """Reads one script; a malformed one is a Fatal error naming it."""
    path = Path(path)
    label = label or str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        frames = int(data["frames"])
        events = list(data.get("events", []))
        extra = [(int(e[0]), e[1], e[2] if len(e) > 2 else None)
                 for e in events if e[1] not in ORIGINAL_KINDS]
        unknown = [e for e in events if e[1] not in ORIGINAL_KINDS | {"key", "keydown", "keyup"}]
        if unknown:
            raise ValueError(f"unknown event kind {unknown[0][1]!r}")
        return Script(path=path, label=label, slug=_slug(label),
                      width=int(data.get("width", 7)), height=int(data.get("height", 6)),
                      difficulty=int(data.get("difficulty", 2)), frames=frames,
                      events=events, extra_keys=extra)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        raise Fatal(f"{label}: not a replay script the kit can play: {e}") from None


def _slug(label):
    """'tests/scripts/tie-4x4.json' -> 'tests-tie-4x4': the first folder and
    the file's stem, safe in a file name."""
    words = [p for p in Path(label).with_suffix("").parts if p.strip("/\\")]
    slug = "-".join((words[0], words[-1])) if len(words) > 1 else words[0]
    return re.sub(r"[^A-Za-z0-9_-]", "_", slug)


def left_out(repo):
    """The repository's scripts the kit does not play: (script, why)."""
    return [(load(repo / label, label), why) for label, why in sorted(LEFT_OUT.items())
            if (repo / label).is_file()]


def find(repo, wanted=()):
    """The repository's scripts that both programs can play, sorted by
    folder then name (LEFT_OUT are not among them); with `wanted`, only
    those named (by file name, with or without .json, or by path)."""
    scripts = []
    for folder in FOLDERS:
        for path in sorted((repo / folder).glob("*.json")):
            if f"{folder}/{path.name}" not in LEFT_OUT:
                scripts.append(load(path, f"{folder}/{path.name}"))
    if not scripts:
        raise Fatal(f"no replay scripts in {repo / FOLDERS[0]} or {repo / FOLDERS[1]}")
    if not wanted:
        return scripts
    chosen = []
    for name in wanted:
        hits = [s for s in scripts if name in (s.label, s.path.name, s.path.stem)]
        if not hits and Path(name).is_file():
            hits = [load(name)]
        if not hits:
            raise Fatal(f"--script {name}: no such script (the scripts are: "
                        + ", ".join(s.path.stem for s in scripts) + ")")
        chosen += [s for s in hits if s not in chosen]
    slugs = set()
    for script in chosen:          # two scripts of the same name elsewhere
        while script.slug in slugs:
            script.slug += "_"
        slugs.add(script.slug)
    return chosen

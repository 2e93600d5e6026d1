"""Frames: playing one script through both programs, comparing what they
drew, and keeping it for the report's frame viewer.

A script of 800 frames holds a few hundred distinct pictures (the waits for
the human repeat one frame; the animations do not), and a 640x480 frame is
20 to 40 KB as a PNG: kept whole, one long script would take 30 MB. So the
report keeps every frame, exactly, but each distinct picture only once, and
most of them as a patch: a picture that differs from the last key picture
(a whole PNG) only within a rectangle of at most a quarter of the window is
stored as that rectangle, to be drawn over the key picture. A falling token
is a 50x60 patch. Python and Rust frames with the same pixels share one
picture.
"""

import hashlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from sidebyside.pixels import frame_hash

PATCH_LIMIT = 0.25          # the largest patch, as a share of the window
DIFF_COLOR = (255, 0, 255)  # differing pixels in the difference image; equal ones are black


def differing(a, b):
    """A mask of the pixels where two same-sized surfaces differ.

    |a - b| per channel is two saturating subtractions added up; a pixel is
    equal where all three channels of that are 0."""
    delta = pygame.Surface(a.get_size(), 0, 24)
    delta.blit(a, (0, 0))
    delta.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = pygame.Surface(b.get_size(), 0, 24)
    other.blit(b, (0, 0))
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    delta.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(delta, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    return mask


def bounding_box(mask):
    """The rectangle around every set bit of a mask, or None."""
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def save_png(surface, path):
    """Writes a PNG atomically (two threads may write the same picture)."""
    partial = path.with_name(path.name + f".{os.getpid()}-{id(surface)}.part.png")
    pygame.image.save(surface, str(partial))
    os.replace(partial, path)


class Pictures:
    """One script's pictures, in the report's pictures/ folder.

    `add` returns a picture's index in `table`, whose rows are
    [file, key, x, y]: key is -1 for a whole picture, or the index of the
    whole picture the patch `file` is drawn over, at (x, y)."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.table = []
        self.index = {}          # frame hash -> index in table
        self.key = None          # (surface, index) of the last whole picture

    def add(self, digest, surface):
        if digest in self.index:
            return self.index[digest]
        row = None
        if self.key and self.key[0].get_size() == surface.get_size():
            box = bounding_box(differing(self.key[0], surface))
            width, height = surface.get_size()
            if box and box.w * box.h <= PATCH_LIMIT * width * height:
                name = f"{digest}-on-{self.table[self.key[1]][0][:-4]}.png"
                if not (self.folder / name).exists():
                    save_png(surface.subsurface(box).copy(), self.folder / name)
                row = [name, self.key[1], box.x, box.y]
        if row is None:
            name = f"{digest}.png"
            if not (self.folder / name).exists():
                save_png(surface, self.folder / name)
            row = [name, -1, 0, 0]
            self.key = (surface, len(self.table))
        self.table.append(row)
        self.index[digest] = len(self.table) - 1
        return self.index[digest]


@dataclass
class ScriptResult:
    """What both programs did with one script."""

    script: object
    python: dict                    # the driver's result: frames, outcome, error
    rust_frames: int
    rust_error: str = None
    frames: list = field(default_factory=list)     # [python picture, rust picture, diff] per frame
    pictures: list = field(default_factory=list)   # Pictures.table
    diffs: list = field(default_factory=list)      # [file, pixels, [x, y, w, h]]
    identical: int = 0              # frames with the same pixels on both sides

    @property
    def compared(self):
        return max(self.python["frames"], self.rust_frames)

    @property
    def first_difference(self):
        for i, (py, rust, diff) in enumerate(self.frames):
            if diff != -1 or py == -1 or rust == -1:
                return i
        return None

    @property
    def same_before_extras(self):
        """For a script with extras: whether every frame before its first
        extra key is identical (where the two programs must still agree)."""
        first = self.script.first_extra_frame
        difference = self.first_difference
        return first is not None and (difference is None or difference >= first)

    @property
    def same(self):
        """Every frame identical, as many on each side, and no failure."""
        return (not self.rust_error and not self.python.get("error")
                and self.python["frames"] == self.rust_frames == self.identical)


def file_digest(path):
    return hashlib.blake2b(Path(path).read_bytes(), digest_size=16).hexdigest()


def play_script(script, port, learner, port_images, work, report):
    """Plays `script` through the port, then through the learner's game,
    and compares them frame by frame; pictures go to report/pictures and
    difference images to report/diffs."""
    rust_dir = Path(work) / f"rust-{script.slug}"
    python_dir = Path(work) / f"python-{script.slug}"
    pictures = Pictures(Path(report) / "pictures")
    try:
        rust_dir.mkdir()       # a new, empty folder for each replay, as the port wants
        rust_frames, rust_error = port.dump_frames(script.path, port_images, rust_dir)
        # The port's frames, each distinct file decoded once.
        rust, rust_files, by_file = [], {}, {}
        for path in sorted(rust_dir.glob("frame-*.png")) if rust_dir.is_dir() else []:
            digest = file_digest(path)
            if digest not in by_file:
                surface = pygame.image.load(str(path))
                by_file[digest] = frame_hash(surface)
                rust_files.setdefault(by_file[digest], path)
                pictures.add(by_file[digest], surface)
            rust.append(by_file[digest])
        rust_frames = len(rust) if rust_error else rust_frames
        python = learner.replay(script, python_dir, rust_files)
        result = ScriptResult(script, python, rust_frames, rust_error)

        def surface_of(digest):
            path = rust_files.get(digest) or python_dir / f"{digest}.png"
            return pygame.image.load(str(path))

        def picture_of(digest):
            if digest is None:                      # that side had stopped
                return -1
            if digest not in pictures.index:        # a frame only the Python drew
                pictures.add(digest, surface_of(digest))
            return pictures.index[digest]

        diff_index = {}
        for i in range(max(len(python["hashes"]), len(rust))):
            py = python["hashes"][i] if i < len(python["hashes"]) else None
            rs = rust[i] if i < len(rust) else None
            py_id, rs_id = picture_of(py), picture_of(rs)
            diff = -1
            if py and rs and py != rs:
                if (py, rs) not in diff_index:
                    diff_index[(py, rs)] = len(result.diffs)
                    result.diffs.append(store_diff(surface_of(py), surface_of(rs),
                                                   Path(report) / "diffs", f"{py}-{rs}.png"))
                diff = diff_index[(py, rs)]
            elif py and py == rs:
                result.identical += 1
            result.frames.append([py_id, rs_id, diff])
        result.pictures = pictures.table
        return result
    finally:
        shutil.rmtree(rust_dir, ignore_errors=True)
        shutil.rmtree(python_dir, ignore_errors=True)


def store_diff(python, rust, folder, name):
    """Saves the difference image of two frames: black where equal,
    DIFF_COLOR where not. Returns [file, differing pixels, box or None]."""
    if python.get_size() != rust.get_size():   # a learner's window of another size
        size = (max(python.get_width(), rust.get_width()), max(python.get_height(), rust.get_height()))
        picture = pygame.Surface(size)
        picture.fill(DIFF_COLOR)
        count, box = size[0] * size[1], pygame.Rect((0, 0), size)
    else:
        mask = differing(python, rust)
        picture = mask.to_surface(pygame.Surface(python.get_size(), 0, 24),
                                  setcolor=DIFF_COLOR, unsetcolor=(0, 0, 0))
        count, box = mask.count(), bounding_box(mask)
    if not (folder / name).exists():
        save_png(picture, folder / name)
    return [name, count, [box.x, box.y, box.w, box.h] if box else None]

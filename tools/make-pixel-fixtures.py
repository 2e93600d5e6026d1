#!/usr/bin/env python3
"""Write tests/fixtures/pixels.txt: what pygame 2.6.1 computes for smoothscale and blit.

    python3 tools/make-pixel-fixtures.py [--out FILE]

Each case draws its pixels from a xorshift32 generator (the same one
tests/pixel_parity.rs uses), saves them as an RGBA PNG, loads the PNG with
pygame.image.load as fourinrow.py does, and records a 64-bit FNV-1a hash of
what pygame makes of it:
  scale BACKEND SW SH DW DH SEED HASH     smoothscale to DWxDH, RGBA bytes
  blit SW SH X Y SEED HASH                blit onto a 640x480 display filled
                                          from SEED+1, RGB bytes of the display
It runs pygame alone, not the game. --out writes elsewhere (to compare
with the committed file, say). Needs Python 3.11 and pygame 2.6.1
(pip install pygame==2.6.1); run on the kind of machine whose pygame the
port follows (the SSE lines need an x86 machine). An error is one line,
with exit status 2.
"""
import argparse
import os
import shutil
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "pixels.txt")
pygame = None   # imported by main(), so that --help works without it


def xorshift_bytes(seed, n):
    x = seed & 0xffffffff or 1
    out = bytearray(n)
    for i in range(n):
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        out[i] = x & 0xff
    return bytes(out)


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xffffffffffffffff
    return h


def load_rgba(w, h, seed, folder):
    surf = pygame.image.frombuffer(xorshift_bytes(seed, w * h * 4), (w, h), "RGBA")
    path = os.path.join(folder, "src-%d.png" % seed)
    pygame.image.save(surf, path)
    return pygame.image.load(path)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make-pixel-fixtures.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.normpath(OUT), metavar="FILE",
                        help="where to write the cases (default: tests/fixtures/pixels.txt)")
    out_path = parser.parse_args(argv).out
    if not os.path.isdir(os.path.dirname(os.path.abspath(out_path))):
        fail("%s: no such folder (for --out)" % os.path.dirname(os.path.abspath(out_path)))
    global pygame
    try:
        import pygame
    except ImportError:
        fail("pygame is not installed: pip install pygame==2.6.1")
    if pygame.version.ver != "2.6.1":
        print("make-pixel-fixtures.py: warning: pygame %s, not 2.6.1, whose arithmetic the port follows"
              % pygame.version.ver, file=sys.stderr)
    pygame.init()
    display = pygame.display.set_mode((640, 480))
    folder = tempfile.mkdtemp()
    lines = ["# made by tools/make-pixel-fixtures.py with pygame %s (SDL %s)" % (
        pygame.version.ver, ".".join(map(str, pygame.get_sdl_version())))]
    scale_cases = [(100, 100, 50, 50), (100, 100, 40, 40), (100, 100, 33, 77), (100, 100, 64, 50),
                   (100, 100, 150, 150), (100, 100, 50, 120), (80, 80, 50, 50), (37, 23, 50, 50),
                   (50, 50, 50, 50), (120, 90, 50, 50), (7, 300, 50, 50), (300, 7, 50, 50),
                   (51, 49, 50, 50), (99, 101, 50, 50), (2, 2, 50, 50), (1, 1, 50, 50),
                   (200, 200, 50, 50), (640, 3, 50, 50), (1000, 1000, 50, 50), (5, 80, 3, 200)]
    seed = 1
    for (sw, sh, dw, dh) in scale_cases:
        seed += 1
        src = load_rgba(sw, sh, seed, folder)
        for backend in ("GENERIC", "SSE"):
            pygame.transform.set_smoothscale_backend(backend)
            out = pygame.transform.smoothscale(src, (dw, dh))
            lines.append("scale %s %d %d %d %d %d %d" % (backend, sw, sh, dw, dh, seed,
                                                        fnv1a64(pygame.image.tobytes(out, "RGBA"))))
    blit_cases = [(50, 50, 0, 0), (50, 50, 145, 90), (50, 50, -20, -30), (50, 50, 615, 455),
                  (281, 163, 180, 159), (379, 173, 131, 154), (250, 100, 85, 380), (7, 3, 633, 478),
                  (640, 480, 0, 0), (30, 30, -29, 460)]
    for (sw, sh, x, y) in blit_cases:
        seed += 1
        src = load_rgba(sw, sh, seed, folder)
        display.blit(pygame.image.frombuffer(xorshift_bytes(seed + 1, 640 * 480 * 3), (640, 480), "RGB"), (0, 0))
        display.blit(src, (x, y))
        lines.append("blit %d %d %d %d %d %d" % (sw, sh, x, y, seed,
                                                 fnv1a64(pygame.image.tobytes(display, "RGB"))))
    shutil.rmtree(folder)
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d cases written to %s" % (len(lines) - 1, out_path))


def fail(message):
    print("make-pixel-fixtures.py: " + message, file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()

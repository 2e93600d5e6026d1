#!/usr/bin/env python3
"""Write tests/fixtures/pixels.txt: what pygame 2.6.1 computes for smoothscale and blit.

    python3 tools/make-pixel-fixtures.py

Each case draws its pixels from a xorshift32 generator (the same one
tests/pixel_parity.rs uses), saves them as an RGBA PNG, loads the PNG with
pygame.image.load as fourinrow.py does, and records a 64-bit FNV-1a hash of
what pygame makes of it:
  scale BACKEND SW SH DW DH SEED HASH     smoothscale to DWxDH, RGBA bytes
  blit SW SH X Y SEED HASH                blit onto a 640x480 display filled
                                          from SEED+1, RGB bytes of the display
Needs `pip install pygame==2.6.1`; run on the kind of machine whose pygame
the port follows (the SSE lines need an x86 machine).
"""
import os, sys, tempfile
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame


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


def main():
    out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "pixels.txt")
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
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d cases written to %s" % (len(lines) - 1, out_path))


if __name__ == "__main__":
    main()

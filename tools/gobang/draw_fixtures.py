"""Writes what pygame's draw.circle (filled) and draw.line (width 1) set on
a 41x41 surface, for tests/fixtures/gobang/draw.txt, the oracle of the
port's pygame drawing arithmetic (src/io/draw.rs):

    python3 tools/gobang/draw_fixtures.py > tests/fixtures/gobang/draw.txt

Each line: the call, then the pixels it set as x,y pairs in row order.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402


def pixels(surface):
    return " ".join(f"{x},{y}" for y in range(41) for x in range(41) if surface.get_at((x, y))[0])


def main():
    print(f"# pygame {pygame.version.ver}")
    for r in range(0, 19):
        s = pygame.Surface((41, 41))
        pygame.draw.circle(s, (255, 255, 255), (20, 20), r)
        print(f"circle 20 20 {r}: {pixels(s)}")
    ends = [(3, 5, 37, 9), (37, 9, 3, 5), (2, 2, 30, 38), (30, 38, 2, 2), (5, 35, 35, 5), (10, 10, 10, 30),
            (30, 12, 4, 12), (0, 0, 40, 40), (7, 7, 7, 7), (1, 20, 40, 21), (20, 1, 21, 40), (38, 3, 36, 40)]
    for x1, y1, x2, y2 in ends:
        s = pygame.Surface((41, 41))
        pygame.draw.line(s, (255, 255, 255), (x1, y1), (x2, y2))
        print(f"line {x1} {y1} {x2} {y2}: {pixels(s)}")


if __name__ == "__main__":
    main()

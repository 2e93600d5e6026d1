#!/usr/bin/env python3
"""Checks a comparison report in a real browser: headless Chromium opens
its pages from disk (file://, no server), takes screenshots, and dumps the
DOM; the checks read both.

    check_report.py REPORT --shots DIR [--port BIN] [--expect same|differs]
                    [--script SLUG ...] [--paired NAME,NAME,...]

- index.html: shows the summary's last line and the right verdict.
- view-SLUG.html (for each --script): opened at the script's first
  differing frame, or else at the first frame the port drew as a patch (so
  that drawing a patch over its key picture is checked too). The DOM must
  show that frame; in the screenshot, the Rust stage must hold exactly the
  pixels of the port's own frame (the checker replays the script with
  --port to get it), the Python stage exactly the Python's frame (the
  port's too when the summary says they are equal, else the report's own
  picture), and the difference stage must be magenta exactly where the two
  stages differ, black elsewhere, with the count the page states.
- view-SLUG.html#frame=0&play: after one second (of the browser's virtual
  time) it is playing, about 30 frames on.
- code.html: one section per Python function, and for each --paired
  function, highlighted Python on the left and Rust on the right; in the
  screenshot, a Python column's heading and a Rust column's side by side.

Prints one PASS or FAIL line per check; exits 1 if any failed. Needs
/usr/bin/chromium (or $CHROMIUM) and pygame.
"""

import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
MAGENTA = (255, 0, 255)
failures = 0


def check(ok, what):
    global failures
    failures += not ok
    print(("PASS  " if ok else "FAIL  ") + what)
    return ok


def chromium(url, shot=None, size=(2100, 1000), budget=3000):
    """Opens a URL headless; returns the DOM, and saves a screenshot."""
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
               "--hide-scrollbars", "--force-device-scale-factor=1",
               "--force-color-profile=srgb", f"--window-size={size[0]},{size[1]}",
               f"--virtual-time-budget={budget}"]
    if shot:
        command.append(f"--screenshot={shot}")
    try:
        return subprocess.run(command + ["--dump-dom", url], capture_output=True, text=True,
                              timeout=120).stdout
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class Elements(html.parser.HTMLParser):
    """Collects elements' attributes by tag, and the body's."""

    def __init__(self, text):
        super().__init__()
        self.found = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def all(self, tag, cls=None):
        return [a for t, a in self.found if t == tag and
                (cls is None or cls in (a.get("class") or "").split())]


def region(surface, x, y, size=(640, 480)):
    return pygame.image.tobytes(surface.subsurface(pygame.Rect((x, y), size)), "RGB")


def pixels(data):
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def viewer_data(page):
    text = page.read_text()
    return json.loads(re.search(r"const VIEWER = (\{.*?\});</script>", text).group(1))


def picture(report, data, index):
    """A picture of the report as the viewer draws it: key, then patch."""
    file, key, x, y = data["pictures"][index]
    if key < 0:
        return pygame.image.load(str(report / "pictures" / file))
    whole = pygame.image.load(str(report / "pictures" / data["pictures"][key][0])).copy()
    whole.blit(pygame.image.load(str(report / "pictures" / file)), (x, y))
    return whole


def port_frame(port, summary, script_path, frame, work):
    """Frame `frame` as the port draws it, with the report's images."""
    images = work / "images"
    if not images.exists():
        images.mkdir()
        for role, path in summary["images"]["files"].items():
            shutil.copyfile(path, images / f"4row{role}.png")
    # The script cut short after that frame: the frames before are the same.
    short = json.loads(script_path.read_text())
    short["frames"] = frame + 1
    (work / "short.json").write_text(json.dumps(short))
    out = work / f"frames-{script_path.stem}-{frame}"
    subprocess.run([port, "--replay", str(work / "short.json"), "--dump-frames", str(out),
                    "--images", str(images)], check=True, capture_output=True,
                   env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    return pygame.image.load(str(out / f"frame-{frame:05d}.png"))


def check_viewer(report, summary, entry, repo, port, shots, work):
    page = report / entry["page"]
    data = viewer_data(page)
    frame = entry["first_difference"]
    if frame is None:       # no difference: a frame the port drew as a patch
        frame = next(i for i, (_, rust, _) in enumerate(data["frames"])
                     if rust >= 0 and data["pictures"][rust][1] >= 0)
    python_id, rust_id, diff = data["frames"][frame]
    shot = shots / f"{entry['slug']}-frame-{frame}.png"
    dom = chromium(f"{page.as_uri()}#frame={frame}", shot)
    body = Elements(dom).all("body")[0]
    check(body.get("data-frame") == str(frame),
          f"{entry['slug']}: the viewer shows frame {frame} (DOM data-frame={body.get('data-frame')})")
    if entry["first_difference"] is not None:
        plain = Elements(chromium(page.as_uri())).all("body")[0]
        check(plain.get("data-frame") == str(frame),
              f"{entry['slug']}: opened without #frame=, it starts at the first difference, {frame}")
    stages = json.loads(body["data-stages"])
    image = pygame.image.load(str(shot))
    (px, py), (rx, ry), (dx, dy) = stages["python"], stages["rust"], stages["diff"]
    check(py == ry == dy and px < rx < dx, f"{entry['slug']}: Python, Rust and difference side by "
          f"side at x {px}, {rx}, {dx} (y {py})")
    shown = {side: region(image, *stages[side]) for side in ("python", "rust", "diff")}
    truth = port_frame(port, summary, repo / entry["label"], frame, work)
    check(shown["rust"] == pygame.image.tobytes(truth, "RGB"),
          f"{entry['slug']}: the Rust stage holds exactly the port's frame-{frame:05d}.png")
    python_truth = truth if python_id == rust_id else picture(report, data, python_id)
    check(shown["python"] == pygame.image.tobytes(python_truth, "RGB"),
          f"{entry['slug']}: the Python stage holds exactly the Python's frame "
          f"({'the same picture as the port' if python_id == rust_id else 'its own picture'})")
    expected = [MAGENTA if a != b else (0, 0, 0)
                for a, b in zip(pixels(shown["python"]), pixels(shown["rust"]))]
    differing = sum(p == MAGENTA for p in expected)
    check(pixels(shown["diff"]) == expected,
          f"{entry['slug']}: the difference stage is magenta exactly where the two stages differ "
          f"({differing} pixels), black elsewhere")
    stated = Elements(dom).all("div", "stage")
    stated = next(a for a in stated if a.get("id") == "stage-diff").get("data-pixels")
    check(stated == str(differing) and (diff < 0) == (differing == 0),
          f"{entry['slug']}: the page states {stated} differing pixels")
    playing = Elements(chromium(f"{page.as_uri()}#frame=0&play", budget=1000)).all("body")[0]
    moved = int(playing.get("data-frame", -1))
    check(playing.get("data-playing") == "yes" and 15 <= moved <= 45,
          f"{entry['slug']}: playing from frame 0, one second on it shows frame {moved} (30 FPS)")


def check_code(report, shots, paired):
    shot = shots / "code.png"
    dom = chromium((report / "code.html").as_uri(), shot, size=(1600, 2400))
    elements = Elements(dom)
    sections = [a["id"] for a in elements.all("section", "pair") if a["id"].startswith("fn-")]
    check(len(sections) >= 14, f"code page: {len(sections)} function sections")
    for name in paired:
        start = dom.find(f'id="fn-{name}"')
        block = dom[start:dom.find("</section>", start)]
        ok = (start >= 0 and block.count('class="highlight"') >= 2
              and block.find("column python") < block.find("column rust"))
        check(ok, f"code page: {name}() has highlighted Python and Rust side by side")
    if not paired:
        return
    # In the screenshot, a row where a Python heading (left half) and a Rust
    # heading (right half) are both drawn: a pair shown side by side.
    image = pygame.image.load(str(shot))
    width = image.get_width()
    rows = []
    for y in range(image.get_height()):
        row = pygame.image.tobytes(image.subsurface(pygame.Rect(0, y, width, 1)), "RGB")
        left, right = row[:3 * (width // 2)], row[3 * (width // 2):]
        python, rust = bytes((0xff, 0xf6, 0xd5)), bytes((0xfd, 0xe6, 0xd8))
        if any(left[i:i + 3] == python for i in range(0, len(left), 3)) and \
                any(right[i:i + 3] == rust for i in range(0, len(right), 3)):
            rows.append(y)
    check(bool(rows), "code page screenshot: a Python heading on the left and a Rust heading on "
          f"the right, side by side (rows {rows[0]}-{rows[-1]})" if rows else
          "code page screenshot: no row with a Python and a Rust heading side by side")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report")
    parser.add_argument("--shots", required=True)
    parser.add_argument("--port", default="target/release/fourinrow")
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[2]))
    parser.add_argument("--expect", choices=["same", "differs"], default="same")
    parser.add_argument("--script", action="append", default=[])
    parser.add_argument("--paired", default="")
    args = parser.parse_args()
    report, shots, repo = Path(args.report).resolve(), Path(args.shots), Path(args.repo)
    shots.mkdir(parents=True, exist_ok=True)
    summary = json.loads((report / "summary.json").read_text())
    work = Path(tempfile.mkdtemp(prefix="check-report-"))

    dom = chromium((report / "index.html").as_uri(), shots / "index.png", size=(1400, 1600))
    check(summary["last_line"] in dom, f"index.html shows: {summary['last_line']}")
    verdicts = [a.get("class") for a in Elements(dom).all("p", "verdict")]
    want = "verdict ok" if args.expect == "same" else "verdict bad"
    check(verdicts == [want], f"index.html's verdict is '{want}' ({verdicts})")
    links = {a.get("href") for a in Elements(dom).all("a")}
    check(all(s["page"] in links for s in summary["scripts"]),
          f"index.html links every script's viewer ({len(summary['scripts'])})")

    for slug in args.script:
        entry = next(s for s in summary["scripts"] if s["slug"] == slug)
        check_viewer(report, summary, entry, repo, args.port, shots, work)
    check_code(report, shots, [n for n in args.paired.split(",") if n])
    shutil.rmtree(work, ignore_errors=True)
    print(f"check_report: {failures} failed; screenshots in {shots}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

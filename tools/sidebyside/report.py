"""The static HTML report: one folder, opened from disk, no server, no
network. Its pages:

    index.html          the summary: the learner's program, the AI, every script
    view-SLUG.html      one script's frame viewer (viewer.js)
    ai.html             every AI position, both programs' numbers
    code.html           each Python function beside its Rust twin (Pygments)
    style.css, viewer.js, code.css
    pictures/, diffs/   the frames (see frames.py) and difference images
    summary.json        the same facts for programs (the kit's tests read it)

Everything is escaped with html.escape; data for the viewer is inlined as
JSON in the page (a file:// page may not fetch files next to it).
"""

import html
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from sidebyside.program import FUNCTIONS, ROLES

ASSETS = Path(__file__).resolve().parent / "assets"
# How --overwrite recognises a report of this tool: a file only it writes
# (a folder of the user's that happens to hold a summary.json is not one).
MARKER_FILE = ".fourinrow-compare-report"
MARKER_TEXT = "A report of tools/compare.py; --overwrite may replace this folder.\n"
FPS = 30


@dataclass
class Run:
    """Everything one comparison found, for the report."""

    program: object               # program.Program
    images: object                # images.ImageSet
    port: Path
    when: str
    versions: str
    ai: list                      # ai.AiCase
    ai_seconds: float             # the Python side's time for the AI
    scripts: list                 # frames.ScriptResult
    twins: list                   # twins.Twin
    rust_source: Path
    python: str = ""              # the Python that ran the learner's game: 3.11.7
    port_python: str = ""         # whose sum() the port computed: 3.11
    python_note: str = None       # a Python newer than the port knows
    differences: list = None      # ai.where_they_differ lines
    left_out: list = None         # what was not compared, and why
    quick: bool = False           # --quick: a part of the comparison

    @property
    def counted(self):
        return [s for s in self.scripts if not s.script.extras]

    @property
    def extras(self):
        return [s for s in self.scripts if s.script.extras]

    @property
    def ai_same(self):
        return sum(case.same for case in self.ai)

    @property
    def scripts_same(self):
        return sum(s.same for s in self.counted)

    @property
    def functions_paired(self):
        """The names of FUNCTIONS that have a Rust twin, in FUNCTIONS' order."""
        return [name for name in FUNCTIONS
                if any(t.python_name == name and t.is_function for t in self.twins)]

    @property
    def everything_same(self):
        return self.ai_same == len(self.ai) and self.scripts_same == len(self.counted)

    def last_line(self):
        quick = " (quick: a part, see what was left out)" if self.quick else ""
        return (f"compare: Python {self.python}: ai {self.ai_same}/{len(self.ai)} positions, "
                f"frames {self.scripts_same}/{len(self.counted)} scripts identical{quick}")


e = html.escape


def page(title, body, heading=None, extra_head=""):
    """A whole page with the report's header and navigation."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)}</title>
<link rel="stylesheet" href="style.css">
{extra_head}</head>
<body>
<header>
<nav><a href="index.html">Summary</a><a href="ai.html">AI positions</a><a href="code.html">Code side by side</a></nav>
<h1>{e(heading or title)}</h1>
</header>
<main>
{body}
</main>
</body>
</html>
"""


def verdict(ok, good, bad):
    return f'<p class="verdict {"ok" if ok else "bad"}">{e(good if ok else bad)}</p>'


def inline_json(data):
    """JSON safe inside a <script> element."""
    return json.dumps(data, separators=(",", ":")).replace("</", "<\\/")


# -- index.html --------------------------------------------------------------

def frames_row(result):
    s = result.script
    first = result.first_difference
    problems = [m for m in (result.python.get("error"), result.rust_error) if m]
    if result.same:
        status = '<span class="ok">identical</span>'
    elif s.extras and result.same_before_extras and not problems:
        status = '<span class="ok">parts at the extras, as expected</span>'
    elif problems:
        status = '<span class="bad">failed: ' + e("; ".join(problems)) + "</span>"
    else:
        status = '<span class="bad">differs</span>'
    first_cell = "" if first is None else f'<a href="view-{e(s.slug)}.html#frame={first}">{first}</a>'
    extra_cell = ""
    if s.extras:
        keys = ", ".join(sorted({f"{kind} {key}" for _, kind, key in s.extra_keys}))
        before = ('<span class="ok">yes</span>' if result.same_before_extras
                  else '<span class="bad">no</span>')
        extra_cell = f"<td>{e(keys)} at frame {s.first_extra_frame}</td><td>{before}</td>"
    return (f'<tr class="{"" if result.same or s.extras else "bad"}">'
            f'<td><a href="view-{e(s.slug)}.html">{e(s.label)}</a></td>'
            f"<td>{s.width}x{s.height}</td><td class=num>{s.difficulty}</td>"
            f'<td class=num>{result.python["frames"]} ({e(result.python["outcome"] or "")})</td>'
            f"<td class=num>{result.rust_frames}</td>"
            f"<td class=num>{result.identical}/{result.compared}</td>"
            f"<td class=num>{first_cell}</td>{extra_cell}<td>{status}</td></tr>")


def index_page(run):
    p = run.program
    images = "".join(f"<tr><td>{e(r.name)}</td><td><code>{e(p.images[r.name].path)}</code> "
                     f"(line {p.images[r.name].line})</td>"
                     f"<td><code>{e(str(run.images.files[r.name]))}</code></td></tr>"
                     for r in ROLES)
    whose = "yours" if run.images.learners else "the port's own (none were beside your file)"
    by_difficulty = {}
    for case in run.ai:
        row = by_difficulty.setdefault(case.position.difficulty, [0, 0, 0.0])
        row[0] += 1
        row[1] += case.same
        row[2] += case.python.get("seconds", 0.0)
    ai_rows = "".join(f"<tr><td class=num>{d}</td><td class=num>{n}</td>"
                      f'<td class="num {"ok" if same == n else "bad"}">{same}/{n}</td>'
                      f"<td class=num>{seconds:.2f} s</td></tr>"
                      for d, (n, same, seconds) in sorted(by_difficulty.items()))
    head = ("<tr><th>script</th><th>board</th><th>difficulty</th><th>Python frames (how it ended)</th>"
            "<th>Rust frames</th><th>identical frames</th><th>first difference</th>")
    counted = "".join(frames_row(r) for r in run.counted)
    extras = ""
    if run.extras:
        extras = f"""<h3>Extras (not counted)</h3>
<p class="note">These scripts also press keys for the port's extras (hint, undo,
restart), which the original does not have: the Python ignores them, the port
reacts, so their frames are expected to part at the first such key. Both programs
play them all the same, to show where and how.</p>
<table>{head}<th>keys for the extras</th><th>identical before them</th><th>result</th></tr>
{"".join(frames_row(r) for r in run.extras)}</table>"""
    notes = ""
    if run.python_note:
        notes += f'<p class="note bad">{e(run.python_note)}</p>'
    if run.differences:
        notes += ("<h3>Where the AI differs</h3><ul>"
                  + "".join(f'<li class="mono">{e(d)}</li>' for d in run.differences) + "</ul>")
    if run.left_out:
        notes += ("<h3>Left out of this run</h3><ul>"
                  + "".join(f"<li>{e(d)}</li>" for d in run.left_out) + "</ul>")
    body = f"""{verdict(run.everything_same, "Everything matched: the same numbers and the same frames.",
                 "Not everything matched: see the red rows below.")}
<p class="mono">{e(run.last_line())}</p>
<p>Your program ran under Python {e(run.python)}; the port computed the values with
Python {e(run.port_python)}'s <code>sum()</code> (Python 3.12 made <code>sum()</code> of floats
compensate, which changes the last digit of some values at difficulty 3:
<code>fourinrow --python VERSION</code>).</p>
{notes}

<h2 id="program">Your program</h2>
<table>
<tr><th>file</th><td><code>{e(str(p.path))}</code></td></tr>
<tr><th>layout</th><td>{e(p.layout)}; caption {e(repr(p.caption))};
{p.prints} print() call{"" if p.prints == 1 else "s"}</td></tr>
<tr><th>images</th><td>{e(whose)}: {e(run.images.where)}</td></tr>
<tr><th>Rust port</th><td><code>{e(str(run.port))}</code></td></tr>
<tr><th>run</th><td>{e(run.when)}; {e(run.versions)}</td></tr>
</table>
<details><summary>The seven images: where your program loads each, and the file both programs drew with</summary>
<table><tr><th>image</th><th>your program loads</th><th>file used</th></tr>{images}</table>
</details>

<h2 id="ai">The AI, value for value</h2>
<p><b class="{"ok" if run.ai_same == len(run.ai) else "bad"}">{run.ai_same} of {len(run.ai)} positions</b>
gave the same <code>getPotentialMoves</code> values, double for double, and the same best moves
(<a href="ai.html">every position</a>). The positions come from random legal games (a fixed seed),
stopped before anyone has four: boards from 4x4 to 9x7, both colours to move.
Your program took {run.ai_seconds:.1f} s for them.</p>
<table><tr><th>difficulty</th><th>positions</th><th>identical</th><th>Python's time</th></tr>{ai_rows}</table>

<h2 id="frames">Replays, frame for frame</h2>
<p><b class="{"ok" if run.scripts_same == len(run.counted) else "bad"}">{run.scripts_same} of {len(run.counted)}
scripts</b> gave the same frames, pixel for pixel, as many on each side. Each script is
played by both programs with the same input, the same computer choices and the same images;
the script's name opens its frame viewer.</p>
<table>{head}<th>result</th></tr>
{counted}</table>
{extras}

<h2 id="code">The code</h2>
<p><a href="code.html">Each function of your file beside its Rust twin</a>:
{len(run.functions_paired)} of {len(FUNCTIONS)} functions have a twin in <code>{e(str(run.rust_source))}</code>.</p>

<h2 id="reading">How to read this report</h2>
<ul class="note">
<li>A frame viewer shows, for each frame, the Python's picture, the Rust port's and their
difference: black where the pixels are equal, magenta where they are not, with the count.
It opens at the first frame that differs, if one does. Play runs at {FPS} frames a second;
the arrow keys step; the buttons jump between differences.</li>
<li>Every frame is in the report, but each distinct picture is stored once, and most as the
small rectangle in which it differs from the whole picture before it: that keeps the report
small without losing a pixel.</li>
<li>"How it ended": <i>frames</i>, the script's frames were all played; <i>quit</i>, the program
quit by itself (Esc or the window's close in the script).</li>
</ul>
"""
    return page("Four in a Row: your Python beside the Rust port", body)


# -- view-SLUG.html ----------------------------------------------------------

def viewer_page(run, result):
    s = result.script
    first = result.first_difference
    data = {"frames": result.frames, "pictures": result.pictures, "diffs": result.diffs,
            "start": first or 0, "fps": FPS}
    problems = "".join(f'<p class="bad">{e(who)}: {e(m)}</p>' for who, m in
                       (("Python", result.python.get("error")), ("Rust", result.rust_error)) if m)
    extras = ""
    if s.extras:
        extras = (f'<p class="note">This script presses keys for the port\'s extras, first at frame '
                  f'{s.first_extra_frame}; the original ignores them, so the frames may part there. '
                  "It does not count towards the verdict.</p>")
    where = f"first difference at frame {first}" if first is not None else "no difference"
    buttons = ""
    if first is not None:
        buttons = ('<button id="first-diff">first difference</button>'
                   '<button id="prev-diff">previous difference</button>'
                   '<button id="next-diff">next difference</button>')
    body = f"""{verdict(result.same, "Identical: every frame, pixel for pixel.",
                 f"Not identical: {result.identical} of {result.compared} frames match; {where}.")}
{problems}{extras}
<p>Board {s.width}x{s.height}, difficulty {s.difficulty}; the script plays up to {s.frames} frames.
The Python drew {result.python["frames"]} (it ended: {e(result.python["outcome"] or "")}), the port
{result.rust_frames}.</p>
<div class="controls">
<button id="play">&#9654; Play</button>
<button id="step-back" title="previous frame (left arrow)">&#9664;</button>
<button id="step-on" title="next frame (right arrow)">&#9654;|</button>
<input type="range" id="slider" min="0" max="{max(0, len(result.frames) - 1)}" value="0" aria-label="frame">
<span id="frame-number"></span>
{buttons}
</div>
<div class="panes">
{stage("python", "Python: " + run.program.path.name)}
{stage("rust", "Rust: the port")}
<figure class="pane" id="pane-diff"><figcaption id="diff-caption">Difference</figcaption>
<div class="stage" id="stage-diff"><img class="key" alt="difference image" hidden></div></figure>
</div>
<script>const VIEWER = {inline_json(data)};</script>
<script src="viewer.js"></script>
"""
    return page(f"{s.label}: Python and Rust, frame for frame", body, heading=s.label)


def stage(side, caption):
    return (f'<figure class="pane" id="pane-{side}"><figcaption>{e(caption)}</figcaption>'
            f'<div class="stage" id="stage-{side}"><img class="key" alt="{side} frame">'
            f'<img class="patch" alt="" hidden><div class="missing" hidden>no frame: '
            f"this program had stopped</div></div></figure>")


# -- ai.html -----------------------------------------------------------------

def numbers(values, others=None):
    """Values as repr() writes them; those that differ from `others` (the
    other program's, at the same column) in bold."""
    shown = []
    for i, value in enumerate(values):
        text = e(repr(float(value)))
        if others is not None and (i >= len(others) or repr(float(others[i])) != repr(float(value))):
            text = f"<b>{text}</b>"
        shown.append(text)
    return ", ".join(shown)


def ai_page(run):
    rows = []
    for case in sorted(run.ai, key=lambda c: c.same):       # differences first
        p = case.position
        board = "\n".join(p.board.split("/"))
        if "error" in case.python:
            python = f'<span class="bad">{e(case.python["error"])}</span>'
            python_best = ""
        else:
            python = numbers(case.python["potential_moves"], case.rust["potential_moves"])
            python_best = e(str(case.python["best_moves"]))
        rust = numbers(case.rust["potential_moves"], case.python.get("potential_moves"))
        rows.append(
            f'<tr class="{"" if case.same else "bad"}"><td><pre class="board">{e(board)}</pre>'
            f'<code class="mono">{e(p.board)}</code></td>'
            f"<td>{p.size[0]}x{p.size[1]}</td><td class=num>{p.difficulty}</td><td>{p.tile}</td>"
            f'<td class="mono">{python}<br>{python_best}</td>'
            f'<td class="mono">{rust}<br>'
            f'{e(str(case.rust["best_moves"]))}</td>'
            f'<td class="{"ok" if case.same else "bad"}">{"same" if case.same else "differs"}</td></tr>')
    body = f"""{verdict(run.ai_same == len(run.ai), f"All {len(run.ai)} positions gave the same numbers.",
                 f"{len(run.ai) - run.ai_same} of {len(run.ai)} positions differ (listed first).")}
<p class="note">For each position, <code>getPotentialMoves(board, tile, difficulty)</code> (the
first line of each cell) and the columns <code>getComputerMove</code> would choose among (the
second), from your program and from <code>fourinrow analyze --difficulty N --tile T BOARD</code>.
Values are written as Python's repr(), which names every double exactly: "same" means bit for bit;
a value that differs from the other program's is in bold.
The board text (rows from the top, <code>.</code> empty, <code>R</code> red, <code>B</code> black)
can be pasted into <code>fourinrow analyze</code>.</p>
<table><tr><th>board</th><th>size</th><th>difficulty</th><th>to move</th><th>Python</th>
<th>Rust</th><th></th></tr>
{"".join(rows)}</table>
"""
    return page("The AI, position by position", body)


# -- code.html ---------------------------------------------------------------

def code_page(run):
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer, RustLexer

    def python_html(text, first):
        return highlight(text, PythonLexer(), HtmlFormatter(linenos="inline", linenostart=first))

    def rust_html(text, first):
        return highlight(text, RustLexer(), HtmlFormatter(linenos="inline", linenostart=first))

    program = run.program
    name = program.path.name
    source = run.rust_source

    def pair(anchor, title, python_blocks, twins, missing_text):
        left = "".join(f'<h3>Python: {e(name)}, line {first}</h3>{python_html(text, first)}'
                       for text, first in python_blocks)
        right = "".join(f"<h3>Rust: {e(str(source / t.file))}, line {t.line}</h3>"
                        f"{rust_html(t.text, t.line)}"
                        for t in twins) or f'<p class="none">{missing_text}</p>'
        return (f'<section class="pair" id="{e(anchor)}"><h2>{e(title)}</h2><div class="columns">'
                f'<div class="column python">{left}</div><div class="column rust">{right}</div>'
                "</div></section>")

    functions = [n for n in program.functions]        # the file's order
    sections, lonely_python = [], []
    for fn in functions:
        twins = [t for t in run.twins if t.python_name == fn and t.is_function]
        if not twins:
            lonely_python.append(fn)
        sections.append(pair(f"fn-{fn}", f"{fn}()", [program.function_source(fn)], twins,
                             f"No Rust twin: no <code>/// Python: {e(fn)}(...)</code> marker "
                             f"begins a doc comment in <code>{e(str(source))}</code>."))
    missing_functions = [t for t in run.twins if t.is_function and "." not in t.python_name
                         and t.python_name not in program.functions]
    library_twins = [t for t in run.twins if t.is_function and "." in t.python_name]

    globals_ = program.global_assignments()
    constant_twins = [t for t in run.twins if not t.is_function]
    constants = []
    for constant in dict.fromkeys(t.python_name for t in constant_twins if t.python_name in globals_):
        blocks = [program.statement_source(stmt) for stmt in globals_[constant]]
        twins = [t for t in constant_twins if t.python_name == constant]
        constants.append(pair(f"const-{constant}", constant, blocks, twins, ""))
    other_markers = library_twins + [t for t in constant_twins if t.python_name not in globals_]

    def twin_list(twins):
        return "".join(f"<li><code>{e(t.python_call)}</code>: {e(str(source / t.file))}, "
                       f"line {t.line}</li>"
                       for t in twins) or "<li>none</li>"

    lonely = "".join(f'<li><a href="#fn-{e(f)}"><code>{e(f)}()</code></a></li>'
                     for f in lonely_python) or "<li>none</li>"
    by_line = line_table(program, run.twins, source)
    body = f"""<p class="note">Each function of <code>{e(str(program.path))}</code>, in its order,
beside its twin in the Rust port: the item in <code>{e(str(source))}</code> whose doc comment begins
<code>/// Python: name(args)</code>. Highlighted with Pygments; line numbers are the files' own.</p>
<p class="note"><a href="#lines">Your file, line by line</a>, at the end of this page, lists
every line range of your file with where it went in the port: the set-up, the imports and the
prints too.</p>
<table>
<tr><th>Python functions with no Rust twin</th><td><ul>{lonely}</ul></td></tr>
<tr><th>Rust twins whose Python function is not in your file</th><td><ul>{twin_list(missing_functions)}</ul></td></tr>
</table>
{"".join(sections)}
<h2 id="constants">Constants and globals</h2>
<p class="note">Module-level names (and the globals Sweigart's <code>main()</code> sets) with a
<code>/// Python: NAME</code> twin.</p>
{"".join(constants) or "<p>None found.</p>"}
<details><summary>Other markers (pygame's functions and names, locals: nothing your file
defines)</summary>
<ul>{twin_list(other_markers)}</ul></details>
<h2 id="lines">Your file, line by line</h2>
<p class="note">Every line range of <code>{e(name)}</code>, in its order, and where it went in
the port. Within each Rust file the twins keep the Python's order; across files they are grouped
by what they do (the board, the drawing, the AI, the game), so a file read from the top is not
always in your file's order.</p>
{by_line}
"""
    css = HtmlFormatter().get_style_defs(".highlight")
    return page("The code, side by side", body,
                extra_head='<link rel="stylesheet" href="code.css">\n'), css


# Where the set-up went: the module level of the tutorial's file, or the
# start of Sweigart's main() with its `global` statement.
SETUP = ("the set-up, which the port does before the first twin runs: <code>src/fourinrow/play.rs</code> "
         "(<code>play</code>: the window and the clock; the images through <code>load_images</code> "
         "and <code>Images::load</code> in <code>src/fourinrow/port/images.rs</code>), "
         "<code>Layout::new</code> in <code>src/fourinrow/port/settings.rs</code> (XMARGIN, YMARGIN and the "
         "rectangles) and <code>Game::new</code> in <code>src/fourinrow/port/globals.rs</code> "
         "(DISPLAYSURF, FPSCLOCK)")


def line_table(program, twins, source):
    """The table of every line range of the learner's file and its Rust."""
    prints = program.print_lines()
    by_name = {}
    for t in twins:
        by_name.setdefault(t.python_name, []).append(t)

    def where(name, anchor):
        found = by_name.get(name, [])
        places = ", ".join(f"<code>{e(str(source / t.file))}</code> line {t.line}" for t in found)
        return f'<a href="#{e(anchor)}">{e(name)}</a>: {places}' if found else ""

    rows = []
    for first, last, kind, name in program.line_map():
        if kind == "import":
            rust = ("no twin: Rust names what it uses with <code>use</code> lines at the top of "
                    "each file, and the crates in <code>Cargo.toml</code>")
        elif kind == "function":
            rust = where(name, f"fn-{name}") or "no twin"
            if name in prints:
                lines = ", ".join(map(str, prints[name]))
                rust += (f'<br><span class="note">line{"s" if len(prints[name]) > 1 else ""} '
                         f"{lines}: the tutorial's <code>print</code> (Sweigart's file has none), "
                         "<code>g.io.print</code> in the twin, marked as the tutorial's</span>")
        elif kind == "constant":
            rust = " ".join(filter(None, (where(n.strip(), f"const-{n.strip()}")
                                          for n in (name or "").split(",")))) or "no twin"
        elif kind == "setup" and name in program.functions:
            rust = (f"the set-up inside <code>{e(name)}()</code>, as Sweigart writes it (its "
                    f"<code>global</code> names and their values); in the port, {SETUP}; "
                    f'<a href="#fn-{e(name)}">{e(name)}()</a>\'s twin is the rest')
        elif kind == "setup":
            rust = " ".join(filter(None, (where(n.strip(), f"const-{n.strip()}")
                                          for n in (name or "").split(",") if n.strip()))) or SETUP
        elif kind == "main-guard":
            rust = "<code>src/main.rs</code>, <code>fn main</code>: the binary's entry point"
        else:
            rust = "no twin: a statement the port does not need"
        if rows and rows[-1][2] == kind and rows[-1][3] == rust and kind in ("import", "setup"):
            rows[-1][1] = last
        else:
            rows.append([first, last, kind, rust])
    body = "".join(f'<tr><td class="num" style="white-space: nowrap">{a}{"" if a == b else f"–{b}"}</td><td>{e(k)}</td>'
                   f"<td>{r}</td></tr>" for a, b, k, r in rows)
    return f"<table><tr><th>lines</th><th>what</th><th>Rust</th></tr>{body}</table>"


# -- the whole folder ----------------------------------------------------------

def summary(run):
    """The report's facts as JSON (for scripts and the kit's own tests)."""
    return {
        "program": str(run.program.path),
        "layout": run.program.layout,
        "setup_in": run.program.setup_in,
        "caption": run.program.caption,
        "images": {"learners": run.images.learners, "where": run.images.where,
                   "files": {k: str(v) for k, v in run.images.files.items()}},
        "ai": {"same": run.ai_same, "total": len(run.ai),
               "python_seconds": round(run.ai_seconds, 3)},
        "scripts": [{"label": r.script.label, "slug": r.script.slug, "extras": r.script.extras,
                     "page": f"view-{r.script.slug}.html", "same": r.same,
                     "python_frames": r.python["frames"], "python_outcome": r.python["outcome"],
                     "python_error": r.python.get("error"), "rust_frames": r.rust_frames,
                     "rust_error": r.rust_error, "identical": r.identical,
                     "first_difference": r.first_difference}
                    for r in run.scripts],
        "twins": {"functions_paired": run.functions_paired, "count": len(run.twins)},
        "python": run.python,
        "port_python": run.port_python,
        "differences": run.differences or [],
        "left_out": run.left_out or [],
        "last_line": run.last_line(),
    }


def write(run, out):
    """Writes every page of the report into `out` (which holds pictures/
    and diffs/ already)."""
    out = Path(out)
    for asset in ("style.css", "viewer.js"):
        shutil.copyfile(ASSETS / asset, out / asset)
    (out / "index.html").write_text(index_page(run), encoding="utf-8")
    (out / "ai.html").write_text(ai_page(run), encoding="utf-8")
    for result in run.scripts:
        (out / f"view-{result.script.slug}.html").write_text(viewer_page(run, result),
                                                            encoding="utf-8")
    code, css = code_page(run)
    (out / "code.html").write_text(code, encoding="utf-8")
    (out / "code.css").write_text(css, encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summary(run), indent=1), encoding="utf-8")
    (out / MARKER_FILE).write_text(MARKER_TEXT, encoding="utf-8")

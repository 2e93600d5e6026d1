"""Reading the learner's fourinrow.py: is it the game, how is it laid out,
which images does it load, and how to run it with other settings.

The file is never imported as it stands. It is parsed with `ast`, checked,
and compiled again for each board size (`Program.compile`) with its own
`BOARDWIDTH = ...`, `BOARDHEIGHT = ...` and `DIFFICULTY = ...` lines
rewritten, so that everything the program derives from them (`XMARGIN`,
`YMARGIN`, the assert) is derived by the program itself, whichever layout
it has:

- the tutorial's fourinrow.py runs its set-up (`pygame.init()`, the
  window, the images) at module level and prints the computer's reasoning;
- Sweigart's fourinarow.py runs the same set-up inside `main()`, under
  `global` statements, and prints nothing.

Only this module knows the game's names; everything else asks it.
"""

import ast
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sidebyside import Fatal

# The most of the learner's file read: the game is about 15 kB, and a file
# of megabytes (or /dev/zero) is not it.
MAX_SOURCE = 1_000_000

# The functions both layouts define, in the tutorial's order.
FUNCTIONS = (
    "drawBoard", "getNewBoard", "getPotentialMoves", "getHumanMove",
    "animateComputerMoving", "getComputerMove", "getLowestEmptySpace",
    "makeMove", "animateDroppingToken", "isValidMove", "isBoardFull",
    "isWinner", "main", "runGame",
)

# Module-level settings the kit rewrites before the program runs.
SETTINGS = ("BOARDWIDTH", "BOARDHEIGHT", "DIFFICULTY")

# Module-level names the kit reads: the board's cell values.
CELLS = ("RED", "BLACK", "EMPTY")


@dataclass(frozen=True)
class Role:
    """One of the seven images: what it shows and the names it goes by."""

    name: str        # short name used by the kit: "red", "humanwinner", ...
    variable: str    # the global it is loaded into
    tutorial: str    # file name in the tutorial (under images/)
    sweigart: str    # file name in Sweigart's book (beside the program)
    port: str        # file name the port's --images folder wants

    @property
    def file_names(self):
        """Both spellings, the tutorial's first."""
        return (self.tutorial, self.sweigart)


def _role(name, variable):
    return Role(name, variable, f"4row{name}.png", f"4row_{name}.png", f"4row{name}.png")


ROLES = (
    _role("red", "REDTOKENIMG"),
    _role("black", "BLACKTOKENIMG"),
    _role("board", "BOARDIMG"),
    _role("humanwinner", "HUMANWINNERIMG"),
    _role("computerwinner", "COMPUTERWINNERIMG"),
    _role("tie", "TIEWINNERIMG"),
    _role("arrow", "ARROWIMG"),
)
ROLE_BY_VARIABLE = {r.variable: r for r in ROLES}
ROLE_BY_NAME = {r.name: r for r in ROLES}


@dataclass(frozen=True)
class ImageLoad:
    """A `pygame.image.load('...')` in the program."""

    role: Role
    path: str   # as the program writes it, e.g. 'images/4rowred.png'
    line: int


def _dotted(node):
    """`pygame.image.load` for that attribute chain, or None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _constant_path(node):
    """The path a load's argument names, if it is written as constants:
    a string, or os.path.join of strings. None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if (isinstance(node, ast.Call) and _dotted(node.func) == "os.path.join" and node.args
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)):
        return "/".join(a.value for a in node.args)
    return None


def _role_from_file_name(path):
    """'images/4rowred.png' or '4row_red.png' -> the red role; None if unknown."""
    letters = re.sub("[^a-z]", "", PurePosixPath(path.replace("\\", "/")).stem.lower())
    return ROLE_BY_NAME.get(letters.removeprefix("row"))


class Program:
    """The learner's program, read and checked. `Program.read` raises
    `Fatal` with one line saying what is wrong."""

    def __init__(self, path, source, tree):
        self.path = path
        self.source = source
        self.tree = tree
        self.lines = source.splitlines()
        # Module-level functions by name (the last definition wins, as in Python).
        self.functions = {n.name: n for n in tree.body
                          if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self._parents = {child: parent for parent in ast.walk(tree)
                         for child in ast.iter_child_nodes(parent)}
        self.images = {}         # role name -> ImageLoad
        self.caption = None      # the set_caption argument, if a constant
        self.setup_in = None     # None: module level; else the function's name
        self.prints = 0          # print() calls: the tutorial's has three
        self.shown_as = str(path)  # the name compiled code reports in tracebacks

    @classmethod
    def read(cls, path):
        """Reads and checks the learner's file."""
        path = Path(path)
        try:
            if path.exists() and not path.is_dir() and not path.is_file():
                raise Fatal(f"{path}: not a regular file; give the path of the game's .py file")
            with open(path, "rb") as f:
                data = f.read(MAX_SOURCE + 1)
            if len(data) > MAX_SOURCE:
                raise Fatal(f"{path}: over {MAX_SOURCE // 1000} kB: not the game "
                            "(fourinrow.py is about 15 kB)")
            source = data.decode("utf-8-sig")   # a BOM is not code
        except FileNotFoundError:
            raise Fatal(f"{path}: no such file") from None
        except IsADirectoryError:
            raise Fatal(f"{path}: is a folder; give the path of the game's .py file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise Fatal(f"{path}: cannot read it: {e}") from None
        try:
            tree = ast.parse(source, filename=str(path))
        except SyntaxError as e:
            raise Fatal(f"{path}: not valid Python: line {e.lineno}: {e.msg}") from None
        except (RecursionError, MemoryError, ValueError) as e:
            raise Fatal(f"{path}: too deeply nested (or odd) to read: {type(e).__name__}") from None
        program = cls(path, source, tree)
        program._check()
        return program

    # -- what the file holds ------------------------------------------------

    def _enclosing_function(self, node):
        while node in self._parents:
            node = self._parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node
        return None

    def _assigned_name(self, node):
        """The name a statement containing `node` assigns to, if any."""
        while node in self._parents:
            node = self._parents[node]
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                return target.id if isinstance(target, ast.Name) else None
            if isinstance(node, ast.stmt):
                return None
        return None

    def module_assignments(self):
        """Module-level `NAME = value` statements: {name: [stmt, ...]}."""
        found = {}
        for stmt in self.tree.body:
            for name in _assigned_names(stmt):
                found.setdefault(name, []).append(stmt)
        return found

    def global_assignments(self):
        """Where each global gets its value: module-level assignments, and
        assignments inside functions that declare the name `global` (the
        set-up in Sweigart's main()). {name: [stmt, ...]}, in file order."""
        found = self.module_assignments()
        for function in self.functions.values():
            declared = {name for node in ast.walk(function) if isinstance(node, ast.Global)
                        for name in node.names}
            for node in ast.walk(function):
                if isinstance(node, ast.stmt):
                    for name in _assigned_names(node):
                        if name in declared:
                            found.setdefault(name, []).append(node)
        for statements in found.values():
            statements.sort(key=lambda s: s.lineno)
        return found

    def _check(self):
        where = self.path
        missing = [f"{name}()" for name in FUNCTIONS if name not in self.functions]
        if missing:
            raise Fatal(f"{where}: not the Four in a Row game: no {', '.join(missing)}")
        assigned = self.module_assignments()
        missing = [name for name in SETTINGS + CELLS if name not in assigned]
        if missing:
            raise Fatal(f"{where}: not the Four in a Row game: no module-level "
                        + ", ".join(f"{name} = ..." for name in missing))
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            name = _dotted(node.func) or ""
            if name.endswith("display.set_mode"):
                function = self._enclosing_function(node)
                self.setup_in = function.name if function else None
            elif name.endswith("display.set_caption") and node.args:
                if isinstance(node.args[0], ast.Constant):
                    self.caption = node.args[0].value
            elif name == "print":
                self.prints += 1
            elif name in ("pygame.image.load", "image.load"):
                self._note_image(node)
        missing = [f"{r.name} ({r.tutorial})" for r in ROLES if r.name not in self.images]
        if missing:
            raise Fatal(f"{where}: not the Four in a Row game: no pygame.image.load() of the "
                        f"{', '.join(missing)} image")

    def _note_image(self, call):
        line = f"{self.path}, line {call.lineno}"
        if not call.args:
            raise Fatal(f"{line}: pygame.image.load() without a file name")
        path = _constant_path(call.args[0])
        if path is None:
            raise Fatal(f"{line}: pygame.image.load() of a computed path; the kit needs "
                        "it written as a string, e.g. pygame.image.load('images/4rowred.png')")
        role = ROLE_BY_VARIABLE.get(self._assigned_name(call)) or _role_from_file_name(path)
        if role is None:
            raise Fatal(f"{line}: cannot tell which of the game's seven images "
                        f"'{path}' is (name it like 4rowred.png or load it into REDTOKENIMG)")
        if role.name in self.images:
            first = self.images[role.name]
            raise Fatal(f"{line}: loads a second {role.name} image ('{path}'; "
                        f"the first, '{first.path}', is on line {first.line})")
        self.images[role.name] = ImageLoad(role, path, call.lineno)

    @property
    def layout(self):
        """Which of the two known layouts the set-up follows, in words."""
        if self.setup_in is None:
            return "set-up at module level, like the tutorial's fourinrow.py"
        if self.setup_in == "main":
            return "set-up inside main(), like Sweigart's fourinarow.py"
        return f"set-up inside {self.setup_in}()"

    def function_source(self, name):
        """The text of a module-level function, decorators included, and its
        first line number."""
        node = self.functions[name]
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        return "\n".join(self.lines[first - 1:node.end_lineno]), first

    def statement_source(self, stmt):
        """The text of one statement and its first line number."""
        return "\n".join(self.lines[stmt.lineno - 1:stmt.end_lineno]), stmt.lineno

    def line_map(self):
        """Every line range of the file, in order, and what it is: a list of
        (first, last, kind, name), kind one of "import", "constant" (a
        module-level NAME = value), "setup" (the window, the clock, the
        rectangles, the images: at module level, or inside main() with
        `global`), "function", "main-guard" or "other". Sweigart's main()
        comes out as its set-up lines and then the function proper."""
        ranges = []
        declared = {}
        for name, function in self.functions.items():
            declared[name] = {n for node in ast.walk(function) if isinstance(node, ast.Global)
                              for n in node.names}
        for stmt in self.tree.body:
            first, last = stmt.lineno, stmt.end_lineno
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                ranges.append((first, last, "import", None))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([first] + [d.lineno for d in stmt.decorator_list])
                setup_end = None
                if stmt.name == self.setup_in and declared.get(stmt.name):
                    # The set-up: the leading statements that declare or set
                    # globals, or call pygame (init, set_caption).
                    for inner in stmt.body:
                        names = set(_assigned_names(inner)) if isinstance(
                            inner, (ast.Assign, ast.AnnAssign)) else set()
                        call = isinstance(inner, ast.Expr) and isinstance(inner.value, ast.Call) \
                            and (_dotted(inner.value.func) or "").startswith("pygame")
                        if isinstance(inner, ast.Global) or (names and names <= declared[stmt.name]) \
                                or call:
                            setup_end = inner.end_lineno
                        else:
                            break
                if setup_end is not None:
                    ranges.append((first, setup_end, "setup", stmt.name))
                    ranges.append((setup_end + 1, last, "function", stmt.name))
                else:
                    ranges.append((first, last, "function", stmt.name))
            elif _is_main_guard(stmt) or _is_main_call(stmt):
                ranges.append((first, last, "main-guard", None))
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                names = _assigned_names(stmt)
                kind = "constant" if names and all(n.isupper() for n in names) and isinstance(
                    stmt.value, (ast.Constant, ast.Tuple, ast.BinOp, ast.UnaryOp, ast.Name)) \
                    else "setup"
                ranges.append((first, last, kind, ", ".join(names)))
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                ranges.append((first, last, "setup", _dotted(stmt.value.func)))
            else:
                ranges.append((first, last, "other", None))
        return ranges

    def print_lines(self):
        """{function name: [line, ...]} of the print() calls (the tutorial's
        console output; Sweigart's file has none)."""
        found = {}
        for name, function in self.functions.items():
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and _dotted(node.func) == "print":
                    found.setdefault(name, []).append(node.lineno)
        return found

    # -- running it ---------------------------------------------------------

    def compile(self, width, height, difficulty, filename=None):
        """The program's code with BOARDWIDTH, BOARDHEIGHT and DIFFICULTY set
        to these values, and without its call of main() (the driver calls
        main() itself, once its patches are in place). Running the code runs
        the module-level part: all of the tutorial's set-up, or only the
        constants and functions of Sweigart's. Tracebacks name `filename`
        (by default the file's path)."""
        values = {"BOARDWIDTH": width, "BOARDHEIGHT": height, "DIFFICULTY": difficulty}
        tree = ast.parse(self.source, filename=str(self.path))
        body = []
        for stmt in tree.body:
            if _is_main_guard(stmt) or _is_main_call(stmt):
                continue
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                names = _assigned_names(stmt)
                if len(names) == 1 and names[0] in values:
                    stmt.value = ast.copy_location(ast.Constant(values[names[0]]), stmt.value)
            body.append(stmt)
        tree.body = body
        return compile(tree, filename or str(self.path), "exec")


def _assigned_names(stmt):
    """The plain names a statement assigns: `A = B = 1` -> ['A', 'B']."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [stmt.target]
    else:
        return []
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _is_main_guard(stmt):
    """`if __name__ == '__main__':`"""
    test = stmt.test if isinstance(stmt, ast.If) else None
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _is_main_call(stmt):
    """A bare `main()` at module level (a file without the guard)."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "main")

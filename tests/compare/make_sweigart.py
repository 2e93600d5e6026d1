#!/usr/bin/env python3
"""Makes a Sweigart-style fourinarow.py from the tutorial's fourinrow.py,
for the kit's tests (the book's own file is not in the repository).

    make_sweigart.py REFERENCE.py OUTDIR [--images DIR]

The differences are those between the two published programs, made with
`ast` (the result is printed by ast.unparse, so comments are lost):

- the module-level set-up, from `pygame.init()` to the last statement before
  the first `def`, moves to the start of main(), under a `global` statement
  naming every global it assigns;
- images load from beside the file as 4row_red.png ... instead of
  images/4rowred.png ...;
- the caption is 'Four in a Row' instead of u'four in row';
- the print() calls are gone;
- `sum(results)*1.0 / BOARDWIDTH` is `sum(results) / BOARDWIDTH`.

None of these changes a frame or an AI value, so the kit must find the
variant identical to the port, as it finds the reference. OUTDIR gets
fourinarow.py and the seven images beside it under the book's names (from
--images DIR, in either naming; by default the repository's images/).
"""

import argparse
import ast
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if __name__ == "__main__":       # run as a script: import `sidebyside` from tools/
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(REPO / "tools"))

from sidebyside.program import ROLES  # noqa: E402


def is_call_of(stmt, dotted):
    """Whether a statement is the expression `dotted(...)`."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and ast.unparse(stmt.value.func) == dotted)


class Sweigart(ast.NodeTransformer):
    """The statement-level changes: image names, caption, prints, *1.0."""

    def visit_Call(self, node):
        self.generic_visit(node)
        name = ast.unparse(node.func)
        if name == "pygame.image.load" and isinstance(node.args[0], ast.Constant):
            old = Path(node.args[0].value).name                 # 4rowred.png
            node.args[0] = ast.Constant("4row_" + old.removeprefix("4row"))
        elif name == "pygame.display.set_caption":
            node.args[0] = ast.Constant("Four in a Row")
        return node

    def visit_Expr(self, node):
        self.generic_visit(node)
        return None if is_call_of(node, "print") else node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if (isinstance(node.op, ast.Mult) and isinstance(node.right, ast.Constant)
                and node.right.value == 1.0):
            return node.left                                    # x*1.0 -> x
        return node


def transform(source):
    tree = ast.parse(source)
    body = tree.body
    start = next(i for i, s in enumerate(body) if is_call_of(s, "pygame.init"))
    end = next(i for i, s in enumerate(body) if isinstance(s, ast.FunctionDef))
    setup, body[start:end] = body[start:end], []
    names = []
    for stmt in setup:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id not in names:
                names.append(node.id)
    main = next(s for s in body if isinstance(s, ast.FunctionDef) and s.name == "main")
    main.body[:0] = [ast.Global(names)] + setup
    tree = ast.fix_missing_locations(Sweigart().visit(tree))
    return ("# Sweigart-style variant, made by tests/compare/make_sweigart.py for the\n"
            "# comparison kit's tests: set-up in main(), no prints, book image names.\n"
            + ast.unparse(tree) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reference")
    parser.add_argument("outdir")
    parser.add_argument("--images", default=str(REPO / "images"))
    args = parser.parse_args()
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "fourinarow.py").write_text(transform(Path(args.reference).read_text()))
    images = Path(args.images)
    for role in ROLES:
        source = next((p for p in (images / name for name in role.file_names) if p.is_file()), None)
        if source is None:
            sys.exit(f"make_sweigart.py: no {role.tutorial} in {images}")
        shutil.copyfile(source, out / role.sweigart)
    print(out / "fourinarow.py")


if __name__ == "__main__":
    main()

"""Lists the step-list Gobang's functions and constants as the Rust twins'
markers write them, in the Python's order, module by module:

    python3 tools/gobang/names.py DIR > tests/fixtures/gobang/python-names.txt

DIR holds main.py, drawing.py, robot.py, setup.py and status.py. Each line:
`MODULE NAME-OR-SIGNATURE`, e.g. `robot AI.numInLine(self, x, y, d)` or
`setup ROW`. tests/gobang_twins.rs checks that each has one twin, in this
order; CI checks that this file is what the Python holds.
"""
import ast
import sys
from pathlib import Path

MODULES = ["main", "drawing", "robot", "setup", "status"]


def signature(function, owner=None):
    args = ", ".join(a.arg for a in function.args.args)
    name = f"{owner}.{function.name}" if owner else function.name
    return f"{name}({args})"


def main():
    folder = Path(sys.argv[1])
    for module in MODULES:
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                print(module, signature(node))
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        print(module, signature(item, node.name))
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        print(module, target.id)


if __name__ == "__main__":
    main()

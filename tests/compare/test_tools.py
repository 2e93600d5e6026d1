"""Unit tests of the developer tools built on the kit: the timing of
getPotentialMoves (tools/sidebyside/timing.py, driver.py time), the kit's
helpers they use (images.from_folder, learner.set_up, ArgumentParser), and
the fixture tools (tools/make-ai-fixtures.py, tools/make-frame-fixtures.py)
against the committed fixtures.

    REFERENCE=path/to/fourinrow.py python3 -m unittest discover -s tests/compare

The tests that run the Python game need REFERENCE (the tutorial's
fourinrow.py) and are skipped without it; the others need only pygame.
"""

import contextlib
import importlib.util
import io
import json
import os
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

from kit_env import REFERENCE, REPO, needs_reference  # noqa: E402

import sidebyside  # noqa: E402  (pygame's environment first)
from sidebyside import ArgumentParser, Fatal, driver, images, learner, timing  # noqa: E402
from sidebyside.program import ROLES, Program  # noqa: E402

import make_sweigart  # noqa: E402


def tool(name):
    """A tool of tools/ whose file name is not a module name, as a module
    (`name` without `.py`, in a subfolder of tools/ if it says so)."""
    spec = importlib.util.spec_from_file_location(Path(name).name.replace("-", "_"),
                                                  REPO / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TimingTest(unittest.TestCase):
    def test_each_call_is_timed_alone_with_the_programs_own_values(self):
        calls = []

        def get_potential_moves(board, tile, look_ahead):
            calls.append((board, tile, look_ahead))
            return [0] * len(board)

        game = {"RED": "red", "BLACK": "black", "EMPTY": None,
                "getPotentialMoves": get_potential_moves}
        runs = driver.time_potential_moves(
            game, {"board": "..../..../..../R..B", "difficulty": 3, "tile": "black"}, 4)
        self.assertEqual(len(runs), 4)
        self.assertTrue(all(isinstance(r, float) and r >= 0 for r in runs))
        board = [[None, None, None, "red"], [None] * 4, [None] * 4, [None, None, None, "black"]]
        self.assertEqual(calls, [(board, "black", 3)] * 4)

    def test_a_raising_program_gives_that_position_an_error(self):
        def get_potential_moves(board, tile, look_ahead):
            if look_ahead == 2:
                raise ValueError("no")
            return []

        game = {"RED": 1, "BLACK": 2, "EMPTY": 0, "getPotentialMoves": get_potential_moves}
        program = Program.__new__(Program)      # describe() needs only shown_as
        program.shown_as = "fourinrow.py"
        loaded = []
        real_load = driver.load_game
        driver.load_game = lambda program, w, h, d: loaded.append((w, h)) or game
        try:
            results = driver.run_timing(program, [
                {"board": "..../..../..../....", "difficulty": 1, "tile": "black"},
                {"board": "..../..../..../....", "difficulty": 2, "tile": "black"},
                {"board": "...../...../...../.....", "difficulty": 1, "tile": "red"}], 2)
        finally:
            driver.load_game = real_load
        self.assertEqual(loaded, [(4, 4), (5, 4)], "the game is loaded once per size")
        self.assertEqual(len(results[0]["seconds"]), 2)
        self.assertEqual(results[1], {"error": "ValueError: no"})
        self.assertEqual(len(results[2]["seconds"]), 2)

    def test_board_texts_are_checked_before_any_work(self):
        self.assertEqual(timing.check_board("..../..../..../..RB"), "..../..../..../..RB")
        for wrong in ("..../.../..../....", "..../..x./..../....", ".../.../.../...", ""):
            with self.assertRaises(Exception, msg=wrong):
                timing.check_board(wrong)

    @needs_reference
    def test_both_layouts_are_timed(self):
        folder = Path(tempfile.mkdtemp(prefix="tools-test-"))
        self.addCleanup(shutil.rmtree, folder)
        sweigart = folder / "sweigart" / "fourinarow.py"
        sweigart.parent.mkdir()
        sweigart.write_text(make_sweigart.transform(REFERENCE.read_text()))
        boards = ["..../..../..../..R.", "...../...../...../...../....."]
        for n, path in enumerate((REFERENCE, sweigart)):
            lines = timing.time_boards(Program.read(path), boards, [1, 2], 2, folder / f"work-{n}")
            self.assertEqual([(x["board"], x["difficulty"]) for x in lines],
                             [(boards[0], 1), (boards[0], 2), (boards[1], 1), (boards[1], 2)])
            self.assertTrue(all(0 < x["seconds"] < 60 for x in lines), lines)

    @needs_reference
    def test_the_command_line(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(timing.main(["--python", str(REFERENCE), "--repeat", "1",
                                          "--difficulty", "1", "......./......./......./......./......./......."]), 0)
        line = json.loads(out.getvalue())
        self.assertEqual((line["board"].count("/"), line["difficulty"]), (5, 1))
        self.assertIsInstance(line["seconds"], float)


class KitHelpersTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="tools-test-"))
        self.addCleanup(shutil.rmtree, self.folder)

    def test_images_from_a_folder_under_the_ports_names(self):
        found = images.from_folder(REPO / "images")
        self.assertEqual(found.files, {r.name: REPO / "images" / r.port for r in ROLES})
        self.assertFalse(found.learners)
        for role in ROLES:
            shutil.copy(REPO / "images" / role.port, self.folder / role.port)
        (self.folder / "4rowtie.png").unlink()
        with self.assertRaises(Fatal) as caught:
            images.from_folder(self.folder)
        self.assertIn("4rowtie.png: no such image", str(caught.exception))
        self.assertEqual(len(str(caught.exception).splitlines()), 1)

    @needs_reference
    def test_set_up_lays_out_the_program_with_the_given_images(self):
        odd = REPO / "tests" / "fixtures" / "odd-images"
        game = learner.set_up(Program.read(REFERENCE), images.from_folder(odd), self.folder / "game")
        self.assertEqual(game.copy, self.folder / "game" / "program" / "fourinrow.py")
        self.assertEqual((game.copy.parent / "images" / "4rowred.png").read_bytes(),
                         (odd / "4rowred.png").read_bytes())

    def test_usage_errors_are_one_line(self):
        parser = ArgumentParser(prog="some-tool.py")
        parser.add_argument("--python", required=True)
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as caught:
            parser.parse_args([])
        self.assertEqual(caught.exception.code, 2)
        self.assertEqual(err.getvalue(),
                         "some-tool.py: the following arguments are required: --python (see --help)\n")


class FixtureToolsTest(unittest.TestCase):
    """The tools make the committed fixtures' inputs; with REFERENCE, their
    answers too (a few of them: the whole run is shown by hand)."""

    @classmethod
    def setUpClass(cls):
        # The fixture made under this Python's arithmetic of sum() (3.12 changed it).
        version = "3.11" if sys.version_info < (3, 12) else "3.13"
        cls.ai_lines = (REPO / "tests" / "fixtures" / f"ai-parity-{version}.jsonl").read_text().splitlines(True)

    def test_the_ai_tool_asks_the_committed_positions_in_order(self):
        asked = [p for _, group in tool("make-ai-fixtures").plan() for p in group]
        committed = [json.loads(line) for line in self.ai_lines]
        self.assertEqual(asked, [{k: c[k] for k in ("board", "difficulty", "tile")} for c in committed])

    def test_the_ai_tool_writes_lines_as_committed(self):
        make = tool("make-ai-fixtures")
        for text in self.ai_lines[::97]:
            answer = json.loads(text)
            self.assertEqual(make.line(answer, answer), text)

    def test_the_frame_tool_writes_the_committed_scripts(self):
        scenarios = tool("make-frame-fixtures").scenarios()
        self.assertEqual(sorted(scenarios), sorted(p.stem for p in (REPO / "tests" / "scripts").glob("*.json")))
        for name, script in scenarios.items():
            self.assertEqual(json.dumps(script) + "\n",
                             (REPO / "tests" / "scripts" / f"{name}.json").read_text(), name)

    @needs_reference
    def test_the_ai_tool_answers_as_committed(self):
        make = tool("make-ai-fixtures")
        groups = make.plan()
        folder = Path(tempfile.mkdtemp(prefix="tools-test-"))
        self.addCleanup(shutil.rmtree, folder)
        game = learner.set_up(Program.read(REFERENCE), images.from_folder(REPO / "images"), folder / "game")
        with contextlib.redirect_stderr(io.StringIO()):
            lines = make.answer_all(game, groups[:2], 2)    # 4x4 at difficulty 1, both colours
        self.assertEqual(lines, self.ai_lines[:len(lines)])
        self.assertEqual(len(lines), 200)

    @needs_reference
    def test_the_frame_tool_reproduces_a_committed_checksum_file(self):
        folder = Path(tempfile.mkdtemp(prefix="tools-test-"))
        self.addCleanup(shutil.rmtree, folder)
        (folder / "frames").mkdir()
        (folder / "scripts").mkdir()
        with contextlib.redirect_stdout(io.StringIO()):
            tool("make-frame-fixtures").main(["--python", str(REFERENCE), "--only", "quit-during-animation",
                                               "--out", str(folder / "frames"),
                                               "--scripts", str(folder / "scripts")])
        name = "quit-during-animation"
        self.assertEqual((folder / "frames" / f"{name}.txt").read_bytes(),
                         (REPO / "tests" / "fixtures" / "frames" / f"{name}.txt").read_bytes())
        self.assertEqual((folder / "scripts" / f"{name}.json").read_bytes(),
                         (REPO / "tests" / "scripts" / f"{name}.json").read_bytes())


class BalancedOpenings(unittest.TestCase):
    """tools/gobang/balanced_openings.py: the openings an engine won once
    with each colour against itself, from a gobang-manager run's files."""

    RESULTS = "\n".join([
        "match | first: e | second: e | turn 150 ms | match 0 ms | memory 1 | grace 200 ms"
        " | stones 3 | openings from 7 | freestyle",
        "game 1 | opening 7 | first black | first wins | stone 9 | slowest 1 1 ms | peak 1 1 kB",
        "game 2 | opening 7 | first white | second wins | stone 9 | slowest 1 1 ms | peak 1 1 kB",
        "game 3 | opening 8 | first black | first wins | stone 9 | slowest 1 1 ms | peak 1 1 kB",
        "game 4 | opening 8 | first white | first wins | stone 10 | slowest 1 1 ms | peak 1 1 kB",
        "game 5 | opening 9 | first black | second wins | stone 10 | slowest 1 1 ms | peak 1 1 kB",
        "game 6 | opening 9 | first white | draw | stone 225 | slowest 1 1 ms | peak 1 1 kB",
        "first: 3 wins, 1 draws, 2 losses",
    ])
    GAMES = "\n".join(
        f"gobang rule=freestyle moves={moves},A1,B1,C1,D1,E1 result=black"
        for moves in ["H7,J6,K8", "H7,J6,K8", "H7,G5,E4", "H7,G5,E4", "H7,I9,J10", "H7,I9,J10"]
    )

    def test_keeps_the_openings_each_colour_won_once(self):
        module = tool("gobang/balanced_openings")
        # Opening 7: black won both; 8: black, then white; 9: white, then a draw.
        self.assertEqual(module.balanced(self.RESULTS, self.GAMES), ["H7,G5,E4"])
        # A match of listed openings (no 'stones N'), and records missing, are refused.
        listed = self.RESULTS.replace("stones 3 | openings from 7", "openings in list.txt from 1")
        with self.assertRaisesRegex(module.Unfit, "stones N"):
            module.balanced(listed, self.GAMES)
        with self.assertRaisesRegex(module.Unfit, "game 5 has no record"):
            module.balanced(self.RESULTS, "\n".join(self.GAMES.splitlines()[:4]))


class GobangSpeed(unittest.TestCase):
    """tools/gobang/speed.py: the order it runs the two programs in, and
    what it counts."""

    def test_warms_up_then_times_each_in_turn_or_interleaves(self):
        module = tool("gobang/speed")
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "log"

            def logging(name):
                return ["/bin/sh", "-c", f"echo {name} >> {log}"]

            devnull = open(os.devnull, "w")
            with devnull:
                python, port = module.runs(logging("P"), logging("R"), 2, 1, False, devnull.fileno())
                self.assertEqual(log.read_text().split(), ["P", "P", "P", "R", "R", "R"])
                self.assertEqual((len(python), len(port)), (2, 2))
                self.assertTrue(all(wall > 0 and cpu >= 0 for wall, cpu in python + port))
                log.unlink()
                python, port = module.runs(logging("P"), logging("R"), 2, 1, True, devnull.fileno())
                self.assertEqual(log.read_text().split(), ["P", "R", "P", "R"])
                with self.assertRaises(module.subprocess.CalledProcessError):
                    module.timed(["/bin/sh", "-c", "exit 3"], devnull.fileno())


if __name__ == "__main__":
    unittest.main()

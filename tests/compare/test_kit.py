"""Unit tests of the comparison kit's parts (tools/sidebyside/).

    REFERENCE=path/to/fourinrow.py python3 -m unittest discover -s tests/compare

REFERENCE is the tutorial's fourinrow.py; the tests that read it are
skipped without it (tests/compare/run.sh always gives it, and fails when it
is missing). The whole tool, the browser and
the live windows are tested by run.sh and check_report.py.
"""

import tempfile
import unittest
from pathlib import Path

from kit_env import HERE, REFERENCE, REPO, needs_reference

import sidebyside  # noqa: E402,F401  (pygame's environment first)
import pygame  # noqa: E402

from sidebyside import Fatal, ai, frames, images, positions, report, scripts, twins  # noqa: E402
from sidebyside.driver import ScriptedInput, board_from_text, key_event  # noqa: E402
from sidebyside.program import Program  # noqa: E402

import make_sweigart  # noqa: E402


def write(folder, name, text):
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


class TwinsTest(unittest.TestCase):
    """Markers in tests/compare/fixtures/rust-src, written to be hard to scan."""

    @classmethod
    def setUpClass(cls):
        cls.found = twins.find_twins(HERE / "fixtures/rust-src")
        cls.by_name = {t.python_name: t for t in cls.found}

    def test_every_marker_and_only_markers(self):
        self.assertEqual(
            [(t.file, t.line, t.python_call) for t in self.found],
            [("port/ai.rs", 1, "getPotentialMoves(board, tile, lookAhead)"),
             ("port/ai.rs", 9, "notInTheTutorial(x)"),
             ("port/board.rs", 4, "BOARDWIDTH"),
             ("port/board.rs", 8, "EMPTY"),
             ("port/board.rs", 11, "getNewBoard()"),
             ("port/board.rs", 36, "REDTOKENIMG"),
             ("port/board.rs", 43, "isValidMove(board, column)"),
             ("port/board.rs", 53, "isBoardFull(board)")])
        self.assertNotIn("getHumanMove", self.by_name, "a marker in mid-comment is prose")

    def test_functions_and_constants(self):
        self.assertTrue(self.by_name["getNewBoard"].is_function)
        self.assertFalse(self.by_name["BOARDWIDTH"].is_function)

    def test_a_function_runs_to_its_own_closing_brace(self):
        text = self.by_name["getNewBoard"].text
        self.assertTrue(text.startswith("/// Python: getNewBoard()\n/// A new board."))
        self.assertIn("#[must_use]\n#[allow(\n", text)
        self.assertTrue(text.endswith("    vec![vec!['.'; 6]; width]\n}"), text[-80:])

    def test_a_method_ends_before_the_rest_of_its_impl(self):
        text = self.by_name["isValidMove"].text
        self.assertTrue(text.endswith("        true\n    }"), text[-40:])
        self.assertNotIn("is_board_full", text)
        one_line = self.by_name["isBoardFull"].text
        self.assertTrue(one_line.endswith("c != b'.') }"), one_line)

    def test_constants_and_fields_end_at_their_semicolon_or_comma(self):
        self.assertEqual(self.by_name["BOARDWIDTH"].text.splitlines()[-1],
                         "pub const BOARDWIDTH: usize = 7;")
        self.assertEqual(self.by_name["EMPTY"].text.splitlines()[-1],
                         "pub const EMPTY: Option<[u8; 2]> = None;")
        self.assertEqual(self.by_name["REDTOKENIMG"].text,
                         "    /// Python: REDTOKENIMG\n    pub cells: &'a [u8],")

    def test_scanner_skips_strings_chars_and_comments(self):
        source = "fn f() { let a = '}'; let b = \"}\"; /* } */ // }\n let c = r#\"}\"#; }\nfn g() {}"
        self.assertEqual(source[:twins.item_end(source, 0, "block")],
                         source[:source.index("\nfn g")])


class ProgramTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="kit-test-"))

    @needs_reference
    def test_the_tutorials_layout(self):
        program = Program.read(REFERENCE)
        self.assertIsNone(program.setup_in)
        self.assertIn("module level", program.layout)
        self.assertEqual(program.caption, "four in row")
        self.assertEqual(program.prints, 3)
        self.assertEqual(program.images["red"].path, "images/4rowred.png")
        self.assertEqual(program.images["humanwinner"].path, "images/4rowhumanwinner.png")

    @needs_reference
    def test_the_sweigart_layout(self):
        path = write(self.folder, "fourinarow.py", make_sweigart.transform(REFERENCE.read_text()))
        program = Program.read(path)
        self.assertEqual(program.setup_in, "main")
        self.assertIn("inside main()", program.layout)
        self.assertEqual(program.caption, "Four in a Row")
        self.assertEqual(program.prints, 0)
        self.assertEqual({r: program.images[r].path for r in program.images},
                         {r.name: r.sweigart for r in images.ROLES})
        # The globals main() sets count as the program's globals.
        self.assertIn("REDTOKENIMG", program.global_assignments())

    @needs_reference
    def test_compile_sets_the_size_and_the_program_derives_the_rest(self):
        path = write(self.folder, "fourinarow.py", make_sweigart.transform(REFERENCE.read_text()))
        game = {}
        exec(Program.read(path).compile(5, 4, 3), game)   # Sweigart's: no set-up at module level
        self.assertEqual((game["BOARDWIDTH"], game["BOARDHEIGHT"], game["DIFFICULTY"]), (5, 4, 3))
        self.assertEqual((game["XMARGIN"], game["YMARGIN"]), (195, 140))
        self.assertEqual(len(game["getNewBoard"]()), 5)

    def test_not_the_game(self):
        path = write(self.folder, "other.py", "def main():\n    pass\n")
        with self.assertRaises(Fatal) as caught:
            Program.read(path)
        message = str(caught.exception)
        self.assertTrue(message.startswith(f"{path}: not the Four in a Row game: no drawBoard(), "))
        self.assertIn("getPotentialMoves()", message)
        self.assertNotIn("main()", message.replace("runGame()", ""))

    @needs_reference
    def test_one_function_missing_is_named(self):
        source = REFERENCE.read_text().replace("def getPotentialMoves(", "def potential(")
        with self.assertRaises(Fatal) as caught:
            Program.read(write(self.folder, "f.py", source))
        self.assertEqual(str(caught.exception),
                         f"{self.folder / 'f.py'}: not the Four in a Row game: no getPotentialMoves()")

    @needs_reference
    def test_a_computed_image_path_is_refused_with_its_line(self):
        source = REFERENCE.read_text().replace("pygame.image.load('images/4rowtie.png')",
                                               "pygame.image.load(TIE)")
        with self.assertRaises(Fatal) as caught:
            Program.read(write(self.folder, "f.py", source))
        self.assertRegex(str(caught.exception), r"f\.py, line \d+: pygame\.image\.load\(\) of a computed path")

    def test_unreadable_files(self):
        with self.assertRaisesRegex(Fatal, "no such file"):
            Program.read(self.folder / "missing.py")
        with self.assertRaisesRegex(Fatal, r"not valid Python: line 1"):
            Program.read(write(self.folder, "bad.py", "def (:\n"))


@needs_reference
class ImagesTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="kit-test-"))

    def test_the_learners_images_under_either_name(self):
        program = Program.read(write(self.folder, "fourinrow.py", REFERENCE.read_text()))
        for role in images.ROLES:      # the book's names beside a tutorial-style file
            write(self.folder, role.sweigart, "png")
        found = images.find_images(program, REPO / "images")
        self.assertTrue(found.learners)
        self.assertEqual(found.files["tie"], self.folder / "4row_tie.png")

    def test_none_there_means_the_ports(self):
        program = Program.read(write(self.folder, "fourinrow.py", REFERENCE.read_text()))
        found = images.find_images(program, REPO / "images")
        self.assertFalse(found.learners)
        self.assertEqual(found.files["red"], REPO / "images/4rowred.png")

    def test_some_missing_is_an_error_naming_the_file_and_the_places(self):
        program = Program.read(write(self.folder, "fourinrow.py", REFERENCE.read_text()))
        for role in images.ROLES:
            if role.name != "tie":
                write(self.folder / "images", role.tutorial, "png")
        with self.assertRaises(Fatal) as caught:
            images.find_images(program, REPO / "images")
        message = str(caught.exception)
        self.assertIn("loads 'images/4rowtie.png', which is missing: looked for", message)
        self.assertIn(str(self.folder / "images" / "4row_tie.png"), message)
        self.assertEqual(len(message.splitlines()), 1)

    def test_lay_out_copies_and_never_touches_the_learners_folder(self):
        program = Program.read(write(self.folder, "fourinrow.py", REFERENCE.read_text()))
        before = sorted(p.name for p in self.folder.rglob("*"))
        work = Path(tempfile.mkdtemp(prefix="kit-test-work-"))
        copy = images.lay_out(program, images.find_images(program, REPO / "images"),
                              work / "game" / "program", work / "port")
        self.assertTrue((copy.parent / "images/4rowarrow.png").is_file())
        self.assertTrue((work / "port/4rowcomputerwinner.png").is_file())
        self.assertEqual(sorted(p.name for p in self.folder.rglob("*")), before)


class PositionsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.all = positions.generate()

    def test_the_same_positions_every_time(self):
        self.assertEqual(self.all, positions.generate())
        self.assertNotEqual(self.all, positions.generate(seed=14))

    def test_every_size_difficulty_and_colour(self):
        cases = {(p.size, p.difficulty, p.tile) for p in self.all}
        self.assertEqual(len(cases), 6 * 4 * 3 * 2)
        self.assertEqual(len(self.all), 360)

    def test_reachable_no_four_not_full(self):
        for p in self.all:
            rows = p.board.split("/")
            width, height = p.size
            columns = [[row[x] for row in rows] for x in range(width)]
            for column in columns:               # gravity: no gap under a token
                text = "".join(column)
                self.assertEqual(text.lstrip("."), text.lstrip(".").replace(".", ""), p)
            for x in range(width):
                for y in range(height):
                    if columns[x][y] != ".":
                        self.assertFalse(positions.four_at(columns, height, x, y, columns[x][y]), p)
            self.assertIn(".", p.board, p)
            mover, other = ("R", "B") if p.tile == "red" else ("B", "R")
            self.assertIn(p.board.count(other) - p.board.count(mover), (0, 1), p)
            if p.difficulty == 3:
                self.assertLessEqual(sum(row == "." for row in rows[0]), positions.MAX_OPEN_AT_3, p)

    def test_four_at_finds_every_direction(self):
        empty = lambda: [["."] * 6 for _ in range(7)]   # noqa: E731
        for cells in ([(0, 5), (1, 5), (2, 5), (3, 5)], [(2, 2), (2, 3), (2, 4), (2, 5)],
                      [(0, 5), (1, 4), (2, 3), (3, 2)], [(0, 2), (1, 3), (2, 4), (3, 5)]):
            columns = empty()
            for x, y in cells:
                columns[x][y] = "R"
            self.assertTrue(positions.four_at(columns, 6, *cells[1], "R"))
            columns[cells[0][0]][cells[0][1]] = "B"
            self.assertFalse(positions.four_at(columns, 6, *cells[1], "R"))


class AiTest(unittest.TestCase):
    def test_values_compare_bit_for_bit(self):
        self.assertTrue(ai.same_values([0, 1, -1, 0.5], [0.0, 1.0, -1.0, 0.5]))
        self.assertFalse(ai.same_values([0.1 + 0.2], [0.3]))
        self.assertFalse(ai.same_values([-0.0], [0.0]))
        self.assertFalse(ai.same_values([0.0], [0.0, 0.0]))

    def test_a_case_needs_the_same_best_moves_too(self):
        rust = {"potential_moves": [0.0, 1.0], "best_moves": [1]}
        self.assertTrue(ai.AiCase(None, {"potential_moves": [0, 1], "best_moves": [1]}, rust).same)
        self.assertFalse(ai.AiCase(None, {"potential_moves": [0, 1], "best_moves": [0]}, rust).same)
        self.assertFalse(ai.AiCase(None, {"error": "ValueError"}, rust).same)


class ReportTest(unittest.TestCase):
    def test_differing_values_are_bold_on_both_sides(self):
        self.assertEqual(report.numbers([0.1, 0.2, 1], [0.1, 0.30000000000000004, 1.0]),
                         "0.1, <b>0.2</b>, 1.0")
        self.assertEqual(report.numbers([0.5], None), "0.5")

    def test_inline_json_cannot_close_its_script_element(self):
        self.assertNotIn("</script>", report.inline_json({"x": "</script><b>"}))


class DriverTest(unittest.TestCase):
    def test_events_are_handed_over_by_the_first_poll_once_due(self):
        feed = ScriptedInput([[2, "up", 5, 6], [0, "down", 1, 2], [2, "quit"], [0, "motion", 3, 4]])
        first = feed.get()
        self.assertEqual([(e.type, e.pos) for e in first],
                         [(pygame.MOUSEBUTTONDOWN, (1, 2)), (pygame.MOUSEMOTION, (3, 4))])
        self.assertEqual(first[0].button, 1)
        self.assertEqual(feed.get(), [])
        feed.presented = 1
        self.assertEqual(feed.get(), [])
        feed.presented = 5                     # late polls take all that is due, in script order
        self.assertEqual([e.type for e in feed.get()], [pygame.MOUSEBUTTONUP, pygame.QUIT])

    def test_escape_and_the_extras_keys(self):
        feed = ScriptedInput([[0, "escape"], [0, "key", "ctrl+z"]])
        escape, down, up = feed.get()
        self.assertEqual((escape.type, escape.key), (pygame.KEYUP, pygame.K_ESCAPE))
        self.assertEqual((down.type, down.key, up.type), (pygame.KEYDOWN, pygame.K_z, pygame.KEYUP))
        self.assertTrue(down.mod & pygame.KMOD_CTRL)
        self.assertEqual(key_event(pygame.KEYUP, "f1").key, pygame.K_F1)

    def test_board_text_becomes_the_pythons_columns(self):
        game = {"EMPTY": None, "RED": "red", "BLACK": "black"}
        self.assertEqual(board_from_text(game, "..../R.../RB.."),
                         [[None, "red", "red"], [None, None, "black"], [None] * 3, [None] * 3])


class FramesTest(unittest.TestCase):
    def test_differing_counts_pixels_and_boxes_them(self):
        a = pygame.Surface((40, 30), 0, 24)
        a.fill((0, 50, 255))
        b = pygame.Surface((40, 30), 0, 32)       # another format, same pixels
        b.fill((0, 50, 255))
        self.assertEqual(frames.differing(a, b).count(), 0)
        b.set_at((3, 4), (0, 50, 254))            # one channel off by one
        b.set_at((20, 9), (9, 9, 9))
        mask = frames.differing(a, b)
        self.assertEqual(mask.count(), 2)
        self.assertEqual(tuple(frames.bounding_box(mask)), (3, 4, 18, 6))

    def test_small_changes_are_patches_over_the_last_whole_picture(self):
        folder = Path(tempfile.mkdtemp(prefix="kit-test-"))
        store = frames.Pictures(folder)
        base = pygame.Surface((100, 100), 0, 24)
        base.fill((0, 50, 255))
        token = base.copy()
        token.fill((255, 0, 0), pygame.Rect(10, 20, 5, 5))
        changed = base.copy()
        changed.fill((1, 2, 3), pygame.Rect(0, 0, 60, 60))     # 36% of the picture
        ids = [store.add(d, s) for d, s in (("a", base), ("b", token), ("a", base), ("c", changed))]
        self.assertEqual(ids, [0, 1, 0, 2])
        self.assertEqual(store.table[0], ["a.png", -1, 0, 0])
        self.assertEqual(store.table[1], ["b-on-a.png", 0, 10, 20])
        self.assertEqual(store.table[2], ["c.png", -1, 0, 0])
        self.assertEqual(pygame.image.load(str(folder / "b-on-a.png")).get_size(), (5, 5))


class PythonVersionTest(unittest.TestCase):
    def test_the_port_computes_the_sum_of_the_python_running_the_kit(self):
        from sidebyside.port import python_for_port
        self.assertEqual(python_for_port((3, 11, 7)), ("3.11", None))
        self.assertEqual(python_for_port((3, 13, 0)), ("3.13", None))
        version, note = python_for_port((3, 14, 1))
        self.assertEqual(version, "3.13")
        self.assertIn("newer than", note)

    def test_a_difference_names_its_column_its_digit_and_the_other_sum(self):
        p = positions.Position("......./......./......./......./R.RB.../BBRRBB.", 3, "black")
        mine = [-0.30903790087463556, -0.2707205331112037, -0.009995835068721367,
                -0.20491461890878798, -0.19950020824656395, -0.21449396084964598,
                -0.2403165347771762]
        port = mine[:6] + [-0.24031653477717618]
        case = ai.AiCase(p, {"potential_moves": mine, "best_moves": [2]},
                         {"potential_moves": port, "best_moves": [2]})
        self.assertFalse(case.same)
        line = ai.where_they_differ(case, "3.13", {"potential_moves": mine}, "3.11")
        self.assertIn("column 6 (of 1 differing): yours -0.2403165347771762, the port's "
                      "-0.24031653477717618 (Python 3.13's sum()); they part at significant digit 16", line)
        self.assertIn("adds as Python 3.11's sum() does", line)
        line = ai.where_they_differ(case, "3.13", {"potential_moves": port}, "3.11")
        self.assertIn("differ in some other way", line)
        self.assertEqual(ai.first_digit_apart("0.125", "0.1251"), (4, "125"))


class ScriptsTest(unittest.TestCase):
    def test_the_repositorys_scripts_default_and_extras(self):
        found = scripts.find(REPO)
        labels = {s.label: s for s in found}
        self.assertIn("tests/scripts/tie-4x4.json", labels)
        hint = labels["docs/screenshots/hint.json"]
        self.assertTrue(hint.extras)
        self.assertEqual(hint.first_extra_frame, 650)
        self.assertFalse(labels["tests/scripts/tie-4x4.json"].extras)
        self.assertEqual(len({s.slug for s in found}), len(found))

    def test_scripts_for_options_the_python_lacks_are_left_out_and_named(self):
        found = {s.label for s in scripts.find(REPO)}
        left = {s.label: why for s, why in scripts.left_out(REPO)}
        self.assertEqual(set(left), {"docs/screenshots/lab.json", "docs/screenshots/two-player.json",
                                     "docs/screenshots/gobang-show-wins.json"})
        self.assertFalse(found & set(left))
        # Every screenshot that make-screenshots.sh plays with --two-player or
        # --preset is among them.
        shots = (REPO / "tools" / "make-screenshots.sh").read_text()
        for line in shots.splitlines():
            if line.startswith("shoot ") and ("--two-player" in line or "--preset" in line):
                self.assertIn(f"docs/screenshots/{line.split()[1]}.json", left, line)

    def test_a_script_says_what_it_plays(self):
        labels = {s.label: s for s in scripts.find(REPO)}
        self.assertEqual(labels["tests/scripts/computer-wins-escape.json"].describe(),
                         "7x6, difficulty 0, 800 frames: 3 drags, then Esc")
        self.assertIn("keys for the port's extras: h", labels["docs/screenshots/hint.json"].describe())

    def test_choosing_scripts_by_name(self):
        self.assertEqual([s.label for s in scripts.find(REPO, ["tie-4x4", "game.json"])],
                         ["tests/scripts/tie-4x4.json", "docs/screenshots/game.json"])
        with self.assertRaisesRegex(Fatal, "--script nope: no such script"):
            scripts.find(REPO, ["nope"])


if __name__ == "__main__":
    unittest.main()

"""The seven images: the learner's when they are there, else the port's.

Both programs must draw with the very same files, or their frames cannot
match. The learner's program loads them by relative paths ('images/4rowred.png'
in the tutorial, '4row_red.png' beside the file in Sweigart's book), so the
kit looks for each one where that path points from the file's folder, and
also beside the file and in its images/ folder under either spelling. Then
it lays them out twice in its temporary folder: at the paths the program
loads (for the Python) and under the names the port's --images wants.
"""

import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sidebyside import Fatal
from sidebyside.program import ROLES


@dataclass
class ImageSet:
    """Which file each role's image comes from."""

    files: dict        # role name -> Path
    learners: bool     # True: the learner's own; False: the port's images/
    where: str         # for the report: the folder(s) they were found in


def _load_path(load):
    """The program's path as a relative POSIX path (it may use backslashes)."""
    return PurePosixPath(load.path.replace("\\", "/"))


def candidates(folder, load):
    """Where the learner's copy of one image may be, most likely first."""
    path = _load_path(load)
    seen = []
    options = [Path(path) if path.is_absolute() else folder / path]
    for place in (folder, folder / "images"):
        options += [place / path.name] + [place / n for n in load.role.file_names]
    for option in options:
        if option not in seen:
            seen.append(option)
    return seen


def find_images(program, port_images):
    """The learner's seven images if all are found, the port's if none is.

    Some found and some not is an error: a mix of two artworks would be
    compared honestly but is surely not what the learner meant."""
    folder = program.path.resolve().parent
    found, missing = {}, []
    for role in ROLES:
        load = program.images[role.name]
        hit = next((p for p in candidates(folder, load) if p.is_file()), None)
        if hit:
            found[role.name] = hit
        else:
            missing.append(load)
    if not missing:
        places = sorted({str(p.parent) for p in found.values()})
        return ImageSet(found, True, ", ".join(places))
    if found:
        load = missing[0]
        looked = ", ".join(str(p) for p in candidates(folder, load))
        others = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise Fatal(f"{program.path}, line {load.line}: the program loads '{load.path}'"
                    f"{others}, which is missing: looked for {looked}")
    port_images = Path(port_images)
    files = {r.name: port_images / r.port for r in ROLES}
    absent = [p for p in files.values() if not p.is_file()]
    if absent:
        raise Fatal(f"none of the game's images is beside {program.path}, and the port's "
                    f"own {absent[0]} is missing too")
    return ImageSet(files, False, str(port_images))


def from_folder(folder):
    """The seven images of a folder laid out as the port's --images wants
    them (4rowred.png ...), e.g. this repository's images/: for running a
    program with given images, whatever it has beside it."""
    folder = Path(folder)
    files = {r.name: folder / r.port for r in ROLES}
    absent = [p for p in files.values() if not p.is_file()]
    if absent:
        raise Fatal(f"{absent[0]}: no such image (the folder needs all seven: "
                    + ", ".join(r.port for r in ROLES) + ")")
    return ImageSet(files, False, str(folder))


def lay_out(program, images, game_dir, port_dir):
    """Copies the learner's file into game_dir with each image where the
    program loads it from, and the same images into port_dir under the
    port's names. Returns the copy's path."""
    game_dir.mkdir(parents=True)
    port_dir.mkdir(parents=True)
    copy = game_dir / program.path.name
    shutil.copyfile(program.path, copy)
    root = game_dir.parent.resolve()
    for role in ROLES:
        load = program.images[role.name]
        source = images.files[role.name]
        shutil.copyfile(source, port_dir / role.port)
        path = _load_path(load)
        if path.is_absolute():
            if Path(path) != source:
                raise Fatal(f"{program.path}, line {load.line}: loads '{load.path}', an absolute "
                            "path; the kit can only give it other images at a relative path")
            continue  # it loads the learner's own file, read-only
        target = (game_dir / path).resolve()
        if not target.is_relative_to(root):
            raise Fatal(f"{program.path}, line {load.line}: loads '{load.path}', too far "
                        "outside its folder for the kit to copy")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    return copy

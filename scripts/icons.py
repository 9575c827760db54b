"""Build the icon sprites from the game-icons.net drawings (npm package @iconify-json/game-icons, CC BY 3.0).

    python scripts/icons.py                      # fetches the package with `npm pack`
    python scripts/icons.py --package icons.json # or reads its icons.json

Only the drawings Solo Shelf uses go in, so each sprite stays light:
- static/icons/game-icons.svg: the table's own icons, named in static/icons/game-icons.txt (one per line);
- static/icons/<slug>.svg: a game's pictures, the names in games/<slug>/data/pictures.json (app/ui/pictures.py),
  but those the table's sprite has already (a page draws them from there).
Each drawing becomes `<symbol id="gi-NAME">`, its points rounded to whole units of its 512-unit grid
(scripts/svgpath.py: half the bytes, no visible change). Re-runnable: same names in, same files out; the licence file
(static/icons/LICENSE.md) says where they come from.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import svgpath  # beside this script (run as `python scripts/icons.py`)

ROOT = Path(__file__).resolve().parent.parent
VERSION = "1.2.4"
OUT = ROOT / "static" / "icons"
SHARED = OUT / "game-icons.txt"


def load_package(path: Path | None) -> dict:
    if path is not None:
        return json.loads(path.read_text())
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["npm", "pack", "--silent", f"@iconify-json/game-icons@{VERSION}"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        with tarfile.open(Path(work) / f"iconify-json-game-icons-{VERSION}.tgz") as tar:
            member = tar.extractfile("package/icons.json")
            assert member is not None
            return json.loads(member.read())


def game_names() -> dict[str, list[str]]:
    """Each game's drawings (the format app/ui/pictures.py reads; keys beginning with "_" are notes)."""
    found = {}
    for file in sorted(ROOT.glob("games/*/data/pictures.json")):
        groups = json.loads(file.read_text(encoding="utf-8"))
        found[file.parent.parent.name] = sorted({
            name for group, members in groups.items() if not group.startswith("_") and isinstance(members, dict)
            for key, name in members.items() if not key.startswith("_")})
    return found


def sprite(package: dict, wanted: list[str]) -> str:
    width, height = package.get("width", 512), package.get("height", 512)
    symbols = []
    for name in wanted:
        icon = package["icons"].get(name)
        if icon is None:
            sys.exit(f"icon not in the package: {name}")
        w, h = icon.get("width", width), icon.get("height", height)
        symbols.append(f'<symbol id="gi-{name}" viewBox="0 0 {w} {h}">{icon["body"]}</symbol>')
    return svgpath.whole_svg(
        '<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n' + "\n".join(symbols) + "\n</svg>\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="the package's icons.json (else fetched with npm pack)")
    args = parser.parse_args()
    package = load_package(args.package)
    sprites = {"game-icons": sorted({line.strip() for line in SHARED.read_text().splitlines() if line.strip()})}
    # A game's sprite leaves out what the table's has: the page draws those from it (app/ui/pictures.py href).
    table = set(sprites["game-icons"])
    sprites.update({game: [n for n in wanted if n not in table] for game, wanted in game_names().items()})
    for name, wanted in sprites.items():
        (OUT / f"{name}.svg").write_text(sprite(package, wanted))
        print(f"{len(wanted):4d} icons -> static/icons/{name}.svg")
    (OUT / "LICENSE.md").write_text(
        "# Icons\n\n"
        "The icons in the sprites here (game-icons.svg and one per game) come from game-icons.net\n"
        "(https://game-icons.net), made by Lorc, Delapouite and the other game-icons.net contributors, under the\n"
        "Creative Commons Attribution 3.0 licence (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/).\n\n"
        f"They were taken from the npm package @iconify-json/game-icons {VERSION} by scripts/icons.py,\n"
        "which keeps only the icons Solo Shelf uses (those named in game-icons.txt here and in each game's\n"
        "games/<slug>/data/pictures.json) and changes one thing: every point of a drawing is rounded to a\n"
        "whole unit of its 512-unit grid (scripts/svgpath.py), which halves the files and moves no line by\n"
        "a visible amount.\n"
    )


if __name__ == "__main__":
    main()

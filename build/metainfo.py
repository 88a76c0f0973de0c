"""Writes the generated parts of the AppStream metainfo: its releases and its screenshots.

The metainfo (``build/linux/io.github.solemio.SoleMio.metainfo.xml``) is what software
centres and Flathub show.  Two parts of it come from one place each, so they cannot drift:

- ``<releases>``: from ``CHANGELOG.md`` (one ``## VERSION (YYYY-MM-DD)`` section per
  release, newest first, its bullets becoming the release notes); the newest must be
  pyproject.toml's version (a test and ``build/release.py tag`` check).
- ``<screenshots>``: the scenes listed in :data:`SCREENSHOTS`, pictures saved by
  ``solemio screenshots`` into ``docs/screenshots/`` and linked at the project's
  address (pyproject.toml's ``Homepage``) with the captions below.

    python build/metainfo.py               rewrite both parts in the metainfo
    python build/metainfo.py --check       exit 1 when the metainfo is not what it would write
    python build/metainfo.py --screenshots also take the pictures again (runs the game, ~2 min)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METAINFO = ROOT / "build" / "linux" / "io.github.solemio.SoleMio.metainfo.xml"
CHANGELOG = ROOT / "CHANGELOG.md"
SHOTS = ROOT / "docs" / "screenshots"
SHOT_SIZE = "1280x720"
#: (the scene's file name from ``solemio screenshots``, the caption); the first is the default.
SCREENSHOTS = (
    ("05-table-select", "Your turn: choose the ingredients and the order to play"),
    ("13-reveal-fill", "The oven is revealed card by card and orders are filled"),
    ("01-title", "The title screen"),
)
HEADING = re.compile(r"^## (\S+) \((\d{4}-\d{2}-\d{2})\)\s*$")


class ChangelogError(SystemExit):
    def __init__(self, message: str) -> None:
        super().__init__(f"CHANGELOG.md: {message}")


def releases(text: str) -> list[tuple[str, str, list[str]]]:
    """(version, date, notes) for every ``## VERSION (DATE)`` section, in file order."""
    found: list[tuple[str, str, list[str]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            heading = HEADING.match(line)
            if not heading:
                raise ChangelogError(f"line {number}: a release heading is "
                                     f"'## VERSION (YYYY-MM-DD)', not {line!r}")
            found.append((heading.group(1), heading.group(2), []))
        elif found and line.startswith("- "):
            found[-1][2].append(line[2:].strip())
        elif found and line.startswith("  ") and found[-1][2]:
            found[-1][2][-1] += " " + line.strip()
    if not found:
        raise ChangelogError("no release section ('## VERSION (YYYY-MM-DD)')")
    for version, _date, notes in found:
        if not notes:
            raise ChangelogError(f"release {version} has no notes ('- ...' lines)")
    return found


def homepage() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["urls"]["Homepage"].rstrip("/")


def screenshot_url(scene: str) -> str:
    """A picture's address: the file in this repository's main branch, served raw."""
    owner_repo = homepage().removeprefix("https://github.com/")
    return (f"https://raw.githubusercontent.com/{owner_repo}/main/docs/screenshots/"
            f"{scene}.png")


def releases_xml(text: str) -> str:
    lines = ["  <releases>"]
    for version, date, notes in releases(text):
        lines.append(f'    <release version="{escape(version)}" date="{date}">')
        lines.append("      <description>")
        if len(notes) == 1:
            lines.append(f"        <p>{escape(notes[0])}</p>")
        else:
            lines.append("        <ul>")
            lines += [f"          <li>{escape(note)}</li>" for note in notes]
            lines.append("        </ul>")
        lines += ["      </description>", "    </release>"]
    lines.append("  </releases>")
    return "\n".join(lines)


def screenshots_xml() -> str:
    lines = ["  <screenshots>"]
    for i, (scene, caption) in enumerate(SCREENSHOTS):
        kind = ' type="default"' if i == 0 else ""
        lines += [f"    <screenshot{kind}>", f"      <caption>{escape(caption)}</caption>",
                  f'      <image type="source" width="1280" height="720">'
                  f"{screenshot_url(scene)}</image>", "    </screenshot>"]
    lines.append("  </screenshots>")
    return "\n".join(lines)


def render(metainfo: str, changelog: str) -> str:
    """The metainfo with both generated parts replaced (or added before </component>)."""
    for tag, block in (("screenshots", screenshots_xml()), ("releases", releases_xml(changelog))):
        pattern = re.compile(rf"  <{tag}>.*?</{tag}>", re.S)
        if pattern.search(metainfo):
            metainfo = pattern.sub(lambda _m, b=block: b, metainfo)
        else:
            metainfo = metainfo.replace("</component>", f"{block}\n</component>")
    return metainfo


def take_screenshots() -> None:
    """Run ``solemio screenshots`` and keep the scenes listed in SCREENSHOTS."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   SOLEMIO_HOME=str(Path(tmp) / "home"))
        subprocess.run([sys.executable, "-m", "solemio", "screenshots", "--out", tmp,
                        "--size", SHOT_SIZE], check=True, env=env, cwd=ROOT)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for scene, _caption in SCREENSHOTS:
            shutil.copyfile(Path(tmp) / f"{SHOT_SIZE}-{scene}.png", SHOTS / f"{scene}.png")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="only check, write nothing")
    p.add_argument("--screenshots", action="store_true", help="take the pictures again first")
    args = p.parse_args(argv)
    current = METAINFO.read_text(encoding="utf-8")
    wanted = render(current, CHANGELOG.read_text(encoding="utf-8"))
    if args.check:
        if wanted != current:
            print(f"{METAINFO.relative_to(ROOT)} is out of date: run python build/metainfo.py",
                  file=sys.stderr)
            return 1
        return 0
    if args.screenshots:
        take_screenshots()
    if wanted != current:
        METAINFO.write_text(wanted, encoding="utf-8")
        print(f"wrote {METAINFO.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

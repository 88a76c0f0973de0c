"""Keep the translation catalogues in step with the code: extract, update, compile.

Run from the repository root after changing any text a player sees (see
docs/translating.md):

    python build/catalogues.py            # all three steps
    python build/catalogues.py extract    # only the template
    python build/catalogues.py update     # template -> each language's .po
    python build/catalogues.py compile    # each .po -> its .mo

It drives Babel's own ``pybabel`` commands with the options the project uses,
written here once: the tests (tests/test_catalogues.py) extract with the very
same options to prove the committed template is current.  Babel is a
development tool (the ``test`` extra); the game itself reads the compiled
``.mo`` files with the standard library's gettext.

The ``.mo`` files are committed beside their ``.po``: a source checkout, the
wheel (assets/ is package data) and the PyInstaller bundle (assets/ is bundled
whole) all find them without a build step, and a test fails when a ``.mo``
does not say what its ``.po`` says.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "assets" / "locale"
DOMAIN = "solemio"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
LANGUAGES = ("it", "nl", "fr")

#: ``pybabel extract`` options (the mapping file names the sources and the card-set extractor).
EXTRACT_OPTIONS = [
    "-F", str(ROOT / "babel.cfg"),
    "--no-location",  # line numbers would change with every edit and conflict on every merge
    "--sort-output",
    "--add-comments=TRANSLATORS:",
    "--project=solemio",
    "--copyright-holder=Sole Mio! digital edition",
    "--msgid-bugs-address=",
    "--no-wrap",
]
#: ``pybabel update`` options: obsolete entries go, changed texts come back marked fuzzy.
UPDATE_OPTIONS = ["--no-wrap", "--ignore-obsolete", "--ignore-pot-creation-date"]


def _pybabel(args: list[str]) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(output: Path = TEMPLATE) -> None:
    """Write the template from the code and the shipped card sets."""
    _pybabel(["extract", *EXTRACT_OPTIONS, "-o", str(output), str(ROOT)])


def update() -> None:
    """Merge the template into every language's catalogue (new texts empty, changed ones fuzzy)."""
    _pybabel(["update", *UPDATE_OPTIONS, "-i", str(TEMPLATE), "-d", str(LOCALE_DIR),
              "-D", DOMAIN])


def compile_mo() -> None:
    """Compile every ``.po`` to its ``.mo`` (fuzzy entries are left out, as gettext does)."""
    _pybabel(["compile", "-d", str(LOCALE_DIR), "-D", DOMAIN])


def main(argv: list[str]) -> int:
    steps = {"extract": [extract], "update": [update], "compile": [compile_mo],
             "all": [extract, update, compile_mo]}
    what = argv[0] if argv else "all"
    if what not in steps:
        print(f"usage: python build/catalogues.py [{'|'.join(steps)}]", file=sys.stderr)
        return 2
    for step in steps[what]:
        step()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""No text is cut short or loses lines, in any language, at the smallest and a large window.

The screenshot tour visits every scene and the main reveal decisions; the
theme and the card painter record each text they had to shorten with an
ellipsis or leave lines of (``theme.OVERFLOWS``).  The longest language
decides the layout, not English.  A full tour per language and size takes
about ten seconds of work when the pictures are drawn but not written as PNG
files; the default run tours every language at the smallest window and the
longest two at the large one (``-m slow`` the rest).  The
layout tests (tests/ui/test_layout.py, test_layout_sizes.py) check the same
record, and overlaps, scene by scene.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solemio import i18n
from solemio.ui import screenshots, theme

# Every language at the smallest window; at the large one the two longest languages
# (French, Dutch) in the default run and the others under ``-m slow``: the tours are
# the default suite's largest cost.
LONGEST = ("fr", "nl")
CASES = [(lang, (1024, 640)) for lang in i18n.LANGUAGES] + [
    pytest.param(lang, (1920, 1080), marks=() if lang in LONGEST else pytest.mark.slow)
    for lang in i18n.LANGUAGES]


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_every_scene_fits_in_every_language(lang, size, tmp_path: Path) -> None:
    theme.OVERFLOWS.clear()
    try:
        shots = screenshots.shots_for_size(size, tmp_path, lang, write=False)
    finally:
        i18n.set_language("en")
    assert len(shots) > 20
    assert not theme.OVERFLOWS, f"{lang} at {size}: texts cut short: {sorted(set(theme.OVERFLOWS))}"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_scene_fits_at_the_largest_text_size(size, tmp_path: Path) -> None:
    """The largest text size (200 %, Settings) in the longest language: every text drawn
    larger where its box has room and shrunk back (never below its 100 % size) where it
    has not, nothing cut short."""
    theme.OVERFLOWS.clear()
    try:
        shots = screenshots.shots_for_size(size, tmp_path, "fr", write=False, text_size=200)
    finally:
        i18n.set_language("en")
    assert len(shots) > 20
    assert theme.TEXT_SCALE == 1.0, "the tour leaves the text size as it found it"
    assert not theme.OVERFLOWS, f"fr at {size}, 200 %: texts cut short: " \
                                f"{sorted(set(theme.OVERFLOWS))}"

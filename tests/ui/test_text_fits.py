"""No text is cut short or loses lines, in any language, at the smallest and a large window;
and at the largest text size (200 %) the screens show their words at (nearly) that size.

The screenshot tour visits every scene and the main reveal decisions; the theme and the
card painter record each text they had to shorten with an ellipsis or leave lines of
(``theme.OVERFLOWS``), and, when asked, the real size each line was drawn at
(``theme.DRAWN``, per shot).  The longest language decides the layout, not English.  The
layout tests (tests/ui/test_layout.py, test_layout_sizes.py) check the same record, and
overlaps, scene by scene.

Cost: a tour takes 10 to 40 s of work.  The default run tours French (the longest) at
1024x640 at 100 % and 200 % (the text-size measure: text_size_helpers.py), the other
languages at 1024x640 and French and Dutch at 1920x1080 at 100 %; the other tours are
marked slow (``-m slow``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from text_size_helpers import FAMILIES, kept_shares

from solemio import i18n
from solemio.ui import screenshots, theme


def tour(size, lang, tmp_path: Path, text_size: int = 100,
         sizes: dict | None = None) -> list[tuple[str, str]]:
    """The texts cut short in a tour (its shots' drawn sizes in ``sizes``)."""
    theme.OVERFLOWS.clear()
    try:
        shots = screenshots.shots_for_size(size, tmp_path, lang, write=False,
                                           text_size=text_size, sizes=sizes)
    finally:
        i18n.set_language("en")
    assert len(shots) > 20
    assert theme.TEXT_SCALE == 1.0, "the tour leaves the text size as it found it"
    return sorted(set(theme.OVERFLOWS))


# Every language at the smallest window; at the large one the two longest languages
# (French, Dutch) in the default run and the others under ``-m slow``: the tours are
# the default suite's largest cost.  French at 1024x640 is toured by
# test_the_largest_text_size_is_kept_1024x640 (at 100 % and 200 %).
LONGEST = ("fr", "nl")
CASES = [(lang, (1024, 640)) for lang in i18n.LANGUAGES if lang != "fr"] + [
    pytest.param(lang, (1920, 1080), marks=() if lang in LONGEST else pytest.mark.slow)
    for lang in i18n.LANGUAGES]


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_every_scene_fits_in_every_language(lang, size, tmp_path: Path) -> None:
    cut = tour(size, lang, tmp_path)
    assert not cut, f"{lang} at {size}: texts cut short: {cut}"


#: Per family of screens, in French: (the share of lines kept at 85 % of 200 % or more,
#: the mean share of the chosen size its lines keep), measured when the layouts were made
#: to grow with the text size (issue 28; docs/measurements/issue-28-accessibility.md),
#: less a margin (0.06 for the shares, 0.04 for the means: a tour's computer moves, and
#: so its lines, vary a little from run to run).  On main before that change the
#: 1024x640 tour kept menus 0.65 / 0.82, settings 0.83 / 0.95, table 0.47 / 0.75,
#: reveal 0.24 / 0.64, pickers 0.21 / 0.63, replay 0.59 / 0.82: its table, reveal and
#: pickers fail these floors.  The table's, the reveal's and the pickers' floors were
#: raised when their seat panels put the piles' labels beside the cards, the reveal's Skip
#: became "Skip" and its bottom band, answers and order panel grew, the question spans the
#: hand's width, the table's buttons share their column (1024x640: table 0.87 / 0.94,
#: reveal 0.80 / 0.91, pickers 0.79 / 0.91; 1920x1080: table 0.75 / 0.91, reveal 0.78 /
#: 0.91, pickers 0.72 / 0.89).  The menus and the replay were raised
#: when they got layouts of their own at large text sizes (the statistics in pages, the
#: saves two a page, the replay's buttons in two rows...; tests/ui/test_large_text_menus.py):
#: before, the 1024x640 tour kept menus 0.70 / 0.85 and replay 0.60 / 0.82, below these
#: floors.  A change that fits more words back down fails here; one that keeps more raises
#: them.  The replay's floor was 0.76 while the tour's hard seats searched for 40 ms: their
#: moves, and so the replay's lines, changed with the machine's speed and load, and the same
#: screens kept 124-129 of 165-170 lines (0.747-0.759), failing about one run in three.
#: The tour's moves are fixed now (``screenshots.FAST_AGENTS``: 8 play-outs a decision):
#: the replay keeps 125 of 165 lines (0.758) every run, and its floor is 0.75.
FLOORS: dict[tuple[int, int], dict[str, tuple[float, float]]] = {
    (1024, 640): {"menus": (0.87, 0.88), "settings": (0.84, 0.92), "table": (0.78, 0.89),
                  "reveal": (0.71, 0.87), "pickers": (0.70, 0.86), "replay": (0.75, 0.87)},
    (1920, 1080): {"menus": (0.83, 0.88), "settings": (0.94, 0.93), "table": (0.69, 0.87),
                   "reveal": (0.72, 0.87), "pickers": (0.66, 0.85), "replay": (0.79, 0.85)},
}


def check_kept(size, lang, tmp_path: Path) -> None:
    at_100: dict = {}
    at_200: dict = {}
    cut = tour(size, lang, tmp_path, 100, at_100)
    assert not cut, f"{lang} at {size}: texts cut short: {cut}"
    cut = tour(size, lang, tmp_path, 200, at_200)
    assert not cut, f"{lang} at {size}, 200 %: texts cut short: {cut}"
    shares, worst = kept_shares(at_100, at_200, size[1])
    low = []
    for fam in FAMILIES:
        kept, n, mean = shares[fam]
        assert n > 0, f"no line of the {fam} measured"
        floor_kept, floor_mean = FLOORS[size][fam]
        if kept / n < floor_kept or mean < floor_mean:
            low.append(f"{fam}: {kept}/{n} kept (floor {floor_kept:.2f}), mean share "
                       f"{mean:.2f} (floor {floor_mean:.2f}); worst: {worst[fam][:5]}")
    assert not low, f"{lang} at {size}, 200 %: " + "; ".join(low)


def test_the_largest_text_size_is_kept_1024x640(tmp_path: Path) -> None:
    """French at the smallest window, 100 % then 200 %: nothing cut short, and each
    family of screens keeps its share of lines at (nearly) the chosen size."""
    check_kept((1024, 640), "fr", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_largest_text_size_is_kept_in_every_language(lang, size, tmp_path: Path) -> None:
    if (lang, size) == ("fr", (1024, 640)):
        pytest.skip("in the default run: test_the_largest_text_size_is_kept_1024x640")
    check_kept(size, lang, tmp_path)

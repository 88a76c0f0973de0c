"""No text is cut short or loses lines, in any language, at the smallest and a large window.

The screenshot tour visits every scene and the main reveal decisions; the
theme and the card painter record each text they had to shorten with an
ellipsis or leave lines of (``theme.OVERFLOWS``).  The longest language
decides the layout, not English.  A full tour per language and size takes
about a minute, so the matrix is a slow test; the layout tests
(tests/ui/test_layout.py) check the same record for the table, a reveal
decision and the menus in every language in the default run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solemio import i18n
from solemio.ui import screenshots, theme


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_scene_fits_in_every_language(lang, size, tmp_path: Path) -> None:
    theme.OVERFLOWS.clear()
    try:
        shots = screenshots.shots_for_size(size, tmp_path, lang)
    finally:
        i18n.set_language("en")
    assert len(shots) > 20
    assert not theme.OVERFLOWS, f"{lang} at {size}: texts cut short: {sorted(set(theme.OVERFLOWS))}"

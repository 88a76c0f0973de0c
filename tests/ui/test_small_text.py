"""Small body text is spaced by the glyphs' advances: no pixel lost to a tiny kerning pair.

SDL_ttf floors each glyph's shaped position, so Cabin's kerning of "c" before "e"
(7/1000 of an em) moved the "e" a whole pixel left at every size, and at panel
sizes "scegli" read "sœgli" (solemio/ui/fontdata.py).  A word's width equals the
sum of its glyphs' advances exactly when no glyph was pulled left.
"""

from __future__ import annotations

import pygame
import pytest

from solemio.resources import resource_path
from solemio.ui import fontdata, theme

WORDS = ("scegli", "sceglie", "conosce", "commence", "once", "ricevi")


def _pulled_left(font: pygame.font.Font) -> list[str]:
    return [w for w in WORDS if font.size(w)[0] != sum(m[4] for m in font.metrics(w))]


@pytest.mark.parametrize("bold", [False, True])
def test_small_body_text_loses_no_pixel_between_c_and_e(bold):
    for px in range(9, fontdata.KERNING_FROM_PX):
        assert _pulled_left(theme.font(px, bold)) == [], px


def test_the_font_file_as_shipped_would_pull_glyphs_left():
    """The check above can fail: the font loaded as it is kerns "ce" by a whole pixel."""
    path = resource_path("assets", "fonts", "Cabin-Regular.otf")
    assert _pulled_left(pygame.font.Font(str(path), 12))


def test_only_the_kerning_tables_are_hidden():
    path = resource_path("assets", "fonts", "Cabin-Regular.otf")
    data = path.read_bytes()
    changed = fontdata.without_kerning(data)
    assert len(changed) == len(data) and b"xPOS" in changed[:400] and b"xern" in changed[:400]
    assert sum(a != b for a, b in zip(data, changed, strict=True)) == 2
    assert fontdata.without_kerning(b"not a font") == b"not a font"


def test_a_narrow_no_break_space_is_visible_in_small_text():
    """U+202F (French, before ";", "!", "?") is half a space: one pixel at 12 px, so
    "finie ; Sofia" read "finie; Sofia".  Small text draws it as wide as U+00A0."""
    path = resource_path("assets", "fonts", "Cabin-Regular.otf")
    assert pygame.font.Font(str(path), 12).size("a\u202f;")[0] < \
        pygame.font.Font(str(path), 12).size("a\u00a0;")[0], "the check would prove nothing"
    for px in range(9, fontdata.NARROW_SPACE_FROM_PX):
        f = theme.font(px)
        assert f.size("finie\u202f; Sofia") == f.size("finie\u00a0; Sofia"), px
        assert theme.text("a\u202f!", px).get_width() == theme.text("a\u00a0!", px).get_width()
    assert theme.wrap("finie\u202f; Sofia retourne le four", 12, 40)[0].endswith("finie\u202f;")

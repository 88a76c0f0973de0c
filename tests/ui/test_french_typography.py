"""French typography: a space before ";", ":", "!", "?" and inside « » is non-breaking.

The French catalogue writes those spaces as U+00A0 (before ":" and inside the
guillemets) or U+202F (the narrow one, before ";", "!", "?"); the text wrappers
(theme.wrap for the window's texts, the painter's for card titles) break lines at
ordinary spaces only, so no line ever starts with the punctuation or ends with «;
and the bundled fonts draw both spaces as spaces (no missing-glyph box).
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from solemio.resources import resource_path
from solemio.ui import art, theme

NBSP, NNBSP = "\u00a0", "\u202f"
FR_PO = Path(resource_path("assets", "locale")) / "fr" / "LC_MESSAGES" / "solemio.po"
#: A breakable space before French high punctuation or a closing guillemet, or after «.
BREAKABLE_BEFORE_MARK = re.compile(r"[ \t\n][;:!?»]|«[ \t\n]")


def french_texts() -> list[str]:
    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    out = []
    for msg in catalog:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        out.extend(s for s in strings if s)
    return out


def test_the_french_catalogue_uses_non_breaking_spaces():
    texts = french_texts()
    assert len(texts) > 300
    marked = [t for t in texts if re.search(r"[;:!?»«]", t)]
    assert len(marked) > 100, "the check would prove nothing"
    bad = [t for t in texts if BREAKABLE_BEFORE_MARK.search(t)]
    assert not bad, f"a line could break before the punctuation: {bad[:5]}"
    assert any(NNBSP + ";" in t for t in texts) and any(NBSP + ":" in t for t in texts)
    assert any("«" + NBSP in t for t in texts)


def line_breaks_are_sound(lines: list[str]) -> bool:
    """No line starts with high punctuation or », none ends with «."""
    return not any(ln.lstrip(NBSP + NNBSP)[:1] in (";", ":", "!", "?", "»")
                   or ln.rstrip().endswith("«") for ln in lines)


@pytest.mark.parametrize("width", [60, 90, 140, 200, 320])
def test_the_wrapper_never_breaks_at_a_non_breaking_space(width):
    texts = [t for t in french_texts() if re.search(r"[;:!?»«]", t)]
    for t in texts:
        lines = theme.wrap(t, 14, width)
        assert line_breaks_are_sound(lines), (t, lines)
        # Every word is kept: the lines joined again give the text.
        assert " ".join(lines).split(" ") == [w for w in t.replace("\n", " ").split(" ")]
    # The same text with ordinary spaces does break before the punctuation somewhere:
    # the check above can fail.
    plain = [t.replace(NBSP, " ").replace(NNBSP, " ") for t in texts]
    assert any(not line_breaks_are_sound(theme.wrap(t, 14, w)) for t in plain
               for w in (60, 90, 140))


def test_card_titles_keep_a_non_breaking_space():
    assert art.breakable_words(f"Bloquée{NNBSP}! «{NBSP}Sole Mio{NNBSP}!{NBSP}»") == [
        f"Bloquée{NNBSP}!", f"«{NBSP}Sole", f"Mio{NNBSP}!{NBSP}»"]
    assert art.breakable_words("Four of\na  kind") == ["Four", "of", "a", "kind"]


@pytest.mark.parametrize("name", ["Cabin-Regular.otf", "Cabin-Bold.otf", "LobsterTwo-Bold.otf"])
def test_the_fonts_draw_both_spaces_as_spaces(name):
    """A missing glyph would be drawn as a box (ink) or with no width at all."""
    f = pygame.font.Font(str(resource_path("assets", "fonts", name)), 40)
    plain = f.size("a a")[0]
    joined = f.size("aa")[0]
    for space in (NBSP, NNBSP):
        surf = f.render(space, True, (0, 0, 0), (255, 255, 255))
        inked = sum(1 for x in range(surf.get_width()) for y in range(surf.get_height())
                    if surf.get_at((x, y))[0] < 200)
        assert inked == 0, f"{name} draws U+{ord(space):04X} with ink: a missing glyph"
        width = f.size(f"a{space}a")[0]
        assert joined < width <= plain, (name, hex(ord(space)), joined, width, plain)
    # The test can fail: a character the font lacks is drawn with ink (Cabin's box).
    if name.startswith("Cabin"):
        box = f.render("\u4e00", True, (0, 0, 0), (255, 255, 255))
        assert any(box.get_at((x, y))[0] < 200 for x in range(box.get_width())
                   for y in range(box.get_height()))

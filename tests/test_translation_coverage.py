"""Every text the window draws passes through the translation function.

A pseudo-language replaces every Latin letter of every catalogue text with
its full-width twin (``Play`` → ``Ｐｌａｙ``, fields such as ``{name}`` kept);
the screenshot tour then visits every scene and main reveal decision, and
every string the fonts render is checked.  A text that still holds a plain
letter bypassed ``_``/``ngettext``/``pgettext``/``data_text`` (after taking
out what is data, not prose: the players' names and the languages' own
names), so it would stay English in the Italian, Dutch and French editions.
The same check covers every face of every order card of the shipped card
sets, the scorer cards and the colour-blind letters, since card faces are
painted apart from the scenes and cached.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from ui.ui_helpers import recording_texts

from solemio import i18n

_FULLWIDTH = str.maketrans(
    {c: chr(ord(c) - ord("A") + 0xFF21) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    | {c: chr(ord(c) - ord("a") + 0xFF41) for c in "abcdefghijklmnopqrstuvwxyz"}
)
_FIELD = re.compile(r"(\{[^}]*\})")
# Data drawn as it is: the tour's player names and each language's own name
# (the logo "Sole Mio!" on the title screen is excepted on its own below).
_NAMES = ("Anna", "Giulia", "Marco", "Sofia", "Luca", "English", "Italiano", "Nederlands",
          "Français")


def _pseudo(text: str) -> str:
    return "".join(p if p.startswith("{") else p.translate(_FULLWIDTH) for p in _FIELD.split(text))


class PseudoTranslations(gettext.NullTranslations):
    """Translates every message into the full-width pseudo-language."""

    def gettext(self, message):
        return _pseudo(message)

    def ngettext(self, singular, plural, n):
        return _pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return _pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return _pseudo(singular if n == 1 else plural)


def _untranslated(text: str) -> bool:
    if text == "Sole Mio!":  # the game's own name as its logo on the title screen
        return False
    for name in _NAMES:
        text = text.replace(name, "")
    text = re.sub(r"set-aside/\S+", "", text)  # a file's name is data (a save set aside)
    return bool(re.search("[A-Za-z]", text))


def _forget_fonts() -> None:
    from solemio.ui import theme

    theme.base_font.cache_clear()
    theme.clear_caches()


@pytest.fixture(autouse=True)
def _fresh_fonts_after():
    """The recording fonts leave the caches with the test (see ``_recording_fonts``)."""
    yield
    _forget_fonts()


def _recording_fonts(monkeypatch) -> set[str]:
    """Every text rendered from now on.  The fonts and the rendered texts are cached
    (``theme.font``, ``theme.text``): those an earlier test made would render past the
    recorder (the card faces' check then saw almost nothing after the window's tests),
    so ``recording_texts`` empties both first, and ``_fresh_fonts_after`` again when
    the test ends."""
    return recording_texts(monkeypatch)


def _pseudo_language(monkeypatch) -> None:
    """Install the pseudo-language, also for every App that sets its language."""
    monkeypatch.setattr(i18n, "set_language", lambda lang: i18n.install(PseudoTranslations()))
    i18n.install(PseudoTranslations())


def test_every_drawn_text_is_translated(monkeypatch, tmp_path: Path) -> None:
    from solemio.ui import screenshots, theme

    original = i18n.set_language
    rendered = _recording_fonts(monkeypatch)
    _pseudo_language(monkeypatch)
    theme.base_font.cache_clear()
    theme.clear_caches()
    try:
        screenshots.shots_for_size((1280, 720), tmp_path, write=False)
    finally:
        original("en")
        theme.base_font.cache_clear()
        theme.clear_caches()
    assert len(rendered) > 100, "the tour drew almost nothing: the check would prove nothing"
    left = sorted(t for t in rendered if _untranslated(t))
    assert not left, f"drawn without passing through _(): {left}"


def test_every_text_on_a_card_face_is_translated(monkeypatch) -> None:
    """All order faces of every shipped card set, the scorer cards, the colour-blind letters."""
    from solemio.engine import load_cardset
    from solemio.engine.kinds import COLOURS, KINDS
    from solemio.ui.app import make_painter
    from solemio.ui.cards import CardImages

    original = i18n.set_language
    rendered = _recording_fonts(monkeypatch)
    _pseudo_language(monkeypatch)
    try:
        for colour_blind in (False, True):
            cards = CardImages(make_painter(colour_blind))
            for edition in ("sole-mio", "mamma-mia", "grande"):
                cs = load_cardset(edition)
                for colour in COLOURS:
                    for oid in cs.colour_orders[colour]:
                        cards.order(colour, oid, cs, (180, 252))
                cards.scorer(cs.scorer_name, (180, 252))
            for kind in KINDS:
                for units in (1, 2):
                    cards.ingredient(kind, units, (180, 252))
                cards.kind_icon(kind, 64)
    finally:
        original("en")
    names = {t for t in rendered if len(t) > 3}
    assert len(names) > 12, f"hardly any words on the faces: the check would prove nothing: {names}"
    assert any(t.startswith("Ｓ") for t in rendered), "the colour-blind letters were not drawn"
    left = sorted(t for t in rendered if _untranslated(t))
    assert not left, f"drawn on a card face without passing through the translation: {left}"

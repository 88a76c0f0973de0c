"""Every text the window draws passes through the translation function.

A pseudo-language replaces the vowels of every catalog text with accented
ones; the screenshot tour then visits every scene and main reveal decision,
and every string the fonts render is checked.  A text that still holds a
plain vowel bypassed ``_``/``ngettext`` (after taking out what is data, not
prose: the players' names and the editions' and languages' own names), so it
would stay English in the Italian, Dutch and French editions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from solemio import i18n

_ACCENTED = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")
_FIELD = re.compile(r"(\{[^}]*\})")
# Data drawn as it is: the tour's player names, edition names, language names.
_NAMES = ("Anna", "Giulia", "Marco", "Sofia", "Luca", "Mamma Mia! Grande", "Mamma Mia!",
          "Sole Mio!", "English", "Italiano", "Nederlands", "Français")


def _pseudo(text: str) -> str:
    return "".join(p if p.startswith("{") else p.translate(_ACCENTED) for p in _FIELD.split(text))


class _PseudoCatalog(dict):
    """Translates everything: plural keys are 'singular|plural'."""

    def get(self, key, default=None):
        if "|" in key:
            return [_pseudo(form) for form in key.split("|", 1)]
        return _pseudo(key)


def _untranslated(text: str) -> bool:
    for name in _NAMES:
        text = text.replace(name, "")
    return bool(re.search("[aeiouAEIOU]", text))


def test_every_drawn_text_is_translated(monkeypatch, tmp_path: Path) -> None:
    from solemio.ui import screenshots, theme

    rendered: set[str] = set()

    class RecordingFont(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            rendered.add(str(text))
            return super().render(text, *args, **kwargs)

    def pseudo_language(lang: str) -> None:
        i18n._catalog = _PseudoCatalog()

    original = i18n.set_language
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    monkeypatch.setattr(i18n, "set_language", pseudo_language)
    theme.font.cache_clear()
    theme.clear_caches()
    try:
        pseudo_language("xx")
        screenshots.shots_for_size((1280, 720), tmp_path)
    finally:
        original("en")
        theme.font.cache_clear()
        theme.clear_caches()
    assert len(rendered) > 100, "the tour drew almost nothing: the check would prove nothing"
    left = sorted(t for t in rendered if _untranslated(t))
    assert not left, f"drawn without passing through _(): {left}"

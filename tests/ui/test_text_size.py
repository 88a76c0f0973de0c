"""The text size (Settings, 80..200 %): every text on every screen at once, no restart."""

from __future__ import annotations

import pygame
import pytest

from solemio.ui import theme
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.title import TitleScene
from solemio.ui.settings import TEXT_SIZES, Settings, checked_fields


def rendered_heights(monkeypatch) -> dict[str, int]:
    """The height each text was drawn at, by its words, from here on."""
    seen: dict[str, int] = {}
    original = theme.text

    def text(s, px, *a, **k):
        surf = original(s, px, *a, **k)
        seen[s] = surf.get_height()
        return surf

    monkeypatch.setattr(theme, "text", text)
    return seen


def test_the_text_size_applies_at_once_to_the_screens_below(make_app, monkeypatch):
    app = make_app((1920, 1080), language="en")
    title = app.manager.push(TitleScene(app))
    settings = app.manager.push(SettingsScene(app))
    settings.show_page(1)
    app.step([], 0.05)
    seen = rendered_heights(monkeypatch)
    app.draw()
    label_before = seen["Text size"]
    sel = next(w for w in settings.focus.widgets if w.name == "text_size")
    row_before = sel.rect.h
    settings.focus.focus_name("text_size")
    for _ in range(TEXT_SIZES.index(200) - TEXT_SIZES.index(100)):  # Right, as a player would
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")],
                 0.01)
    assert app.settings.text_size == 200 and theme.TEXT_SCALE == 2.0
    sel = next(w for w in settings.focus.widgets if w.name == "text_size")
    assert sel.rect.h > row_before, "the rows grow with their text"
    assert seen["Text size"] > label_before * 1.4
    app.manager.pop()
    seen.clear()
    app.step([], 0.05)
    hint = next(s for s in seen if "F11" in s)
    app.settings.text_size = 100
    app.settings_changed()
    big = seen[hint]
    seen.clear()
    app.draw()
    assert seen[hint] < big, "the title's hints were drawn larger at 200 %"
    assert app.manager.top is title


def test_scales_never_shrink_a_text_below_its_size_at_100(make_app):
    app = make_app((1024, 640))
    small = theme.fit_text("Aide à l'apprentissage", 20, 60).get_height()
    app.settings.text_size = 200
    app.settings_changed()
    assert theme.fit_text("Aide à l'apprentissage", 20, 60).get_height() >= small - 1
    assert theme.fit_text("Oui", 20, 600).get_height() > 1.6 * theme.fit_text(
        "Oui", 10, 600).get_height()


@pytest.mark.parametrize("bad", [0, 79, 250, "200", None, 1e9, True])
def test_a_hand_edited_text_size_falls_back(bad):
    good, wrong = checked_fields({"text_size": bad, "volume": 50})
    assert wrong == ["text_size"] and good["text_size"] == Settings().text_size
    assert good["volume"] == 50

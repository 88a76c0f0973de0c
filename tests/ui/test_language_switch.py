"""Choosing a language in Settings takes effect on the next frame, card faces included."""

from __future__ import annotations

from ui_helpers import FAST_AGENTS, recording_texts

from solemio import i18n
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.texts import spec_name
from solemio.ui import theme
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene

COLOURS = ["blue", "green", "brown", "red", "yellow"]


def test_card_faces_already_drawn_are_redrawn_in_the_new_language(make_app):
    app = make_app((1280, 720), language="en")
    cs = load_cardset("sole-mio")
    english = app.cards.order("red", "two-doubles", cs, (150, 210))
    app.settings.language = "it"
    app.settings_changed()
    italian = app.cards.order("red", "two-doubles", cs, (150, 210))
    assert italian is not english
    diff = sum(italian.get_at((x, y)) != english.get_at((x, y))
               for x in range(0, 150, 3) for y in range(0, 80, 3))
    assert diff > 30, "the Italian face looks like the English one"
    app.settings.language = "en"
    app.settings_changed()
    assert app.cards.order("red", "two-doubles", cs, (150, 210)) is english, \
        "switching back should find the English face still cached"


def test_the_table_speaks_the_new_language_on_the_next_frame(make_app, monkeypatch):
    rendered = recording_texts(monkeypatch)
    app = make_app((1280, 720), language="en")
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0)) for i in range(3)]
    sess = GameSession(load_cardset("sole-mio"), seats, 3, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=True)
    assert table.my_decision() is not None
    hand_orders = [f for f in sess.game.view(0).hand if f[0] in COLOURS]
    assert hand_orders, "the starting hand holds orders"
    settings = app.manager.push(SettingsScene(app))
    app.step([], 0.05, draw=True)
    rendered.clear()
    settings.change("language", "fr")  # what choosing "Français" in the selector does
    app.step([], 0.05, draw=True)
    assert i18n.language() == "fr"
    assert "Réglages" in rendered and "Settings" not in rendered
    app.manager.pop()  # (the table's words may have been made ahead, while Settings showed)
    app.step([], 0.05, draw=True)
    names = {spec_name(sess.cardset.order(f[1])) for f in hand_orders}
    assert any(any(name.startswith(t) or t in name for t in rendered) for name in names), \
        f"no order in the hand was drawn again in French: {names}"
    assert not any("Supply" in t or "Oven" in t for t in rendered), sorted(rendered)
    assert any(t.startswith(("Four ·", "Cuisine")) for t in rendered), sorted(rendered)
    theme.font.cache_clear()
    theme.clear_caches()


def test_the_table_under_settings_is_painted_ahead_in_the_new_language(make_app, monkeypatch):
    """While Settings shows, the table's cards and panels are made in the new language,
    a step a frame, so the first frame back at the table makes no new card picture."""
    app = make_app((1280, 720), language="en")
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0)) for i in range(4)]
    sess = GameSession(load_cardset("sole-mio"), seats, 5, first=0, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=True)
    settings = app.manager.push(SettingsScene(app))
    app.step([], 0.05, draw=True)
    settings.change("language", "nl")
    assert app.warmer.pending("language")
    for _ in range(60):
        app.step([], 1 / 60, draw=True)
        if not app.warmer.pending("language"):
            break
    assert not app.warmer.pending("language"), "the table was not painted ahead"
    made: list = []
    painter = app.cards.painter
    original = painter.order
    monkeypatch.setattr(painter, "order", lambda *a, **k: made.append(a) or original(*a, **k))
    app.manager.pop()
    app.step([], 1 / 60, draw=True)
    assert made == [], f"order faces painted in the first frame back: {made}"


def test_screenshots_command_refuses_bad_language_or_size(tmp_path, capsys):
    from solemio.cli import main

    for args, words in ((["--lang", "de"], "invalid choice: 'de'"),
                        (["--size", "axb"], "not a size such as 1024x640"),
                        (["--size", "10x10"], "outside 320x240")):
        try:
            code = main(["screenshots", "--out", str(tmp_path), *args])
        except SystemExit as exc:
            code = exc.code
        assert code == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err

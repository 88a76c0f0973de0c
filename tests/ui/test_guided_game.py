"""The guided first game in the window: offered once on the first start, reached from How
to play, speaking at each decision and pointing at what to click, and left at any moment."""

from __future__ import annotations

import random

import pygame

from solemio.ui import driver, guided
from solemio.ui import settings as settings_mod
from solemio.ui.scenes.guide_offer import GuideOfferScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.rules import RulesScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene


def test_a_first_start_offers_the_guide_once(make_app, tmp_path):
    first = settings_mod.load(tmp_path / "none.json")
    assert first.guide_offered is False  # no settings file: a new player
    app = make_app(guide_offered=False)
    app.manager.push(TitleScene(app))
    assert isinstance(app.manager.top, GuideOfferScene)
    app.draw()
    assert app.settings.guide_offered  # asked once, whatever the answer
    driver.click(app, driver.widget(app, "guide-later").rect)
    assert isinstance(app.manager.top, TitleScene)
    app.manager.push(TitleScene(app))
    assert isinstance(app.manager.top, TitleScene)
    # A player who already has settings is not asked.
    path = tmp_path / "settings.json"
    settings_mod.save(settings_mod.Settings(), path)
    assert settings_mod.load(path).guide_offered is True


def test_the_offer_starts_the_guided_game(make_app):
    app = make_app(guide_offered=False)
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "guide-start").rect)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.session.guide
    assert [s.level for s in table.session.seats[1:]] == ["easy", "easy"]
    assert table.session.seed == guided.guide.SEED  # a fixed deal


def guided_table(make_app, size=(1280, 720)):
    app = make_app(size, pace=0.2, reveal_speed=4.0)
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "rules").rect)
    assert isinstance(app.manager.top, RulesScene)
    driver.click(app, driver.widget(app, "guided").rect)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.session.guide
    app.step([], 0.1, draw=False)
    return app, table


def test_the_guide_points_at_the_cards_to_play_and_can_be_left(make_app):
    app, table = guided_table(make_app)
    assert table.my_decision().kind == "play"
    tip = table.guide_tip()
    assert tip.text
    rects = table.guide_target_rects(tip)
    hand = [w for w in table.focus.widgets if w.name.startswith("hand")]
    kind = tip.targets[0][1]
    cards = [w for w in hand if w.face[0] == kind]
    assert cards and rects[:len(cards)] == [w.rect for w in cards]
    assert rects[-1] == driver.widget(app, "confirm").rect
    app.draw()
    # Following the guide: its cards (and an order, if it names one), then Play.
    for what, name in tip.targets:
        for w in hand:
            if (what == "hand" and w.face[0] == name) or (what == "order" and w.face[1] == name):
                driver.click(app, w.rect)
    driver.click(app, driver.widget(app, "confirm").rect)
    app.step([], 0.5, draw=False)
    d = table.my_decision()
    assert d is not None and d.kind == "draw"
    assert table.guide_tip().targets[0][0] == "widget"
    # Leaving: the guide goes quiet, the game goes on.
    driver.click(app, driver.widget(app, "guide-leave").rect)
    assert not table.session.guide and driver.widget(app, "guide-leave") is None
    assert table.guide_tip() is None and table.my_decision() is not None
    app.draw()


def test_the_guide_speaks_at_every_decision_of_a_guided_game(make_app):
    app, table = guided_table(make_app, (1024, 640))
    rng = random.Random(5)
    kinds = set()
    reveal_seen = False
    for _ in range(3000):
        top = app.manager.top
        if isinstance(top, (TableScene, RevealScene)) and top.my_decision() is not None:
            tip = top.guide_tip()
            assert tip is not None and tip.text
            assert top.guide_target_rects(tip), (top.my_decision().kind, tip)
            kinds.add(str(top.my_decision().kind))
            reveal_seen = reveal_seen or isinstance(top, RevealScene)
            if len(kinds) == 1 or reveal_seen:
                app.draw()
        if reveal_seen and len(kinds) >= 4:
            break
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 0.5, draw=False)
        if table.session.table.is_over():
            break
    assert {"play", "draw"} <= kinds and reveal_seen, kinds
    widgets = app.manager.top.interactive_rects()
    from solemio.ui import layout

    assert layout.overlaps(widgets) == []


def test_leaving_a_guided_game_to_the_title(make_app):
    app, table = guided_table(make_app)
    driver.key(app, pygame.K_ESCAPE)
    driver.click(app, driver.widget(app, "title").rect)
    assert isinstance(app.manager.top, TitleScene)

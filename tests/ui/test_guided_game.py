"""The guided first game in the window: offered once on the first start, reached from How
to play, speaking at each decision and pointing at what to click, and left at any moment."""

from __future__ import annotations

import random

import pygame
import pytest

from solemio.engine import events as E
from solemio.show import guided
from solemio.ui import driver
from solemio.ui import settings as settings_mod
from solemio.ui.scenes.guide_offer import GuideOfferScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.rules import RulesScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene
from solemio.ui.table.reveal.paint import reveal_layout


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
    for _ in range(10):
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
            assert top.guide_target_rects(tip) or not tip.targets, (top.my_decision().kind, tip)
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


def follow_the_guide(app, until_round: int = 2, limit: int = 4000, stop=None) -> dict:
    """Play the guided game by clicking exactly what the guide rings, as a newcomer would;
    returns what was seen (the decision kinds, the reveal's targets).  ``stop(scene,
    decision)``: true to stop at that decision of the person, unanswered."""
    from solemio.ui.scenes.gameover import GameOverScene
    from solemio.ui.scenes.summary import RoundSummaryScene

    seen: dict = {"kinds": [], "reveal_targets": []}
    for _ in range(limit):
        top = app.manager.top
        sess = getattr(top, "session", None)
        if isinstance(top, GameOverScene) or (sess is not None and
                                              sess.game.round >= until_round):
            break
        if isinstance(top, RoundSummaryScene):
            driver.click(app, driver.widget(app, "continue").rect)
            continue
        d = top.my_decision() if isinstance(top, (TableScene, RevealScene)) else None
        if d is None:
            driver.wait_thinker(app)
            app.step([], 0.3, draw=False)
            continue
        app.step([], 0.0, draw=False)  # the frame that builds the decision's widgets
        if top.my_decision() is None:
            continue
        if stop is not None and stop(top, d):
            seen["stopped"] = top
            break
        tip = top.guide_tip()
        rects = top.guide_target_rects(tip)
        seen["kinds"].append(str(d.kind))
        if not tip.targets:  # answered for the person after a pause (nothing to choose)
            assert len(d.choices) == 1 and tip.text
            app.step([], 0.3, draw=False)
            continue
        assert rects, (d.kind, tip)
        if isinstance(top, RevealScene):
            # The exact thing to click: a button or a card, never a whole area.
            assert all(t[0] in ("choice", "picker") for t in tip.targets), tip
            assert all(r.w < top.L.choices.w for r in rects)
            seen["reveal_targets"].append((str(d.kind), tip.targets))
        assert driver.guide_move(app)
        app.step([], 0.3, draw=False)
    return seen


def test_following_the_guides_rings_plays_the_designed_first_round(make_app):
    app, table = guided_table(make_app, (1024, 640))
    sess = table.session
    seen = follow_the_guide(app)
    assert sess.game.round == 2 or sess.game.is_over()
    evs = sess.game.events_for(0)
    kinds = [e["type"] for e in evs if e.get("seat") == 0 or e.get("helper") == 0]
    assert "scorer-drawn" in kinds and "series" in kinds and "help-asked" in kinds
    assert any(e["type"] == E.SERIES and e["seat"] == 0 and len(e["orders"]) == 2 for e in evs)
    assert any(e["type"] == E.HELP_GIVEN and e["helper"] == 0 for e in evs)
    assert {"series", "fill", "help"} <= {k for k, _t in seen["reveal_targets"]}
    # Exactly the designed first round: the same moments as tests/show/test_guide_deal.py.
    first = next(e for e in evs if e["type"] == E.PLAY)
    assert (first["seat"], first["kind"], first["units"]) == (0, "pepper", 4)
    assert any(e["type"] == E.HELP_GIVEN and e["seat"] == 0 for e in evs)
    assert not any(e["type"] == E.FAILED and e["seat"] == 0 for e in evs)


def test_a_guided_game_resumed_after_quitting_keeps_guiding(make_app):
    from solemio.engine.saves import digest
    from solemio.show import host as session_mod

    app, table = guided_table(make_app)
    tip = table.guide_tip()
    for what, name in tip.targets:
        for w in [w for w in table.focus.widgets if w.name.startswith("hand")]:
            if (what == "hand" and w.face[0] == name) or (what == "order" and w.face[1] == name):
                driver.click(app, w.rect)
    driver.click(app, driver.widget(app, "confirm").rect)
    app.step([], 0.5, draw=False)
    sess = table.session
    sess.autosave()
    back = session_mod.load_autosave()
    assert back is not None and back.guide is True
    assert digest(back.game) == digest(sess.game) and back.game.arranged is not None
    # Resumed through the title's Continue, the table speaks again.
    app2 = make_app((1280, 720))
    app2.manager.push(TitleScene(app2))
    driver.click(app2, driver.widget(app2, "continue").rect)
    resumed = app2.manager.top
    assert isinstance(resumed, TableScene) and resumed.guided
    app2.step([], 0.5, draw=False)
    assert resumed.guide_tip() is not None and resumed.guide_tip().text
    # A game that left the guide is saved without it.
    sess.guide = False
    sess.autosave()
    assert session_mod.load_autosave().guide is False


def test_following_the_guide_plays_the_whole_game_to_its_end(make_app):
    """Every decision of both rounds answered by clicking what the guide rings (a card
    rung twice would be put back: each is clicked once, then its button)."""
    from solemio.ui.scenes.gameover import GameOverScene

    app, table = guided_table(make_app, (1024, 640))
    seen = follow_the_guide(app, until_round=99, limit=20000)
    assert isinstance(app.manager.top, GameOverScene), app.manager.top
    assert table.session.game.is_over()
    assert {"play", "draw", "order", "series", "fill", "help"} <= set(seen["kinds"])


def test_a_series_next_member_shows_its_card_while_it_is_decided(make_app):
    """The guided series (4 peppers + 3 salamis): the peppers are filled and leave, then
    the salamis need the person's fill choice before any event of theirs.  The order
    panel shows the salami order's card meanwhile, not an empty panel."""
    app, table = guided_table(make_app, (1024, 640))

    def second_member(scene, d):
        if not isinstance(scene, RevealScene) or d.kind != "fill":
            return False
        cur = scene.show.reveal.current
        return cur is not None and cur.status == "filled" and bool(cur.queue)

    seen = follow_the_guide(app, stop=second_member)
    rv = seen.get("stopped")
    assert isinstance(rv, RevealScene), seen["kinds"]
    for _ in range(20):  # the filled peppers fly to their owner
        app.step([], 0.2)
    screen = rv.screen()
    assert screen.order_away  # the first member's card has left the panel
    key = rv.stage().order_key(rv.show, screen.order_away)
    assert key[1] == ("blue", "four-salami") and key[2] is None and key[-2] is False
    # The member on show says what it needs at its series amount, as the picker does.
    assert any(line.startswith("In the series it needs") for line in key[5]), key[5]
    assert (rv.order_rect(), ("blue", "four-salami")) in rv.order_spots()


def _kept_clear(scene) -> list[tuple[str, pygame.Rect]]:
    """What the guide's box must never cover: the seat panels, the cards and piles, the
    columns and the order, and every button but its own."""
    L = scene.L
    out = [(f"seat{s}", r) for s, r in scene.seat_rects().items()]
    if isinstance(scene, RevealScene):
        out += [(f"column{k}", r) for k, r in enumerate(L.columns)]
        out += [("order", L.reveal_order), ("oven", L.reveal_oven), ("hand", scene.hand_area),
                ("choices", scene.choice_area), ("announce", L.announce)]
    else:
        out += [("oven", L.oven), ("supply", L.supply), ("hand", L.hand),
                ("message", L.message), ("actions", L.actions), ("announce", L.announce)]
    out += [(w.name, w.rect) for w in scene.focus.widgets
            if w.visible and w.rect.w > 0 and w.name != "guide-leave"]
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)])
def test_the_guides_box_covers_no_panel_card_or_button(make_app, size):
    app, table = guided_table(make_app, size)
    seen = follow_the_guide(app, stop=lambda scene, d: isinstance(scene, RevealScene))
    reveal = seen.get("stopped")
    assert isinstance(reveal, RevealScene)
    for scene in (table, reveal):
        box = scene.guide_rect()
        assert pygame.Rect((0, 0), size).contains(box), (type(scene).__name__, box)
        assert box.w >= size[0] * 0.25 and box.h >= size[1] * 0.15, box
        covered = [name for name, r in _kept_clear(scene) if r.w > 0 and box.colliderect(r)]
        assert covered == [], (type(scene).__name__, size, covered)
        leave = driver.widget(app, "guide-leave") if scene is reveal else scene.guide_leave_rect()
        assert box.contains(leave.rect if hasattr(leave, "rect") else leave)
    app.draw()
    # Left, the guide gives its room back: the panels are where any game has them.
    driver.click(app, driver.widget(app, "guide-leave").rect)
    assert not reveal.guided and reveal.L.opponents == reveal_layout(
        size, 3, reveal.bottom_seat)[0].opponents


def test_the_pointer_leaves_a_card_once_it_is_selected(make_app):
    app, table = guided_table(make_app)
    tip = table.guide_tip()
    kind = tip.targets[0][1]
    cards = [w for w in table.focus.widgets if w.name.startswith("hand") and w.face[0] == kind]
    before = table.guide_target_rects(tip)
    driver.click_widget(app, cards[0])
    after = table.guide_target_rects(table.guide_tip())
    assert len(after) == len(before) - 1 and driver.widget(app, "confirm").rect in after

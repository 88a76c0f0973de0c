"""Layout at the window sizes players use, from a small laptop to a 4K screen and a
wide, low window: no text is cut short, nothing overlaps, speech bubbles keep off the
reveal's columns, count badges keep off the labels under the piles, How to play's
pictures keep inside their panel and off the words, and card titles show whole."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import layout, theme
from solemio.ui.scenes.newgame import NewGameScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.rules import RulesScene
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene
from solemio.ui.table import seats

SIZES = [(1024, 640), (1920, 1080), (1920, 480), (3840, 2160)]


@pytest.fixture(autouse=True)
def _no_cuts_before():
    theme.OVERFLOWS.clear()
    yield


def assert_nothing_cut():
    assert not theme.OVERFLOWS, f"cut short: {sorted(set(theme.OVERFLOWS))}"


def assert_widgets_fit(scene, size):
    rects = scene.interactive_rects()
    window = pygame.Rect(0, 0, *size)
    for name, r in rects:
        assert window.contains(r), f"{name} {r} leaves the {size} window"
    assert layout.overlaps(rects) == []


@pytest.mark.parametrize("size", SIZES)
def test_menus(make_app, size):
    for cls in (TitleScene, NewGameScene, SettingsScene, RulesScene):
        app = make_app(size)
        scene = app.manager.push(cls(app))
        app.step([], 0.3, draw=False)
        app.draw()
        assert_widgets_fit(scene, size)
        if cls is RulesScene:
            # Every page's picture and words stay inside the panel, clear of each other.
            for i in range(len(scene.pages())):
                scene.page = i
                scene.layout(size)
                app.draw()
                assert_widgets_fit(scene, size)
                for pg in scene.placed:
                    for c in pg.cards:
                        assert scene.picture_rect.contains(c.rect), (i, c)
                assert not scene.picture_rect.colliderect(scene.body_rect)
        app.close()
    assert_nothing_cut()


def check_seat_panels(scene, view):
    """Every count badge lies clear of every label under the piles of its panel."""
    for seat, rect in scene.seat_rects().items():
        info = view.seats[seat]
        slots = []
        if seat != scene.session.viewer:
            slots += [("ing", "hand", info.ingredients), ("ord", "orders", info.orders)]
        slots += [("stack", "stack", info.stack), ("filled", "filled", len(info.filled))]
        if view.scorer_holder == seat:
            slots.append(("scorer", "scorer", None))
        places = seats.slot_places(rect, [(w, theme_label(lbl), n) for w, lbl, n in slots])
        labels = [p[3] for p in places]
        for (_w, _l, n), (_card, centre, px, _label, _t) in zip(slots, places, strict=True):
            if n is None:
                continue
            r = seats.badge_radius(n, px)
            b = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r + 2)
            for lab in labels:
                assert not b.colliderect(lab), f"seat {seat}: badge {b} covers label {lab}"


def theme_label(label: str) -> str:
    from solemio.i18n import _

    return _(label)


@pytest.mark.parametrize("size", SIZES)
def test_table(make_app, size):
    app = make_app(size)
    s = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
         SeatConfig("Marco", "brown", person=False), SeatConfig("Sofia", "red", person=False)]
    sess = GameSession(load_cardset("sole-mio"), s, 11, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    app.draw()
    assert table.my_decision() is not None
    assert_widgets_fit(table, size)
    # Announcements have a band of their own: under the panels' labels, above the piles.
    L = table.L
    for r in [*L.opponents, L.oven, L.supply]:
        assert not L.announce.colliderect(r), f"the bubbles' band {L.announce} covers {r}"
    for seat in range(1, 4):
        table.screen_parts.say(seat, ["Giulia", "3 pineapples, including 1 double"], 2.0)
        table.banner["t"] = 0.5
        box = seats.bubble(pygame.Surface(size, pygame.SRCALPHA), L.announce,
                           table.banner["lines"], None)
        for r in table.seat_rects().values():
            assert not box.colliderect(r)
        app.draw()
    # The person's own bubble leaves the next prompt, the piles and the hand in view.
    assert L.me_announce.h > 0
    me = table.seat_rects()[0]
    tail = (me.right - me.w // 4, me.top + 4)
    box = seats.bubble(pygame.Surface(size, pygame.SRCALPHA), L.me_announce,
                       ["You", "4 pineapples, including 1 double"], tail)
    for name, r in [("message", L.message), ("oven", L.oven), ("supply", L.supply),
                    ("hand", L.hand), *((f"seat {i}", r) for i, r in enumerate(L.opponents))]:
        assert not box.colliderect(r), f"your own bubble {box} covers the {name} {r}"
    check_seat_panels(table, table.view)
    assert_nothing_cut()


REVEAL = """
name: a reveal with a choice order
edition: sole-mio
seats: [blue, green, brown, red]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper, pepper, pepper, mushroom, mushroom, mushroom, salami]
  oven: [blue:4-3-2-1]
  hands: {0: [salami, pineapple, double-pineapple, two-each], 2: [olive, olive]}
"""


@pytest.mark.parametrize("size", SIZES)
def test_reveal(make_app, size):
    game, _data = build_position(load_text(REVEAL, "layout.yaml"))
    app = make_app(size)
    s = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
         SeatConfig("Marco", "brown", person=False), SeatConfig("Sofia", "red", person=False)]
    sess = GameSession(game.cs, s, 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    app.draw()
    L = rv.L
    # The bubble's strip and its bubbles never touch a column, whoever speaks.
    for col in L.columns:
        assert not col.colliderect(L.announce)
    for seat in range(4):
        rv.screen_parts.say(seat, ["Giulia", "an order: Four-three-two-one"], 2.0)
        rv.banner["t"] = 0.5
        tail_area = L.announce
        rects = rv.seat_rects()
        tail = (rects[seat].centerx, rects[seat].bottom - 4)
        if rv.tail_crosses(tail_area, tail):
            continue  # drawn without a tail
        surf = pygame.Surface(size, pygame.SRCALPHA)
        box = seats.bubble(surf, L.announce, rv.banner["lines"], None)
        for col in L.columns:
            assert not box.colliderect(col)
        app.draw()
    app.step([], 3.0, draw=False)
    assert rv.my_decision() is not None
    app.draw()
    assert_widgets_fit(rv, size)
    check_seat_panels(rv, rv.shown_view())
    assert_nothing_cut()


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia", "grande"])
def test_card_titles_show_whole(edition):
    """Every order's name at every card size the table uses: all its words, on lines that
    fit the banner (or, on thumbnails, shrunk to it), and never broken badly."""
    from solemio.i18n import _
    from solemio.ui.art import CardPainter

    painter = CardPainter()
    cs = load_cardset(edition)
    names = {o.name for o in cs.specs.values()}
    assert names
    for name in sorted(names):
        for h in (40, 60, 90, 130, 200, 320):
            w = int(h * layout.CARD_RATIO)
            banner_h = round(h * 0.3)
            box = (int(w * 0.6), round(banner_h * 0.8))
            px, lines = painter._fit_lines(_(name), box, max_px=round(banner_h * 0.34),
                                           min_px=6, max_lines=3 if h >= 200 else 2)
            assert "…" not in "".join(lines)
            assert " ".join(lines).replace("- ", "-").split() == _(name).split(), lines
    # The rulebook's own bad break is gone.
    font = painter.font(20, True, False)
    assert painter._balanced(["Four", "of", "a", "kind"], font, 2) == ["Four of", "a kind"]

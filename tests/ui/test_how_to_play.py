"""How to play in the window: pages per edition turned with buttons and keys, a page
indicator, reached from the title and from a game's menu (showing that game's edition);
an order card opens its full explanation from How to play, and in a game with F1 or a
right-click while hovering keeps the short reminder."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver, theme
from solemio.ui.scenes.order_info import OrderInfoScene
from solemio.ui.scenes.rules import RulesScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene


def test_pages_turn_with_buttons_and_keys(make_app):
    app = make_app()
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "rules").rect)
    rules = app.manager.top
    assert isinstance(rules, RulesScene) and rules.edition == "sole-mio"
    n = len(rules.pages())
    assert rules.page == 0 and not driver.widget(app, "prev").enabled
    driver.click(app, driver.widget(app, "next").rect)
    assert rules.page == 1
    driver.key(app, pygame.K_RIGHT)
    driver.key(app, pygame.K_PAGEDOWN)
    assert rules.page == 3
    driver.key(app, pygame.K_LEFT)
    assert rules.page == 2
    for _ in range(n + 2):
        driver.key(app, pygame.K_RIGHT)
    assert rules.page == n - 1 and not driver.widget(app, "next").enabled
    app.draw()
    # Back leaves for the title.
    driver.click(app, driver.widget(app, "back").rect)
    assert isinstance(app.manager.top, TitleScene)


def test_the_edition_chooser_shows_that_editions_pages(make_app):
    app = make_app()
    rules = app.manager.push(RulesScene(app))
    sole = [p.key for p in rules.pages()]
    rules.page = 4
    rules.focus.focus_name("edition")
    driver.key(app, pygame.K_RIGHT)  # on the chooser, right changes the edition
    assert rules.edition == "mamma-mia" and rules.page == 0
    mamma = [p.key for p in rules.pages()]
    assert "help" in sole and "help" not in mamma
    app.draw()


def page_with(rules, key):
    rules.page = [p.key for p in rules.pages()].index(key)
    rules.layout(rules.size)


def test_an_order_card_on_a_page_opens_its_full_explanation(make_app):
    app = make_app()
    rules = app.manager.push(RulesScene(app, "grande"))
    page_with(rules, "orders")
    app.draw()
    spots = [w for w in rules.focus.widgets if w.name.startswith("card")]
    assert len(spots) >= 5  # every special order of the edition is there to click
    driver.click(app, spots[0].rect)
    info = app.manager.top
    assert isinstance(info, OrderInfoScene) and info.face == spots[0].face
    app.draw()
    paras = info.paragraphs()
    assert len(paras) >= 2
    assert any("leaves the game" in p for p in paras)  # Grande's rule for a failed order
    driver.key(app, pygame.K_ESCAPE)
    assert app.manager.top is rules
    # By keyboard: Tab reaches the cards, Enter opens.
    rules.focus.focus_name(spots[1].name)
    driver.key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, OrderInfoScene)


def table_game(make_app, edition="sole-mio"):
    app = make_app()
    seats = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset(edition), seats, 11, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    return app, table


def test_in_a_game_f1_and_right_click_explain_an_order_and_hover_stays_short(make_app):
    app, table = table_game(make_app, "mamma-mia")
    orders = [w for w in table.focus.widgets if w.name.startswith("hand")
              and w.face[0] not in ("olive", "pepper", "mushroom", "salami", "pineapple")]
    assert orders
    card = orders[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.0, draw=True)
    assert app.manager.top is table  # hovering only shows the short reminder
    driver.key(app, pygame.K_F1)
    info = app.manager.top
    assert isinstance(info, OrderInfoScene) and info.face == tuple(card.face)
    app.draw()
    driver.key(app, pygame.K_F1)  # F1 again closes it
    assert app.manager.top is table
    pos = card.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)], 0.0)
    assert isinstance(app.manager.top, OrderInfoScene)
    assert table.selected == set() or card.face not in [table.hand[i] for i in table.selected]


def test_the_games_menu_opens_how_to_play_for_that_edition(make_app):
    app, table = table_game(make_app, "grande")
    driver.key(app, pygame.K_ESCAPE)
    driver.click(app, driver.widget(app, "rules").rect)
    rules = app.manager.top
    assert isinstance(rules, RulesScene) and rules.edition == "grande"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080), (1920, 480)])
def test_every_page_fits_in_the_longest_language(make_app, size):
    from solemio import i18n
    from solemio.ui import layout

    theme.OVERFLOWS.clear()
    try:
        for lang in ("en", "fr", "nl", "it"):
            app = make_app(size, language=lang)
            rules = app.manager.push(RulesScene(app))
            for edition in ("sole-mio", "mamma-mia"):
                rules.set_edition(edition)
                for i in range(len(rules.pages())):
                    rules.page = i
                    rules.layout(size)
                    app.draw()
                    window = pygame.Rect(0, 0, *size)
                    rects = rules.interactive_rects()
                    assert all(window.contains(r) for _n, r in rects)
                    assert layout.overlaps(rects) == []
                    labels = [w.label for w in rules.focus.widgets if hasattr(w, "label")
                              and w.name != "edition"]
                    assert len(set(labels)) == len(labels), (lang, labels)  # no two alike
                    for pg in rules.placed:
                        for c in pg.cards:
                            assert rules.panel.contains(c.rect), (lang, edition, i)
            app.close()
    finally:
        i18n.set_language("en")
    assert not theme.OVERFLOWS, sorted(set(theme.OVERFLOWS))


REVEAL = """
name: a reveal with an order in hand
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper, pepper, pepper, mushroom, mushroom, mushroom, salami]
  oven: [blue:4-3-2-1]
  hands: {0: [salami, pineapple, double-pineapple, two-each]}
"""


def test_in_the_reveal_the_order_revealed_and_the_hands_orders_explain_themselves(make_app):
    from solemio.engine.scenario import build_position
    from solemio.engine.yamlsource import load_text
    from solemio.ui.scenes.reveal import RevealScene

    game, _data = build_position(load_text(REVEAL, "info.yaml"))
    app = make_app()
    seats = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    for _ in range(40):
        if rv.my_decision() is not None:
            break
        app.step([], 0.5, draw=False)
    app.draw()
    spots = dict((face, rect) for rect, face in rv.order_spots())
    # A position built mid-reveal: the order on show (read from the events) and the hand's.
    assert set(spots) == {("blue", "two-each"), ("blue", "4-3-2-1")}
    for face, rect in spots.items():
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3)], 0.0)
        info = app.manager.top
        assert isinstance(info, OrderInfoScene) and info.face == face
        app.draw()
        driver.click(app, driver.widget(app, "close").rect)
        assert app.manager.top is rv


def test_the_order_being_revealed_explains_itself(make_app):
    from solemio.ui import screenshots
    from solemio.ui.scenes.reveal import RevealScene

    seed, choices = screenshots.find_decision("sole-mio", "fill", 4)
    app = make_app()
    sess = screenshots._session("sole-mio", 4, seed, choices)
    app.manager.push(TableScene(app, sess))
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, RevealScene) and top.my_decision() is not None:
            break
        driver.wait_thinker(app)
        app.step([], 0.25, draw=False)
    rv = app.manager.top
    assert isinstance(rv, RevealScene) and rv.current is not None
    rect = rv.order_rect()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3)], 0.0)
    info = app.manager.top
    assert isinstance(info, OrderInfoScene) and info.face == tuple(rv.current.face)

"""Game controllers (SDL's game-controller API): injected controller events play the game
as the keyboard does, at the Steam Deck's 1280x800, and the title's hints name the
controller's buttons while one is in use."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import access, controller, driver
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene

DECK = (1280, 800)


def button(b: int, up: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONUP if up else pygame.CONTROLLERBUTTONDOWN,
                              button=b, instance_id=0)


def tap(app, b: int) -> None:
    app.step([button(b), button(b, up=True)], 0.0, draw=False)


def stick(axis: int, value: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=0)


def focused(app):
    return app.manager.top.focus.focused


def test_the_title_menu_from_a_controller_and_its_hints(make_app):
    app = make_app(DECK)
    title = app.manager.push(TitleScene(app))
    app.step([], 0.01)
    assert "Arrows or Tab" in access.hints(app)
    first = focused(app).name
    tap(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert focused(app).name != first
    assert "A to choose" in access.hints(app), "the hints name the controller's buttons"
    app.draw()
    # Back to "New game" and A chooses it; B goes back to the title.
    title.focus.focus_name("new")
    tap(app, pygame.CONTROLLER_BUTTON_A)
    assert type(app.manager.top).__name__ == "NewGameScene"
    tap(app, pygame.CONTROLLER_BUTTON_B)
    assert app.manager.top is title
    tap(app, pygame.CONTROLLER_BUTTON_B)
    tap(app, pygame.CONTROLLER_BUTTON_START)
    assert app.running and app.manager.top is title, "B on the title does not quit the game"
    driver.key(app, pygame.K_DOWN)
    assert "Arrows or Tab" in access.hints(app), "a key gives the keyboard's hints back"


def test_the_stick_moves_once_then_repeats_while_held(make_app):
    app = make_app(DECK)
    app.manager.push(TitleScene(app))
    app.step([], 0.01)
    moves: list[int] = []
    original = app.manager.handle_event

    def record(event):
        if event.type == pygame.KEYDOWN:
            moves.append(event.key)
        return original(event)

    app.manager.handle_event = record
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 30000)], 0.0, draw=False)
    assert moves == [pygame.K_DOWN]
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 31000)], 0.1, draw=False)
    assert moves == [pygame.K_DOWN], "a stick still pushed is not a new push"
    app.step([], controller.REPEAT_DELAY + controller.REPEAT_EVERY * 2 + 0.01, draw=False)
    assert moves == [pygame.K_DOWN] * 3, "held: repeated"
    app.step([stick(pygame.CONTROLLER_AXIS_LEFTY, 2000)], 1.0, draw=False)
    assert moves == [pygame.K_DOWN] * 3, "released: no more"


def pad_press(app, w) -> None:
    """Reach ``w`` with the D-pad (towards it) and the shoulders, then press A."""
    name = w.name
    top = app.manager.top
    target = next((x for x in top.focus.widgets if x.name == name), None)
    if target is None or not top.focus._usable(target):
        return
    stuck = False
    for step in range(80):
        f = focused(app)
        if f is not None and f.name == name:
            tap(app, pygame.CONTROLLER_BUTTON_A)
            return
        if (name.startswith("hand") and step < 20) or stuck:
            # the hand's cards, or around an obstacle: a shoulder (the next card, or on a
            # screen with no hand the next control, as Tab)
            tap(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
            stuck = False
            continue
        tr = next(x for x in app.manager.top.focus.widgets if x.name == name).rect
        fr = f.rect if f is not None else pygame.Rect(0, 0, 0, 0)
        dx, dy = tr.centerx - fr.centerx, tr.centery - fr.centery
        if abs(dy) > abs(dx):
            b = pygame.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0 else pygame.CONTROLLER_BUTTON_DPAD_UP
        else:
            b = pygame.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0 else \
                pygame.CONTROLLER_BUTTON_DPAD_LEFT
        before = (f.name if f is not None else None, getattr(f, "index", None))
        tap(app, b)
        g = focused(app)
        stuck = before == (g.name if g is not None else None, getattr(g, "index", None)) \
            or step % 9 == 8
    raise AssertionError(f"the controller never reaches {name!r}")


def test_shoulders_cycle_the_hand_and_start_opens_the_menu(make_app):
    app = make_app(DECK)
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 4, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1)
    assert table.my_decision() is not None
    cards = [w.name for w in table.focus.widgets if w.name.startswith("hand")]
    seen = []
    for _ in range(len(cards)):
        tap(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        seen.append(focused(app).name)
    assert sorted(seen) == sorted(cards), "the right shoulder visits every card"
    tap(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert focused(app).name == seen[-2]
    tap(app, pygame.CONTROLLER_BUTTON_START)
    assert isinstance(app.manager.top, PauseScene)
    tap(app, pygame.CONTROLLER_BUTTON_B)
    assert app.manager.top is table


@pytest.mark.parametrize("seed", [3])
def test_a_whole_game_from_a_controller_at_1280x800(make_app, seed):
    app = make_app(DECK)
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, seed, first=0,
                       agent_options=FAST_AGENTS)
    sess.autosave = lambda background=False: None
    app.manager.push(TableScene(app, sess))
    window = pygame.Rect(0, 0, *DECK)

    def act(app, w):
        for name, r in app.manager.top.interactive_rects():
            assert window.contains(r), f"{name} leaves the 1280x800 screen"
        pad_press(app, w)

    driver.play_until(app, lambda: isinstance(app.manager.top, GameOverScene),
                      random.Random(seed), act=act)


def test_the_games_menu_names_the_controllers_buttons_on_the_deck(make_app, monkeypatch):
    """On a Steam Deck nothing else of a game says what the buttons do: Start's menu does,
    the shoulders' cards of the hand among them (the keys when the keyboard is in use)."""
    from solemio.ui import theme

    app = make_app(DECK, language="en")
    sess = GameSession(load_cardset("sole-mio"), [SeatConfig("Anna", "blue"),
                                                  SeatConfig("Giulia", "green", person=False)],
                       3, agent_options=FAST_AGENTS)
    sess.autosave = lambda background=False: None
    app.manager.push(TableScene(app, sess))
    app.step([], 0.01)
    tap(app, pygame.CONTROLLER_BUTTON_START)
    assert isinstance(app.manager.top, PauseScene)
    drawn: list[str] = []
    real = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    app.draw()
    assert any("L and R: the cards of your hand" in s and "A to choose" in s for s in drawn)
    hint = next(s for s in drawn if "A to choose" in s)
    assert theme.fit_text(hint, 13, 1200).get_width() <= DECK[0], "the hint fits the screen"
    driver.key(app, pygame.K_DOWN)  # the keyboard: its keys instead
    drawn.clear()
    app.draw()
    assert any("Arrows or Tab" in s for s in drawn)

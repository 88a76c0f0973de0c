"""Scene tests: whole games played through the window's own input handling.

People's moves are mouse clicks on the widgets (solemio.ui.driver); time is
passed in as an argument, so no test waits on a real clock.
"""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.show import host as session
from solemio.show import state as show_state
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.newgame import NewGameScene
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene


def seats(spec: str) -> list[SeatConfig]:
    """'pcec' -> person, computer(normal), computer(easy), computer(normal)..."""
    colours = ["blue", "green", "brown", "red", "yellow"]
    out = []
    for i, ch in enumerate(spec):
        level = {"p": "normal", "c": "normal", "e": "easy", "h": "hard", "r": "random"}[ch]
        out.append(SeatConfig(f"P{i}", colours[i], person=(ch == "p"), level=level))
    return out


def play_to_end(app, rng, draw_every=25, seen=None):
    def done():
        top = app.manager.top
        if seen is not None:
            seen.add(type(top).__name__)
        return isinstance(top, GameOverScene)
    return driver.play_until(app, done, rng, dt=1.0, draw_every=draw_every)


@pytest.mark.parametrize("edition,spec,seed", [
    ("sole-mio", "pceh", 1),
    ("mamma-mia", "pce", 2),
    ("grande", "pcecr", 3),
])
def test_full_game_with_one_person(make_app, edition, spec, seed):
    app = make_app()
    sess = GameSession(load_cardset(edition), seats(spec), seed, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    seen: set[str] = set()
    play_to_end(app, random.Random(seed), seen=seen)
    assert sess.game.is_over()
    assert "RevealScene" in seen and "RoundSummaryScene" in seen
    # A single person never sees a hand-over screen.
    assert "HandoverScene" not in seen
    over = app.manager.top
    assert over.ev["winners"] == list(sess.game.winners)
    app.draw()
    # The game over screen offers another game.
    driver.click(app, driver.widget(app, "again").rect)
    assert isinstance(app.manager.top, TableScene)


def test_hot_seat_hands_over_between_people(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), seats("ppc"), 7, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(7)
    handovers = 0
    leaks = 0

    def done():
        nonlocal handovers, leaks
        top = app.manager.top
        if isinstance(top, HandoverScene):
            handovers += 1
            d = sess.game.decision()
            # Nothing private is shown: the screen is opaque and names the next person.
            assert d is not None and d.seat == top.seat != sess.viewer
        elif isinstance(top, TableScene | RevealScene):
            d = top.my_decision()
            if d is not None and d.seat != sess.viewer:
                leaks += 1
        return isinstance(top, GameOverScene)

    driver.play_until(app, done, rng, dt=1.0)
    assert handovers > 2
    assert leaks == 0


def test_all_computer_game_reaches_the_end(make_app):
    app = make_app(pace=0.2, reveal_speed=4.0)
    sess = GameSession(load_cardset("mamma-mia"), seats("cec"), 4, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    play_to_end(app, random.Random(4))
    assert sess.game.is_over()


def _my_turn(app, sess):
    table = app.manager.top
    driver.play_until(app, lambda: isinstance(app.manager.top, TableScene)
                      and app.manager.top.my_decision() is not None
                      and app.manager.top.my_decision().kind == "play",
                      random.Random(0), dt=1.0)
    return app.manager.top if table is None else app.manager.top


def test_illegal_selection_is_explained(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), seats("pcc"), 11, first=0,
                       agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    assert table.my_decision().kind == "play"
    by_kind: dict[str, list] = {}
    for w in table.focus.widgets:
        if w.name.startswith("hand") and w.face[0] in ("olive", "pepper", "mushroom", "salami",
                                                       "pineapple"):
            by_kind.setdefault(w.face[0], []).append(w)
    if len(by_kind) < 2:
        pytest.skip("this deal has a single kind")
    a, b = list(by_kind)[:2]
    driver.click(app, by_kind[a][0].rect)
    driver.click(app, by_kind[b][0].rect)
    assert not driver.widget(app, "confirm").enabled
    assert "one kind" in table.message
    # Enter on the confirm anyway: refused, explained, state unchanged.
    before = list(sess.game.choices_log)
    table.confirm()
    assert table.error and sess.game.choices_log == before
    # Deselect the second kind: now it can be played.
    driver.click(app, by_kind[b][0].rect)
    assert driver.widget(app, "confirm").enabled
    driver.click(app, driver.widget(app, "confirm").rect)
    assert sess.game.choices_log[0][0] == "play" and sess.game.choices_log[0][1] == a


def test_keyboard_only_turn(make_app):
    app = make_app()
    sess = GameSession(load_cardset("mamma-mia"), seats("pc"), 5, first=0,
                       agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    # Focus the first hand card with Tab, select it with Enter, Tab on to "Play", Enter.
    table.focus.focus = -1
    driver.key(app, pygame.K_TAB)
    assert table.focus.focused.name == "hand0"
    driver.key(app, pygame.K_RETURN)
    assert 0 in table.selected
    for _ in range(20):
        if table.focus.focused.name == "confirm":
            break
        driver.key(app, pygame.K_TAB)
    driver.key(app, pygame.K_RETURN)
    assert sess.game.choices_log and sess.game.choices_log[0][0] == "play"


def test_title_to_table_by_keyboard(make_app):
    app = make_app()
    app.manager.push(TitleScene(app))
    driver.key(app, pygame.K_RETURN)  # "New game" has the focus
    assert isinstance(app.manager.top, NewGameScene)
    ng = app.manager.top
    ng.focus.focus_name("seats")
    driver.key(app, pygame.K_RIGHT)  # 4 -> 5 seats
    assert ng.n == 5
    ng.focus.focus_name("start")
    driver.key(app, pygame.K_RETURN)
    table = app.manager.top
    assert isinstance(table, TableScene) and len(table.session.seats) == 5
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    driver.key(app, pygame.K_ESCAPE)
    assert app.manager.top is table


def test_drawing_never_changes_the_game(make_app):
    app = make_app()
    sess = GameSession(load_cardset("grande"), seats("pcce"), 9, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(9)
    for _ in range(300):
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 0.7, draw=False)
        log = list(sess.game.choices_log)
        n = sess.game.event_count()
        cursor = sess.cursor
        app.draw()
        assert sess.game.choices_log == log and sess.game.event_count() == n
        assert sess.cursor == cursor
        # Once the show has caught up, what it shows is the engine's view.
        top = app.manager.top
        if isinstance(top, TableScene) and top.hold <= 0 and not sess.new_events():
            assert show_state.differences(sess.show, sess.game.view(sess.viewer)) == []


def test_window_stays_responsive_while_a_computer_thinks(make_app):
    import threading

    gate = threading.Event()

    class SlowAgent:
        def decide(self, game, cancel=None):
            gate.wait(5)
            return game.decision().choices[0]

    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), seats("cp"), 3, first=0)
    sess.agents[0] = SlowAgent()
    table = app.manager.push(TableScene(app, sess))
    for _ in range(20):
        app.step([], 0.5, draw=True)  # returns at once although the agent is blocked
    assert sess.game.choices_log == []
    driver.key(app, pygame.K_ESCAPE)  # the menu still opens
    assert isinstance(app.manager.top, PauseScene)
    driver.key(app, pygame.K_ESCAPE)
    gate.set()
    table.thinker.wait(5)
    app.step([], 0.1, draw=False)
    assert len(sess.game.choices_log) >= 1


def test_autosave_resumes_in_the_middle_of_a_reveal(make_app):
    from solemio.ui.screenshots import find_decision

    seed, choices = find_decision("sole-mio", "fill", 3)
    sess = GameSession(load_cardset("sole-mio"), seats("pcc"), seed, choices=choices,
                       agent_options=FAST_AGENTS)
    sess.autosave()
    assert session.has_autosave()
    app = make_app()
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "continue").rect)
    for _ in range(50):
        app.step([], 0.1, draw=False)
        if isinstance(app.manager.top, RevealScene):
            break
    rv = app.manager.top
    assert isinstance(rv, RevealScene)
    app.step([], 0.1, draw=False)
    d = rv.my_decision()
    assert d is not None and d.kind == "fill"
    # The columns were rebuilt from the events, equal to the engine's.
    assert [sorted(c) for c in rv.cols] == [sorted(c) for c in rv.view.columns]
    assert rv.current is not None


def test_settings_are_stored_atomically(make_app, tmp_path):
    from solemio.ui import settings as st

    s = st.Settings(pace=1.5, sound=False, colour_blind=True)
    st.save(s)
    assert st.load() == s
    st.settings_path().write_text("{not json", encoding="utf-8")
    assert st.load() == st.Settings()  # a corrupt file gives defaults, not a crash


def test_drag_selects_several_cards(make_app):
    app = make_app()
    sess = GameSession(load_cardset("mamma-mia"), seats("pc"), 5, first=0,
                       agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    cards = [w for w in table.focus.widgets if w.name.startswith("hand")
             and w.face[0] in ("olive", "pepper", "mushroom", "salami", "pineapple")]
    a, b = cards[0], cards[1]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a.rect.center, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(5, 0),
                                 buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1)], 0.0,
             draw=False)
    assert {a.index, b.index} <= table.selected


def test_resizing_recomputes_the_layout(make_app):
    from solemio.ui.layout import overlaps

    app = make_app()
    sess = GameSession(load_cardset("grande"), seats("pccce"), 2, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(2)
    for size in [(1024, 640), (3840, 2160), (1500, 800), (1280, 720)]:
        app.resize(size)
        for _ in range(40):
            if not driver.person_move(app, rng):
                driver.wait_thinker(app)
                app.step([], 0.8, draw=False)
        app.draw()
        top = app.manager.top
        assert top.size == size
        rects = top.interactive_rects()
        assert all(pygame.Rect(0, 0, *size).contains(r) for _n, r in rects)
        assert overlaps(rects) == []


def test_colour_blind_mode_switches_the_painter(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), seats("pc"), 1, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    app.step([], 0.1)
    before = app.painter
    app.settings.colour_blind = True
    app.settings_changed()
    app.step([], 0.1)
    assert app.painter is not before and app.painter.colour_blind


def _series_alone(seat: int, n: int) -> tuple[int, list]:
    """A seed and choice log at which ``seat`` is asked the series question holding no partner."""
    from solemio.engine import new_game

    cs = load_cardset("sole-mio")
    colours = ["blue", "green", "brown", "red", "yellow"][:n]
    for seed in range(400):
        g = new_game(cs, colours, seed, record_events=False)
        rng = random.Random(seed)
        while not g.is_over():
            d = g.decision()
            if d.kind == "series" and d.seat == seat and len(d.choices) == 1:
                return seed, list(g.choices_log)
            g.apply(rng.choice(d.choices))
    raise AssertionError("no such position")


def test_series_question_without_partners_is_answered_after_a_pause(make_app):
    # The engine asks every owner the series question (so it tells nobody who holds
    # partners); the one person at the table, holding none, is answered by the window.
    seed, choices = _series_alone(0, 3)
    sess = GameSession(load_cardset("sole-mio"), seats("pcc"), seed, choices=choices,
                       agent_options=FAST_AGENTS)
    sess.resume_feed()
    sess.viewer = 0
    app = make_app()
    app.manager.push(RevealScene(app, sess, None))
    logged = len(sess.game.choices_log)
    waited = 0.0
    while len(sess.game.choices_log) == logged:
        assert not isinstance(app.manager.top, HandoverScene)
        app.step([], 0.1, draw=False)
        waited += 0.1
        assert waited < 10
    assert waited >= 0.5  # the usual pause, not at once
    assert sess.game.choices_log[logged][0] == "series"
    assert len(sess.game.choices_log[logged][1]) == 1



def test_new_game_says_what_each_seated_level_is_like(make_app):
    """The level picker explains the computer levels at the table (the focused one first)."""
    from solemio.texts import level_description

    app = make_app()
    ng = NewGameScene(app)
    app.manager.push(ng)
    ng.n = 3
    for i, t in enumerate(("person", "easy", "hard")):
        ng.rows[i]["type"] = t
    ng.layout(app.size)
    text = ng.levels_text()
    assert level_description("easy") in text and level_description("hard") in text
    assert level_description("normal") not in text
    assert text.index(level_description("easy")) < text.index(level_description("hard"))
    ng.focus.focus_name("type2")  # the hard seat's picker: its level comes first
    assert ng.levels_text().startswith(level_description("hard"))
    ng.focus.focus_name("type1")
    driver.key(app, pygame.K_RIGHT)  # easy -> normal
    assert ng.levels_text().startswith(level_description("normal"))
    assert level_description("easy") not in ng.levels_text()
    app.draw()
    ng.focus.focus_name("start")
    for i in range(3):
        ng.rows[i]["type"] = "person"
    assert ng.levels_text() == ""


def test_a_thinking_computer_seat_shows_on_its_panel(make_app, monkeypatch):
    """While a computer seat's answer is awaited, its panel shows the thinking indicator
    (the window goes on drawing); a person's turn never shows it, and it goes with the answer."""
    import threading

    from solemio.ui.table import seats as seat_painting

    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), seats("pc"), 4, agent_options=FAST_AGENTS)
    gate = threading.Event()
    real_agent = sess.agents[1]

    class Slow:  # thinks until the test lets it answer
        level = real_agent.level

        def decide(self, game, cancel=None):
            gate.wait(10)
            return real_agent.decide(game, cancel)

    sess.agents[1] = Slow()
    table = app.manager.push(TableScene(app, sess))
    painted: list[tuple] = []
    real = seat_painting.thinking_badge
    monkeypatch.setattr(seat_painting, "thinking_badge",
                        lambda surf, rect, t: painted.append(tuple(rect)) or real(surf, rect, t))
    rng = random.Random(1)
    for _ in range(400):  # to the computer seat's first decision, its answer held back
        if sess.table.deciding() == 1 and table.thinking > 0.3:
            break
        if sess.table.deciding() == 0:
            painted.clear()
            app.draw()
            assert table.thinking_seat() is None and not painted
            if driver.person_move(app, rng):
                continue
        app.step([], 0.1, draw=False)
    assert table.thinking_seat() == 1
    painted.clear()
    app.draw()
    assert painted == [tuple(table.seat_rects()[1])]
    moves = sess.table.moves()
    gate.set()
    for _ in range(200):
        if sess.table.moves() != moves:
            break
        driver.wait_thinker(app)
        app.step([], 0.1, draw=False)
    assert sess.table.moves() != moves
    assert table.thinking_seat() is None or sess.table.deciding() == 1


def test_hot_seat_series_question_without_partners_comes_through_a_pass_screen(make_app):
    # Two people: the owner is called to the screen as for any series question, and is
    # told there that the order stands alone, with one button.
    seed, choices = _series_alone(0, 3)
    sess = GameSession(load_cardset("sole-mio"), seats("ppc"), seed, choices=choices,
                       agent_options=FAST_AGENTS)
    sess.resume_feed()
    sess.viewer = 1  # the other person holds the screen
    app = make_app()
    rv = app.manager.push(RevealScene(app, sess, None))
    logged = len(sess.game.choices_log)
    for _ in range(100):
        if isinstance(app.manager.top, HandoverScene):
            break
        app.step([], 0.1, draw=False)
    top = app.manager.top
    assert isinstance(top, HandoverScene) and top.seat == 0
    assert len(sess.game.choices_log) == logged
    app.draw()
    driver.click(app, driver.widget(app, "ready").rect)
    app.step([], 0.1, draw=False)
    for _ in range(10):
        app.step([], 0.5, draw=False)
    assert len(sess.game.choices_log) == logged  # waits for the person
    assert "stands alone" in rv.prompt
    go = driver.widget(app, "choice0")
    assert go is not None
    app.draw()
    driver.click(app, go.rect)
    assert sess.game.choices_log[logged][0] == "series"
    assert len(sess.game.choices_log[logged][1]) == 1

"""What a player meets at the table (issue 11, part 2): hot-seat privacy and the recap,
no spoilers in the reveal, announcements that cannot be missed, the keyboard, forced
moves said aloud.  Played through the window's own input handling (solemio.ui.driver)."""

from __future__ import annotations

import random

import pygame
from ui_helpers import FAST_AGENTS

from solemio.announce import order_full_name, said
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show.director import next_cue
from solemio.show.host import GameSession, SeatConfig
from solemio.show.pacing import LEAD_IN
from solemio.ui import driver
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.summary import RoundSummaryScene
from solemio.ui.scenes.table import TableScene


def _seats(spec: str) -> list[SeatConfig]:
    colours = ["blue", "green", "brown", "red", "yellow"]
    return [SeatConfig(f"P{i}", colours[i], person=(ch == "p"), level="easy")
            for i, ch in enumerate(spec)]


def _hand_drawn(top) -> bool:
    """Whether a hand's faces are among what the scene paints."""
    if isinstance(top, TableScene):
        return top.hand_part() is not None
    if isinstance(top, RevealScene):
        return any(part[0] == "hand" for part in top.static_parts(None))
    return False


def test_hot_seat_no_hand_on_screen_unless_its_person_decides(make_app):
    """Two people and a computer: a hand is face up only while its person, who took the
    screen through a pass screen, decides (or sees their own turn's moves); never while
    a computer decides, during the shared reveal, or on the round summary."""
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), _seats("ppc"), 7, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(7)
    seen = {"computer-hidden": 0, "reveal-pass": 0, "summary": 0}

    def done():
        top = app.manager.top
        deciding = sess.table.deciding()
        if isinstance(top, TableScene | RevealScene) and top.hold <= 0 and \
                not sess.new_events() and deciding is not None:
            if not sess.is_person(deciding):
                assert sess.viewer is None and not _hand_drawn(top)
                seen["computer-hidden"] += 1
        if isinstance(top, HandoverScene) and sess.show.phase == "reveal":
            seen["reveal-pass"] += 1
        if isinstance(top, RevealScene) and sess.viewer is not None:
            # Only the person deciding now, or whose decision this order still awaits.
            assert deciding == sess.viewer or sess.new_events() or top.hold > 0
        if isinstance(top, RoundSummaryScene):
            assert sess.viewer is None
            seen["summary"] += 1
        return sess.show.round >= 3 or sess.table.is_over()

    driver.play_until(app, done, rng, dt=1.0)
    assert seen["computer-hidden"] > 5
    assert seen["reveal-pass"] >= 1 and seen["summary"] >= 1


def test_recap_after_a_pass_screen_names_what_was_announced(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), _seats("pcp"), 3, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(3)
    recaps: list[list[str]] = []

    def done():
        top = app.manager.top
        if isinstance(top, HandoverScene) and top.recap:
            recaps.append(list(top.recap))
            app.draw()  # the recap is painted (no error at this size)
        return len(recaps) >= 3

    driver.play_until(app, done, rng, dt=1.0)
    # The computer between the two people announced its play; it is in the recap.
    assert any(line.startswith("P1: ") for r in recaps for line in r)


def test_reveal_panels_follow_the_show_not_the_engine(make_app):
    """At the reveal's first frame the engine has resolved orders the show has not
    reached: the panels show the show's filled counts and scorer holder."""
    for seed in range(60):
        sess = GameSession(load_cardset("sole-mio"), _seats("pccc"), seed,
                           agent_options=FAST_AGENTS)
        g = sess.game
        rng = random.Random(seed)
        while g.decision() is not None and not any(
                e["type"] == E.SCORER_MOVED for e in g.events_for(None)):
            g.apply(rng.choice(g.decision().choices))
        events = g.events_for(0)
        moved = [i for i, e in enumerate(events) if e["type"] == E.SCORER_MOVED]
        if not moved:
            continue
        ends = [i for i, e in enumerate(events[: moved[0]]) if e["type"] == E.ROUND_END]
        sess.cursor = ends[-1] + 1  # the oven was just turned over
        app = make_app()
        rv = app.manager.push(RevealScene(app, sess, None))
        shown = rv.shown_view()
        engine = g.view(0)
        assert shown.scorer_holder == sess.show.scorer_holder
        assert [len(s.filled) for s in shown.seats] == [len(s.filled) for s in sess.show.seats]
        assert engine.scorer_holder != shown.scorer_holder or \
            [len(s.filled) for s in engine.seats] != [len(s.filled) for s in shown.seats]
        return
    raise AssertionError("no game moved the scorer card")


def test_first_computer_move_waits_for_the_table(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), _seats("pc"), 1, first=1,
                       agent_options=FAST_AGENTS)
    assert next_cue([], sess.table.deciding(), sess.persons, sess.viewer).what == "computer"
    table = app.manager.push(TableScene(app, sess))
    n = sess.cursor
    driver.wait_thinker(app)
    app.step([], LEAD_IN / 3, draw=True)
    driver.wait_thinker(app)
    app.step([], LEAD_IN / 3, draw=True)
    assert sess.cursor == n and table.banner is None  # nothing was said before it was seen
    for _ in range(20):
        driver.wait_thinker(app)
        app.step([], 0.2, draw=True)
    assert sess.cursor > n


def test_each_seat_keeps_its_words_and_orders_are_named_in_full(make_app):
    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), _seats("pccc"), 5, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    rng = random.Random(5)
    driver.play_until(app, lambda: sum(bool(x) for x in sess.show.said) >= 3, rng, dt=1.0)
    app.step([], 0.0)
    app.draw()
    words = {seat: [said(dict(e), sess.cardset) for e in sess.show.said[seat]]
             for seat in range(4) if sess.show.said[seat]}
    assert len(words) >= 3 and all(w for ws in words.values() for w in ws)
    assert table.banner is None or table.banner["seat"] in range(4)
    cs = load_cardset("sole-mio")
    assert order_full_name(cs, ("blue", "four-olive")) == "Four of a kind (4 olives)"
    assert said({"type": E.ORDER, "seat": 0, E.ORDER: ["blue", "four-olive"]}, cs) == \
        "adds an order: Four of a kind (4 olives)"


def test_escape_opens_the_menu_on_the_round_summary(make_app):
    app = make_app(pace=0.2, reveal_speed=4.0)
    sess = GameSession(load_cardset("mamma-mia"), _seats("pcc"), 2, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    driver.play_until(app, lambda: isinstance(app.manager.top, RoundSummaryScene),
                      random.Random(2), dt=1.0)
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, RoundSummaryScene)
    driver.click(app, driver.widget(app, "continue").rect)
    assert isinstance(app.manager.top, TableScene)


def test_focus_goes_to_the_next_decisions_default_never_to_speed(make_app):
    """Pressing Enter through a reveal's decisions never lands on the speed control."""
    app = make_app(reveal_speed=4.0, pace=0.2)
    sess = GameSession(load_cardset("sole-mio"), _seats("pccc"), 12, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(12)
    speed = app.settings.reveal_speed
    decisions = 0

    def done():
        nonlocal decisions
        top = app.manager.top
        choices = [w for w in getattr(top, "focus", None).widgets
                   if w.name not in ("speed", "skip", "menu")] if isinstance(
            top, RevealScene) else []
        if isinstance(top, RevealScene) and top.my_decision() is not None and choices:
            assert top.focus.focused in choices
            decisions += 1
            driver.key(app, pygame.K_RETURN)
            assert app.settings.reveal_speed == speed
        return decisions >= 3 or sess.show.round >= 3

    driver.play_until(app, done, rng, dt=1.0)
    assert decisions >= 1


def test_a_forced_play_is_said_to_the_person(make_app):
    """A person holding a single ingredient card is told it goes into the oven."""
    from solemio.engine import new_game

    cs = load_cardset("sole-mio")
    for seed in range(300):
        g = new_game(cs, ["blue", "green"], seed)
        rng = random.Random(seed)
        log = []
        found = None
        for _ in range(400):
            d = g.decision()
            if d is None:
                break
            n_before = g.event_count()
            ch = rng.choice(d.choices)
            g.apply(ch)
            log.append(ch)
            evs = g.events_for(0, n_before)
            turns = [i for i, e in enumerate(evs) if e["type"] == E.TURN and e["seat"] == 0]
            if turns and any(e["type"] == E.PLAY and e["seat"] == 0 for e in evs[turns[0]:]) \
                    and g.view(0).seats[0].ingredients == 0 and any(
                        e["type"] == E.PLAY and e["seat"] == 0 and
                        e["singles"] + e["doubles"] == 1 for e in evs[turns[0]:]):
                found = (seed, log[:-1], ch)
                break
        if found:
            break
    assert found, "no forced play found"
    seed, log, last = found
    app = make_app()
    sess = GameSession(cs, [SeatConfig("You", "blue"), SeatConfig("B", "green", False, "easy")],
                       seed, choices=log, agent_options=FAST_AGENTS)
    sess.resume_feed()
    table = app.manager.push(TableScene(app, sess))
    sess.apply(last)  # the computer's move that leaves the person one card (forced next)
    texts = []
    for _ in range(200):
        app.step([], 0.1)
        if table.banner is not None:
            texts.append(" ".join(table.banner["lines"]))
        if any("Your only ingredient" in t for t in texts):
            break
    assert any("Your only ingredient" in t and "goes into the oven" in t for t in texts)


def test_new_game_over_a_saved_one_asks_first(make_app):
    from solemio.show import host as session_mod
    from solemio.ui.scenes.confirm import ConfirmScene
    from solemio.ui.scenes.newgame import NewGameScene

    app = make_app()
    saved = GameSession(load_cardset("sole-mio"), _seats("pc"), 4)
    saved.autosave()
    assert session_mod.has_autosave()
    ng = app.manager.push(NewGameScene(app))
    driver.click(app, driver.widget(app, "start").rect)
    assert isinstance(app.manager.top, ConfirmScene)
    assert app.manager.top.focus.focused.name == "no"  # the safe answer is the default
    driver.key(app, pygame.K_RETURN)
    assert app.manager.top is ng and session_mod.load_autosave() is not None
    driver.click(app, driver.widget(app, "start").rect)
    driver.click(app, driver.widget(app, "yes").rect)
    assert isinstance(app.manager.top, TableScene)


def test_the_last_table_set_up_is_remembered(make_app):
    from solemio.ui.scenes.newgame import NewGameScene, setup_path

    app = make_app()
    ng = app.manager.push(NewGameScene(app))
    ng.rows[0]["name"] = "Ada"
    ng.rows[1]["type"] = "hard"
    ng.set_colour(0, "red")
    ng.set_n(3)
    driver.click(app, driver.widget(app, "start").rect)
    assert isinstance(app.manager.top, TableScene)
    again = NewGameScene(app)
    assert again.n == 3
    assert again.rows[0]["name"] == "Ada" and again.rows[0]["colour"] == "red"
    assert again.rows[1]["type"] == "hard"
    setup_path().write_text("{broken", encoding="utf-8")
    assert NewGameScene(app).n == 4  # a broken file gives the defaults


def test_window_size_and_position_are_remembered(tmp_path):
    from solemio.ui import settings as settings_mod

    s = settings_mod.Settings(window_size=[1300, 800], window_pos=[40, 30])
    settings_mod.save(s, tmp_path / "s.json")
    back = settings_mod.load(tmp_path / "s.json")
    assert back.window_size == [1300, 800] and back.window_pos == [40, 30]
    broken = settings_mod.Settings(window_size=["x", 2], window_pos=[1, 2, 3]).normalised()
    assert broken.window_size is None and broken.window_pos is None


def test_a_failing_computer_player_is_reported_not_replaced_silently(make_app, caplog):
    class Broken:
        level = "broken"

        def decide(self, game, cancel=None):
            raise RuntimeError("lost its marbles")

    app = make_app()
    sess = GameSession(load_cardset("sole-mio"), _seats("pc"), 1, first=1,
                       agent_options=FAST_AGENTS)
    sess.agents[1] = Broken()
    table = app.manager.push(TableScene(app, sess))
    moves = sess.table.moves()
    with caplog.at_level("ERROR"):
        for _ in range(40):
            driver.wait_thinker(app)
            app.step([], 0.1)
            if sess.table.moves() > moves:
                break
    assert sess.table.moves() > moves  # the game goes on (the normal level moved)
    assert "lost its marbles" in table.error and "P1" in table.error
    assert any("lost its marbles" in r.getMessage() or r.exc_info for r in caplog.records)


def test_people_at_one_screen_are_never_called_you(make_app):
    """The lone person's default name is "You"; with two people the pass screen would
    say "Pass to You" and "I am You", so a second person renames the first."""
    from solemio.ui.scenes.newgame import PERSON_NAMES, NewGameScene

    app = make_app()
    ng = app.manager.push(NewGameScene(app))
    assert ng.rows[0]["name"] == "You" and ng.configs()[0].name == "You"  # alone: spoken to
    driver.widget(app, "type1").step(-1)  # Computer · normal -> easy
    driver.widget(app, "type1").step(-1)  # -> Person
    assert ng.rows[1]["type"] == "person"
    names = [c.name for c in ng.configs()]
    assert "You" not in names and names[0] == PERSON_NAMES[0] and names[1] == "Giulia"
    assert driver.widget(app, "name0").value == PERSON_NAMES[0]  # the field shows it at once
    ng.rows[0]["name"] = "You"  # a remembered set-up from before is mended on start
    ng.set_n(3)
    assert ng.rows[0]["name"] == PERSON_NAMES[0]


def test_enter_after_a_clicked_play_draws_from_the_supply(make_app):
    """An Enter pressed while the play is still moving must not leave the keyboard's focus
    on a hand card for the draw: found by playing, where Enter after a mouse play then
    pressed a card and nothing happened."""
    app = make_app()
    sess = GameSession(load_cardset("grande"), _seats("pc"), 5, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(5)

    def my_play():
        top = app.manager.top
        d = top.my_decision() if isinstance(top, TableScene) else None
        return d is not None and d.kind == "play" and top.hold <= 0 and not sess.new_events()

    driver.play_until(app, my_play, rng, dt=1.0)
    table = app.manager.top
    d = table.my_decision()
    kind = d.choices[0][1]
    for w in [w for w in table.focus.widgets if w.name.startswith("hand")]:
        if w.face[0] == kind:
            driver.click(app, w.rect)
    driver.click(app, driver.widget(app, "confirm").rect)
    driver.key(app, pygame.K_RETURN)  # impatient: the cards are still on their way
    driver.play_until(app, lambda: (table.my_decision() is not None
                                    and table.my_decision().kind == "draw"
                                    and not sess.new_events()), rng, dt=1.0)
    assert table.focus.focused is not None and table.focus.focused.name == "draw-supply"
    supply = sess.view().supply
    driver.key(app, pygame.K_RETURN)
    assert sess.view().supply < supply


def test_enter_with_nothing_to_decide_in_the_reveal_hurries_it_and_never_presses_speed(make_app):
    """With nothing to decide and nothing focused, Enter in the reveal moves the show on to
    its next moment; it used to focus Speed, so a second Enter changed the speed."""
    app = make_app(reveal_speed=1.0, pace=0.2)
    sess = GameSession(load_cardset("sole-mio"), _seats("pccc"), 12, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    driver.play_until(app, lambda: isinstance(app.manager.top, RevealScene)
                      and app.manager.top.hold > 0.5, random.Random(12), dt=0.05)
    top = app.manager.top
    top.focus.focus = -1
    speed = app.settings.reveal_speed
    position = sess.show.position
    for _ in range(3):
        driver.key(app, pygame.K_RETURN)
        assert top.focus.focused is None or top.my_decision() is not None
    assert app.settings.reveal_speed == speed
    assert sess.show.position > position

"""Taking back your last turn (issue 24, item 12), through the engine and the show layer:
only alone against computers and before the round's oven is revealed; the game is rebuilt
from its seed and the choices before the turn, so nothing hidden changes; the computers
answer as they did when the same move is made again; the statistics say so."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from solemio import stats
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig, session_from_save
from solemio.show.takeback import turn_start


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))


EXECUTOR = ThreadPoolExecutor(1)  # the computer seats' worker, as the window's pool


def _solo(seed: int = 5, edition: str = "sole-mio") -> GameSession:
    seats = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False,
                                                   level="random"),
             SeatConfig("Marco", "brown", person=False, level="random")]
    return GameSession(load_cardset(edition), seats, seed, first=0)


def _computers_answer(sess: GameSession) -> None:
    """Let the computers move until the person decides (as the conductor does)."""
    sess.thinker(EXECUTOR)
    for _ in range(2000):
        d = sess.game.decision()
        if d is None or sess.is_person(d.seat):
            return
        choice = None
        while choice is None:
            choice = sess.poll_computer(d.seat)
            if choice is None:
                sess._thinker.future.result(timeout=20)
        sess.game.apply(choice)


def _person_turn(sess: GameSession, pick: int = 0) -> None:
    """The person plays (the ``pick``-th legal play), adds no order, draws from the supply."""
    d = sess.game.decision()
    assert d.kind == "play" and d.seat == 0
    sess.game.apply(d.choices[pick % len(d.choices)])
    d = sess.game.decision()
    if d is not None and d.kind == "order" and d.seat == 0:
        sess.game.apply(("no-order",))
    d = sess.game.decision()
    if d is not None and d.kind == "draw" and d.seat == 0:
        sess.game.apply(("draw", "supply"))


def test_a_turn_taken_back_is_the_position_before_it_and_replays_the_same():
    sess = _solo()
    _computers_answer(sess)
    assert not sess.can_take_back()  # nothing of yours to take back yet
    _person_turn(sess)
    _computers_answer(sess)
    before_log = list(sess.game.choices_log)
    assert sess.can_take_back()
    start = turn_start(sess.game, 0)
    hand_then = sess.game.restart()
    for c in before_log[:start]:
        hand_then.apply(c)
    assert sess.take_back()
    assert sess.takebacks == 1
    assert list(sess.game.choices_log) == before_log[:start]
    assert sess.game.view(0) == hand_then.view(0)
    assert sess.show.position == sess.game.event_count()
    # The same move again: the computers answer exactly as they did.
    _person_turn(sess)
    _computers_answer(sess)
    assert list(sess.game.choices_log) == before_log
    # Saved and resumed, the game still says it had a take-back.
    from solemio.show import host

    sess.autosave()
    host.SAVER.flush()
    resumed = session_from_save(host.autosave_path())
    assert resumed.takebacks == 1 and resumed.game.choices_log == sess.game.choices_log


def test_a_different_move_after_a_take_back_gets_fresh_answers():
    sess = _solo(seed=8)
    _computers_answer(sess)
    _person_turn(sess, pick=0)
    _computers_answer(sess)
    assert sess.take_back()
    n_choices = len(sess.game.decision().choices)
    if n_choices < 2:
        pytest.skip("a single legal play in this deal")
    _person_turn(sess, pick=1)
    _computers_answer(sess)  # the rewind gives no answer off its path: no illegal move
    assert sess.game.decision() is None or sess.is_person(sess.game.decision().seat)


def test_never_in_hot_seat_nor_after_the_oven_is_revealed():
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Ben", "green"),
             SeatConfig("Marco", "brown", person=False, level="random")]
    hot = GameSession(load_cardset("sole-mio"), seats, 3, first=0)
    _person_turn(hot)
    assert not hot.can_take_back() and not hot.take_back()
    # Alone: play until a round ends; from then on that round's turns cannot be taken back.
    sess = _solo(seed=11)
    while sess.game.decision().kind in ("play", "order", "draw"):
        d = sess.game.decision()
        if sess.is_person(d.seat):
            _person_turn(sess)
        else:
            _computers_answer(sess)
    assert sess.game.decision().kind not in ("play", "order", "draw")  # the reveal
    assert not sess.can_take_back() and not sess.take_back()


def test_the_statistics_say_the_game_had_take_backs():
    sess = _solo(seed=2)
    _computers_answer(sess)
    _person_turn(sess)
    assert sess.take_back()
    _person_turn(sess)
    while not sess.game.is_over():
        d = sess.game.decision()
        if sess.is_person(d.seat):
            sess.game.apply(d.choices[0])
        else:
            _computers_answer(sess)
    sess.game_finished()
    data = json.loads(stats.stats_path().read_text())
    assert data["games"][-1]["takebacks"] == 1
    st = stats.load()
    assert st.with_takebacks == 1 and st.games[-1].takebacks == 1


def test_a_networked_table_offers_no_take_back():
    """The server keeps a networked table: the window's session there has no take-back, so
    the table shows no button and Ctrl+Z is refused with a sentence (TableScene.take_back
    asks the session for ``can_take_back``)."""
    from solemio.net.session import NetSession

    assert not hasattr(NetSession, "can_take_back") and not hasattr(NetSession, "take_back")

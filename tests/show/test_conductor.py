"""The conductor runs whole games for a window, through beats only, without a window.

No pygame.  A small loop follows the beats as the window does: an ``open`` beat
brings up a screen, ``ask`` is answered with a choice dispatched back,
``hand-over`` is confirmed by the person called (the pass screen's button),
and when nothing comes the loop waits for the computer seats' worker.  The
hot-seat rule is checked at every beat: a person decides only with their own
hand on screen, and no hand is on screen when the screen passes or a computer
answers.
"""

from __future__ import annotations

import json
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show import guide
from solemio.show.conductor import (
    ANSWERED,
    ASK,
    EVENT,
    HAND_OVER,
    HIDE,
    OPEN,
    THINKING_SHOWN,
    Beat,
    Conductor,
)
from solemio.show.host import GameSession, SeatConfig, session_from_save
from solemio.show.pacing import LEAD_IN, PERSON_FACTOR, REVEAL_OPENING, TURN_HOLDS, Pace
from solemio.show.state import differences
from tests.guide_helpers import guided_choice

LEVELS = {"c": "random", "e": "easy", "n": "normal"}


def _host(edition: str, spec: str, seed: int, first: int | None = None) -> GameSession:
    """``spec``: one letter a seat, "p" a person, else a computer level (LEVELS)."""
    colours = ["blue", "green", "brown", "red", "yellow"]
    seats = [SeatConfig(f"P{i}", colours[i], person=ch == "p", level=LEVELS.get(ch, "random"))
             for i, ch in enumerate(spec)]
    return GameSession(load_cardset(edition), seats, seed, first)


class Follower:
    """Follows a conductor's beats as the window does, checking the hot-seat rule."""

    def __init__(self, host: GameSession, conductor: Conductor, rng: random.Random,
                 choose=None) -> None:
        self.host = host
        self.c = conductor
        self.rng = rng
        self.choose = choose or (lambda d: rng.choice(d.choices))
        self.beats: list[Beat] = []
        self.screens: list[str] = []
        self.holder: int | None = host.viewer  # who was last given the screen

    def follow(self, beat: Beat) -> None:
        h = self.host
        shared = len(h.persons) > 1
        self.beats.append(beat)
        if beat.what == OPEN:
            self.screens.append(beat.screen)
        elif beat.what == ASK:
            # A person decides only with their own hand on screen, and only once the
            # screen was passed to them.
            assert h.viewer == beat.seat == beat.decision.seat
            assert not shared or self.holder == beat.seat
            assert h.show.hand == tuple(h.table.view().hand)
        elif beat.what == HAND_OVER:
            assert h.viewer is None, "a hand stays on screen while the screen passes"
            h.confirm_pass(beat.seat)
            self.holder = beat.seat
        elif beat.what == ANSWERED and not beat.forced and shared:
            assert h.viewer is None, "a hand is on screen while a computer answers"
        elif beat.what == HIDE:
            assert h.viewer is None
            self.holder = None

    def step(self, dt: float) -> list[Beat]:
        got = []
        for beat in self.c.update(dt):
            self.follow(beat)
            got.append(beat)
        asks = [b for b in got if b.what == ASK]
        if asks:
            for b in self.c.dispatch(self.choose(asks[-1].decision)):
                self.follow(b)
            # The guide's word on an event lasts one decision.
            assert not self.host.guide or self.host.guide_note == ""
        return got

    def run(self, until, dt: float = 0.5, steps: int = 40000) -> None:
        resumed = self.c.resume_beat() if not self.beats else None  # as the table opens
        if resumed is not None:
            self.follow(resumed)
        for _ in range(steps):
            if until(self):
                return
            if not self.step(dt) and not self.c.stage.busy:
                self.c.thinker.wait(10)
        raise AssertionError(f"no end after {steps} frames: {self.beats[-5:]}")


def game_over(f: Follower) -> bool:
    return "game-over" in f.screens


@pytest.fixture
def executor():
    ex = ThreadPoolExecutor(max_workers=1)
    yield ex
    ex.shutdown(wait=True, cancel_futures=True)


@pytest.mark.parametrize("edition,spec,seed", [
    ("sole-mio", "pcc", 3), ("mamma-mia", "pec", 5), ("grande", "pccc", 8)])
def test_whole_games_in_every_edition_through_beats_only(executor, edition, spec, seed):
    host = _host(edition, spec, seed)
    c = Conductor(host, executor)
    f = Follower(host, c, random.Random(seed))
    f.run(game_over)
    assert host.table.is_over()
    rounds = host.show.rounds
    # Each round's end opens the reveal; each round but the last then its summary.
    assert f.screens == ["reveal", "summary"] * (rounds - 1) + ["reveal", "game-over"]
    assert not host.new_events() and not differences(host.show, host.view())
    events = [b.event for b in f.beats if b.what == EVENT]
    assert len(events) == host.table.event_count() - host.game.restart().event_count()
    assert any(b.what == ASK for b in f.beats) and any(b.what == ANSWERED for b in f.beats)


def test_hot_seat_hands_are_hidden_before_any_other_persons_decision(executor):
    # Two people and a computer: every check of the rule is in Follower.follow.
    host = _host("sole-mio", "ppc", 7)
    c = Conductor(host, executor)
    f = Follower(host, c, random.Random(7))
    f.run(game_over)
    asks = [b.seat for b in f.beats if b.what == ASK]
    assert set(asks) == {0, 1}
    # The screen changed hands: a pass screen before each person's first decision after
    # the other's (or a computer's).
    kinds = [(b.what, b.seat) for b in f.beats if b.what in (ASK, HAND_OVER, ANSWERED)]
    for prev, cur in zip(kinds, kinds[1:], strict=False):
        if cur[0] == ASK and prev[0] in (ASK, ANSWERED) and prev[1] != cur[1]:
            raise AssertionError(f"{cur} follows {prev} without a pass screen")


def test_a_person_sees_their_choice_refused_and_nothing_changes(executor):
    from solemio.engine import IllegalChoice

    host = _host("sole-mio", "pc", 1, first=0)
    c = Conductor(host, executor)
    beats = list(c.update(0.1))
    assert beats[-1].what == ASK
    moves = host.table.moves()
    with pytest.raises(IllegalChoice):
        c.dispatch(("play", "olive", 9, 9))
    assert host.table.moves() == moves and c.my_decision() is not None


def test_computer_pacing(executor):
    """The first computer move waits LEAD_IN; an answer waits for the stage; a computer's
    play holds the pace, a person's own play a little less; a thinking seat shows."""
    host = _host("sole-mio", "pc", 4, first=1)
    release = threading.Event()
    agent = host.agents[1]

    class Slow:
        level = "slow"

        def decide(self, game, cancel=None):
            release.wait(10)
            return agent.decide(game, cancel=cancel)

    host.agents[1] = Slow()
    c = Conductor(host, executor, pace=lambda: Pace(pace=2.0))
    assert c.hold == pytest.approx(LEAD_IN)
    assert list(c.update(LEAD_IN - 0.01)) == []  # the table is on screen a moment first
    assert c.hold > 0 and c.thinking == 0
    assert list(c.update(0.1)) == []  # the computer is still thinking
    assert c.thinking_seat() is None  # not long enough to show
    assert list(c.update(THINKING_SHOWN)) == []
    assert c.thinking_seat() == 1  # the seat shows it is thinking
    release.set()
    c.thinker.wait(10)
    beats = list(c.update(0.01))
    assert [b.what for b in beats] == [ANSWERED] and beats[0].seat == 1
    assert c.thinking_seat() is None
    beats = list(c.update(0.01))
    play = next(b for b in beats if b.what == EVENT and b.event["type"] in (E.PLAY, E.PASS))
    if play.event["type"] == E.PLAY:
        assert play.hold == pytest.approx(TURN_HOLDS["play"] * 2.0)
    # While the stage holds, nothing else comes, even with the next answer known.
    assert beats[-1] is play
    assert list(c.update(play.hold / 2)) == []
    # The person's own play goes by faster (unless forced: then they are told longer).
    f = Follower(host, c, random.Random(1))
    while True:
        got = f.step(0.05)
        own = [b for b in got if b.what == EVENT and b.event["type"] == E.PLAY
               and b.seat == 0]
        if own:
            ev = own[0].event
            if host.show.seats[0].ingredients > 0:
                assert own[0].hold == pytest.approx(TURN_HOLDS["play"] * 2.0 * PERSON_FACTOR)
            break
        if not got and not c.stage.busy:
            c.thinker.wait(10)
    assert ev["seat"] == 0


def test_the_reveal_opens_with_its_opening_hold_and_skipping_ends_at_a_persons_decision(
        executor):
    host = _host("sole-mio", "pcc", 11, first=0)
    c = Conductor(host, executor, pace=lambda: Pace(pace=0.5, reveal_speed=2.0))
    f = Follower(host, c, random.Random(2))
    f.run(lambda f: "reveal" in f.screens)
    opened = [b for b in f.beats if b.what == OPEN][0]
    assert opened.event["type"] == E.ROUND_END
    assert opened.hold == pytest.approx(REVEAL_OPENING / 2.0) and c.screen == "reveal"
    c.skip_ahead()
    asked = len([b for b in f.beats if b.what == ASK])
    f.run(lambda f: len([b for b in f.beats if b.what == ASK]) > asked or
          len(f.screens) > 1)
    reveal_events = [b for b in f.beats[f.beats.index(opened) + 1:] if b.what == EVENT]
    assert reveal_events and all(b.hold == 0 for b in reveal_events)
    assert not c.skip


def test_the_guide_speaks_at_each_of_the_persons_decisions(executor):
    cs = load_cardset(guide.EDITION)
    seats = [SeatConfig("You", colour, person=level is None, level=level or "easy")
             for colour, level in guide.SEATS]
    host = GameSession(cs, seats, guide.SEED, first=0, game=guide.deal(cs))
    host.guide = True
    c = Conductor(host, executor)
    tips = []
    notes = []

    def follow_the_guide(d):
        tip = c.guide_tip(host.view())
        assert tip is not None and tip.text
        tips.append(tip)
        return guided_choice(host.game, d.seat)

    f = Follower(host, c, random.Random(0), choose=follow_the_guide)

    def note_seen(f):
        if host.guide_note and host.guide_note not in notes:
            notes.append(host.guide_note)
        return "summary" in f.screens

    f.run(note_seen)
    assert len(tips) >= 5 and any(t.targets for t in tips)
    # The guide's words on the person's own events (the scorer card drawn first of all).
    assert notes
    host.guide = False
    assert c.guide_tip(host.view()) is None


def _save_and_resume(host: GameSession, tmp_path) -> GameSession:
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(host.to_json()), encoding="utf-8")
    again = session_from_save(path)
    again.resume_feed()
    return again


def test_resuming_a_saved_game_in_the_middle_of_a_reveal(executor, tmp_path):
    host = _host("sole-mio", "pcc", 5, first=0)
    c = Conductor(host, executor)
    f = Follower(host, c, random.Random(5))

    def into_the_reveal(f):
        opened = [i for i, b in enumerate(f.beats) if b.what == OPEN]
        return bool(opened) and len([b for b in f.beats[opened[0]:] if b.what == EVENT]) > 6

    f.run(into_the_reveal)
    assert host.show.phase == "reveal"
    resumed = _save_and_resume(host, tmp_path)
    assert resumed.show.phase == "reveal"
    c2 = Conductor(resumed, executor)
    assert c2.hold == 0 and c2.screen == "reveal"  # no lead-in: the reveal comes back as it stood
    f2 = Follower(resumed, c2, random.Random(6))
    f2.run(game_over)
    assert f2.screens[0] == "reveal" and f2.beats[0].event is None
    assert resumed.table.is_over()


def test_resuming_a_saved_game_at_the_table(executor, tmp_path):
    host = _host("grande", "pc", 9, first=1)
    resumed = _save_and_resume(host, tmp_path)
    c = Conductor(resumed, executor)
    assert c.resume_beat() is None and c.hold == pytest.approx(LEAD_IN)
    f = Follower(resumed, c, random.Random(9))
    f.run(game_over)


def test_the_conductor_never_reaches_into_the_game():
    """A networked window drives the same conductor over a remote table: it reads the
    host's show and SeatTable and asks the host's computer seats, never the engine's game
    (SeatTable.preview, which copies the whole game, stays behind the table)."""
    import inspect

    from solemio.show import conductor

    src = inspect.getsource(conductor)
    assert ".game" not in src and "_game" not in src and "preview" not in src

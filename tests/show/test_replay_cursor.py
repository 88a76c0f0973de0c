"""The replay's stepper (solemio.show.replay.ReplayCursor), without a window: where the
replay stands, what each move takes forwards, and play at the table's pace."""

from __future__ import annotations

import pytest

from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game
from solemio.show import pacing
from solemio.show.replay import ReplayCursor, ReplayShow


@pytest.fixture(scope="module")
def replay() -> ReplayShow:
    return ReplayShow(play_random_game(load_cardset("sole-mio"), 3, 7, record_events=True))


def test_it_opens_at_the_end_and_steps_either_way(replay):
    c = ReplayCursor(replay)
    assert c.position == replay.end and c.moment is replay.last and not c.playing
    assert c.step(-1) is None  # backwards: nothing flies
    assert c.position == replay.end - 1
    ev = c.step(1)
    assert ev == replay.event_at(replay.end - 1) and c.position == replay.end
    assert c.step(1) is None and c.position == replay.end  # no further than the end
    assert c.seek(replay.start + 5) is None  # a jump: nothing flies
    assert c.moment.show.position == replay.start + 5


def test_turns_and_rounds_land_just_after_their_marks(replay):
    c = ReplayCursor(replay)
    c.seek(replay.start)
    c.turn(1)
    assert replay.event_at(c.position - 1)["type"] == E.TURN
    c.round(1)
    assert replay.event_at(c.position - 1)["type"] in (E.NEW_ROUND, E.ROUND_END,
                                                       E.GAME_OVER, E.SETUP)
    c.round(-1)
    c.round(-1)
    assert c.position == replay.start or \
        replay.event_at(c.position - 1)["type"] in (E.NEW_ROUND, E.ROUND_END, E.SETUP)


def test_play_takes_each_event_after_the_last_ones_hold(replay):
    c = ReplayCursor(replay)
    c.toggle_play()  # at the end: from the start
    assert c.playing and c.position == replay.start
    pace = pacing.Pace(pace=1.0, reveal_speed=1.0)
    told: list[dict] = []
    first = c.advance(0.0, pace, told.append)
    assert first and first == told and c.position == replay.start + len(first)
    assert c.stage.busy  # the last event taken holds the stage
    assert c.advance(0.0, pace) == []  # no time passed: nothing more
    left = c.stage.left
    frames, more = 0, []
    while not more:  # frames of 0.05 s until the hold is over
        more = c.advance(0.05, pace)
        frames += 1
    assert frames == pytest.approx(left / 0.05, abs=1)
    assert more[0] == replay.event_at(replay.start + len(first))
    c.toggle_play()
    assert not c.playing and c.advance(5.0, pace) == []  # paused


def test_play_stops_at_the_end(replay):
    c = ReplayCursor(replay)
    c.seek(replay.end - 3)
    c.toggle_play()
    taken = []
    for _ in range(200):
        taken += c.advance(0.1, pacing.Pace(skip=True))
        if not c.playing:
            break
    assert not c.playing and c.position == replay.end
    assert taken == [replay.event_at(p) for p in range(replay.end - 3, replay.end)]

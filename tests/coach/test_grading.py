"""Grading a seat's decisions: from what the seat knew (re-deal invariance), kept in the record."""

from __future__ import annotations

import random

import pytest

from solemio import records, savefiles
from solemio.coach import run_review
from solemio.coach.grading import candidates, evaluate, grade, judge
from solemio.coach.timeline import Source, build_timeline
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def _positions(game, seat: int, kinds: tuple[str, ...]):
    """(position, decision, choice made) at each decision of ``seat`` of those kinds."""
    g = game.restart(record_events=False)
    for ch in game.choices_log:
        d = g.decision()
        if d.seat == seat and d.kind in kinds and len(d.choices) > 1:
            yield g.clone(), d, ch
        g.apply(ch)


@pytest.mark.parametrize("edition,kinds", [("sole-mio", ("order", "draw")),
                                           ("grande", ("play", "fill", "help")),
                                           ("mamma-mia", ("order", "play"))])
def test_the_grade_does_not_change_with_cards_the_seat_cannot_see(edition, kinds) -> None:
    """Hidden cards dealt again (other hands, the supply's order, the order stacks): the same
    play-out values, so the same grade, with a fixed iteration budget."""
    game = play_random_game(load_cardset(edition), 4, 11, record_events=True)
    seat = 1
    checked = 0
    for g, d, chosen in _positions(game, seat, kinds):
        cands = candidates(d, chosen)
        other = g.redeal(seat, random.Random(checked + 99))
        assert other.view(seat) == g.view(seat)
        hidden = [sorted(g.hand_faces(s)) for s in range(g.n) if s != seat]
        if hidden == [sorted(other.hand_faces(s)) for s in range(g.n) if s != seat]:
            continue  # the re-deal happened to deal the same hands: no test
        a = evaluate(g, seat, cands, 6, seed=checked, round_starter=0)
        b = evaluate(other, seat, cands, 6, seed=checked, round_starter=0)
        assert a == b
        assert judge(a, cands) == judge(b, cands)
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_grades_are_the_costliest_first_and_name_a_better_move() -> None:
    game = play_random_game(load_cardset("sole-mio"), 3, 4, record_events=True)
    tl = build_timeline(Source.of_game(game))
    seen = []
    found = grade(tl, 0, iterations=4, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert [m.loss for m in found] == sorted((m.loss for m in found), reverse=True)
    for m in found:
        assert m.loss > 0 and m.better != m.chosen
        assert tl.decisions[m.index].choice == m.chosen and tl.decisions[m.index].seat == 0


def test_a_grading_is_kept_in_the_record(tmp_path) -> None:
    game = play_random_game(load_cardset("sole-mio"), 3, 4, record_events=True)
    seats = [{"name": f"P{i}", "colour": c, "person": False, "level": "normal"}
             for i, c in enumerate(game.colours)]
    path = records.save_record(game, seats, tmp_path)
    first = run_review(game, 0, path=path, grade=True, iterations=3)
    assert first.figures["grading_cached"] is False and first.review.graded
    again, _seats, extra = records.open_record(path)  # still a valid record
    assert "coach" in extra
    second = run_review(again, 0, path=path, grade=True, iterations=3)
    assert second.figures["grading_cached"] is True
    assert [m.to_json() for m in second.review.mistakes] == \
        [m.to_json() for m in first.review.mistakes]
    for m in first.review.to_json()["mistakes"]:
        assert set(m) >= {"turn", "decision", "chosen", "better", "loss"}


def test_cancelling_stops_the_grading() -> None:
    import threading

    game = play_random_game(load_cardset("sole-mio"), 3, 4, record_events=True)
    tl = build_timeline(Source.of_game(game))
    stop = threading.Event()
    stop.set()
    assert grade(tl, 0, iterations=4, cancel=stop) is None

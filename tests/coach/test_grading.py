"""Grading a seat's decisions: from what the seat knew (re-deal invariance), kept in the record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solemio import records, savefiles
from solemio.coach import run_review
from solemio.coach.grading import GRADED, candidates, evaluate, grade, judge
from solemio.coach.timeline import Source, build_timeline
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def _positions(game, seats, kinds: tuple[str, ...]):
    """(position, seat, decision, choice made) at each decision of those seats and kinds."""
    g = game.restart(record_events=False)
    for ch in game.choices_log:
        d = g.decision()
        if d.seat in seats and d.kind in kinds and len(d.choices) > 1:
            yield g.clone(), d.seat, d, ch
        g.apply(ch)


def _check_invariance(games, kinds: tuple[str, ...], per_kind: int) -> dict[str, int]:
    """Re-deal the hidden cards at decisions of these kinds: the same moves compared, the same
    play-out values, the same grade.  How many positions of each kind were checked."""
    checked: dict[str, int] = dict.fromkeys(kinds, 0)
    for game in games:
        for g, seat, d, chosen in _positions(game, range(game.n), kinds):
            if checked[d.kind] >= per_kind:
                continue
            other = g.redeal(seat, random.Random(sum(checked.values()) + 99))
            assert other.view(seat) == g.view(seat)
            hidden = [sorted(g.hand_faces(s)) for s in range(g.n) if s != seat]
            if hidden == [sorted(other.hand_faces(s)) for s in range(g.n) if s != seat]:
                continue  # the re-deal happened to deal the same hands: no test
            cands = candidates(d, chosen, g.view(seat), g.cs)
            assert cands == candidates(other.decision(), chosen, other.view(seat), other.cs)
            n = sum(checked.values())
            a = evaluate(g, seat, cands, 6, seed=n, round_starter=0)
            b = evaluate(other, seat, cands, 6, seed=n, round_starter=0)
            assert a == b
            assert judge(a, cands) == judge(b, cands)
            checked[d.kind] += 1
        if all(v >= per_kind for v in checked.values()):
            break
    return checked


@pytest.mark.parametrize("edition,kinds", [("sole-mio", ("order", "draw")),
                                           ("grande", ("play", "fill", "help")),
                                           ("mamma-mia", ("order", "play", "variant"))])
def test_the_grade_does_not_change_with_cards_the_seat_cannot_see(edition, kinds) -> None:
    """Hidden cards dealt again (other hands, the supply's order, the order stacks): the same
    play-out values, so the same grade, with a fixed iteration budget."""
    game = play_random_game(load_cardset(edition), 4, 11, record_events=True)
    checked = _check_invariance([game], kinds, 2)
    assert all(checked.values()), checked


def test_the_reveals_decisions_are_graded_from_what_the_seat_knew_too() -> None:
    """The series, the kinds of a choice order, the block and the three steps of a show: the
    same invariance, over a few random games of Sole Mio! (which has all of them)."""
    kinds = ("series", "variant", "block", "show-ask", "show-card", "show-play")
    games = (play_random_game(load_cardset("sole-mio"), 4, seed, record_events=True)
             for seed in range(11, 16))
    checked = _check_invariance(games, kinds, 2)
    assert all(checked.values()), checked


def test_every_kind_of_decision_with_a_choice_is_graded() -> None:
    from solemio.engine.state import Phase

    assert GRADED == {p.value for p in Phase} - {"over"}


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


SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.mark.parametrize("scenario,decision,chosen,better", [
    # a series: revealed alone, when both four-of-a-kinds would have been filled
    ("coach-series-left-out.yaml", "series", ("series", (("four-pepper", 4),)),
     lambda c: len(c[1]) == 2),
    # a block raised to 2 when green held two olives: all three added is safe
    ("coach-block-too-low.yaml", "block", ("block", 1, 0), lambda c: c == ("block", 3, 0)),
    # a choice order given salamis, which the hand could not make up; peppers it could
    ("coach-variant-wrong-kind.yaml", "variant", ("variant", ("salami",)),
     lambda c: c == ("variant", ("pepper",))),
    # asked to show a card, blue shows a pepper, which green can play; green holds no olive
    ("coach-show-the-wrong-card.yaml", "show-card", ("show", "pepper", 1),
     lambda c: c == ("show", "olive", 1)),
])
def test_a_clearly_worse_choice_at_a_reveal_is_named(scenario, decision, chosen, better) -> None:
    tl = build_timeline(Source.of_scenario(SCENARIOS / scenario))
    found = grade(tl, 0, iterations=8)
    assert found, "nothing graded as a mistake"
    top = found[0]
    assert (top.decision, top.chosen) == (decision, chosen)
    assert better(top.better), top.better
    assert top.loss >= 0.5 and top.grade in ("mistake", "blunder")
    # and in words: the kind of decision and both moves
    from solemio.coach.analysis import review
    from solemio.coach.words import DECISION_WORDS, mistake_item

    rv = review(tl, 0)
    item = mistake_item(rv, top, ["Blue", "Green"])
    assert DECISION_WORDS[decision]() in item.title
    assert len(item.lines) == 3 and all(line for line in item.lines)
    # and in solemio review --json
    rv.mistakes, rv.graded = found[:3], True
    first = rv.to_json()["mistakes"][0]
    assert set(first) >= {"turn", "decision", "chosen", "better", "loss"}
    assert first["decision"] == decision and first["loss"] == round(top.loss, 3)

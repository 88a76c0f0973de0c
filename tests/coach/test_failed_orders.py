"""The coach's facts on a scripted last round are exact (tests/scenarios/coach-*.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solemio.coach.analysis import review
from solemio.coach.timeline import Source, build_timeline

SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.fixture(scope="module")
def late():
    tl = build_timeline(Source.of_scenario(SCENARIOS / "coach-order-played-too-late.yaml"))
    return review(tl, 0)


def test_the_timeline_follows_the_turns(late) -> None:
    tl = late.timeline
    assert [(t.number, t.seat, t.play, t.order) for t in tl.turns] == [
        (1, 0, ("mushroom", 2, 0), None),
        (2, 1, ("mushroom", 2, 0), None),
        (3, 0, ("pineapple", 1, 0), None),
        (4, 1, ("olive", 1, 0), ("green", "four-mushroom")),
        (5, 0, ("salami", 1, 0), ("blue", "four-mushroom")),
    ]
    assert tl.final_hands == tuple(tuple(sorted(tl.game.hand_faces(s))) for s in range(2))


def test_a_failed_order_says_when_what_and_who(late) -> None:
    assert len(late.failed) == 1
    f = late.failed[0]
    assert f.order == ("blue", "four-mushroom")
    assert (f.round, f.played_turn, f.reason) == (2, 5, "given-up")
    assert f.missing == (("mushroom", 4),)
    # when it came up: the pineapple, the olive and the salami; the mushrooms were gone
    assert f.to_json()["columns_at_reveal"] == {
        "olive": {"singles": 1, "doubles": 0}, "salami": {"singles": 1, "doubles": 0},
        "pineapple": {"singles": 1, "doubles": 0}}
    assert [(t.seat, t.order, t.turn, t.took) for t in f.taken_by] == [
        (1, ("green", "four-mushroom"), 4, (("mushroom", 1),) * 4)]
    assert [(a.seat, a.turn, a.kind, a.singles, a.doubles) for a in f.announced_before] == [
        (0, 1, "mushroom", 2, 0), (1, 2, "mushroom", 2, 0), (0, 3, "pineapple", 1, 0),
        (1, 4, "olive", 1, 0), (0, 5, "salami", 1, 0)]


def test_moving_the_order_finds_the_turns_that_work(late) -> None:
    f = late.failed[0]
    assert f.turns_tried == [1, 3]
    assert f.would_fill_at_turns == [3]  # four mushrooms below, green's order above it
    assert f.would_fill_with_help_at_turns == [1]  # two below; green's double covers two
    assert f.unknown_turns == []
    # at the reveal itself nothing would have saved it: no mushroom in blue's hand, and
    # green's double covers only half of the four asked
    assert f.other_choice_would_fill is False
    assert f.help_would_fill is False


def test_an_order_never_played(late) -> None:
    assert [u.order for u in late.unplayed] == [("blue", "none-of-mine")]
    u = late.unplayed[0]
    assert u.turns_tried == [1, 3]  # at turn 5 blue played its other order
    assert u.would_fill_at_turns == [1, 3]  # no olive in the oven yet, two kinds to hand


def test_the_other_seat(late) -> None:
    green = review(late.timeline, 1)
    assert green.failed == [] and green.unplayed == []


def test_json_has_the_fields_the_issue_names(late) -> None:
    j = late.to_json()
    entry = j["failed_orders"][0]
    for key in ("order", "round", "played_turn", "reason", "columns_at_reveal", "taken_by",
                "would_fill_at_turns"):
        assert key in entry
    assert entry["order"] == ["blue", "four-mushroom"]
    assert j["unplayed_orders"][0]["order"] == ["blue", "none-of-mine"]
    assert "mistakes" in j


def test_an_arranged_game_is_read_from_its_own_position(late) -> None:
    """A game arranged from a position (a designed deal, as the guided game's record)
    restarts from that position, not from a deal of its seed."""
    again = review(build_timeline(Source.of_game(late.timeline.game)), 0)
    assert again.to_json() == late.to_json()

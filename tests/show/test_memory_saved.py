"""Memory training's estimates travel with the save (issue 24 item 11), and a hand-edited
save's estimates are checked like any other input (left out, never a crash)."""

from __future__ import annotations

from solemio.show.memory import MemoryTraining


def test_the_estimates_come_back_from_a_save():
    m = MemoryTraining()
    assert m.ask(1) and not m.ask(1)
    m.record(1, 0, (3, 0, 2, 1, 5))
    m.record(1, 2, (0, 0, 0, 0, 30))
    m.counted.add(1)
    m.shown.add(1)
    back = MemoryTraining.from_json(m.to_json(), persons=[0, 2])
    assert back.estimates == m.estimates
    assert (back.asked, back.counted, back.shown) == ({1}, {1}, {1})
    assert not back.ask(1)  # not asked again after continuing


def test_a_hand_edited_saves_estimates_are_left_out():
    bad = {"estimates": {"1": {"0": [1, 2, 3, 4, 99], "5": [0] * 5, "x": [0] * 5,
                               "1": "many"}, "two": {}, "2": {"1": [1, 1, 1, 1, 1]}},
           "asked": ["1", 2, -4, 10**9], "counted": None, "shown": [2]}
    m = MemoryTraining.from_json(bad, persons=[0, 1])
    assert m.estimates == {2: {1: (1, 1, 1, 1, 1)}}  # 99 units, seat 5 (no person) dropped
    assert m.asked == {2} and m.shown == {2} and not m.counted
    assert MemoryTraining.from_json("nonsense", persons=[0]).estimates == {}


def test_a_result_is_due_once_its_reveal_is_over():
    m = MemoryTraining()
    m.record(1, 0, (1, 1, 1, 1, 1))
    events = [{"type": "round-end", "round": 1}, {"type": "reveal", "card": ["olive", 1]}]
    assert m.due(events) == []  # the reveal goes on
    events.append({"type": "new-round", "round": 2})
    assert m.due(events) == [1]
    m.shown.add(1)
    assert m.due(events) == []

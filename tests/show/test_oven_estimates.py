"""Memory training without a window: the picker's numbers, the truth counted from the
reveal's public events, the comparison kind by kind, and the statistics that keep it."""

from __future__ import annotations

import json
import random

import pytest

from solemio import savefiles, stats
from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.show.memory import KINDS, MAX_UNITS, EstimateModel, MemoryTraining, oven_truth


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def test_the_pickers_numbers_stay_between_0_and_the_limit():
    m = EstimateModel()
    m.change(0, -1)
    assert m.units[0] == 0
    m.type_digit(1, 1)
    m.type_digit(1, 2)
    assert m.units[1] == 12
    m.type_digit(1, 7)  # 127 is too many: the number starts again from the digit
    assert m.units[1] == 7
    for _ in range(40):
        m.change(2, 1)
    assert m.units[2] == MAX_UNITS
    m.move(-1)
    assert m.focus == len(KINDS) - 1
    assert m.estimate() == (0, 7, MAX_UNITS, 0, 0)


@pytest.mark.parametrize("edition,seed", [("sole-mio", 4), ("grande", 9), ("mamma-mia", 2)])
def test_the_truth_is_what_each_reveal_turned_over(edition, seed):
    """Per round: the units announced into the oven (plays of the round, and what the last
    round left) equal the units the reveal turned over."""
    cs = load_cardset(edition)
    g = new_game(cs, ["blue", "green", "brown"], seed)
    rng = random.Random(seed)
    while not g.is_over():
        g.apply(rng.choice(g.decision().choices))
    evs = g.events_for(None)
    carried = [0] * 5
    announced = [0] * 5
    rounds = 0
    for ev in evs:
        if ev["type"] == E.PLAY:
            announced[KINDS.index(ev["kind"])] += ev["units"]
        elif ev["type"] == E.ROUND_END:
            rounds += 1
            truth = oven_truth(evs, ev["round"])
            assert truth == tuple(a + c for a, c in zip(announced, carried, strict=True))
        elif ev["type"] == E.NEW_ROUND:
            carried = [0] * 5
            for kind, units in ev["oven"]:
                carried[KINDS.index(kind)] += units
            announced = [0] * 5
    assert rounds == cs.rounds
    assert oven_truth(evs, cs.rounds + 1) is None


def test_estimates_against_the_truth_are_graded_kind_by_kind_and_counted_once():
    mem = MemoryTraining()
    assert mem.ask(1) and not mem.ask(1)
    mem.record(1, 0, (4, 2, 0, 7, 1))
    mem.record(1, 2, (0, 0, 0, 0, 0))
    with pytest.raises(ValueError):
        mem.record(1, 1, (1, 2, 3))
    comps = mem.comparisons(1, (4, 3, 2, 7, 0))
    assert [c.seat for c in comps] == [0, 2]
    you = comps[0]
    assert [k.grade for k in you.kinds] == ["exact", "close", "far", "exact", "close"]
    assert (you.exact, you.off, you.total) == (2, 4, 16)
    assert mem.to_count(1) and not mem.to_count(1)
    assert not mem.to_count(2)  # nobody estimated round 2
    mem.record(3, 0, (1, 1, 1, 1, 1))
    mem.aided.add(3)  # the learner's aid showed the tally: compared, never counted
    assert mem.comparisons(3, (1, 1, 1, 1, 1))[0].exact == 5 and not mem.to_count(3)


def test_the_statistics_keep_the_estimates_atomically_and_refuse_damage():
    assert stats.add_estimates("sole-mio", 1, [("Anna", 2, 4, 16), ("Ben", 5, 0, 12)])
    st = stats.load()
    assert len(st.estimates) == 2 and st.exact_share == pytest.approx(7 / 10)
    assert st.off_per_estimate() == pytest.approx(2.0)
    assert st.off_per_estimate(last=1) == 0.0
    assert not list(stats.stats_path().parent.glob("*.tmp"))
    # A file from before memory training (no estimates) still reads.
    path = stats.stats_path()
    data = json.loads(path.read_text())
    del data["estimates"]
    path.write_text(json.dumps(data))
    assert stats.load().estimates == []
    # An impossible line: the file is set aside and reported, counting starts again.
    data["estimates"] = [{"when": "x", "edition": "sole-mio", "round": 1, "exact": 9,
                          "off": 0, "total": 3}]
    path.write_text(json.dumps(data))
    assert stats.load().estimates == []
    assert savefiles.pending() and not path.exists()

"""Every level answers every kind of decision legally, in every edition."""

from __future__ import annotations

import pytest
from conftest import COLOURS4, EDITIONS

from solemio.ai import LEVELS, make_agent
from solemio.engine import load_cardset, new_game

ALL_KINDS = {"play", "order", "draw", "series", "variant", "fill", "help", "block",
             "show-ask", "show-card", "show-play"}
EXPECTED = {
    "sole-mio": ALL_KINDS,
    "grande": ALL_KINDS,
    "mamma-mia": {"play", "order", "draw", "variant", "fill"},
}
# show-play needs the shown kind in the owner's hand and is rare: it must be seen
# across the whole run, the rest per edition
RARE = {"show-play", "block", "series"}


def _options(level: str) -> dict:
    return {"iterations": 1} if level == "hard" else {}


def _table(level: str) -> list[str]:
    """Four seats of ``level``; the tally yardstick plays beside random seats, whose
    disorder brings it the fills its careful tally otherwise avoids (Mamma Mia!); hard
    beside normal seats, which answer at once (four searching seats took most of a
    minute)."""
    if level == "tally":
        return [level, "random", level, "random"]
    return [level, "normal", level, "normal"] if level == "hard" else [level] * 4


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_kind_answered_legally(level: str) -> None:
    seen_all: set[str] = set()
    for edition in EDITIONS:
        cs = load_cardset(edition)
        seen: set[str] = set()
        games = 0
        while games < (6 if level == "hard" else 12) and not EXPECTED[edition] <= seen:
            game = new_game(cs, COLOURS4, seed=1000 + games)
            table = _table(level)
            agents = [make_agent(lv, s, games * 10 + s, **_options(lv)) for s, lv in enumerate(table)]
            while not game.is_over():
                d = game.decision()
                choice = agents[d.seat].decide(game)
                assert choice in d.choices, (edition, level, d.kind, choice)
                if table[d.seat] == level:
                    seen.add(d.kind)
                game.apply(choice)
            assert game.winners
            games += 1
        missing = EXPECTED[edition] - seen - RARE
        assert not missing, (edition, level, missing)
        seen_all |= seen
    assert ALL_KINDS - seen_all <= {"show-play"}, ALL_KINDS - seen_all


@pytest.mark.parametrize("level", ["easy", "normal", "tally"])
def test_targeted_rare_kinds(level: str) -> None:
    """Drive games with random co-players until every rare kind reached this level."""
    need = set(RARE)
    for edition in ("sole-mio", "grande"):
        cs = load_cardset(edition)
        for gseed in range(40):
            if not need:
                return
            game = new_game(cs, COLOURS4, seed=gseed)
            agents = [make_agent(level if s == 0 else "random", s, s) for s in range(4)]
            while not game.is_over():
                d = game.decision()
                choice = agents[d.seat].decide(game)
                assert choice in d.choices
                if d.seat == 0:
                    need.discard(d.kind)
                game.apply(choice)
    assert not need, need


def test_normal_asks_for_the_fewest_units_then_the_cheapest_cards() -> None:
    """A fill that needs help asks for the fewest units, then spends the cheapest cards.

    The rule is checked against its plain statement at every such fill of a
    few Grande games (the rule looks up units per request and costs cards
    only among the fewest, because Grande's fills can offer thousands).
    """
    from solemio.ai.heuristic import HeuristicAgent

    def units(request: tuple) -> int:
        return sum(2 * n if what.startswith("double-") else n for what, n in request)

    cs = load_cardset("grande")
    checked = 0
    for seed in range(6):
        g = new_game(cs, COLOURS4, seed=300 + seed)
        agents = [make_agent("normal", s, seed * 4 + s) for s in range(4)]
        while not g.is_over():
            d = g.decision()
            choice = agents[d.seat].decide(g)
            asks = [c for c in d.choices if c[0] == "fill" and c[2] is not None]
            if d.kind == "fill" and asks and not any(c[0] == "fill" and c[2] is None for c in d.choices):
                plain = min(asks, key=lambda c: (units(c[2]), HeuristicAgent._cards_cost(c[1]), c))
                assert choice == plain
                checked += 1
            g.apply(choice)
    assert checked >= 10

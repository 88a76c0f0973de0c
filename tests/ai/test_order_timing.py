"""Normal's order timing: bolder than the rules' defaults where a failed order comes back.

Measured against the outside player (docs/measurements/issue-26): a forgetful
seat's estimate of what an order will find is often a unit off either way, and
in Sole Mio! and Mamma Mia! a failed order only goes back under its stack, so
normal puts on the oven the orders its memory says miss by a unit.  Hard times
its orders the same way, for its default choice and its own seat in the
play-outs (measured: docs/measurements/issue-26, "Hard with bold order
timing"); the careful timing it had before (``CAREFUL_HARD``) is kept for the
recorded play-outs and checked here to stay careful.
"""

from __future__ import annotations

from conftest import COLOURS4

from solemio.ai.heuristic import NORMAL, HeuristicAgent
from solemio.ai.search import CAREFUL_HARD, HARD
from solemio.engine import load_cardset, new_game

STYLES = {"normal": NORMAL, "hard": HARD, "careful": CAREFUL_HARD}


def _seat_at_first_decision(level: str, edition: str):
    """Seat 0 with normal's, hard's or the careful rules, after the game's first decision."""
    game = new_game(load_cardset(edition), COLOURS4, seed=5, first=0)
    agent = HeuristicAgent(0, 1, style=STYLES[level])
    view = game.view(0)
    agent.decide(game)  # sets the evaluator and the edition's style
    return agent, view


def test_normal_counts_an_order_missing_one_unit_without_help() -> None:
    """Mamma Mia!: columns and hand one unit short is worth an order (normal and hard alike;
    not with the careful timing)."""
    oid = "one-of-each"  # one unit of each of the five kinds
    cu, cd = [1.0, 1.0, 1.0, 1.0, 0.0], [0.0] * 5
    hu, hd = [0] * 5, [0] * 5
    normal, view = _seat_at_first_decision("normal", "mamma-mia")
    v = normal.order_value(view, oid, cu, cd, hu, hd, [oid])
    assert v >= normal.threshold(view, [oid])
    hard, hview = _seat_at_first_decision("hard", "mamma-mia")
    assert hard.order_value(hview, oid, cu, cd, hu, hd, [oid]) >= hard.threshold(hview, [oid])
    careful, cview = _seat_at_first_decision("careful", "mamma-mia")
    assert careful.order_value(cview, oid, cu, cd, hu, hd, [oid]) == 0.0
    cu[3] = 0.0  # two units short: still not worth it
    assert normal.order_value(view, oid, cu, cd, hu, hd, [oid]) < normal.threshold(view, [oid])


def test_normal_asks_for_a_unit_of_help_early_in_sole_mio() -> None:
    """Sole Mio!: an order that one unit of help fills clears normal's and hard's bar, not the
    careful one."""
    oid = "two-each"  # two units of each kind but the owner's own
    normal, view = _seat_at_first_decision("normal", "sole-mio")
    hard, _ = _seat_at_first_decision("hard", "sole-mio")
    careful, _ = _seat_at_first_decision("careful", "sole-mio")
    own = normal.kind_of(0)
    cu = [0.0 if k == own else 2.0 for k in range(5)]
    cu[(own + 1) % 5] = 1.0  # one unit short
    cd, hu, hd = [0.0] * 5, [0] * 5, [0] * 5
    assert view.supply > 2 * len(view.seats)  # early in the round: the ordinary bar
    v = normal.order_value(view, oid, cu, cd, hu, hd, [oid])
    assert v == hard.order_value(view, oid, cu, cd, hu, hd, [oid]) > 0
    assert v == careful.order_value(view, oid, cu, cd, hu, hd, [oid])
    assert normal.threshold(view, [oid]) <= v
    assert hard.threshold(view, [oid]) <= v < careful.threshold(view, [oid])

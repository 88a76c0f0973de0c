"""Fit what a seat's hand is worth at a round's end, for hard's play-outs.

Hard's play-outs stop at the end of the current round, where an order kept
in hand (and the ingredients kept with it) counts nothing although its owner
may well fill it in a later round.  This script plays games between
perfect-memory rule-of-thumb seats (hard's own play-out policy, without
search), records every seat's hand at the end of each round that is not the
game's last, and fits by least squares how many more orders the seat fills by
the game's end:

    future ≈ a + b · orders in hand + c · ingredient units in hand

per edition and per number of rounds still to come.  Only b and c matter to
the search (its value is the seat's score minus the opponents' mean, so a
cancels).  The seeds are far from the arena's (which count from 1 and the
measurements' 2026-9000 ranges): ``python build/fit_hand_value.py --games 1500``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solemio.ai.heuristic import HeuristicAgent  # noqa: E402
from solemio.ai.search import HARD  # noqa: E402
from solemio.engine import load_cardset, new_game  # noqa: E402

COLOURS = ("blue", "green", "brown", "red", "yellow")


def play(edition: str, seed: int, n: int = 4) -> list[tuple[int, int, int, int]]:
    """Per seat and round end: (rounds to come, orders in hand, units in hand, orders filled later)."""
    cs = load_cardset(edition)
    g = new_game(cs, list(COLOURS[:n]), seed=seed)
    agents = [HeuristicAgent(s, seed * 31 + s, style=HARD) for s in range(n)]
    marks: list[tuple[int, int, int, int, int]] = []
    rnd = g.round
    while not g.is_over():
        if g.round != rnd:
            rnd = g.round
            kind = g.cards.kind
            scores = g.scores()
            for s in range(n):
                hand = g.hands[s]
                orders = sum(1 for c in hand if kind[c] < 0)
                units = g.hand_units(s)
                marks.append((cs.rounds - rnd + 1, s, orders, units, scores[s]))
        s = g.current_seat()
        g.apply(agents[s].decide(g))
    final = g.scores()
    return [(left, o, u, final[s] - sc) for left, s, o, u, sc in marks]


def fit(rows: list[tuple[int, int, int]]) -> tuple[float, float, float]:
    """Least squares y = a + b·x1 + c·x2 (normal equations, 3 × 3)."""
    xs = [(1.0, float(o), float(u)) for o, u, _ in rows]
    ys = [float(y) for _, _, y in rows]
    m = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(3)]
    # Gaussian elimination
    for i in range(3):
        p = m[i][i]
        for j in range(i + 1, 3):
            f = m[j][i] / p
            for k in range(3):
                m[j][k] -= f * m[i][k]
            v[j] -= f * v[i]
    out = [0.0, 0.0, 0.0]
    for i in (2, 1, 0):
        out[i] = (v[i] - sum(m[i][k] * out[k] for k in range(i + 1, 3))) / m[i][i]
    return out[0], out[1], out[2]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=7_000_000)
    ap.add_argument("--editions", default="sole-mio,grande,mamma-mia")
    a = ap.parse_args()
    for ed in a.editions.split(","):
        by_left: dict[int, list[tuple[int, int, int]]] = {}
        for i in range(a.games):
            for left, o, u, y in play(ed, a.seed + i):
                by_left.setdefault(left, []).append((o, u, y))
        for left in sorted(by_left):
            rows = by_left[left]
            a0, b, c = fit(rows)
            mo = sum(r[0] for r in rows) / len(rows)
            mu = sum(r[1] for r in rows) / len(rows)
            print(f"{ed} rounds to come {left}: n={len(rows)} future ≈ {a0:.3f} + {b:.3f}·orders "
                  f"+ {c:.3f}·units  (mean orders {mo:.2f}, units {mu:.2f})", flush=True)


if __name__ == "__main__":
    main()

"""A small example bot for ``solemio arena``: it counts the oven and nothing more.

Run it against the built-in levels from the repository's root:

    solemio arena --edition sole-mio --games 20 \
        --seats file:examples/bots/counting_bot.py:CountingBot,normal,normal,normal

It counts the ingredient units announced in this round's oven from the
public history in its view, puts its first order on the oven once that count
reaches ``ENOUGH``, plays one card of the kind it holds most of, draws
orders while it holds fewer than ``KEEP_ORDERS``, fills an order with its own
cards when it can, never helps, and otherwise takes the first legal choice.  It beats random
players and loses to ``normal``: a starting point, not an opponent.
"""

from __future__ import annotations

from solemio.ai.base import Agent, Searcher
from solemio.engine import KINDS, SeatView

ENOUGH = 6  # units in the oven before an order goes on top
KEEP_ORDERS = 3  # draw from the order stack while holding fewer orders


class CountingBot(Agent):
    """Rules of thumb over the public history in its view (see the module docstring)."""

    level = "counting"

    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        kind = view.decision_kind
        if kind == "play":
            return self._play(view)
        if kind == "order":
            return self._order(view)
        if kind == "draw":  # keep a few orders in hand: no order, no score
            orders = sum(1 for face in view.hand if face[0] not in KINDS)
            want = ("draw", "stack") if orders < KEEP_ORDERS else ("draw", "supply")
            return want if want in view.choices else view.choices[0]
        if kind == "help":
            return ("decline",)
        if kind == "fill":
            direct = [c for c in view.choices if c[0] == "fill" and c[2] is None]
            return direct[0] if direct else view.choices[0]
        return view.choices[0]

    def _play(self, view: SeatView) -> tuple:
        held: dict[str, int] = {}
        for face in view.hand:
            held[face[0]] = held.get(face[0], 0) + 1
        singles = [c for c in view.choices if c[0] == "play" and c[2] + c[3] == 1]
        if not singles:
            return view.choices[0]
        return max(singles, key=lambda c: (held.get(c[1], 0), c))

    def _order(self, view: SeatView) -> tuple:
        # this round's oven so far: ("play", seat, kind, singles, doubles) entries and
        # ("carried", kind, units) ones; orders are ("order", seat, order_id)
        units = 0
        for entry in view.history:
            if entry[0] == "play":
                units += entry[3] + 2 * entry[4]
            elif entry[0] != "order":
                units += entry[2]
        orders = [c for c in view.choices if c[0] == "order"]
        if orders and units >= ENOUGH:
            return orders[0]
        return ("no-order",)

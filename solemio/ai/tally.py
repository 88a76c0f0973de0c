"""``tally``: a simple perfect-tally player, the fixed yardstick of the arena.

This is the kind of computer player other digital editions ship: it keeps a
perfect tally of every announcement and follows five plain rules.  It is
deliberately *not* tuned and shares no code with the levels that are (only
the engine's own order types), so that measuring ``normal`` and ``hard``
against it stays an outside check.  It is reachable from ``solemio arena``
only; the window does not offer it.

The rules:

* **Tally.** The oven's contents are known exactly (the public history of the
  round).  Walking it oldest first, every order the tally at its place fills
  is assumed to take what it needs; what is left is what a new order finds.
* **Play an order** as soon as that tally fills it, the oven alone (the
  first such order by id; a show order when the hand holds three kinds).
* **Play ingredients:** the smallest play of one kind that makes one of its
  orders fillable (then that order follows); otherwise every card of the kind
  its orders need least (a kind none of them needs, if there is one).
* **Draw** from the own order stack when holding no order, else the supply.
* **Fill** at once when the hand covers what the columns lack; otherwise ask
  for exactly what is missing (the hand gives all it can); give up only when
  nothing else is legal.
* **Help** whenever the cards cost nothing its own orders need from the hand
  and its order stack can pay the reward.
"""

from __future__ import annotations

from solemio.ai.base import Agent, Searcher
from solemio.engine import COLOUR_KIND, KINDS, SeatView
from solemio.engine.cardset import cardset_for

_KIDX = {k: i for i, k in enumerate(KINDS)}


def _cardset(cid: str):
    return cardset_for(cid)  # the rules of the game being played (engine.cardset.in_play)


def _hand(view: SeatView) -> tuple[list[int], list[str]]:
    """Units per kind and order ids in the seat's hand."""
    hu = [0] * 5
    orders = []
    for f in view.hand:
        if len(f) == 2 and f[0] in _KIDX:
            hu[_KIDX[f[0]]] += f[1]
        elif len(f) == 2:
            orders.append(f[1])
    return hu, orders


class TallyAgent(Agent):
    """The yardstick: a perfect tally and plain rules (see the module docstring)."""

    level = "tally"

    # ------------------------------------------------------------------ arithmetic

    def _own(self, view: SeatView, seat: int) -> int:
        return _KIDX[COLOUR_KIND[view.seats[seat].colour]]

    def _scorer_kind(self, view: SeatView) -> int:
        s = view.scorer if view.scorer >= 0 else view.scorer_holder
        return self._own(view, s if s >= 0 else view.seat)

    def _missing(self, view: SeatView, oid: str, owner: int, cols: list[int], dbl: list[int],
                 hu: list[int]):
        """(units the columns plus ``hu`` lack, units it takes per kind, doubles it takes per
        kind) for the best variant, or None if the order cannot be met.  ``cols`` are units
        per kind, ``dbl`` double cards per kind."""
        spec = self.cs.order(oid)
        ot = spec.otype
        own = self._own(view, owner)
        none = [0] * 5
        if ot.special == "block":
            return max(0, spec.params["min_units"] - cols[own] - hu[own]), none, none
        if ot.special == "show":
            held = _hand(view)[0] if owner == view.seat else hu  # show never uses the columns
            return (0 if sum(1 for u in held if u) >= 3 else 99), none, none
        if ot.precheck(spec.params, own, cols) is not None:
            return None
        best = None
        for v in ot.variants(spec.params, own, cols):
            units, doubles, many = ot.need(spec.params, v, own, self._scorer_kind(view))
            if many:
                miss = max(0, many - sum(cols) - sum(hu))
                take = list(cols)
            else:
                miss = 0
                for k in range(5):
                    d_short = max(0, doubles[k] - dbl[k])  # a double must be a double card
                    u_short = max(0, units[k] - (cols[k] - 2 * (doubles[k] - d_short)))
                    miss += max(0, 2 * d_short + u_short - hu[k])
                take = [units[k] + 2 * doubles[k] for k in range(5)]
            if best is None or miss < best[0]:
                best = (miss, take, list(doubles))
        return best

    def _tally(self, view: SeatView) -> tuple[list[int], list[int]]:
        """Units and doubles per kind an order put on top now would find (every earlier
        order the tally fills took its share)."""
        cols = [0] * 5
        dbl = [0] * 5
        for h in view.history:
            if h[0] == "play":
                k = _KIDX[h[2]]
                cols[k] += h[3] + 2 * h[4]
                dbl[k] += h[4]
            elif h[0] == "order":
                got = self._missing(view, h[2], h[1], cols, dbl, [0] * 5)
                if got is not None and got[0] == 0:
                    for k in range(5):
                        cols[k] = max(0, cols[k] - got[1][k])
                        dbl[k] = min(max(0, dbl[k] - got[2][k]), cols[k] // 2)
            else:  # carried over from the last round
                k = _KIDX[h[1]]
                cols[k] += h[2]
                dbl[k] += h[2] == 2
        return cols, dbl

    def _fillable(self, view: SeatView, cols: list[int], dbl: list[int], orders: list[str]) -> str | None:
        """The first order (by id) the tally alone fills."""
        for oid in sorted(set(orders)):
            got = self._missing(view, oid, view.seat, cols, dbl, [0] * 5)
            if got is not None and got[0] == 0:
                return oid
        return None

    # ------------------------------------------------------------------ decisions

    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        self.cs = _cardset(view.cardset)
        handler = getattr(self, "_d_" + view.decision_kind.replace("-", "_"), None)
        choice = handler(view) if handler else view.choices[0]
        return choice if choice in view.choices else view.choices[0]

    def _d_play(self, view: SeatView) -> tuple:
        plays = [c for c in view.choices if c[0] == "play"]
        if not plays:
            return view.choices[0]
        hu, orders = _hand(view)
        cols, dbl = self._tally(view)
        enabling = []
        for c in plays:
            k = _KIDX[c[1]]
            c2 = list(cols)
            c2[k] += c[2] + 2 * c[3]
            d2 = list(dbl)
            d2[k] += c[3]
            if orders and self._fillable(view, c2, d2, orders):
                enabling.append((c[2] + c[3], c))
        if enabling:
            return min(enabling)[1]
        wanted = [0] * 5
        for oid in orders:
            got = self._missing(view, oid, view.seat, cols, dbl, [0] * 5)
            if got is not None:
                for k in range(5):
                    wanted[k] += got[1][k]
        kind = min({c[1] for c in plays}, key=lambda k: (wanted[_KIDX[k]], -hu[_KIDX[k]], k))
        return max((c for c in plays if c[1] == kind), key=lambda c: (c[2] + c[3], c))

    def _d_order(self, view: SeatView) -> tuple:
        _hu, orders = _hand(view)
        oid = self._fillable(view, *self._tally(view), orders)
        return ("order", oid) if oid else ("no-order",)

    def _d_draw(self, view: SeatView) -> tuple:
        _hu, orders = _hand(view)
        want = ("draw", "supply") if orders else ("draw", "stack")
        return want if want in view.choices else view.choices[0]

    def _columns(self, view: SeatView) -> list[int]:
        return [sum(f[1] for f in col) for col in view.columns]

    def _d_variant(self, view: SeatView) -> tuple:
        ctx = dict(view.context)
        spec = self.cs.order(ctx["order"])
        own = self._own(view, view.seat)
        cols = self._columns(view)
        hu, _ = _hand(view)

        def cost(ch):
            units, doubles, many = spec.otype.need(
                spec.params, tuple(_KIDX[k] for k in ch[1]), own, self._scorer_kind(view))
            need = [units[k] + 2 * doubles[k] for k in range(5)]
            short = [max(0, need[k] - cols[k]) for k in range(5)]
            return (sum(max(0, short[k] - hu[k]) for k in range(5)), sum(short), ch)

        return min(view.choices, key=cost)

    def _d_series(self, view: SeatView) -> tuple:
        cols = self._columns(view)
        hu, _ = _hand(view)

        def filled(ch):
            left = [cols[k] + hu[k] for k in range(5)]
            n = 0
            for oid, units in ch[1]:
                k = _KIDX[next(iter(self.cs.order(oid).params["needs"]))]
                if left[k] >= units:
                    left[k] -= units
                    n += 1
            return (n, len(ch[1]))

        return max(view.choices, key=lambda ch: (filled(ch), ch))

    @staticmethod
    def _units(cards) -> int:
        return sum(s + 2 * d for _k, s, d in cards)

    def _d_fill(self, view: SeatView) -> tuple:
        fills = [c for c in view.choices if c[0] == "fill"]
        direct = [c for c in fills if c[2] is None]
        if direct:
            return min(direct, key=lambda c: (self._units(c[1]), c))
        if fills:
            def asked(c):
                return sum(2 * n if what.startswith("double-") else n for what, n in c[2])

            return min(fills, key=lambda c: (asked(c), -self._units(c[1]), c))
        return view.choices[-1]

    def _d_help(self, view: SeatView) -> tuple:
        helps = [c for c in view.choices if c[0] == "help"]
        decline = ("decline",)
        if not helps or view.seats[view.seat].stack == 0:
            return decline
        hu, orders = _hand(view)
        cols, dbl = self._tally(view)
        needed = [0] * 5  # what my orders would still take from my hand
        for oid in orders:
            got = self._missing(view, oid, view.seat, cols, dbl, [0] * 5)
            if got is not None:
                for k in range(5):
                    needed[k] += max(0, got[1][k] - cols[k])
        for c in sorted(helps, key=lambda c: (self._units(c[1]), c)):
            left = list(hu)
            for kind, s, d in c[1]:
                left[_KIDX[kind]] -= s + 2 * d
            if all(left[k] >= needed[k] or left[k] >= hu[k] for k in range(5)):
                return c
        return decline

    def _d_block(self, view: SeatView) -> tuple:
        blocks = [c for c in view.choices if c[0] == "block"]
        return min(blocks, key=lambda c: (c[1] + c[2], c)) if blocks else view.choices[0]

    def _d_show_ask(self, view: SeatView) -> tuple:
        return max(view.choices, key=lambda c: (view.seats[c[1]].ingredients, -c[1]))

    def _d_show_card(self, view: SeatView) -> tuple:
        return min(view.choices)

    def _d_show_play(self, view: SeatView) -> tuple:
        return min(view.choices, key=lambda c: c[1])

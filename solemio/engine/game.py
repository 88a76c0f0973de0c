"""The game state and every rule of play: turns, round ends, the reveal.

One ``Game`` is one position.  It always knows who must decide now and what
the legal choices are (``decision()``); ``apply(choice)`` checks the choice
and advances until the next real decision, applying decisions that have only
one legal choice by itself.  All randomness comes from the game's own seeded
generator, so a game is rebuilt exactly from card set, seats, seed and its
choice log.  Cards are ints inside the engine and *faces* outside it.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, permutations, product
from typing import Any, NamedTuple

from solemio.engine.cardset import MAX_HAND, CardSet, OrderSpec
from solemio.engine.covers import any_covers, unit_covers
from solemio.engine.kinds import COLOUR_KIND, COLOURS, KIND_INDEX, KINDS
from solemio.engine.orders import ZERO5, Need
from solemio.engine.shuffle import shuffle
from solemio.engine.views import SeatView, build_view, redeal

Choice = tuple
Face = tuple

# phases
P_PLAY, P_ORDER, P_DRAW = "play", "order", "draw"
P_SERIES, P_VARIANT, P_FILL, P_HELP = "series", "variant", "fill", "help"
P_BLOCK, P_SHOW_ASK, P_SHOW_CARD, P_SHOW_PLAY = "block", "show-ask", "show-card", "show-play"
P_OVER = "over"
REVEAL_PHASES = frozenset(
    (P_SERIES, P_VARIANT, P_FILL, P_HELP, P_BLOCK, P_SHOW_ASK, P_SHOW_CARD, P_SHOW_PLAY)
)

# Single-choice decisions the engine answers itself: only those everybody can see are
# forced (hand, stack and supply sizes are public).  Others are still posed, so that
# how fast a seat answers never reveals its hand.
PUBLICLY_FORCED = frozenset((P_PLAY, P_ORDER, P_DRAW, P_VARIANT, P_SHOW_ASK))

GIVE_UP: Choice = ("give-up",)
DECLINE: Choice = ("decline",)
NO_ORDER: Choice = ("no-order",)
PASS: Choice = ("pass",)
_DRAW_SUPPLY: Choice = ("draw", "supply")
_DRAW_STACK: Choice = ("draw", "stack")
_DRAW_BOTH = (_DRAW_SUPPLY, _DRAW_STACK)
_NO_CONTEXT: dict[str, Any] = {}


class IllegalChoice(Exception):
    """A choice the rules refuse; the game is unchanged and ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Decision(NamedTuple):
    seat: int
    kind: str
    choices: tuple[Choice, ...]
    context: dict[str, Any]


_DRAW_DECISIONS = tuple(Decision(seat, P_DRAW, _DRAW_BOTH, _NO_CONTEXT) for seat in range(5))
# A decision is built ~200 times a game; the tuple constructor skips the
# NamedTuple's Python-level __new__.
_new_tuple = tuple.__new__
# Memo tables of pure functions (see ``_memo``) stop growing at this size: play-outs
# meet the same few hands again and again, but a long session must not grow forever.
_MEMO_LIMIT = 200_000


class Cards:
    """The fixed facts about every card of one game (shared by clones)."""

    def __init__(self, cs: CardSet, colours: list[str]) -> None:
        self.cs = cs
        self.kind: list[int] = []  # ingredient kind index, -1 otherwise
        self.units: list[int] = []  # 1 or 2 for ingredients, 0 otherwise
        self.order: list[OrderSpec | None] = []
        self.owner: list[int] = []  # seat owning an order card, -1 otherwise
        self.face: list[Face] = []
        singles, doubles = cs.deck_counts(len(colours))
        removed_s, removed_d = cs.singles - singles, cs.doubles - doubles
        self.removed: list[int] = []
        for k in range(5):
            for i in range(cs.singles):
                self.removed.append(len(self.kind)) if i < removed_s else None
                self._add(k, 1, None, -1, (KINDS[k], 1))
            for i in range(cs.doubles):
                self.removed.append(len(self.kind)) if i < removed_d else None
                self._add(k, 2, None, -1, (KINDS[k], 2))
        self.n_ingredients = len(self.kind)
        # counting slot of a card: singles 0-4, doubles 5-9, anything else 10
        self.scorer = len(self.kind)
        self._add(-1, 0, None, -1, ("scorer",))
        self.seat_orders: list[list[int]] = []
        for seat, colour in enumerate(colours):
            ids = []
            for oid in cs.orders_for(colour):
                ids.append(len(self.kind))
                self._add(-1, 0, cs.order(oid), seat, (colour, oid))
            self.seat_orders.append(ids)
        self.total = len(self.kind)
        self.slot = [
            (k if u == 1 else k + 5) if k >= 0 else 10
            for k, u in zip(self.kind, self.units, strict=True)
        ]
        # Hand keys, one sum per hand: an ingredient weighs 8**slot (a hand holds at most
        # 7 cards, so each slot is one octal digit of the sum); an order weighs one bit
        # of its owner's order cards.  Equal sums, equal faces.
        self.slot_weight = [8**s if s < 10 else 0 for s in self.slot]
        self.order_bit = [0] * self.total
        for ids in self.seat_orders:
            for i, cid in enumerate(ids):
                self.order_bit[cid] = 1 << i
        self.order_cid = [{self.face[c][1]: c for c in ids} for ids in self.seat_orders]
        # per seat, the order decision's choices, per hand key of the orders held
        self.order_choices: list[dict[int, tuple]] = [{} for _ in colours]
        # per order card: its static variants and their choices; its need per (variant, scorer kind)
        self.variants: dict[int, tuple[list, tuple]] = {}
        self.needs: dict[tuple[int, tuple[int, ...], int], Need] = {}

    def _add(self, kind: int, units: int, spec: OrderSpec | None, owner: int, face: Face) -> None:
        self.kind.append(kind)
        self.units.append(units)
        self.order.append(spec)
        self.owner.append(owner)
        self.face.append(face)


def _hand_counts(cards: Cards, hand: list[int]) -> list[int]:
    """(s0..s4, d0..d4) of a hand's ingredient cards."""
    c = [0] * 11  # slot 10 collects the orders and is dropped
    slot = cards.slot
    for cid in hand:
        c[slot[cid]] += 1
    del c[10]
    return c


def _counts_of(key: int) -> list[int]:
    """The slot counts of a hand key (see ``Cards.slot_weight``)."""
    return [(key >> 3 * s) & 7 for s in range(10)]


def _memo(table: dict, key: Any, make: Any, *args: Any) -> Any:
    """Store and return ``make(*args)`` as ``table[key]`` (after a miss); a full table starts over."""
    if len(table) >= _MEMO_LIMIT:
        table.clear()
    value = table[key] = make(*args)
    return value


_CARDS_CACHE: dict[tuple[int, tuple[str, ...]], Cards] = {}
# Pure functions of their keys, shared by every game: play-outs hit them constantly.
_PLAY_CACHE: dict[int, tuple] = {}
_SERIES_CACHE: dict[tuple, tuple] = {}


class Game:
    """One position of one game.  See docs/engine-api.md."""

    # ------------------------------------------------------------------ set-up

    def __init__(
        self,
        cs: CardSet,
        seats: list[str],
        seed: int,
        first: int | None = None,
        record_events: bool = True,
        _setup: bool = True,
    ) -> None:
        if not 2 <= len(seats) <= 5:
            raise ValueError("a game has 2 to 5 seats")
        for c in seats:
            if c not in COLOURS:
                raise ValueError(f"unknown colour {c!r}; use one of {', '.join(COLOURS)}")
        if len(set(seats)) != len(seats):
            raise ValueError("each seat needs its own colour")
        if first is not None and not 0 <= first < len(seats):
            raise ValueError(f"the starting seat must be between 0 and {len(seats) - 1}")
        self.cs = cs
        self.colours = list(seats)
        self.n = len(seats)
        self.own = [KIND_INDEX[COLOUR_KIND[c]] for c in seats]
        self.seed = seed
        self.first_arg = first
        key = (id(cs), tuple(self.colours))
        cards = _CARDS_CACHE.get(key)
        if cards is None or cards.cs is not cs:
            cards = _CARDS_CACHE[key] = Cards(cs, self.colours)
        self.cards = cards
        self.rng = random.Random(seed)
        self.events: list[tuple[dict, int, dict]] | None = [] if record_events else None
        self.choices_log: list[Choice] = []
        self.help_allowed = cs.help
        if _setup:
            self._setup(first)

    def _setup(self, first: int | None) -> None:
        cards = self.cards
        rng = self.rng
        removed = set(cards.removed)
        deck = [c for c in range(cards.n_ingredients) if c not in removed]
        self.box: list[int] = list(cards.removed)
        shuffle(rng, deck)
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.stacks: list[list[int]] = []
        self.stack_known: list[int] = [0] * self.n
        for seat in range(self.n):
            self.hands[seat] = [deck.pop() for _ in range(self.cs.hand_ingredients)]
        deck.append(cards.scorer)
        shuffle(rng, deck)
        self.supply: list[int] = deck
        for seat in range(self.n):
            stack = list(cards.seat_orders[seat])
            shuffle(rng, stack)
            for _ in range(min(self.cs.hand_orders, len(stack))):
                self.hands[seat].append(stack.pop())
            self.stacks.append(stack)
        self.oven: list[int] = []
        self.cols: list[list[int]] = [[] for _ in range(5)]
        self.cu = [0, 0, 0, 0, 0]  # units per column, kept in step with cols
        self.used: list[int] = []
        self.filled: list[list[int]] = [[] for _ in range(self.n)]
        self.scorer_holder = -1
        self.known: list[list[Face]] = [[] for _ in range(self.n)]
        # per seat, a bit per kind: everyone knows the seat holds no card of that
        # kind beyond its known ones (a block made it reveal them all), until it
        # draws from the supply again
        self.exhausted: list[int] = [0] * self.n
        self.history: list[tuple] = []
        self.round = 1
        self.turns = 0
        if first is None:
            first = rng.randrange(self.n)
        self.round_starter = first
        self.turn = first
        self.idle = 0
        self.phase = P_PLAY
        self.scorer_seat = -1
        self.reveal_queue: list[int] = []
        self.ri = 0
        self.ctx: dict[str, Any] = {}
        self.winners: list[int] = []
        self._decision: Decision | None = None
        if self.events is not None:
            self._emit({"type": "setup", "round": 1, "first": first, "seats": list(self.colours)})
        for seat in range(self.n):
            if self.events is not None:
                self._emit_private(
                    {"type": "deal", "seat": seat, "count": len(self.hands[seat])},
                    seat,
                    {"cards": [cards.face[c] for c in self.hands[seat]]},
                )
        self._begin_turn()
        self._advance()

    # ------------------------------------------------------------------ events

    def _emit(self, ev: dict) -> None:
        if self.events is not None:
            self.events.append((ev, -1, {}))

    def _emit_private(self, ev: dict, seat: int, private: dict) -> None:
        if self.events is not None:
            self.events.append((ev, seat, private))

    def events_for(self, seat: int | None, since: int = 0) -> list[dict]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        if self.events is None:
            return []
        out = []
        for ev, owner, private in self.events[since:]:
            if owner == seat and private:
                merged = dict(ev)
                merged.update(private)
                out.append(merged)
            else:
                out.append(dict(ev))
        return out

    def event_count(self) -> int:
        return len(self.events) if self.events is not None else 0

    # ------------------------------------------------------------------ queries

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def decision(self) -> Decision | None:
        return self._decision

    def current_seat(self) -> int:
        return self._decision.seat if self._decision else -1

    def legal_choices(self) -> tuple[Choice, ...]:
        return self._decision.choices if self._decision else ()

    def face(self, cid: int) -> Face:
        return self.cards.face[cid]

    def hand_faces(self, seat: int) -> list[Face]:
        return sorted(self.cards.face[c] for c in self.hands[seat])

    def col_units(self) -> list[int]:
        return list(self.cu)

    def scores(self) -> list[int]:
        return [len(f) for f in self.filled]

    def hand_units(self, seat: int) -> int:
        return sum(self.cards.units[c] for c in self.hands[seat])

    # ------------------------------------------------------------------ applying

    def apply(self, choice: Choice, seat: int | None = None) -> None:
        """Apply one legal choice of the deciding seat; refuse anything else unchanged."""
        d = self._decision
        if d is None:
            raise IllegalChoice("the game is over; nobody decides now")
        if seat is not None and seat != d.seat:
            raise IllegalChoice(
                f"it is not seat {seat}'s decision; seat {d.seat} decides ({d.kind})"
            )
        if choice not in d.choices:
            if not isinstance(choice, tuple):
                raise IllegalChoice(f"a choice is a tuple, not {type(choice).__name__}")
            raise IllegalChoice(self._why_illegal(d, choice))
        self.choices_log.append(choice)
        _HANDLERS[choice[0]](self, choice)
        self._advance()

    def _why_illegal(self, d: Decision, choice: Choice) -> str:
        names = sorted({c[0] for c in d.choices})
        if not choice or choice[0] not in names:
            return f"now seat {d.seat} must decide '{d.kind}'; expected one of: {', '.join(names)}"
        if choice[0] == "play":
            return "you do not hold those ingredient cards, or they are not all of one kind"
        if choice[0] == "order":
            return "you do not hold that order"
        if choice[0] == "draw":
            return "you may not draw from an empty pile while the other has cards"
        if choice[0] == "help":
            return "those cards do not cover the request exactly (no superfluous card) or you lack them"
        if choice[0] == "fill":
            return "that is not a way to fill this order with the cards you hold"
        return f"that {choice[0]} is not one of the legal choices now"

    def _advance(self) -> None:
        """Pose the next decision; apply it directly while it is publicly forced."""
        while True:
            ph = self.phase
            if ph == P_PLAY:
                key = sum(map(self.cards.slot_weight.__getitem__, self.hands[self.turn]))
                choices = _PLAY_CACHE.get(key)
                if choices is None:
                    choices = _memo(_PLAY_CACHE, key, _plays_for, key)
                if len(choices) == 1:
                    _HANDLERS[choices[0][0]](self, choices[0])
                    continue
                self._decision = _new_tuple(Decision, (self.turn, ph, choices, _NO_CONTEXT))
                return
            if ph == P_ORDER:
                cards = self.cards
                hand = self.hands[self.turn]
                key = sum(map(cards.order_bit.__getitem__, hand))  # a hand holds only its own orders
                table = cards.order_choices[self.turn]
                choices = table.get(key)
                if choices is None:
                    ids = sorted(cards.face[c][1] for c in hand if cards.order_bit[c])
                    choices = table[key] = (NO_ORDER, *[("order", o) for o in ids])
                self._decision = _new_tuple(Decision, (self.turn, ph, choices, _NO_CONTEXT))
                return
            if ph == P_OVER:
                self._decision = None
                return
            d = self.ctx["d"]
            if len(d.choices) == 1 and d.kind in PUBLICLY_FORCED:
                ch = d.choices[0]
                _HANDLERS[ch[0]](self, ch)
                continue
            self._decision = d
            return

    @staticmethod
    def _enumerate_plays(counts: list[int]) -> tuple[Choice, ...]:
        out = []
        for k in range(5):
            s, d = counts[k], counts[k + 5]
            if s == 0 and d == 0:
                continue
            name = KINDS[k]
            for a in range(s + 1):
                for b in range(d + 1):
                    if a or b:
                        out.append(("play", name, a, b))
        return tuple(out) if out else (PASS,)

    def check_play(self, faces: list[Face]) -> tuple[Choice | None, str | None]:
        """Turn selected ingredient faces into a play choice, or say why not."""
        if not faces:
            return None, "select at least one ingredient card"
        kinds = {f[0] for f in faces}
        if "scorer" in kinds or any(f[0] in COLOURS for f in faces):
            return None, "only ingredient cards are played this way"
        if len(kinds) > 1:
            return None, "all the ingredients you play in one turn must be of one kind"
        kind = faces[0][0]
        choice = ("play", kind, sum(1 for f in faces if f[1] == 1), sum(1 for f in faces if f[1] == 2))
        d = self._decision
        if d is None or d.kind != P_PLAY or choice not in d.choices:
            return None, "you do not hold those cards, or it is not your turn to play"
        return choice, None

    def _do(self, ch: Choice) -> None:
        tag = ch[0]
        handler = _HANDLERS[tag]
        handler(self, ch)

    # ------------------------------------------------------------------ a turn

    def _begin_turn(self) -> None:
        self.phase = P_PLAY
        self.turns += 1
        self.played_this_turn = False
        if self.events is not None:
            self._emit({"type": "turn", "seat": self.turn, "round": self.round})

    def _take_from_hand(self, seat: int, face: Face) -> int:
        hand = self.hands[seat]
        fc = self.cards.face
        for i, cid in enumerate(hand):
            if fc[cid] == face:
                hand[i] = hand[-1]
                hand.pop()
                known = self.known[seat]
                if known and face in known:
                    known.remove(face)
                return cid
        raise AssertionError(f"{face} not in hand of seat {seat}")

    def _forget_known(self, seat: int, face: Face) -> None:
        known = self.known[seat]
        if known and face in known:
            known.remove(face)

    def _h_pass(self, ch: Choice) -> None:
        if self.events is not None:
            self._emit({"type": "pass", "seat": self.turn})
        self._to_draw()

    def _h_play(self, ch: Choice) -> None:
        _, kind, s, d = ch
        seat = self.turn
        hand = self.hands[seat]
        k = KIND_INDEX[kind]
        ckind, cunits = self.cards.kind, self.cards.units
        want = [0, s, d]
        keep = []
        oven = self.oven
        for cid in hand:
            if ckind[cid] == k and want[u := cunits[cid]]:
                want[u] -= 1
                oven.append(cid)
            else:
                keep.append(cid)
        self.hands[seat] = keep
        if self.known[seat]:
            for _ in range(s):
                self._forget_known(seat, (kind, 1))
            for _ in range(d):
                self._forget_known(seat, (kind, 2))
        self.played_this_turn = True
        self.history.append(("play", seat, kind, s, d))
        if self.events is not None:
            self._emit(
                {"type": "play", "seat": seat, "kind": kind, "singles": s, "doubles": d,
                 "units": s + 2 * d}
            )
        self.phase = P_ORDER
        if not keep or max(keep) < self.cards.scorer:  # no order in hand (order ids follow the scorer's)
            self._to_draw()

    def _h_order(self, ch: Choice) -> None:
        seat = self.turn
        cid = self.cards.order_cid[seat][ch[1]]
        hand = self.hands[seat]
        i = hand.index(cid)
        hand[i] = hand[-1]
        hand.pop()
        face = self.cards.face[cid]
        self._forget_known(seat, face)
        self.oven.append(cid)
        self.history.append(("order", seat, ch[1]))
        if self.events is not None:
            self._emit({"type": "order", "seat": seat, "order": list(face)})
        self._to_draw()

    def _h_no_order(self, ch: Choice) -> None:
        self._to_draw()

    def _to_draw(self) -> None:
        seat = self.turn
        if len(self.hands[seat]) >= MAX_HAND:
            self._end_turn(drew=False)
            return
        if self.supply:
            if self.stacks[seat]:
                self.phase = P_DRAW
                self.ctx = {"d": _DRAW_DECISIONS[seat]}
                return
            self._h_draw(_DRAW_SUPPLY)  # publicly forced
        elif self.stacks[seat]:
            self._h_draw(_DRAW_STACK)
        else:
            self._end_turn(drew=False)

    def _h_draw(self, ch: Choice) -> None:
        seat = self.turn
        hand = self.hands[seat]
        got: list[int] = []
        round_over = False
        if ch[1] == "supply":
            supply = self.supply
            scorer = self.cards.scorer
            while len(hand) < MAX_HAND and supply:
                cid = supply.pop()
                if cid == scorer:
                    self.scorer_holder = seat
                    if self.events is not None:
                        self._emit({"type": "scorer-drawn", "seat": seat})
                else:
                    hand.append(cid)
                    got.append(cid)
            if got:
                self.exhausted[seat] = 0
            round_over = not supply
        else:
            stack = self.stacks[seat]
            while len(hand) < MAX_HAND and stack:
                cid = stack.pop()
                hand.append(cid)
                got.append(cid)
            if self.stack_known[seat] > len(stack):
                self.stack_known[seat] = len(stack)
        if self.events is not None:
            self._emit_private(
                {"type": "draw", "seat": seat, "source": ch[1], "count": len(got)},
                seat,
                {"cards": [self.cards.face[c] for c in got]},
            )
        if round_over:
            self._end_round("supply-empty")
            return
        self._end_turn(drew=True)

    def _end_turn(self, drew: bool) -> None:
        if drew or self.played_this_turn:
            self.idle = 0
        else:
            self.idle += 1
            if self.idle >= self.n:
                self._end_round("stall")
                return
        self.turn = (self.turn + 1) % self.n
        self._begin_turn()

    # ------------------------------------------------------------------ scoring

    def _end_round(self, reason: str) -> None:
        scorer = self.scorer_holder if self.scorer_holder >= 0 else self.round_starter
        self.scorer_seat = scorer
        if self.events is not None:
            self._emit({"type": "round-end", "round": self.round, "reason": reason, "scorer": scorer})
        self.reveal_queue = self.oven
        self.oven = []
        self.ri = 0
        self._next_reveal()

    def _next_reveal(self) -> None:
        """Reveal cards until an order needs a decision or the oven is empty."""
        cards = self.cards
        queue = self.reveal_queue
        while self.ri < len(queue):
            cid = queue[self.ri]
            self.ri += 1
            k = cards.kind[cid]
            if k >= 0:
                self.cols[k].append(cid)
                self.cu[k] += cards.units[cid]
                if self.events is not None:
                    self._emit({"type": "reveal", "card": list(cards.face[cid]), "index": self.ri - 1})
                continue
            owner = cards.owner[cid]
            if self.events is not None:
                self._emit(
                    {"type": "reveal", "card": list(cards.face[cid]), "index": self.ri - 1,
                     "owner": owner}
                )
            if self._start_order(cid):
                return
        self._finish_scoring()

    def _start_order(self, cid: int) -> bool:
        """Begin resolving a revealed order; True when a decision is now posed."""
        spec = self.cards.order[cid]
        owner = self.cards.owner[cid]
        own = self.own[owner]
        self.ctx = {"owner": owner, "helper": -1, "rewarded": False, "series": [], "card": cid}
        col_units = self.cu  # read-only here
        if spec.prechecked:
            reason = spec.otype.precheck(spec.params, own, col_units)
            if reason:
                self._fail(cid, reason)
                return False
        special = spec.otype.special
        if special == "block":
            return self._start_block(cid)
        if special == "show":
            return self._start_show(cid)
        if spec.series:
            mates = sorted(
                {self.cards.face[c][1] for c in self.hands[owner]
                 if (s := self.cards.order[c]) is not None and s.series}
            )
            units = next(iter(spec.params["needs"].values()))
            # Posed whether or not the owner holds partners (then the only choice is the
            # order alone): a question asked only of holders would tell every seat so.
            rev = spec.id
            key = (rev, tuple(mates), units)
            choices = _SERIES_CACHE.get(key)
            if choices is None:
                choices = _memo(_SERIES_CACHE, key, _series_choices, rev, mates, units)
            self._pose_at(owner, P_SERIES, choices, {"order": rev, "candidates": mates})
            return True
        otype = spec.otype
        if otype.static_variants:
            cached = self.cards.variants.get(cid)
            if cached is None:
                vs = otype.variants(spec.params, own, col_units)
                cached = self.cards.variants[cid] = (
                    vs, tuple(("variant", tuple(KINDS[k] for k in v)) for v in vs)
                )
            variants, choices = cached
        else:
            variants = otype.variants(spec.params, own, col_units)
            choices = tuple(("variant", tuple(KINDS[k] for k in v)) for v in variants)
        if not variants:
            self._fail(cid, "no-kind")
            return False
        if len(variants) > 1:
            # "If the columns alone can fill it, it is filled": the owner then chooses only
            # among the ways the columns fill it.
            by_columns = [
                i for i, v in enumerate(variants) if self._columns_fill(self._need(cid, v))
            ]
            if by_columns and len(by_columns) < len(variants):
                variants = [variants[i] for i in by_columns]
                choices = tuple(choices[i] for i in by_columns)
        if len(variants) > 1:
            self._pose_at(owner, P_VARIANT, choices, {"order": spec.id})
            return True
        return self._start_fill(cid, self._need(cid, variants[0]))

    def _columns_fill(self, need: Need) -> bool:
        """Whether the columns alone meet ``need`` (a double card needs a double card)."""
        units, dbl, many = need
        cu = self.cu
        if many and sum(cu) < many:
            return False
        cols = self.cols
        for k in range(5):
            if units[k] > cu[k] or (dbl[k] and dbl[k] > cu[k] - len(cols[k])):
                return False
        return True

    def _need(self, cid: int, variant: tuple[int, ...]) -> Need:
        """What order ``cid`` needs in ``variant`` (memoised per card: a pure function)."""
        scorer = self.own[self.scorer_seat]
        key = (cid, variant, scorer)
        need = self.cards.needs.get(key)
        if need is None:
            cards = self.cards
            spec = cards.order[cid]
            own = self.own[cards.owner[cid]]
            need = _memo(cards.needs, key, spec.otype.need, spec.params, variant, own, scorer)
        return need

    def _pose_at(self, seat: int, phase: str, choices: list[Choice], info: dict) -> None:
        self.phase = phase
        self.ctx["seat"] = seat
        self.ctx["d"] = _new_tuple(Decision, (seat, phase, tuple(choices), info))

    # -- series

    def _h_series(self, ch: Choice) -> None:
        owner = self.ctx["owner"]
        rev = self.ctx["card"]
        members = []
        for oid, units in ch[1]:
            if oid == self.cards.order[rev].id:
                members.append((rev, units))
            else:
                members.append((self._take_from_hand(owner, (self.colours[owner], oid)), units))
        members.sort(key=lambda m: -m[1])
        self.ctx["series"] = members
        if self.events is not None:
            self._emit({"type": "series", "seat": owner, "orders": [list(x) for x in ch[1]]})
        if not self._next_series_member():
            self._next_reveal()

    def _next_series_member(self) -> bool:
        """Resolve the series' members in turn; True when a decision is posed."""
        while self.ctx["series"]:
            cid, units = self.ctx["series"].pop(0)
            kind = KIND_INDEX[next(iter(self.cards.order[cid].params["needs"]))]
            u = [0, 0, 0, 0, 0]
            u[kind] = units
            self.ctx["card"] = cid
            if self._start_fill(cid, (tuple(u), ZERO5, 0)):
                return True
        return False

    def _after_order(self) -> None:
        """Continue after an order was filled or failed: the series, then the oven."""
        if self.ctx.get("series") and self._next_series_member():
            return
        self._next_reveal()

    # -- variants and filling

    def _h_variant(self, ch: Choice) -> None:
        cid = self.ctx["card"]
        owner = self.ctx["owner"]
        spec = self.cards.order[cid]
        variant = tuple(KIND_INDEX[k] for k in ch[1])
        if self.events is not None:
            self._emit({"type": "variant", "seat": owner, "order": spec.id, "kinds": list(ch[1])})
        if not self._start_fill(cid, self._need(cid, variant)):
            self._after_order()

    def _column_take(self, need: Need, spec: OrderSpec) -> tuple[list[int], Need]:
        """Cards the columns give (doubles first) and what is still missing."""
        cols = self.cols
        units_of = self.cards.units
        take: list[int] = []
        if spec.otype.takes_all_columns:
            total = 0
            for col in cols:
                take.extend(col)
                total += sum(units_of[c] for c in col)
            return take, (ZERO5, ZERO5, max(0, need[2] - total))
        miss_u = [0, 0, 0, 0, 0]
        miss_d = [0, 0, 0, 0, 0]
        units, dbl, _ = need
        cu = self.cu
        for k in range(5):
            u = units[k]
            dn = dbl[k]
            if not u and not dn:
                continue
            col = cols[k]
            n = len(col)
            nd = cu[k] - n  # the column's doubles: its units minus its cards
            if dn:
                if nd == n:
                    got = col[:dn]
                else:
                    got = [c for c in col if units_of[c] == 2][:dn] if nd else []
                take.extend(got)
                miss_d[k] = dn - len(got)
                continue
            use = min(nd, (u + 1) // 2)  # doubles first
            if use:
                take.extend(col[:use] if nd == n else [c for c in col if units_of[c] == 2][:use])
            rem = u - 2 * use
            if rem > 0:
                ns = n - nd
                if ns:
                    take.extend(col[:rem] if not nd else [c for c in col if units_of[c] == 1][:rem])
                    rem -= min(ns, rem)
                miss_u[k] = rem
        return take, (tuple(miss_u), tuple(miss_d), 0)

    def _start_fill(self, cid: int, need: Need) -> bool:
        spec = self.cards.order[cid]
        owner = self.cards.owner[cid]
        take, missing = self._column_take(need, spec)
        self.ctx["card"] = cid
        self.ctx["take"] = take
        self.ctx["need"] = need
        if missing == _NOTHING_MISSING:
            self._filled(cid, take, [], [], -1)
            return False
        help_ok = self.help_allowed and spec.help
        choices = _fill_decision(_hand_counts(self.cards, self.hands[owner]), missing, help_ok)
        self._pose_at(
            owner, P_FILL, choices,
            {"order": spec.id, "missing": _request_items(missing),
             "from_columns": tuple(map(self.cards.face.__getitem__, take))},
        )
        return True

    def _fill_choices(self, seat: int, missing: Need, help_ok: bool) -> list[Choice]:
        """The ways ``seat`` may fill ``missing`` (for the property tests)."""
        decision = _fill_decision(_hand_counts(self.cards, self.hands[seat]), missing, help_ok)
        return [c for c in decision if c != GIVE_UP]

    def _h_fill(self, ch: Choice) -> None:
        _, hand, request = ch
        owner = self.ctx["owner"]
        cid = self.ctx["card"]
        if request is None:
            offered = self._take_cards(owner, hand)
            self._filled(cid, self.ctx["take"], offered, [], -1)
            self._after_order()
            return
        self.ctx["offered"] = hand
        self.ctx["request"] = request
        # the owner names the cards they will add: from now on everybody knows them
        known = self.known[owner]
        for kind, s, d in hand:
            for face, count in (((kind, 1), s), ((kind, 2), d)):
                extra = count - known.count(face)
                if extra > 0:
                    known.extend([face] * extra)
        if self.ctx["helper"] >= 0:
            ask = [self.ctx["helper"]]
        else:
            ask = [(owner + i) % self.n for i in range(1, self.n)]
        self.ctx["ask"] = ask
        if self.events is not None:
            self._emit(
                {"type": "help-asked", "seat": owner, "request": [list(x) for x in request],
                 "offered": [list(x) for x in hand]}
            )
        self._ask_next_helper()

    def _ask_next_helper(self) -> None:
        ask = self.ctx["ask"]
        owner = self.ctx["owner"]
        while ask:
            helper = ask.pop(0)
            request = self.ctx["request"]
            self._pose_at(
                helper, P_HELP, _help_choices(_hand_counts(self.cards, self.hands[helper]), request),
                {"asker": owner, "order": self.cards.order[self.ctx["card"]].id, "request": request},
            )
            return
        # nobody helped: the order fails and the offered cards stay in hand (and known)
        self._fail(self.ctx["card"], "no-help")
        self._after_order()

    def _h_decline(self, ch: Choice) -> None:
        if self.events is not None:
            self._emit({"type": "help-declined", "seat": self.ctx["owner"], "helper": self.ctx["seat"]})
        self._ask_next_helper()

    def _h_help(self, ch: Choice) -> None:
        helper = self.ctx["seat"]
        owner = self.ctx["owner"]
        given = self._take_cards(helper, ch[1])
        offered = self._take_cards(owner, self.ctx["offered"])
        if self.events is not None:
            self._emit(
                {"type": "help-given", "seat": owner, "helper": helper,
                 "cards": [list(self.cards.face[c]) for c in given]}
            )
        self.ctx["helper"] = helper
        self._filled(self.ctx["card"], self.ctx["take"], offered, given, helper)
        self._after_order()

    def _take_cards(self, seat: int, spec: tuple) -> list[int]:
        out = []
        for kind, s, d in spec:
            for _ in range(s):
                out.append(self._take_from_hand(seat, (kind, 1)))
            for _ in range(d):
                out.append(self._take_from_hand(seat, (kind, 2)))
        return out

    def _filled(
        self, cid: int, take: list[int], offered: list[int], given: list[int], helper: int
    ) -> None:
        owner = self.cards.owner[cid]
        kind, units = self.cards.kind, self.cards.units
        for c in take:
            self.cols[kind[c]].remove(c)
            self.cu[kind[c]] -= units[c]
        used = take + offered + given
        self.used.extend(used)
        self.filled[owner].append(cid)
        face = self.cards.face
        if self.events is not None:
            self._emit(
                {"type": "filled", "seat": owner, "order": list(face[cid]),
                 "used": [list(face[c]) for c in used],
                 "offered": [list(face[c]) for c in offered],
                 "given": [list(face[c]) for c in given]}
            )
        if helper >= 0 and not self.ctx["rewarded"]:
            self.ctx["rewarded"] = True
            stack = self.stacks[helper]
            reward = stack.pop() if stack else None
            if reward is not None:
                self.filled[helper].append(reward)
                if self.stack_known[helper] > len(stack):
                    self.stack_known[helper] = len(stack)
            if self.events is not None:
                self._emit(
                    {"type": "reward", "seat": helper,
                     "order": list(face[reward]) if reward is not None else None}
                )
        spec = self.cards.order[cid]
        if spec.otype.takes_scorer and self.scorer_seat != owner:
            self.scorer_seat = owner
            # the owner takes the scorer card itself (from the supply after a stall)
            if self.scorer_holder < 0 and self.cards.scorer in self.supply:
                self.supply.remove(self.cards.scorer)
            self.scorer_holder = owner
            if self.events is not None:
                self._emit({"type": "scorer-moved", "seat": owner})

    def _fail(self, cid: int, reason: str) -> None:
        owner = self.cards.owner[cid]
        if self.cs.unfilled == "out-of-game":
            self.box.append(cid)
        else:
            self.stacks[owner].insert(0, cid)
            self.stack_known[owner] += 1
        if self.events is not None:
            self._emit(
                {"type": "failed", "seat": owner, "order": list(self.cards.face[cid]), "reason": reason}
            )

    def _h_give_up(self, ch: Choice) -> None:
        cid = self.ctx["card"]
        self._fail(cid, "given-up")
        self._after_order()

    # -- block

    def _start_block(self, cid: int) -> bool:
        spec = self.cards.order[cid]
        owner = self.cards.owner[cid]
        k = self.own[owner]
        counts = _hand_counts(self.cards, self.hands[owner])
        col = self.cu[k]
        low = spec.params["min_units"]
        choices: list[Choice] = []
        for a in range(counts[k] + 1):
            for b in range(counts[k + 5] + 1):
                if col + a + 2 * b >= low:
                    choices.append(("block", a, b))
        if col < low:
            # Only an order the column cannot carry yet may be given up; with enough of the
            # owner's kind lying there it goes to the opponents' reveal.
            choices.append(GIVE_UP)
        self._pose_at(owner, P_BLOCK, choices, {"order": spec.id, "column": col, "min": low})
        return True

    def _h_block(self, ch: Choice) -> None:
        _, a, b = ch
        cid = self.ctx["card"]
        owner = self.ctx["owner"]
        k = self.own[owner]
        kind = KINDS[k]
        added = self._take_cards(owner, ((kind, a, b),))
        self.cols[k].extend(added)
        self.cu[k] += a + 2 * b
        needed = self.cu[k]
        revealed: dict[int, list[Face]] = {}
        total = 0
        for i in range(1, self.n):
            opp = (owner + i) % self.n
            faces = [self.cards.face[c] for c in self.hands[opp] if self.cards.kind[c] == k]
            revealed[opp] = faces
            total += sum(f[1] for f in faces)
            self.known[opp] = [f for f in self.known[opp] if f[0] != kind] + faces
            self.exhausted[opp] |= 1 << k
        blocked = total >= needed
        if self.events is not None:
            self._emit(
                {"type": "block", "seat": owner, "added": [kind, a, b], "needed": needed,
                 "revealed": {str(s): [list(f) for f in v] for s, v in revealed.items()},
                 "blocked": blocked}
            )
        if blocked:
            self._fail(cid, "blocked")
        else:
            take = list(self.cols[k])
            self._filled(cid, take, [], [], -1)
        self._next_reveal()

    # -- show

    def _start_show(self, cid: int) -> bool:
        owner = self.cards.owner[cid]
        kind = self.cards.kind
        targets = [
            (owner + i) % self.n for i in range(1, self.n)
            if any(kind[c] >= 0 for c in self.hands[(owner + i) % self.n])
        ]
        if not targets:
            self._fail(cid, "nobody-to-ask")
            return False
        self._pose_at(
            owner, P_SHOW_ASK, [("ask", t) for t in targets],
            {"order": self.cards.order[cid].id},
        )
        return True

    def _h_ask(self, ch: Choice) -> None:
        target = ch[1]
        self.ctx["asked"] = target
        faces = sorted({self.cards.face[c] for c in self.hands[target] if self.cards.kind[c] >= 0})
        self._pose_at(
            target, P_SHOW_CARD, [("show", f[0], f[1]) for f in faces],
            {"asker": self.ctx["owner"], "order": self.cards.order[self.ctx["card"]].id},
        )

    def _h_show(self, ch: Choice) -> None:
        _, kind, units = ch
        owner = self.ctx["owner"]
        target = self.ctx["asked"]
        cid = self.ctx["card"]
        if (kind, units) not in self.known[target]:
            self.known[target].append((kind, units))
        if self.events is not None:
            self._emit({"type": "show", "seat": owner, "asked": target, "shown": [kind, units]})
        options = sorted(
            {self.cards.face[c][1] for c in self.hands[owner]
             if self.cards.kind[c] == KIND_INDEX[kind]}
        )
        if not options:
            self._fail(cid, "kind-not-held")
            self._next_reveal()
            return
        self.ctx["shown_kind"] = kind
        self.ctx["shown_units"] = units
        self._pose_at(owner, P_SHOW_PLAY, [("show-play", u) for u in options], {"kind": kind})

    def _h_show_play(self, ch: Choice) -> None:
        owner = self.ctx["owner"]
        card = self._take_from_hand(owner, (self.ctx["shown_kind"], ch[1]))
        self._filled(self.ctx["card"], [], [card], [], -1)
        self._next_reveal()

    # -- end of the scoring

    def _finish_scoring(self) -> None:
        self.reveal_queue = []
        self.ri = 0
        leftover = [c for col in self.cols for c in col]
        self.cols = [[] for _ in range(5)]
        self.cu = [0, 0, 0, 0, 0]
        self.oven = leftover
        scorer = self.scorer_seat
        if self.round >= self.cs.rounds:
            self._game_over()
            return
        supply = self.supply + self.used
        if self.cards.scorer not in supply:
            supply.append(self.cards.scorer)
        self.used = []
        shuffle(self.rng, supply)
        self.supply = supply
        self.scorer_holder = -1
        self.round += 1
        self.round_starter = scorer
        self.turn = scorer
        self.idle = 0
        face = self.cards.face
        self.history = [("carried", face[c][0], face[c][1]) for c in leftover]
        if self.events is not None:
            self._emit(
                {"type": "new-round", "round": self.round, "first": scorer,
                 "oven": [list(face[c]) for c in leftover]}
            )
        self._begin_turn()

    def _game_over(self) -> None:
        self.phase = P_OVER
        scores = self.scores()
        best = max(scores)
        leaders = [s for s in range(self.n) if scores[s] == best]
        tie_break = None
        if len(leaders) > 1:
            units = {s: self.hand_units(s) for s in leaders}
            top = max(units.values())
            winners = [s for s in leaders if units[s] == top]
            tie_break = "shared" if len(winners) > 1 else "hand-units"
        else:
            winners = leaders
        self.winners = winners
        self.tie_break = tie_break
        if self.events is not None:
            self._emit(
                {"type": "game-over", "filled": scores, "winners": winners, "tie_break": tie_break,
                 "hand_units": [self.hand_units(s) for s in range(self.n)]}
            )

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know (None: a spectator)."""
        return build_view(self, seat)

    def public_view(self) -> SeatView:
        return build_view(self, None)

    def redeal(self, seat: int, rng: random.Random) -> Game:
        """A copy with everything ``seat`` cannot see dealt again, consistent with its view."""
        h = redeal(self, seat, rng)
        if h._decision is not None and h._decision.seat != seat:
            h.refresh_decision()
        return h

    def refresh_decision(self) -> None:
        """Recompute the pending decision after hidden cards were dealt again."""
        ph = self.phase
        c = self.ctx
        if ph == P_HELP:
            c["ask"].insert(0, c["seat"])
            self._ask_next_helper()
        elif ph == P_SHOW_CARD:
            self._h_ask(("ask", c["asked"]))
        elif ph == P_FILL:
            if not self._start_fill(c["card"], c["need"]):
                self._after_order()
        elif ph == P_BLOCK:
            if not self._start_block(c["card"]):
                self._next_reveal()
        elif ph == P_SERIES:
            if not self._start_order(c["card"]):
                self._next_reveal()
        elif ph == P_SHOW_PLAY:
            self._h_show(("show", c["shown_kind"], c["shown_units"]))
        self._advance()

    def locations(self) -> dict[str, list[int]]:
        """Every zone and its cards, for the conservation checks of the tests."""
        zones: dict[str, list[int]] = {
            "supply": self.supply, "oven": self.oven, "used": self.used, "box": self.box,
            "revealing": self.reveal_queue[self.ri:],
        }
        for s in range(self.n):
            zones[f"hand{s}"] = self.hands[s]
            zones[f"stack{s}"] = self.stacks[s]
            zones[f"filled{s}"] = self.filled[s]
        for k in range(5):
            zones[f"col{k}"] = self.cols[k]
        if self.scorer_holder >= 0:
            zones["scorer"] = [self.cards.scorer]
        if self.phase in REVEAL_PHASES:
            zones["resolving"] = [self.ctx["card"]] + [c for c, _ in self.ctx.get("series", [])]
        return zones

    # ------------------------------------------------------------------ copies

    def clone(self, record_events: bool = False) -> Game:
        """An independent copy; events are not copied unless asked for."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.hands = [list(h) for h in self.hands]
        g.stacks = [list(s) for s in self.stacks]
        g.stack_known = list(self.stack_known)
        g.supply = list(self.supply)
        g.oven = list(self.oven)
        g.cols = [list(c) for c in self.cols]
        g.cu = list(self.cu)
        g.used = list(self.used)
        g.filled = [list(f) for f in self.filled]
        g.box = list(self.box)
        g.known = [list(k) for k in self.known]
        g.exhausted = list(self.exhausted)
        g.history = list(self.history)
        g.reveal_queue = list(self.reveal_queue)
        g.winners = list(self.winners)
        g.ctx = _copy_ctx(self.ctx)
        g.choices_log = list(self.choices_log)
        if record_events and self.events is not None:
            g.events = list(self.events)
        else:
            g.events = None
        return g


def _copy_ctx(ctx: dict[str, Any]) -> dict[str, Any]:
    out = dict(ctx)
    for key in ("series", "take", "ask"):
        if key in out:
            out[key] = list(out[key])
    return out


def _fill_decision(counts: list[int], missing: Need, help_ok: bool) -> tuple[Choice, ...]:
    """Every way to fill ``missing`` from a hand with these counts (and a request for the
    rest), then giving up."""
    mu, md, many = missing
    comps: list[tuple] = []  # per component: its (options, choices if it is the only one)
    for k in range(5):
        m = mu[k]
        if m:
            comp = _unit_fill(k, m, help_ok, counts[k], counts[k + 5])
            if not comp[0]:
                return _GIVE_UP_ONLY
            comps.append(comp)
        m = md[k]
        if m:
            comp = _double_fill(k, m, help_ok, counts[k + 5])
            if not comp[0]:
                return _GIVE_UP_ONLY
            comps.append(comp)
    if many:
        choices = _any_fill(many, help_ok, tuple(counts))[1]
        if not comps:  # an order of any kinds needs nothing else (AnyUnits)
            return choices
        comps.append(([(c[1], c[2] or ()) for c in choices if c is not GIVE_UP], ()))
    if len(comps) == 1:
        return comps[0][1]
    out = []
    for combo in product(*[c[0] for c in comps]):
        hand: tuple = ()
        req: tuple = ()
        for hp, rp in combo:
            hand += hp
            req += rp
        out.append(("fill", hand, req or None))
    out.append(GIVE_UP)
    return tuple(out)


_GIVE_UP_ONLY = (GIVE_UP,)


def _fill_component(opts: list[tuple[tuple, tuple]]) -> tuple[tuple, tuple]:
    """A component's (hand part, request part) options, and the decision when it is alone."""
    return tuple(opts), (*[("fill", hp, rp or None) for hp, rp in opts], GIVE_UP)


# The components of a fill are pure functions of a few small ints: memoised.
@cache
def _unit_fill(k: int, m: int, help_ok: bool, singles: int, doubles: int) -> tuple[tuple, tuple]:
    """Hand cards (no superfluous one) for part of ``m`` units of kind ``k``, the rest asked
    for: never more than the hand leaves missing (a double offered covers 2)."""
    opts: list[tuple[tuple, tuple]] = []
    for h in range(m + 1):
        for a, b in unit_covers(h, singles, doubles):
            r = max(0, m - a - 2 * b)
            if r and not help_ok:
                continue
            opt = (((KINDS[k], a, b),) if h else (), ((KINDS[k], r),) if r else ())
            if opt not in opts:
                opts.append(opt)
    return _fill_component(opts)


@cache
def _double_fill(k: int, m: int, help_ok: bool, doubles: int) -> tuple[tuple, tuple]:
    opts = []
    for h in range(m + 1):
        r = m - h
        if (r and not help_ok) or h > doubles:
            continue
        opts.append((((KINDS[k], 0, h),) if h else (), (("double-" + KINDS[k], r),) if r else ()))
    return _fill_component(opts)


@lru_cache(maxsize=1 << 14)
def _any_fill(m: int, help_ok: bool, counts: tuple[int, ...]) -> tuple[tuple, Sequence]:
    """Hand cards for part of ``m`` units of any kinds; the rest asked for as a specific
    combination of kinds (a request names cards, never "N of any kinds")."""
    parts: list[tuple[tuple, int]] = []
    seen: set[tuple] = set()
    for h in range(m + 1):
        for pick in any_covers(h, counts):
            r = max(0, m - sum(pick[:5]) - 2 * sum(pick[5:]))
            if r and not help_ok:
                continue
            part = tuple((KINDS[k], pick[k], pick[k + 5]) for k in range(5) if pick[k] or pick[k + 5])
            if (part, r) not in seen:
                seen.add((part, r))
                parts.append((part, r))
    return (), AnyFillChoices(tuple(parts))


class AnyFillChoices(Sequence):
    """The fill decision of an order of any kinds, without building its choices.

    Each hand part leaves ``r`` units to ask for, and every split of ``r`` among the kinds
    is a request of its own: thousands of choices, of which a game looks at one or two.
    So they are counted, indexed and tested for membership arithmetically; the order is
    that of listing every request of each hand part in turn, then giving up.
    """

    __slots__ = ("parts", "known", "ends")

    def __init__(self, parts: tuple[tuple[tuple, int], ...]) -> None:
        self.parts = parts
        self.known = frozenset(parts)
        ends = []
        total = 0
        for _part, r in parts:
            total += len(_kind_requests(r))
            ends.append(total)
        self.ends = ends

    def __len__(self) -> int:
        return (self.ends[-1] if self.ends else 0) + 1

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if i == n - 1:
            return GIVE_UP
        p = bisect_right(self.ends, i)
        part, r = self.parts[p]
        req = _kind_requests(r)[i - (self.ends[p - 1] if p else 0)]
        return ("fill", part, req or None)

    def __iter__(self):
        for part, r in self.parts:
            for req in _kind_requests(r):
                yield ("fill", part, req or None)
        yield GIVE_UP

    def __contains__(self, choice: object) -> bool:
        if choice == GIVE_UP:
            return True
        if not isinstance(choice, tuple) or len(choice) != 3 or choice[0] != "fill":
            return False
        req = choice[2]
        if req is None:
            r = 0
        else:
            if not isinstance(req, tuple) or not req:
                return False
            r = 0
            last = -1
            for item in req:
                if not isinstance(item, tuple) or len(item) != 2:
                    return False
                kind, n = item
                k = KIND_INDEX.get(kind, -1) if isinstance(kind, str) else -1
                if k <= last or not isinstance(n, int) or n < 1:
                    return False
                last = k
                r += n
        try:
            return (choice[1], r) in self.known
        except TypeError:  # unhashable parts: not a choice of ours
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AnyFillChoices):
            return self.parts == other.parts
        return isinstance(other, tuple) and tuple(self) == other

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"AnyFillChoices({len(self)} choices)"


@cache
def _kind_requests(r: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every request of ``r`` units named kind by kind: ((kind, units), ...) in kind order."""
    if r == 0:
        return ((),)
    out = []
    for bars in combinations(range(r + 4), 4):  # stars and bars: 5 counts summing to r
        edges = (-1, *bars, r + 4)
        split = [edges[i + 1] - edges[i] - 1 for i in range(5)]
        out.append(tuple((KINDS[k], n) for k, n in enumerate(split) if n))
    return tuple(out)


def _help_choices(counts: list[int], request: tuple) -> tuple[Choice, ...]:
    """A helper's choices: decline, or each exact way a hand with these counts covers ``request``."""
    if len(request) == 1:
        return _help_item(request[0], counts)[1]
    comps = []
    for item in request:
        opts = _help_item(item, counts)[0]
        if not opts:
            return (DECLINE,)
        comps.append(opts)
    return (DECLINE, *[("help", sum(combo, ())) for combo in product(*comps)])


def _help_item(item: tuple[str, int], counts: list[int]) -> tuple[tuple, tuple]:
    """The covers of one request item, and the helper's choices if it is the only one."""
    what, n = item
    if what.startswith("double-"):
        k = KIND_INDEX[what[7:]]
        return _help_component(what, n, 0, counts[k + 5])
    k = KIND_INDEX[what]
    return _help_component(what, n, counts[k], counts[k + 5])


@cache
def _help_component(what: str, n: int, singles: int, doubles: int) -> tuple[tuple, tuple]:
    if what.startswith("double-"):
        kind = what[7:]
        opts = (((kind, 0, n),),) if doubles >= n else ()
    else:
        opts = tuple(((what, a, b),) for a, b in unit_covers(n, singles, doubles))
    return opts, (DECLINE, *[("help", c) for c in opts])


def _plays_for(key: int) -> tuple[Choice, ...]:
    return Game._enumerate_plays(_counts_of(key))


def _series_choices(rev: str, mates: list[str], units: int) -> tuple[Choice, ...]:
    """Every series the revealed order ``rev`` may lead: which mates join, and their amounts."""
    choices = []
    for size in range(0, min(3, len(mates)) + 1):
        amounts = [units - i for i in range(size + 1)]
        if amounts[-1] < 1:
            break
        for group in combinations(mates, size):
            members = (rev,) + group
            for perm in permutations(amounts):
                choices.append(("series", tuple(zip(members, perm, strict=True))))
    return tuple(choices)


def _request_items(missing: Need) -> tuple[tuple[str, int], ...]:
    """What is missing as request items (the fill decision's context); memoised."""
    items = _REQUEST_ITEMS.get(missing)
    if items is None:
        items = _memo(_REQUEST_ITEMS, missing, _items_of, missing)
    return items


def _items_of(missing: Need) -> tuple[tuple[str, int], ...]:
    mu, md, many = missing
    out = [(KINDS[k], mu[k]) for k in range(5) if mu[k]]
    out += [("double-" + KINDS[k], md[k]) for k in range(5) if md[k]]
    if many:
        out.append(("any", many))
    return tuple(out)


_NOTHING_MISSING: Need = (ZERO5, ZERO5, 0)
_REQUEST_ITEMS: dict[Need, tuple] = {}


_HANDLERS = {
    "pass": Game._h_pass,
    "play": Game._h_play,
    "order": Game._h_order,
    "no-order": Game._h_no_order,
    "draw": Game._h_draw,
    "series": Game._h_series,
    "variant": Game._h_variant,
    "fill": Game._h_fill,
    "give-up": Game._h_give_up,
    "help": Game._h_help,
    "decline": Game._h_decline,
    "block": Game._h_block,
    "ask": Game._h_ask,
    "show": Game._h_show,
    "show-play": Game._h_show_play,
}


def new_game(
    cs: CardSet, seats: list[str], seed: int, first: int | None = None, record_events: bool = True
) -> Game:
    return Game(cs, seats, seed, first, record_events)


def replay(
    cs: CardSet, seats: list[str], seed: int, choices: list[Choice], first: int | None = None,
    record_events: bool = True,
) -> Game:
    """Rebuild a game from its seed and choice log; an illegal entry raises IllegalChoice."""
    g = Game(cs, seats, seed, first, record_events)
    for i, ch in enumerate(choices):
        try:
            g.apply(ch)
        except IllegalChoice as exc:
            raise IllegalChoice(f"choice {i + 1} ({ch!r}) is not legal: {exc.reason}") from None
    return g

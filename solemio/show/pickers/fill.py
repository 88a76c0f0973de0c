"""How to fill a revealed order: the rules side of the reveal's fill picker (no pygame).

A choice order (four-three-two-one, none of mine, two doubles, Monotoni, a
Minimale tie) asks its owner two questions, which the engine poses one after
the other:

1. *Which kinds?*  (the ``variant`` decision) :class:`KindsModel` lays the
   kinds out in amount slots (4 / 3 / 2 / 1, or 2 / 2, or 6, ...) plus the
   kinds left out, exactly like the series picker lays out orders, and marks
   for every slot whether the columns cover it, the hand makes up the rest, or
   help (or nothing) must.
2. *Which cards?*  (the ``fill`` decision) :class:`CardsModel` shows each
   missing item (2 olives, a double salami, 4 of any kind) with one way to
   make it up from the hand or ask for it, cycled per item.

Both only ever present and produce tuples from the decision's own choices:
the engine decides what is legal (it may offer only the ways the columns
fill, or every variant), the models rank and explain what it offers.  The
default is the cheapest way that fills the order without help; a way that
cannot fill the order is marked and is never the default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from solemio.engine.covers import unit_covers
from solemio.engine.kinds import KINDS

Choice = tuple
# A slot's requirement: (units, double) -- "4 of the kind", or "1 double card of it".
Req = tuple[int, bool]

ASK = "ask"  # the item of a request that names kinds of the owner's choice (Bombastica)

# What a way needs beyond the columns, from best to worst.
COLUMNS, HAND, HELP, CANNOT = "columns", "hand", "help", "cannot"
_RANK = {COLUMNS: 0, HAND: 1, HELP: 2, CANNOT: 3}


@dataclass(frozen=True)
class Stock:
    """Singles and doubles per kind (index as KINDS): the columns, or a hand."""

    singles: tuple[int, ...]
    doubles: tuple[int, ...]

    @staticmethod
    def of(faces: Iterable[Sequence[Any]]) -> Stock:
        """From card faces ``(kind, units)``; order cards and unknown kinds are ignored."""
        s = [0] * 5
        d = [0] * 5
        for face in faces:
            if len(face) < 2 or face[0] not in KINDS:
                continue
            k = KINDS.index(face[0])
            if face[1] == 2:
                d[k] += 1
            else:
                s[k] += 1
        return Stock(tuple(s), tuple(d))

    def units(self, kind: str) -> int:
        k = KINDS.index(kind)
        return self.singles[k] + 2 * self.doubles[k]


EMPTY = Stock((0,) * 5, (0,) * 5)


@dataclass(frozen=True)
class Cover:
    """How one requirement (``units`` of ``kind``, or that many double cards) is met."""

    kind: str
    units: int
    double: bool
    columns: int  # units (or double cards) the columns give, doubles first
    hand: int  # units (or double cards) the hand adds, 0 if it cannot make up the rest
    hand_cards: int  # cards those take from the hand
    missing: int  # what is left to ask for (or that nobody may give)
    status: str


def cover(kind: str, units: int, double: bool, columns: Stock, hand: Stock,
          help_ok: bool) -> Cover:
    """The columns first (doubles first, as the engine takes them), then the hand only for
    what they lack and only if it can make all of that up, then a request for the rest."""
    k = KINDS.index(kind)
    if double:
        got = min(units, columns.doubles[k])
        lack = units - got
        from_hand = lack if hand.doubles[k] >= lack else 0
        cards = from_hand
    else:
        nd, ns = columns.doubles[k], columns.singles[k]
        use = min(nd, (units + 1) // 2)
        rem = units - 2 * use
        got_s = min(ns, max(0, rem))
        got = min(units, 2 * use + got_s)
        lack = max(0, rem - got_s)
        from_hand, cards = _cheapest_hand(lack, hand.singles[k], hand.doubles[k])
    if lack == 0:
        status = COLUMNS
    elif from_hand >= lack:
        status = HAND
    else:
        status = HELP if help_ok else CANNOT
        from_hand, cards = 0, 0
    return Cover(kind, units, double, got, from_hand, cards,
                 0 if status in (COLUMNS, HAND) else lack, status)


def _cheapest_hand(m: int, singles: int, doubles: int) -> tuple[int, int]:
    """(units, cards) of the hand's cheapest way to make up ``m`` units; (0, 0) if none."""
    if m <= 0:
        return 0, 0
    ways = [(a + 2 * b, a + b) for a, b in unit_covers(m, singles, doubles)]
    return min(ways) if ways else (0, 0)


def worst(statuses: Iterable[str]) -> str:
    return max(statuses, key=_RANK.__getitem__, default=COLUMNS)


def slot_requirements(order_type: str, params: Mapping[str, Any], n: int,
                      own_kind: str) -> tuple[list[Req], list[tuple[str, int]]]:
    """What each kind chosen for the order needs, by position in the engine's variant,
    and what the order needs whatever is chosen (Monotoni's one unit of the own kind)."""
    if order_type == "staircase":
        amounts = list(params.get("amounts", []))[:n]
        return [(int(a), False) for a in amounts] + [(1, False)] * (n - len(amounts)), []
    if order_type == "doubles":
        return [(1, True)] * n, []
    if order_type == "none-of-mine":
        return [(int(params.get("units", 1)), False)] * n, []
    if order_type in ("joker-kind", "rarest-kind"):
        fixed = [(own_kind, int(params["own_units"]))] if params.get("own_units") else []
        return [(int(params.get("units", 1)), False)] * n, fixed
    return [(1, False)] * n, []


class KindsModel:
    """Which kinds an order asks for: slots with amounts, the kinds left out after them.

    ``choices`` are the decision's (``("variant", kinds)``); ``reqs`` what each position
    of a variant needs and ``fixed`` what every variant needs (see
    :func:`slot_requirements`).  The arrangement is a list of kinds: the first
    ``len(reqs)`` sit in the slots, the rest are left out.  Slots with the same
    requirement are interchangeable (none of mine's 2 + 2), so a variant is looked up
    by its set of (kind, requirement) pairs, whatever order the engine lists kinds in.
    """

    def __init__(self, choices: Sequence[Choice], reqs: Sequence[Req],
                 fixed: Sequence[tuple[str, int]], columns: Stock, hand: Stock,
                 help_ok: bool) -> None:
        self.choices = [c for c in choices if c and c[0] == "variant"]
        self.reqs = list(reqs)
        self.fixed = list(fixed)
        self.columns = columns
        self.hand = hand
        self.help_ok = help_ok
        seen = {k for c in self.choices for k in c[1]}
        self.kinds = [k for k in KINDS if k in seen]
        self.by_key: dict[frozenset, Choice] = {self.key_of(c[1]): c for c in self.choices}
        ranked = sorted(range(len(self.choices)), key=lambda i: self._rank(self.choices[i], i))
        self.ranked = [self.choices[i] for i in ranked]
        self.arrangement: list[str] = []
        self.selected: int | None = None  # the slot whose kind is picked up
        self.notice = ""
        if self.ranked:
            self.arrange(self.default())

    # --- judging a way -------------------------------------------------------
    def key_of(self, kinds: Sequence[str]) -> frozenset:
        return frozenset(zip(kinds, self.reqs, strict=False))

    def covers_of(self, kinds: Sequence[str]) -> list[Cover]:
        """Each slot's cover, then the fixed requirements'."""
        out = [cover(k, u, d, self.columns, self.hand, self.help_ok)
               for k, (u, d) in zip(kinds, self.reqs, strict=False)]
        out += [cover(k, u, False, self.columns, self.hand, self.help_ok)
                for k, u in self.fixed]
        return out

    def status_of(self, kinds: Sequence[str]) -> str:
        return worst(c.status for c in self.covers_of(kinds))

    def _rank(self, choice: Choice, index: int) -> tuple:
        cs = self.covers_of(choice[1])
        return (_RANK[worst(c.status for c in cs)], sum(c.missing for c in cs),
                sum(c.hand for c in cs), sum(c.hand_cards for c in cs), index)

    def default(self) -> Choice:
        """The cheapest way: columns alone, else the fewest hand units, else the smallest
        request.  A way that cannot fill the order is the default only when all are."""
        return self.ranked[0]

    def no_way(self) -> bool:
        """No offered way can fill the order (Monotoni in Mamma Mia! with too little)."""
        return bool(self.ranked) and self.status_of(self.ranked[0][1]) == CANNOT

    # --- the arrangement --------------------------------------------------------
    def arrange(self, choice: Choice) -> None:
        chosen = list(choice[1])
        self.arrangement = chosen + [k for k in self.kinds if k not in chosen]
        self.selected = None
        self.notice = ""

    def slot_count(self) -> int:
        return len(self.arrangement)

    def in_use(self, i: int) -> bool:
        return i < len(self.reqs)

    def chosen(self) -> list[str]:
        return self.arrangement[:len(self.reqs)]

    def current_choice(self) -> Choice | None:
        """The engine's own tuple for the kinds shown, or None if it does not offer them."""
        return self.by_key.get(self.key_of(self.chosen()))

    def current_status(self) -> str:
        return self.status_of(self.chosen())

    def slot_cover(self, i: int) -> Cover | None:
        if not self.in_use(i) or i >= len(self.arrangement):
            return None
        u, d = self.reqs[i]
        return cover(self.arrangement[i], u, d, self.columns, self.hand, self.help_ok)

    def problem(self) -> str:
        """Why the kinds shown cannot be confirmed ("" when they can); words, no pygame."""
        from solemio.i18n import _

        if self.current_choice() is not None:
            return ""
        chosen = self.chosen()
        if len(set(chosen)) < len(chosen):
            return _("Each kind may be chosen once.")
        offered = [self.status_of(c[1]) for c in self.choices]
        if offered and all(s == COLUMNS for s in offered) and self.current_status() != COLUMNS:
            return _("The columns can fill this order, so it must be filled from them: "
                     "choose kinds the columns cover.")
        return _("The rules do not offer these kinds.")

    def activate_slot(self, i: int) -> None:
        """Pick a slot's kind up, or put the held one down there (swapping)."""
        self.notice = ""
        if self.selected is None:
            self.selected = i
            return
        if self.selected != i:
            a = self.arrangement
            a[self.selected], a[i] = a[i], a[self.selected]
        self.selected = None

    def move_selected(self, d: int) -> int | None:
        if self.selected is None:
            return None
        j = self.selected + d
        if not 0 <= j < len(self.arrangement):
            return None
        a = self.arrangement
        a[self.selected], a[j] = a[j], a[self.selected]
        self.selected = j
        self.notice = ""
        return j

    def confirm(self) -> Choice | None:
        choice = self.current_choice()
        if choice is None:
            from solemio.i18n import _

            self.notice = _("Cannot confirm yet.") + " " + self.problem()
        return choice


# --- the fill decision -------------------------------------------------------------------
Part = tuple[tuple, tuple]  # (hand entries, request entries) of one missing item


def _item_of(entry_kind: str, items: Sequence[tuple[str, int]]) -> int | None:
    for i, (what, _n) in enumerate(items):
        if what == entry_kind or what == "double-" + entry_kind:
            return i
    return None


class CardsModel:
    """How to make up what the columns lack: one way per missing item, cycled.

    ``missing`` is the decision's context (``(("olive", 2), ("double-salami", 1))``);
    each fill choice is split into one part per item (the hand cards of that kind and
    the request for it), and a combination of parts is looked up among the choices,
    so only offered tuples ever come out.  When a choice cannot be split that way
    (an order that takes any kinds, whose request names kinds of the owner's choice),
    the hand's cards are one item and the request another (``ASK``); changing one
    moves the other to its first way that goes with it.
    """

    def __init__(self, choices: Sequence[Choice], missing: Sequence[Sequence[Any]]) -> None:
        self.fills = [c for c in choices if c and c[0] == "fill"]
        self.give_up = next((c for c in choices if c and c[0] == "give-up"), None)
        self.items: list[tuple[str, int]] = [(str(w), int(n)) for w, n in missing]
        split = [self._split(c) for c in self.fills]
        if not self.items or any(s is None for s in split):
            total = sum(n for _w, n in self.items)
            self.items = [("any", total)]
            if any(c[2] for c in self.fills):
                self.items.append((ASK, total))
                split = [[(tuple(c[1]), ()), ((), tuple(c[2] or ()))] for c in self.fills]
            else:
                split = [[(tuple(c[1]), ())] for c in self.fills]
        self.options: list[list[Part]] = [[] for _ in self.items]
        self.by_key: dict[tuple, Choice] = {}
        parts_of: dict[Choice, list[Part]] = {}
        for c, parts in zip(self.fills, split, strict=True):
            assert parts is not None
            for i, p in enumerate(parts):
                if p not in self.options[i]:
                    self.options[i].append(p)
            self.by_key[tuple(parts)] = c
            parts_of[c] = parts
        for opts in self.options:
            opts.sort(key=_part_rank)
        self.pick = [0] * len(self.items)
        self.notice = ""
        self._ways: dict[tuple, list[int]] = {}
        if self.fills:
            best = min(self.fills, key=_choice_rank)
            self.pick = [self.options[i].index(p) for i, p in enumerate(parts_of[best])]

    def _split(self, choice: Choice) -> list[Part] | None:
        hand = [[] for _ in self.items]
        req = [[] for _ in self.items]
        for entry in choice[1]:
            i = _item_of(entry[0], self.items)
            if i is None:
                return None
            hand[i].append(tuple(entry))
        for entry in choice[2] or ():
            i = next((j for j, (w, _n) in enumerate(self.items) if w == entry[0]), None)
            if i is None:
                return None
            req[i].append(tuple(entry))
        return [(tuple(h), tuple(r)) for h, r in zip(hand, req, strict=True)]

    # --- reading ------------------------------------------------------------------
    def no_way(self) -> bool:
        """Nothing but giving up is offered: neither the hand nor help can fill it."""
        return not self.fills

    def part(self, i: int) -> Part:
        return self.options[i][self.pick[i]]

    def current_choice(self) -> Choice | None:
        if not self.fills:
            return None
        return self.by_key.get(tuple(self.part(i) for i in range(len(self.items))))

    def asks_help(self) -> bool:
        c = self.current_choice()
        return bool(c and c[2])

    def can_fill_alone(self) -> bool:
        """Some offered way fills the order from the hand, without help."""
        return any(not c[2] for c in self.fills)

    # --- changing ------------------------------------------------------------------
    def cycle(self, i: int, d: int = 1) -> None:
        """The item's next (``d`` = -1: previous) way.  Where it does not go with the
        other items' ways, they move to their first ways that do."""
        self.notice = ""
        n = len(self.options[i])
        if not n:
            return
        fits = self.ways(i)
        if len(fits) > 1 or (fits and fits[0] != self.pick[i]):
            # The next way that goes with the others as they are.
            here = self.pick[i]
            after = [p for p in fits if (p - here) * d > 0]
            self.pick[i] = (min(after, key=lambda p: abs(p - here)) if after
                            else (min(fits) if d > 0 else max(fits)))
            return
        self.pick[i] = (self.pick[i] + d) % n
        if self.current_choice() is None:
            self._fit_others(i)

    def ways(self, i: int) -> list[int]:
        """The ways of item ``i`` that go with the other items' ways as they are."""
        key = (i, tuple(self.pick[:i]), tuple(self.pick[i + 1:]))
        hit = self._ways.get(key)
        if hit is not None:
            return hit
        keep = self.pick[i]
        out: list[int] = []
        for p in range(len(self.options[i])):
            self.pick[i] = p
            if self.current_choice() is not None:
                out.append(p)
        self.pick[i] = keep
        self._ways[key] = out
        return out

    def _fit_others(self, fixed: int) -> None:
        others = [j for j in range(len(self.items)) if j != fixed]
        for picks in product(*[range(len(self.options[j])) for j in others]):
            for j, p in zip(others, picks, strict=True):
                self.pick[j] = p
            if self.current_choice() is not None:
                return

    def confirm(self) -> Choice | None:
        choice = self.current_choice()
        if choice is None:
            from solemio.i18n import _

            self.notice = _("The rules do not offer this combination.")
        return choice


def _choice_rank(choice: Choice) -> tuple:
    """Cheapest first: no help, then the smallest request, the fewest units and cards."""
    request = sum(n for _w, n in choice[2] or ())
    units = sum(s + 2 * d for _k, s, d in choice[1])
    cards = sum(s + d for _k, s, d in choice[1])
    return (request > 0, request, units, cards)


def _part_rank(p: Part) -> tuple:
    hand, req = p
    request = sum(n for _w, n in req)
    units = sum(s + 2 * d for _k, s, d in hand)
    return (request, units, sum(s + d for _k, s, d in hand))


# --- from a decision -------------------------------------------------------------------
def kinds_model(d: Any, cardset: Any, columns: Iterable[Sequence[Any]],
                hand: Iterable[Sequence[Any]], own_kind: str) -> KindsModel:
    """The kinds picker for a ``variant`` decision, from what its owner may see: the
    columns' cards and the owner's own hand."""
    oid = (d.context or {}).get("order")
    try:
        spec = cardset.order(oid)
        otype, params, help_ok = spec.type, spec.params, bool(spec.help and cardset.help)
    except (KeyError, AttributeError, TypeError):
        otype, params, help_ok = "", {}, False
    n = max((len(c[1]) for c in d.choices if c and c[0] == "variant"), default=0)
    reqs, fixed = slot_requirements(otype, params, n, own_kind)
    return KindsModel(d.choices, reqs, fixed, Stock.of(columns), Stock.of(hand), help_ok)


def cards_model(d: Any) -> CardsModel:
    """The cards picker for a ``fill`` decision (its context names what is missing)."""
    return CardsModel(d.choices, (d.context or {}).get("missing", ()))

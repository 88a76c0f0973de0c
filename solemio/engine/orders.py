"""The registry of order *types*: the one place where the rules vary per card.

A card set lists order cards as a type name plus parameters; each type here
declares its parameters (for validation) and answers, at the moment of the
reveal, which variants the owner may choose and what a variant needs.  Order
types describe themselves as data only (their name, parameters, needs and the
tokens a card face shows); the window words them (``solemio/texts.py``), so
the engine holds no player-facing prose.  Kinds
are indexes 0..4 inside the engine.

A *need* is ``(units, doubles, any_units)``: units per kind, specific double
cards per kind, and units of any kind.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from solemio.engine.kinds import KIND_INDEX, KINDS
from solemio.engine.yamlsource import N_, Problem

Need = tuple[tuple[int, ...], tuple[int, ...], int]
ZERO5 = (0, 0, 0, 0, 0)
ONE_KIND = tuple((k,) for k in range(5))  # the variant "kind k" of a one-kind choice order


class Param:
    """One parameter of an order type, with the check the YAML must pass."""

    def __init__(self, kind: str, required: bool = True, default: Any = None) -> None:
        self.kind = kind  # "int", "bool", "needs", "amounts"
        self.required = required
        self.default = default


class OrderType:
    """Base of all order types.  Subclasses override what differs."""

    name = ""
    params: dict[str, Param] = {}
    special: str | None = None  # "block" and "show" run their own procedure
    takes_all_columns = False
    takes_scorer = False
    static_variants = True  # variants depend only on the owner's kind, so they can be cached

    def variants(self, p: dict[str, Any], own: int, col_units: list[int]) -> list[tuple[int, ...]]:
        """The kind choices open to the owner; [()] means no choice, [] means it cannot be met."""
        return [()]

    def precheck(self, p: dict[str, Any], own: int, col_units: list[int]) -> str | None:
        """A reason the order fails before any filling, or None."""
        return None

    def need(self, p: dict[str, Any], variant: tuple[int, ...], own: int, scorer: int) -> Need:
        raise NotImplementedError

    def tokens(self, p: dict[str, Any], own_kind: str) -> list[tuple]:
        """What the card face shows, for the painter."""
        raise NotImplementedError

    def validate(self, p: dict[str, Any]) -> Problem | None:
        """A problem with the parameters beyond their types, or None."""
        return None


def _units(pairs: dict[int, int]) -> tuple[int, ...]:
    u = [0, 0, 0, 0, 0]
    for k, n in pairs.items():
        u[k] += n
    return tuple(u)


def _resolve(ref: str, own: int) -> int:
    return own if ref == "own" else KIND_INDEX[ref]


class Fixed(OrderType):
    name = "fixed"
    params = {"needs": Param("needs"), "series": Param("bool", False, False)}

    def validate(self, p: dict[str, Any]) -> Problem | None:
        if p["series"] and len(p["needs"]) != 1:
            return Problem(N_("a series order must need exactly one kind"))
        return None

    def need(self, p, variant, own, scorer):
        return (_units({_resolve(r, own): n for r, n in p["needs"].items()}), ZERO5, 0)

    def tokens(self, p, own_kind):
        toks: list[tuple] = [
            ("need", own_kind if r == "own" else r, n) for r, n in p["needs"].items()
        ]
        if p["series"]:
            toks.append(("symbol", "series", None))
        return toks

class EachKind(OrderType):
    name = "each-kind"
    params = {"units": Param("int"), "own": Param("bool")}

    def need(self, p, variant, own, scorer):
        return (tuple(0 if (k == own and not p["own"]) else p["units"] for k in range(5)), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("need", k, p["units"]) for k in KINDS if p["own"] or k != own_kind]

class Block(OrderType):
    name = "block"
    params = {"min_units": Param("int")}
    special = "block"

    def tokens(self, p, own_kind):
        return [("symbol", "block", None), ("need", own_kind, p["min_units"])]

class Show(OrderType):
    name = "show"
    params: dict[str, Param] = {}
    special = "show"

    def tokens(self, p, own_kind):
        return [("symbol", "show", None)]

class NoneOfMine(OrderType):
    name = "none-of-mine"
    params = {"kinds": Param("int"), "units": Param("int")}

    def validate(self, p):
        if not 1 <= p["kinds"] <= 4:
            return Problem(N_("{name} must be between {low} and {high}, not {value}"),
                           name="kinds", low=1, high=4, value=p["kinds"])
        return None

    def precheck(self, p, own, col_units):
        if col_units[own] > 0:
            return "own-kind-in-columns"
        return None

    def variants(self, p, own, col_units):
        others = [k for k in range(5) if k != own]
        return list(combinations(others, p["kinds"]))

    def need(self, p, variant, own, scorer):
        return (_units({k: p["units"] for k in variant}), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("symbol", "none-of-mine", f"{p['kinds']}×{p['units']}")]

class Doubles(OrderType):
    name = "doubles"
    params = {"count": Param("int")}

    def validate(self, p):
        if not 1 <= p["count"] <= 5:
            return Problem(N_("{name} must be between {low} and {high}, not {value}"),
                           name="count", low=1, high=5, value=p["count"])
        return None

    def variants(self, p, own, col_units):
        return list(combinations(range(5), p["count"]))

    def need(self, p, variant, own, scorer):
        return (ZERO5, _units({k: 1 for k in variant}), 0)

    def tokens(self, p, own_kind):
        return [("symbol", "two-doubles", str(p["count"]))]

class Staircase(OrderType):
    name = "staircase"
    params = {"amounts": Param("amounts"), "own_allowed": Param("bool", False, True)}

    def variants(self, p, own, col_units):
        allowed = [k for k in range(5) if p["own_allowed"] or k != own]
        return list(permutations(allowed, len(p["amounts"])))

    def need(self, p, variant, own, scorer):
        return (_units(dict(zip(variant, p["amounts"], strict=True))), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("symbol", "staircase", "-".join(str(a) for a in p["amounts"]))]

class ScorerKind(OrderType):
    name = "scorer-kind"
    params = {"units": Param("int")}
    takes_scorer = True

    def need(self, p, variant, own, scorer):
        return (_units({scorer: p["units"]}), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("symbol", "sun", str(p["units"]))]

class AnyUnits(OrderType):
    name = "any-units"
    params = {"units": Param("int")}
    takes_all_columns = True

    def need(self, p, variant, own, scorer):
        return (ZERO5, ZERO5, p["units"])

    def tokens(self, p, own_kind):
        return [("symbol", "heap", str(p["units"]))]

class RarestKind(OrderType):
    name = "rarest-kind"
    static_variants = False
    params = {"own_units": Param("int"), "units": Param("int")}

    def variants(self, p, own, col_units):
        # one loop, not two comprehensions and a min: asked at every reveal of such an order
        # (Mamma Mia!'s play-outs), and a comprehension is a function call of its own
        low = 0
        out: list[tuple[int]] = []
        for k in range(5):
            if k != own:
                c = col_units[k]
                if c:
                    if not low or c < low:
                        low = c
                        out = [ONE_KIND[k]]
                    elif c == low:
                        out.append(ONE_KIND[k])
        return out

    def need(self, p, variant, own, scorer):
        return (_units({own: p["own_units"], variant[0]: p["units"]}), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("need", own_kind, p["own_units"]), ("symbol", "question", str(p["units"]))]

class JokerKind(OrderType):
    name = "joker-kind"
    params = {"own_units": Param("int"), "units": Param("int")}

    def variants(self, p, own, col_units):
        return [(k,) for k in range(5) if k != own]

    def need(self, p, variant, own, scorer):
        return (_units({own: p["own_units"], variant[0]: p["units"]}), ZERO5, 0)

    def tokens(self, p, own_kind):
        return [("need", own_kind, p["own_units"]), ("symbol", "joker", str(p["units"]))]

REGISTRY: dict[str, OrderType] = {
    t.name: t
    for t in (
        Fixed(),
        EachKind(),
        Block(),
        Show(),
        NoneOfMine(),
        Doubles(),
        Staircase(),
        ScorerKind(),
        AnyUnits(),
        RarestKind(),
        JokerKind(),
    )
}

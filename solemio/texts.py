"""Player-facing wording of game facts: kinds, colours, announcements, choices.

Kept apart from the scenes so every sentence the table shows is written once,
translated through :mod:`solemio.i18n`, and testable without a window.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from solemio.engine.kinds import KINDS
from solemio.i18n import N_, _, data_text, ngettext, npgettext

_DOUBLED = re.compile(r"([!?…])\.(?!\.)")


def sentence(s: str) -> str:
    """A message as shown: starting with a capital, and without doubled punctuation
    where a name that ends in its own mark ("Sole Mio!") closes a sentence."""
    s = _DOUBLED.sub(r"\1", s.strip())
    return s[:1].upper() + s[1:] if s else s


def kind_units(kind: str, n: int) -> str:
    """"3 pineapples" – the unit count with the kind's name, plural-aware."""
    forms = {
        "olive": ngettext("{n} olive", "{n} olives", n),
        "pepper": ngettext("{n} pepper", "{n} peppers", n),
        "mushroom": ngettext("{n} mushroom", "{n} mushrooms", n),
        "salami": ngettext("{n} salami", "{n} salamis", n),
        "pineapple": ngettext("{n} pineapple", "{n} pineapples", n),
    }
    return forms.get(kind, f"{n} {kind}")


def double_units(kind: str, n: int) -> str:
    """"2 double salamis": ``n`` double cards of one kind (adjective agrees with the kind)."""
    forms = {
        "olive": ngettext("{n} double olive", "{n} double olives", n),
        "pepper": ngettext("{n} double pepper", "{n} double peppers", n),
        "mushroom": ngettext("{n} double mushroom", "{n} double mushrooms", n),
        "salami": ngettext("{n} double salami", "{n} double salamis", n),
        "pineapple": ngettext("{n} double pineapple", "{n} double pineapples", n),
    }
    return forms.get(kind, f"{n} × 2 {kind}")


def a_card(kind: str, double: bool = False) -> str:
    """"an olive", "a double salami": one card, with the article its kind takes."""
    if double:
        forms = {
            "olive": _("a double olive"), "pepper": _("a double pepper"),
            "mushroom": _("a double mushroom"), "salami": _("a double salami"),
            "pineapple": _("a double pineapple"),
        }
    else:
        forms = {
            "olive": _("an olive"), "pepper": _("a pepper"), "mushroom": _("a mushroom"),
            "salami": _("a salami"), "pineapple": _("a pineapple"),
        }
    return forms.get(kind, kind)


def including_doubles(kind: str, n: int) -> str:
    """", including 1 double": the doubles among a kind's units (gender follows the kind)."""
    # The kind is the context, so a language whose "double" agrees with it can.
    forms = {
        "olive": npgettext("olive", "including {n} double", "including {n} doubles", n),
        "pepper": npgettext("pepper", "including {n} double", "including {n} doubles", n),
        "mushroom": npgettext("mushroom", "including {n} double", "including {n} doubles", n),
        "salami": npgettext("salami", "including {n} double", "including {n} doubles", n),
        "pineapple": npgettext("pineapple", "including {n} double", "including {n} doubles", n),
    }
    return forms.get(kind, str(n))


def of_them_doubles(kind: str, n: int) -> str:
    """"(1 double)" after a kind's units in a list of cards (gender follows the kind)."""
    forms = {
        "olive": npgettext("olive", "({n} double)", "({n} doubles)", n),
        "pepper": npgettext("pepper", "({n} double)", "({n} doubles)", n),
        "mushroom": npgettext("mushroom", "({n} double)", "({n} doubles)", n),
        "salami": npgettext("salami", "({n} double)", "({n} doubles)", n),
        "pineapple": npgettext("pineapple", "({n} double)", "({n} doubles)", n),
    }
    return forms.get(kind, str(n))


def kind_name(kind: str) -> str:
    return {
        "olive": _("olive"), "pepper": _("pepper"), "mushroom": _("mushroom"),
        "salami": _("salami"), "pineapple": _("pineapple"),
    }.get(kind, kind)


def kind_plural(kind: str) -> str:
    return {
        "olive": _("olives"), "pepper": _("peppers"), "mushroom": _("mushrooms"),
        "salami": _("salamis"), "pineapple": _("pineapples"),
    }.get(kind, kind)


def colour_name(colour: str) -> str:
    return {
        "blue": _("blue"), "green": _("green"), "brown": _("brown"),
        "red": _("red"), "yellow": _("yellow"),
    }.get(colour, colour)


def level_name(level: str) -> str:
    return {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}.get(level, level)


def level_description(level: str) -> str:
    """What a computer level is like, in a few words (the new game scene shows it)."""
    return {
        "easy": _("Easy forgets most of what was played and makes loose moves: a beginner."),
        "normal": _("Normal plays decently and remembers most of what was played."),
        "hard": _("Hard remembers everything and thinks ahead, playing the round out "
                  "many times before it decides."),
    }.get(level, "")


def announcement(kind: str, singles: int, doubles: int) -> str:
    """What a player says when playing: "3 pineapples, including 1 double"."""
    units = singles + 2 * doubles
    base = kind_units(kind, units)
    if doubles:
        return _("{units}, {including}", units=base, including=including_doubles(kind, doubles))
    return base


def cards_text(cards: Sequence[Sequence[Any]]) -> str:
    """A tuple of (kind, singles, doubles) as words: "2 olives (1 double), 1 salami"."""
    parts = []
    for kind, singles, doubles in cards:
        if not singles and not doubles:
            continue
        units = singles + 2 * doubles
        if doubles and not singles:
            parts.append(double_units(kind, doubles))
        elif doubles:
            parts.append(_("{units} {doubles}", units=kind_units(kind, units),
                           doubles=of_them_doubles(kind, doubles)))
        else:
            parts.append(kind_units(kind, units))
    return ", ".join(parts) if parts else _("nothing")


def request_text(request: Sequence[Sequence[Any]] | None) -> str:
    """The help request in words, e.g. "2 mushrooms and a double salami"."""
    if not request:
        return _("nothing")
    parts = []
    for item, n in request:
        if item == "any":
            parts.append(ngettext("{n} unit of any kind", "{n} units of any kind", n))
        elif str(item).startswith("double-"):
            parts.append(double_units(str(item)[7:], n))
        else:
            parts.append(kind_units(str(item), n))
    return and_list(parts)


def and_list(parts: Sequence[str]) -> str:
    """"a, b and c" in the player's language."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return _("{first} and {last}", first=", ".join(parts[:-1]), last=parts[-1])


#: The engine's reasons a selection cannot be played, as the player reads them.
PLAY_REFUSALS = {
    "select at least one ingredient card": N_("Select at least one ingredient card."),
    "only ingredient cards are played this way": N_("Only ingredient cards are played this way."),
    "all the ingredients you play in one turn must be of one kind":
        N_("All the ingredients you play in one turn must be of one kind."),
    "you do not hold those cards, or it is not your turn to play":
        N_("You do not hold those cards, or it is not your turn to play."),
}


def play_refusal(why: str | None) -> str:
    """Why a selection cannot be played, in the player's language."""
    return _(PLAY_REFUSALS.get(why or "", N_("That cannot be played.")))


def spec_name(spec: Any) -> str:
    """An order card's name in the player's language (the card set's own words first)."""
    return data_text(spec.name, getattr(spec, "names", None))


def spec_explain(spec: Any, own_kind: str) -> str:
    """What an order card asks for, in the player's language.

    A house-variant card set may write its own explanation (per language);
    otherwise the order type explains itself from its parameters.
    """
    own = getattr(spec, "explains", None)
    if own:
        return data_text(own.get("en", ""), own)
    return order_explanation(spec, own_kind)


def order_name(cardset: Any, order_id: str) -> str:
    try:
        return spec_name(cardset.order(order_id))
    except (KeyError, AttributeError):
        return order_id


def order_kind(cardset: Any, order_id: str, own_kind: str) -> str | None:
    """The one kind a four-of-a-kind style order asks for (None for other orders)."""
    try:
        needs = [t for t in cardset.order(order_id).tokens(own_kind) if t[0] == "need"]
    except (KeyError, AttributeError):
        return None
    return needs[0][1] if len(needs) == 1 else None


def variant_needs(cardset: Any, order_id: str | None, kinds: Sequence[str],
                  own_kind: str) -> tuple[dict[str, int], dict[str, int]]:
    """What a choice of kinds asks for: (units per kind, double cards per kind).

    Asked of the order type itself (its ``need``), so the wording never drifts from the
    rules; an unknown order gives the kinds one unit each (only the wording suffers).
    """
    units: dict[str, int] = {}
    doubles: dict[str, int] = {}
    try:
        spec = cardset.order(order_id)
        own = KINDS.index(own_kind)
        need_u, need_d, _many = spec.otype.need(
            spec.params, tuple(KINDS.index(k) for k in kinds), own, own)
    except (KeyError, AttributeError, TypeError, ValueError, IndexError, NotImplementedError):
        return {k: 1 for k in kinds}, {}
    # the chosen kinds in the order chosen (4-3-2-1 reads largest first), then the rest
    order = [KINDS.index(k) for k in kinds] + [k for k in range(5) if KINDS[k] not in kinds]
    for k in order:
        if need_u[k]:
            units[KINDS[k]] = need_u[k]
        if need_d[k]:
            doubles[KINDS[k]] = need_d[k]
    return units, doubles


def describe_variant(cardset: Any, order_id: str | None, kinds: Sequence[str],
                     own_kind: str) -> str:
    units, doubles = variant_needs(cardset, order_id, kinds, own_kind)
    parts = [kind_units(k, n) for k, n in units.items()]
    parts += [double_units(k, n) for k, n in doubles.items()]
    return " + ".join(parts) if parts else " · ".join(kind_name(k) for k in kinds)


def describe_choice(choice: Sequence[Any], cardset: Any = None,
                    names: Sequence[str] = (), own_kind: str = "olive",
                    order_id: str | None = None, spoken_to: bool = False) -> str:
    """One legal choice of any decision as a short sentence for its button, where the
    player speaks ("Draw from my order stack"); ``spoken_to``: the same choice said to the
    player, as the coach does ("Draw from your order stack")."""
    head = choice[0] if choice else ""
    if head == "play":
        return _("Play {what}", what=announcement(choice[1], choice[2], choice[3]))
    if head == "order":
        return _("Play order: {name}", name=order_name(cardset, choice[1]))
    if head == "no-order":
        return _("No order")
    if head == "draw":
        if choice[1] == "supply":
            return _("Draw from the supply")
        return _("Draw from your order stack") if spoken_to else _("Draw from my order stack")
    if head == "series":
        parts = []
        for oid, u in choice[1]:
            kind = order_kind(cardset, oid, own_kind)
            parts.append(kind_units(kind, u) if kind else f"{order_name(cardset, oid)} = {u}")
        if len(parts) == 1:
            return _("This order alone: {what}", what=parts[0])
        return _("Series: {list}", list=" + ".join(parts))
    if head == "variant":
        return describe_variant(cardset, order_id, choice[1], own_kind)
    if head == "fill":
        hand, request = choice[1], choice[2]
        has_hand = any(s or d for _k, s, d in hand)
        if not has_hand and not request:
            return _("Fill it from the columns")
        if has_hand and not request:
            if spoken_to:
                return _("Add from your hand: {cards}", cards=cards_text(hand))
            return _("Add from my hand: {cards}", cards=cards_text(hand))
        if not has_hand:
            return _("Ask for help: {req}", req=request_text(request))
        return _("Add {cards}, ask for {req}", cards=cards_text(hand), req=request_text(request))
    if head == "give-up":
        return _("Give up this order")
    if head == "help":
        return _("Help with {cards}", cards=cards_text(choice[1]))
    if head == "decline":
        return _("Decline")
    if head == "block":
        s, d = choice[1], choice[2]
        if not s and not d:
            return _("Add nothing from your hand") if spoken_to else _("Add nothing from my hand")
        cards = cards_text([(own_kind, s, d)])
        if spoken_to:
            return _("Add {cards} from your hand", cards=cards)
        return _("Add {cards} from my hand", cards=cards)
    if head == "ask":
        seat = choice[1]
        name = names[seat] if 0 <= seat < len(names) else str(seat)
        return _("Ask {name} to show a card", name=name)
    if head == "show":
        kind, units = choice[1], choice[2]
        return _("Show {card}", card=a_card(kind, units == 2))
    if head == "show-play":
        return _("Play a double") if choice[1] == 2 else _("Play a single")
    if head == "pass":
        return _("Pass")
    return " ".join(str(c) for c in choice)


def order_explanation(spec: Any, own_kind: str) -> str:
    """The player-facing explanation of an order card (hover, the reveal's order panel).

    The engine's order types describe themselves as data (type and parameters); this
    is where they become words.
    """
    t, p = spec.type, spec.params
    if t == "fixed":
        parts = [kind_units(own_kind if r == "own" else r, n) for r, n in p["needs"].items()]
        text = _("Needs {list}.", list=", ".join(parts))
        if p.get("series"):
            text += " " + _(
                "Series: when it is revealed you may add up to 3 more of these from your hand; "
                "together they need 4, 3, 2 and 1 of their kinds, assigned as you choose."
            )
        return text
    if t == "each-kind":
        if p["own"]:
            return ngettext("Needs {n} of every kind.", "Needs {n} of every kind.", p["units"])
        return ngettext(
            "Needs {n} of every kind except your own.",
            "Needs {n} of every kind except your own.",
            p["units"],
        )
    if t == "block":
        return _(
            "Needs at least {n} of your own kind. You may add more from your hand; every unit "
            "of your kind in the column counts. Your opponents then show all of your kind they "
            "hold: if together they have as many, the order is blocked.",
            n=p["min_units"],
        )
    if t == "show":
        return _(
            "Choose an opponent; they show one ingredient card from their hand. If you hold "
            "that kind, you play one and the order is filled. The columns are not used."
        )
    if t == "none-of-mine":
        return _(
            "Fails if any card of your own kind lies in the columns. Otherwise needs {u} of "
            "each of {k} different other kinds, your choice.",
            u=p["units"],
            k=p["kinds"],
        )
    if t == "doubles":
        return ngettext(
            "Needs {n} double card.",
            "Needs {n} double cards of different kinds.",
            p["count"],
        )
    if t == "staircase":
        return _(
            "Needs {amounts} of different kinds; you choose which kind gets which amount.",
            amounts=", ".join(str(a) for a in p["amounts"]),
        )
    if t == "scorer-kind":
        return _(
            "Needs {n} of the scorer's own kind. If it is filled, you take the scorer card, "
            "score the rest of the oven and start the next round.",
            n=p["units"],
        )
    if t == "any-units":
        return _(
            "Needs at least {n} ingredients of any kinds. Every card in the columns is taken; "
            "if they hold fewer than {n}, you add the rest from your hand.",
            n=p["units"],
        )
    if t == "rarest-kind":
        return _(
            "Needs {o} of your own kind and {n} of the rarest other kind in the columns "
            "(fewest units, at least one present; ties: your choice). None present: it fails.",
            o=p["own_units"],
            n=p["units"],
        )
    if t == "joker-kind":
        return _(
            "Needs {o} of your own kind and {n} of one other kind of your choice.",
            o=p["own_units"],
            n=p["units"],
        )
    return ""


def order_details(spec: Any, own_kind: str, cardset: Any) -> list[str]:
    """An order card explained in full (F1, a right-click, a click in How to play).

    The short explanation first (the one hovering shows), then what the edition
    adds: whether others may help, what happens when it fails, and a hint on
    when it pays to play it.
    """
    out = [sentence(spec_explain(spec, own_kind))]
    t, p = spec.type, spec.params
    if t == "fixed" and p.get("series"):
        out.append(_("A series is revealed together: each order in it is filled or fails on "
                     "its own, and one helper at most helps the whole series."))
    elif t == "block":
        out.append(_("Your opponents keep the cards they show. If it is blocked, every card "
                     "of your kind stays in the column, the ones you added too; if not, the "
                     "whole column of your kind is used."))
    elif t == "show":
        out.append(_("You must ask an opponent who holds at least one ingredient card; you "
                     "play one card, a single or a double."))
    elif t == "none-of-mine":
        out.append(_("Play it when you have seen few of your own kind go into the oven."))
    elif t == "scorer-kind":
        out.append(_("The kind it needs is the kind of whoever holds the scorer card when it "
                     "is revealed."))
    elif t == "doubles" and cardset is not None and cardset.help:
        out.append(_("When asking for help, you ask for one double card of a kind you name."))
    if cardset is not None:
        if cardset.help and spec.help:
            out.append(_("If the columns and your hand fall short, you may ask the others for "
                         "help; the helper is rewarded with a filled order."))
        elif cardset.help:
            out.append(_("Nobody may help with this order."))
        if cardset.unfilled == "out-of-game":
            out.append(_("If it cannot be filled, it leaves the game."))
        else:
            out.append(_("If it cannot be filled, it goes back under your order stack."))
    return out

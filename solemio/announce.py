"""Announcements in words: what a seat said at the table, and the recap after a pass screen.

The show state keeps announcements as events (solemio.show.state.SAID and
RECAP); this turns them into lines, in the second person for the viewer.
"""

from __future__ import annotations

from typing import Any

from solemio.engine import events as E
from solemio.i18n import _, data_text
from solemio.texts import a_card, announcement, kind_units, order_kind, order_name


def order_full_name(cardset: Any, face: tuple) -> str:
    """An order in full, as its card shows it face up: "Four of a kind (4 olives)"."""
    from solemio.texts import COLOUR_KIND

    name = order_name(cardset, face[1])
    own = COLOUR_KIND.get(face[0], "olive")
    kind = order_kind(cardset, face[1], own)
    if kind is None:
        return name
    try:
        units = next(t[2] for t in cardset.order(face[1]).tokens(own) if t[0] == "need")
    except (StopIteration, KeyError, AttributeError):
        return name
    return _("{name} ({what})", name=name, what=kind_units(kind, units))


def said(ev: dict, cardset: Any, you: bool = False) -> str:
    """What a seat said (after its name): "2 olives", "adds an order: ..."; ``you``: the
    one person at the table, spoken to ("you add an order: ..."; the pronoun keeps it from
    reading as an instruction under their name)."""
    t = ev["type"]
    if t == E.PLAY:
        return announcement(ev["kind"], ev["singles"], ev["doubles"])
    if t == E.ORDER:
        name = order_full_name(cardset, tuple(ev["order"]))
        return _("you add an order: {name}", name=name) if you else _(
            "adds an order: {name}", name=name)
    if t == E.PASS:
        return _("you pass: no ingredient cards") if you else _("passes: no ingredient cards")
    if t == E.SCORER_DRAWN:
        card = data_text(cardset.scorer_name)
        return _("you draw the {card} card!", card=card) if you else _(
            "draws the {card} card!", card=card)
    return ""


def recap_line(ev: dict, names: list[str], cardset: Any) -> str:
    """One line of the recap a person sees after a pass screen (no final stop: an order's
    name may end in "!")."""
    t = ev["type"]
    if t in (E.PLAY, E.ORDER, E.PASS, E.SCORER_DRAWN):
        return _("{name}: {what}", name=names[ev["seat"]], what=said(ev, cardset))
    if t == E.ROUND_END:
        return _("Round {r} is over; {name} turns the oven over", r=ev["round"],
                 name=names[ev["scorer"]])
    if t == E.FILLED:
        return _("{name} fills {order}", name=names[ev["seat"]],
                 order=order_full_name(cardset, tuple(ev["order"])))
    if t == E.FAILED:
        return _("{name} does not fill {order}", name=names[ev["seat"]],
                 order=order_full_name(cardset, tuple(ev["order"])))
    if t == E.SCORER_MOVED:
        return _("{name} takes the {card} card", name=names[ev["seat"]],
                 card=data_text(cardset.scorer_name))
    if t == E.NEW_ROUND:
        return _("Round {r} begins; {name} starts", r=ev["round"], name=names[ev["first"]])
    return ""


def forced_play_text(ev: dict) -> str:
    """A person's only possible play, said instead of made without a word."""
    card = a_card(ev["kind"], double=True) if ev["doubles"] else kind_units(ev["kind"], 1)
    return _("Your only ingredient, {card}, goes into the oven.", card=card)


def log_line(ev: dict, names: list[str], cardset: Any) -> str:
    """One line of the learner's fuller log (solemio/ui/scenes/log.py): the recap's lines,
    and what else everyone at the table saw or heard (draws, help, rewards).  Fed only
    the public events (a spectator's), so no line names a card of anybody's hand."""
    from solemio.i18n import ngettext

    t = ev["type"]
    if t == E.DRAW:
        n = int(ev.get("count", 0))
        if ev.get("source") == "stack":
            return ngettext("{name} draws {n} order from their stack",
                            "{name} draws {n} orders from their stack", n,
                            name=names[ev["seat"]])
        return ngettext("{name} draws {n} card from the supply",
                        "{name} draws {n} cards from the supply", n, name=names[ev["seat"]])
    if t == E.HELP_ASKED:
        from solemio.texts import request_text

        return _("{name} asks for help: {req}", name=names[ev["seat"]],
                 req=request_text([tuple(x) for x in ev.get("request", [])]))
    if t == E.HELP_GIVEN:
        return _("{helper} helps {name}", helper=names[ev["helper"]], name=names[ev["seat"]])
    if t == E.HELP_DECLINED:
        return _("{helper} does not help {name}", helper=names[ev["helper"]],
                 name=names[ev["seat"]])
    if t == E.REWARD and ev.get("order"):
        return _("{name} takes the top order of their stack as a reward",
                 name=names[ev["seat"]])
    return recap_line(ev, names, cardset)

"""The reveal's words: what a seat says as an event is shown, and the notes under an order.

Shared by the reveal scene and the work done ahead (``ui/table/reveal/rehearsal.py``), which
paints the same bubbles and order panels for future show states: the words of
an event depend only on the event and on who sits where, never on a scene.
"""

from __future__ import annotations

from typing import Any

from solemio.engine import events as E
from solemio.i18n import N_, _, data_text, ngettext
from solemio.texts import (
    COLOUR_KIND,
    a_card,
    cards_text,
    describe_variant,
    kind_units,
    order_kind,
    order_name,
    request_text,
    sentence,
)

FAIL_REASONS = {
    "not-filled": N_("the columns and hands cannot cover it"),
    "given-up": N_("given up"),
    "no-help": N_("nobody helped"),
    "blocked": N_("blocked by the others"),
    "not-enough": N_("not enough of the own kind"),
    "nobody-to-ask": N_("nobody holds an ingredient card to show"),
    "kind-not-held": N_("no card of the shown kind in hand"),
    "no-kind": N_("no kind qualifies"),
    "own-kind-in-columns": N_("the own kind's column is not empty"),
}


def fail_reason(reason: str) -> str:
    return _(FAIL_REASONS.get(reason, reason))


Words = tuple[int | None, list[str], float]  # (seat speaking, lines, seconds at speed 1)


def opening(session: Any, scorer: int) -> Words:
    """The scorer turns the oven over: the reveal's first words."""
    return (scorer, [_("The round is over!"),
                     _("You turn the oven over.") if session.you(scorer)
                     else _("{name} turns the oven over.", name=session.names[scorer])], 1.6)


def event_words(session: Any, ev: dict) -> Words | None:
    """What a seat says as ``ev`` is shown (None: nothing)."""
    t = ev["type"]
    names = session.names
    if t == E.REVEAL:
        face = tuple(ev["card"])
        if face[0] not in COLOUR_KIND:
            return None
        owner = ev.get("owner", 0)
        return (owner, [names[owner], _("an order: {name}",
                                        name=order_name(session.cardset, face[1]))], 1.4)
    if t == E.HELP_ASKED:
        seat = ev["seat"]
        return (seat, [names[seat], _("Who helps me with {req}?",
                                      req=request_text(ev["request"]))], 1.6)
    if t == E.HELP_GIVEN:
        return (ev["helper"], [names[ev["helper"]], _("I'll help!")], 1.2)
    if t == E.FILLED:
        return (ev["seat"], [names[ev["seat"]], _("Order filled!")], 1.2)
    if t == E.SCORER_MOVED:
        seat = ev["seat"]
        card = data_text(session.cardset.scorer_name)
        return (seat, [names[seat], _("take the {card} card!", card=card)
                       if session.you(seat) else _("takes the {card} card!", card=card)], 1.4)
    return None


def title(session: Any, scorer: int, round_no: int) -> str:
    if session.you(scorer):
        return _("Round {r}: you reveal the oven", r=round_no)
    return _("Round {r}: {name} reveals the oven", r=round_no, name=session.names[scorer])


def order_log(session: Any, current: Any) -> list[str]:
    """The notes of the order on show as lines (the latest four)."""
    if current is None:
        return []
    lines: list[str] = []
    for note in current.notes:
        lines.extend(sentence(line) for line in note_lines(session, dict(note)))
    return lines[-4:]


def note_lines(session: Any, ev: dict) -> list[str]:
    """An order's event as lines under it in the order panel."""
    t = ev["type"]
    names = session.names
    cs = session.cardset
    you = session.you
    if t == E.SERIES:
        n = len(ev["orders"])
        own = COLOUR_KIND[session.seats[ev["seat"]].colour]
        parts = " + ".join(
            kind_units(k, u) if (k := order_kind(cs, o, own)) else
            f"{order_name(cs, o)} = {u}" for o, u in ev["orders"])
        if you(ev["seat"]):
            return [ngettext("You reveal it alone: {list}",
                             "You play a series of {n}: {list}", n, list=parts)]
        return [ngettext("{name} reveals it alone: {list}",
                         "{name} plays a series of {n}: {list}", n,
                         name=names[ev["seat"]], list=parts)]
    if t == E.VARIANT:
        own = COLOUR_KIND[session.seats[ev["seat"]].colour]
        kinds = describe_variant(cs, ev.get("order"), list(ev["kinds"]), own)
        if you(ev["seat"]):
            return [_("You choose: {kinds}", kinds=kinds)]
        return [_("{name} chooses: {kinds}", name=names[ev["seat"]], kinds=kinds)]
    if t == E.HELP_ASKED:
        req = request_text([tuple(x) for x in ev["request"]])
        if you(ev["seat"]):
            return [_("You ask for help: {req}", req=req)]
        return [_("{name} asks for help: {req}", name=names[ev["seat"]], req=req)]
    if t == E.HELP_DECLINED:
        if you(ev["helper"]):
            return [_("You do not help.")]
        return [_("{name} does not help.", name=names[ev["helper"]])]
    if t == E.HELP_GIVEN:
        cards = cards_text(faces_to_cards(ev["cards"]))
        if you(ev["helper"]):
            return [_("You help with {cards}.", cards=cards)]
        return [_("{name} helps with {cards}.", name=names[ev["helper"]], cards=cards)]
    if t == E.REWARD:
        if ev.get("order"):
            if you(ev["seat"]):
                return [_("You take the top order of your stack as a reward.")]
            return [_("{name} takes the top order of their stack as a reward.",
                      name=names[ev["seat"]])]
        if you(ev["seat"]):
            return [_("Your order stack is empty: no reward.")]
        return [_("{name}'s order stack is empty: no reward.", name=names[ev["seat"]])]
    if t == E.BLOCK:
        revealed = dict(ev["revealed"])
        shown = [f"{names[int(st)]}: {sum(f[1] for f in faces)}"
                 for st, faces in sorted(revealed.items(), key=lambda x: int(x[0]))]
        return [_("Block needs {n}; the others hold {list}.", n=ev["needed"],
                  list=", ".join(shown) or "0"),
                _("Blocked!") if ev["blocked"] else _("Nobody can block it.")]
    if t == E.SHOW:
        card = card_name(tuple(ev["shown"]))
        if you(ev["asked"]):
            return [_("You show {card}.", card=card)]
        return [_("{name} shows {card}.", name=names[ev["asked"]], card=card)]
    if t == E.FAILED:
        return [_("Not filled: {why}.", why=fail_reason(ev["reason"]))]
    return []


def faces_to_cards(faces: list) -> list[tuple]:
    c: dict[str, list[int]] = {}
    for kind, units in faces:
        c.setdefault(kind, [0, 0])[0 if units == 1 else 1] += 1
    return [(k, s, d) for k, (s, d) in c.items()]


def card_name(face: tuple) -> str:
    return a_card(face[0], face[1] == 2)

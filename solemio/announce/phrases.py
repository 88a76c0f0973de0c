"""Pieces of the events' words that several events share: an order named in full, why an
order was not filled, a list of card faces as words."""

from __future__ import annotations

from typing import Any

from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import N_, _
from solemio.texts import a_card, kind_units, order_name

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


def order_full_name(cardset: Any, face: tuple) -> str:
    """An order in full, as its card shows it face up, with every kind and amount it
    needs: "Four of a kind (4 olives)", "Pizza (1 olive, 1 pepper, 1 mushroom)"; an order
    whose needs are a choice to come (staircase, block...) by its name."""
    name = order_name(cardset, face[1])
    own = COLOUR_KIND.get(face[0], KINDS[0])
    try:
        needs = [(t[1], t[2]) for t in cardset.order(face[1]).tokens(own) if t[0] == "need"]
    except (KeyError, AttributeError):
        return name
    if not needs:
        return name
    return _("{name} ({what})", name=name,
             what=", ".join(kind_units(kind, units) for kind, units in needs))


def faces_to_cards(faces: list) -> list[tuple]:
    """Card faces ``(kind, units)`` as ``(kind, singles, doubles)`` per kind."""
    c: dict[str, list[int]] = {}
    for kind, units in faces:
        c.setdefault(kind, [0, 0])[0 if units == 1 else 1] += 1
    return [(k, s, d) for k, (s, d) in c.items()]


def card_name(face: tuple) -> str:
    return a_card(face[0], face[1] == 2)

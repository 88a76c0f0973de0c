"""What speech says (docs/accessibility.md): an event as a sentence, a hand card, the table
in a few sentences.  Built from what the person at the screen may know only: the events
their seat was given (``SeatTable``: redacted) and the show state (what the screen shows
now), never the engine's full game.  No pygame.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from solemio.announce.per_event import Place, Seating, words
from solemio.announce.phrases import order_full_name
from solemio.engine import events as E
from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext
from solemio.texts import a_card, and_list, kind_units, sentence

#: The places an event's words are looked for, the first that says something: the
#: replay's caption is a sentence for nearly every event (whose turn it is, each card
#: revealed), the log and the reveal's notes say the rest.
PLACES = (Place.REPLAY, Place.LOG, Place.NOTES, Place.BUBBLE)


def event(ev: dict, at: Seating, viewer: int | None = None) -> str:
    """``ev`` said aloud ("" when no place words it).  The viewer's own draw names the
    cards drawn: the event carries them only in the drawing seat's own events."""
    for place in PLACES:
        lines = [line for line in words(ev, at, place).lines if line]
        if lines:
            text = " ".join(closed(line) for line in lines)
            break
    else:
        return ""
    if ev.get("type") == E.DRAW and viewer is not None and ev.get("seat") == viewer \
            and ev.get("cards"):
        text += " " + closed(_("You draw: {cards}", cards=cards_list(
            [tuple(c) for c in ev["cards"]], at.cardset)))
    return text


def closed(line: str) -> str:
    """A line as a spoken sentence: a capital, and a final stop a voice pauses at."""
    line = sentence(line)
    return line if not line or line[-1] in ".!?…:;" else line + "."


def card(face: tuple, cardset: Any) -> str:
    """One card by name: "a double olive", "Staircase (…)"."""
    if face and face[0] in KINDS:
        return a_card(face[0], face[1] == 2)
    if face and cardset is not None and len(face) > 1:
        try:
            return order_full_name(cardset, face)
        except (KeyError, AttributeError, TypeError):
            return str(face[1])
    return str(face)


def cards_list(faces: list[tuple], cardset: Any) -> str:
    """Cards as a list, the same card counted once ("2 × an olive" reads badly: "an olive,
    an olive" is what a person says)."""
    return and_list([card(f, cardset) for f in faces]) if faces else _("nothing")


def hand_card(face: tuple, cardset: Any, hand: tuple, selected: bool) -> str:
    """A hand card as the focus reaches it: its name, how many of it the hand holds, and
    whether it is selected."""
    n = sum(1 for f in hand if tuple(f) == tuple(face))
    text = card(face, cardset)
    if n > 1:
        text = _("{card}, {n} in your hand", card=text, n=n)
    if selected:
        text = _("{card}, selected", card=text)
    return text


def hand(faces: tuple, cardset: Any) -> str:
    """The viewer's hand: ingredients by kind in units, then the orders by name."""
    units: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    orders = []
    for f in faces:
        if f[0] in KINDS:
            units[f[0]] += f[1]
            cards[f[0]] += 1
        else:
            orders.append(card(tuple(f), cardset))
    parts = [_("{units} on {n} cards", units=kind_units(k, units[k]), n=cards[k])
             if cards[k] != units[k] else kind_units(k, units[k]) for k in KINDS if cards[k]]
    ing = and_list(parts) if parts else _("no ingredient cards")
    text = _("Your hand: {ingredients}.", ingredients=ing)
    if orders:
        text += " " + ngettext("Your order: {names}.", "Your orders: {names}.", len(orders),
                               names=and_list(orders))
    return text


def summary(show: Any, at: Seating, tally: dict[str, int] | None = None) -> list[str]:
    """The table in a few sentences, as the screen shows it now: the viewer's hand, the
    oven's count, each seat's filled orders; the learner's tally when ``tally`` is given."""
    out = []
    if show.viewer is not None:
        out.append(hand(show.hand, at.cardset))
    out.append(ngettext("The oven holds {n} card.", "The oven holds {n} cards.", show.oven))
    for seat, info in enumerate(show.seats):
        filled = [card(tuple(f), at.cardset) for f in info.filled]
        if at.you(seat):  # the one person is spoken to
            out.append(ngettext("You have filled {n} order: {names}.",
                                "You have filled {n} orders: {names}.", len(filled),
                                names=and_list(filled)) if filled
                       else _("You have filled no order yet."))
        elif filled:
            out.append(ngettext("{name} has filled {n} order: {names}.",
                                "{name} has filled {n} orders: {names}.", len(filled),
                                name=at.name(seat), names=and_list(filled)))
        else:
            out.append(_("{name} has filled no order yet.", name=at.name(seat)))
    if tally is not None:
        went = [kind_units(k, tally[k]) for k in KINDS if tally.get(k)]
        out.append(_("Your tally of the oven: {units}.",
                     units=and_list(went) if went else _("nothing yet")))
    return out

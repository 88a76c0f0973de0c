"""What the order on show in the reveal still needs from the columns, as the panel says it.

The reveal's order panel used to print the card's explanation only ("Needs 4
salamis"), while in a series the member's amount is the one the owner gave it
(4, 3, 2 or 1) and the columns already hold part of it: the series picker said
3 were missing while the panel said 4 were needed.  The panel now says what the
order needs as it stands (a series member its amount) and what the columns, as
the show has turned them over, still lack.  Only orders whose needs are fixed
kinds and amounts (``fixed``, ``each-kind``) are counted; the others depend on
a choice still to come and keep their explanation.  No pygame.
"""

from __future__ import annotations

from typing import Any

from solemio.engine import events as E
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import _
from solemio.texts import kind_units

COUNTED_TYPES = ("fixed", "each-kind")  # needs that are kinds and amounts, known up front


def order_needs(cardset: Any, current: Any) -> tuple[list[tuple[str, int]], bool] | None:
    """(kind, units) the order on show needs, a series member at its series amount, and
    whether that amount came from a series; None for an order whose needs depend on a
    choice (staircase, block...) or are unknown."""
    if current is None:
        return None
    colour, oid = current.face[0], current.face[1]
    own = COLOUR_KIND.get(colour, KINDS[0])
    try:
        spec = cardset.order(oid)
    except (KeyError, AttributeError):
        return None
    if spec.type not in COUNTED_TYPES:
        return None
    needs = [(t[1], int(t[2])) for t in spec.tokens(own) if t[0] == "need"]
    amounts = dict(getattr(current, "series", ()) or ())
    for note in current.notes:  # (an order show built by hand may carry only the note)
        if dict(note).get("type") == E.SERIES:
            amounts = {o: int(u) for o, u in dict(note)["orders"]}
    if oid in amounts and len(needs) == 1:
        return [(needs[0][0], int(amounts[oid]))], True
    return (needs, False) if needs else None


def still_missing(needs: list[tuple[str, int]], columns: Any) -> list[tuple[str, int]]:
    """What the columns (``RevealShow.columns``: faces per kind) lack of ``needs``."""
    out = []
    for kind, units in needs:
        held = sum(f[1] for f in columns[KINDS.index(kind)])
        if units > held:
            out.append((kind, units - held))
    return out


def panel_lines(cardset: Any, current: Any, columns: Any, explanation: str) -> list[str]:
    """The order panel's lines above its notes: the card's ``explanation`` (a series
    member: what it needs at its series amount), then, until its outcome is known, what
    the columns still lack."""
    found = order_needs(cardset, current)
    if found is None:
        return [explanation] if explanation else []
    needs, series = found
    lines = [_("In the series it needs {list}.",
               list=", ".join(kind_units(k, u) for k, u in needs))] if series else \
        ([explanation] if explanation else [])
    if current.status is None:
        lack = still_missing(needs, columns)
        lines.append(_("Still missing from the columns: {list}.",
                       list=", ".join(kind_units(k, u) for k, u in lack)) if lack
                     else _("The columns hold all it needs."))
    return lines

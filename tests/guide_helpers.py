"""Playing the guided first game as the guide suggests (for tests and measurements)."""

from __future__ import annotations

from typing import Any

from solemio.show import guide
from solemio.show.pickers.fill import cards_model, kinds_model

KINDS = guide.KINDS


def guided_choice(game: Any, seat: int) -> tuple:
    """The choice a person makes who follows the guide: its suggestion, or where a picker
    answers (a series, an order's kinds, the cards that fill it) the picker's default
    after the guide's advice (every order of the series joined)."""
    from solemio.show.pickers.series import SeriesModel
    from solemio.texts import order_kind

    d = game.decision()
    view = game.view(seat)
    cs = game.cs
    colour = game.colours[seat]
    own = guide.COLOUR_KIND[colour]
    pick = guide.suggestion(str(d.kind), d.choices, view.hand, view.history, cs, colour, seat)
    if pick is not None:
        return pick
    ctx = d.context or {}
    if d.kind == "series":
        units = [sum(f[1] for f in col) for col in view.columns]
        revealed = ctx.get("order") or d.choices[0][1][0][0]
        m = SeriesModel(d.choices, revealed, ctx.get("candidates", []), units,
                        lambda oid: order_kind(cs, oid, own))
        for oid in m.candidates:
            m.toggle(oid)
        if m.go_next():
            return m.current_choice() or m.alone_choice()
        return m.alone_choice()
    if d.kind == "variant":
        return kinds_model(d, cs, [f for col in view.columns for f in col], view.hand,
                           own).default()
    c = cards_model(d).current_choice()
    return c if c is not None else d.choices[0]

"""A reveal decision as the person deciding meets it: the question and its widgets.

Help, block, show: a prompt and a button per choice (paged when there are
many; the way out last).  A series or a choice order: the pickers
(``ui/table/pickers/``).  Used by the reveal scene, which
keeps its pickers across rebuilds, and by the work done ahead, which paints a
decision still behind the show with pickers of its own (``ui/table/reveal/rehearsal.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solemio.engine.kinds import COLOUR_KIND
from solemio.i18n import _
from solemio.texts import a_card, describe_choice, kind_plural, kind_units, order_name, request_text
from solemio.ui import layout
from solemio.ui.table.pickers.fill import FillPicker
from solemio.ui.table.pickers.series import SeriesPicker
from solemio.ui.table.reveal.paint import RevealStage
from solemio.ui.widgets import Button, Widget

FILL_KINDS = frozenset({"variant", "fill"})  # decisions the fill picker asks
Picker = SeriesPicker | FillPicker


def prompt(session: Any, d: Any) -> str:
    """The question of a help, block or show decision (a picker words its own)."""
    ctx = d.context or {}
    names = session.names
    cs = session.cardset
    oname = order_name(cs, ctx.get("order", "")) if ctx.get("order") else ""
    k = d.kind
    if k == "help":
        text = _("{name} asks you for {req} to fill {order}. If you help, you take the top "
                 "order of your stack as a reward.", name=names[ctx.get("asker", 0)],
                 req=request_text([tuple(x) for x in ctx.get("request", [])]), order=oname)
        if all(c[0] == "decline" for c in d.choices):
            text += " " + _("Your hand cannot cover it.")
        return text
    if k == "block":
        own = COLOUR_KIND[session.seats[d.seat].colour]
        text = _("Block: the column holds {have}; you may add {kind} from your hand. "
                 "The others block it if they hold as many.",
                 have=kind_units(own, ctx.get("column", 0)), kind=kind_plural(own))
        if all(c[0] == "give-up" for c in d.choices):
            text = _("Block: the column and your hand cannot reach the {n} it needs.",
                     n=ctx.get("min", 2))
        return text
    if k == "show-ask":
        return _("{order}: choose who must show you an ingredient card.", order=oname)
    if k == "show-card":
        return _("{name} asks you to show one ingredient card from your hand.",
                 name=names[ctx.get("asker", 0)])
    if k == "show-play":
        return _("Play {card} from your hand to fill the order.",
                 card=a_card(ctx.get("kind", "")))
    return ""


def answered_for_them(d: Any) -> bool:
    """A decision with nothing to ask: this order alone (a series), or a refusal (help the
    hand cannot give).  With one person at the table it is made for them after a pause
    (RevealScene.cannot_help); in hot-seat play it comes like any other decision, with one
    button (solemio.show.director)."""
    return (d.kind == "series" and len(d.choices) == 1) or (
        d.kind == "help" and all(c[0] == "decline" for c in d.choices))


def buttons(stage: RevealStage, d: Any, page: int, apply: Callable[[tuple], None],
            next_page: Callable[[], None]) -> tuple[list[Widget], int]:
    """A button per choice of a help, block or show decision on page ``page`` of them (and
    "More choices" when they need several pages); returns the widgets and the page shown."""
    grid_area = stage.choice_grid()
    size = stage.size
    session = stage.session
    gap = max(4, int(grid_area.h * 0.05))
    # A larger text size: taller buttons (a long answer on two lines at the chosen size),
    # in one column while they fit, in two, then on pages ("More choices").
    row_h = int(max(30, min((grid_area.h - 2 * gap) / 3, size[1] * 0.07))
                * layout.text_grow(1.4))
    rows = max(1, (grid_area.h + gap) // (row_h + gap))
    choices = list(d.choices)
    large = layout.text_grow() >= 1.3
    if large:  # two columns only when one would not hold them all (narrower: 400 px)
        cols = 2 if grid_area.w > 400 and len(choices) > rows else 1
    else:
        cols = 2 if grid_area.w > 520 else 1
    per_page = rows * cols
    own = COLOUR_KIND[session.seats[d.seat].colour]
    # The way out (give up / decline) goes last, so the useful choices come first.
    choices.sort(key=lambda c: c[0] in ("give-up", "decline"))
    if len(choices) > per_page:
        per_page -= 1  # one cell for paging
    pages = max(1, -(-len(choices) // per_page))
    page %= pages
    shown = choices[page * per_page:(page + 1) * per_page]
    cells = layout.grid(grid_area, per_page + (1 if pages > 1 else 0), cols, row_h, gap)
    out: list[Widget] = []
    for i, (ch, cell) in enumerate(zip(shown, cells, strict=False)):
        label = describe_choice(ch, session.cardset, session.names, own_kind=own,
                                order_id=(d.context or {}).get("order"))
        if ch[0] == "show-play":
            label = _("Play {card}", card=a_card((d.context or {}).get("kind", ""),
                                                 ch[1] == 2))
        style = "secondary" if ch[0] in ("give-up", "decline") else "good"
        button = Button(f"choice{i}", label, lambda c=ch: apply(c), cell, style=style)
        button.choice = ch  # the guide points at the button of the answer it suggests
        out.append(button)
    if pages > 1 and len(cells) > len(shown):
        out.append(Button("more", _("More choices ({p}/{n})", p=page + 1, n=pages),
                          next_page, cells[len(shown)], style="secondary"))
    return out, page


def series_picker(key: tuple, stage: RevealStage, d: Any, cols: tuple,
                  apply: Callable[[tuple], None],
                  changed: Callable[[str | None], None]) -> SeriesPicker:
    """The series picker of ``d`` over the columns ``cols`` as the show has them."""
    seat = stage.session.seats[d.seat]
    app = stage.app
    return SeriesPicker(key, d, stage.session.cardset, seat.colour, COLOUR_KIND[seat.colour],
                        [sum(f[1] for f in col) for col in cols], lambda: app.cards,
                        apply, changed)


def fill_picker(key: tuple, stage: RevealStage, d: Any, view: Any,
                apply: Callable[[tuple], None],
                changed: Callable[[str | None], None]) -> FillPicker:
    """The kinds or cards picker of ``d`` over the viewer's ``view`` (columns and hand)."""
    s = stage.session
    app = stage.app
    return FillPicker(key, d, s.cardset, COLOUR_KIND[s.seats[d.seat].colour],
                      [f for col in view.columns for f in col], view.hand, lambda: app.cards,
                      apply, changed, s.table.decision)


def fresh(stage: RevealStage, d: Any, cols: tuple, view: Any) -> tuple[str, list[Widget]]:
    """``d``'s prompt and widgets as they first appear (pickers of their own, answering
    nothing, on the first page): what the work done ahead paints."""
    def nothing(_x: Any) -> None:
        return None

    if d.kind == "series":
        sp = series_picker(("rehearsal",), stage, d, cols, nothing, nothing)
        if answered_for_them(d):
            return sp.prompt(), []
        return sp.prompt(), sp.widgets(stage.choice_grid(), stage.size)
    if d.kind in FILL_KINDS:
        fp = fill_picker(("rehearsal",), stage, d, view, nothing, nothing)
        return fp.prompt(), fp.widgets(stage.choice_grid(), stage.size)
    if answered_for_them(d):
        return prompt(stage.session, d), []
    return prompt(stage.session, d), buttons(stage, d, 0, nothing, lambda: None)[0]

"""A person's decision in the reveal, on screen: its prompt and its widgets.

The buttons of a decision are paged (``choices.buttons``); a series question gets
its own two-step picker and a variant or fill decision its kinds or cards picker,
each kept across the rebuilds of one decision and made fresh for the next.  The
reveal scene holds one :class:`RevealAsking` and rebuilds its widgets when it says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solemio.i18n import _
from solemio.texts import order_name
from solemio.ui.table.pickers.fill import FillPicker
from solemio.ui.table.pickers.series import SeriesPicker
from solemio.ui.table.reveal import choices
from solemio.ui.table.reveal.choices import FILL_KINDS
from solemio.ui.widgets import Button, Widget


class RevealAsking:
    """The widgets of the person's decisions in one reveal.  ``apply(choice)`` sends a
    choice; ``rebuild(focus)`` asks the scene to build its widgets again (and focus the
    widget named ``focus``, if any)."""

    def __init__(self, apply: Callable[[tuple], None],
                 rebuild: Callable[[str | None], None]) -> None:
        self.apply = apply
        self.rebuild = rebuild
        self.page = 0
        self.series_picker: SeriesPicker | None = None  # the series decision's own widgets
        self.fill_picker: FillPicker | None = None  # a variant or fill decision's widgets

    def prompt(self, stage: Any, d: Any, moves: int, cols: tuple, view: Any) -> str:
        session = stage.session
        if d.kind == "series" and len(d.choices) == 1:
            return _("{order} is revealed. You hold no other four-of-a-kind order, so it "
                     "stands alone.", order=order_name(session.cardset,
                                                       (d.context or {}).get("order", "")))
        if d.kind == "series":
            return self.picker_for(stage, d, moves, cols).prompt()
        if d.kind in FILL_KINDS:
            return self.fill_picker_for(stage, d, moves, view).prompt()
        return choices.prompt(session, d)

    def widgets(self, stage: Any, d: Any, moves: int, cols: tuple, view: Any) -> list[Widget]:
        size = stage.size
        if d.kind == "series" and len(d.choices) == 1:
            # No partner in hand (hot-seat: this screen comes like any other, through a
            # pass screen; one person alone is answered for: solemio.show.conductor): one
            # button, after the reason in the prompt.
            grid = stage.choice_grid()
            one = pygame.Rect(0, 0, min(grid.w, max(160, int(size[0] * 0.16))),
                              int(max(30, min(grid.h / 3, size[1] * 0.07))))
            one.midtop = (grid.centerx, grid.y)
            return [Button("choice0", _("Go on"), lambda c=d.choices[0]: self.apply(c), one,
                           style="good")]
        if d.kind == "series":
            return self.picker_for(stage, d, moves, cols).widgets(stage.choice_grid(), size)
        if d.kind in FILL_KINDS:
            return self.fill_picker_for(stage, d, moves, view).widgets(stage.choice_grid(),
                                                                       size)
        widgets, self.page = choices.buttons(stage, d, self.page, self.apply, self.next_page)
        return widgets

    def answer_rects(self, what: str, name: Any, widgets: list) -> list[pygame.Rect]:
        """The guide's exact answer: the button of the choice it suggests (or "More choices"
        while that button is on another page), or the picker's next step: the orders still
        to join the series, then Next, then Confirm; Confirm (or Go on) in a fill picker."""
        by_name = {w.name: w for w in widgets}
        if what == "choice":
            hit = [w.rect for w in widgets if getattr(w, "choice", None) == name]
            if not hit and "more" in by_name:
                hit = [by_name["more"].rect]
            return hit
        if what != "picker":
            return []
        if name == "series" and self.series_picker is not None:
            m = self.series_picker.model
            if m.step == 1:
                joins = [w.rect for w in widgets if w.name.startswith("choice-join")
                         and getattr(w, "oid", None) not in m.joined]
                return joins or [w.rect for n, w in by_name.items() if n == "choice-next"]
            return [w.rect for n, w in by_name.items() if n == "choice-confirm"]
        return [w.rect for n, w in by_name.items() if n in ("fill-confirm", "fill-go")]

    def picker_for(self, stage: Any, d: Any, moves: int, cols: tuple) -> SeriesPicker:
        """The series picker of this decision: kept across rebuilds, new for a new decision."""
        key = (moves, d.seat)
        if self.series_picker is None or self.series_picker.key != key:
            self.series_picker = choices.series_picker(key, stage, d, cols, self.apply,
                                                       self.rebuild)
        return self.series_picker

    def fill_picker_for(self, stage: Any, d: Any, moves: int, view: Any) -> FillPicker:
        """The kinds or cards picker of this decision, kept across rebuilds."""
        key = (moves, d.seat, d.kind)
        if self.fill_picker is None or self.fill_picker.key != key:
            self.fill_picker = choices.fill_picker(key, stage, d, view, self.apply,
                                                   self.rebuild)
        return self.fill_picker

    def next_page(self) -> None:
        self.page += 1
        self.rebuild("more")

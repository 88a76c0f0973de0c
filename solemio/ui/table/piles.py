"""The table's piles: the oven (its top card and height), the supply, and the learner's aid.

Each painter paints into the rectangle the still frame gives it (``pile_rect``,
``tally_rect``): the scene makes them parts of its still frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext
from solemio.ui import layout, theme
from solemio.ui.table import seats


@dataclass
class Piles:
    """The piles' painters for one layout."""

    app: Any
    cardset: Any
    L: layout.TableLayout

    def label_px(self) -> int:
        return max(12, min(int(self.L.oven.h * 0.085), int(self.L.message.h * 0.8)))

    def oven_label(self, height: int) -> pygame.Surface:
        return theme.text(ngettext("Oven · {n} card", "Oven · {n} cards", height),
                          self.label_px(), theme.CREAM, bold=True)

    def oven_label_rect(self, height: int) -> pygame.Rect:
        """Where the oven's label paints, measured without drawing it (a layout question,
        not a line on the screen: the text-size instrument records what is drawn)."""
        words = ngettext("Oven · {n} card", "Oven · {n} cards", height)
        w, h = theme.font(self.label_px(), True).size(words)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (self.L.oven.centerx, self.L.oven.bottom + self.label_px() // 3)
        return r

    def supply_label(self, n: int) -> pygame.Surface:
        return theme.text(ngettext("Supply · {n} card", "Supply · {n} cards", n),
                          self.label_px(), theme.CREAM, bold=True)

    def pile_rect(self, r: pygame.Rect, label: pygame.Surface) -> pygame.Rect:
        """Where a pile and its label paint (the pile's edges go right and down)."""
        lab = label.get_rect(midtop=(r.centerx, r.bottom + self.label_px() // 3))
        return r.inflate(r.w // 2, r.h // 4).union(lab.inflate(4, 4))

    def draw_oven(self, surface: pygame.Surface, top: tuple | None, height: int) -> None:
        ov = self.L.oven
        c = self.app.cards
        if top is not None:
            img = c.face(tuple(top), self.cardset, ov.size,
                         self.cardset.scorer_name)
        else:
            img = c.ingredient_back(ov.size)
        seats.pile(self.app, surface, img, ov, height)
        lab = self.oven_label(height)
        surface.blit(lab, lab.get_rect(midtop=(ov.centerx, ov.bottom + self.label_px() // 3)))

    def draw_supply(self, surface: pygame.Surface, n: int) -> None:
        sp = self.L.supply
        seats.pile(self.app, surface, self.app.cards.ingredient_back(sp.size), sp, n)
        lab = self.supply_label(n)
        surface.blit(lab, lab.get_rect(midtop=(sp.centerx, sp.bottom + self.label_px() // 3)))

    def tally_box(self) -> tuple[pygame.Rect, int]:
        ov = self.L.oven
        row_h = max(18, ov.h // 7)
        box = pygame.Rect(0, 0, int(row_h * 3.4), row_h * 5 + row_h // 2)
        box.midright = (ov.x - ov.w // 3, ov.centery)
        if layout.text_grow() > 1:
            # A larger text size: the oven's label is wider than its card (and the card
            # smaller): the aid keeps left of the label, never over it.
            lab = self.oven_label_rect(99)
            if box.bottom > lab.top and box.right > lab.x - row_h // 3:
                box.right = lab.x - row_h // 3
        return box, row_h

    def tally_rect(self) -> pygame.Rect:
        """Where the learner's aid paints: its panel with the shadow, and the caption."""
        box, row_h = self.tally_box()
        cap = theme.text(_("Learner's aid"), max(10, row_h // 2), theme.CREAM)
        pad = max(2, box.h // 40) * 2 + 2  # the panel's shadow margin (theme.rounded_panel)
        return box.inflate(2 * pad, 2 * pad).union(
            cap.get_rect(midbottom=(box.centerx, box.y - 2)))

    def draw_tally(self, surface: pygame.Surface, units: dict) -> None:
        """The learner's aid: what went into the oven this round, by kind."""
        box, row_h = self.tally_box()
        theme.rounded_panel(surface, box, (250, 241, 220, 220), radius=row_h // 3)
        for i, k in enumerate(KINDS):
            y = box.y + row_h // 4 + i * row_h
            icon = self.app.cards.kind_icon(k, int(row_h * 0.85))
            surface.blit(icon, (box.x + row_h // 4, y))
            t = theme.text(str(units[k]), theme.unscaled(row_h * 0.7), theme.INK, bold=True)
            surface.blit(t, (box.x + int(row_h * 1.5), y + (row_h - t.get_height()) // 2))
        cap = theme.text(_("Learner's aid"), max(10, row_h // 2), theme.CREAM)
        surface.blit(cap, cap.get_rect(midbottom=(box.centerx, box.y - 2)))


    def still_parts(self, show: Any, oven_before: tuple, flying_to_oven: bool,
                    learner_aid: bool) -> list[tuple]:
        """The piles as parts of the table's still frame, each keyed by what it shows: the
        oven and the supply as far as the show has got (the engine may be a turn ahead),
        and the learner's aid when it is on.  A card still flying onto the oven is not also
        lying there already (``oven_before``: the top card and height before it)."""
        top = tuple(show.oven_top) if show.oven_top is not None else None
        height = show.oven
        if flying_to_oven:
            before, height = oven_before
            top = tuple(before) if before is not None else None
        supply = show.supply
        parts = [("oven", self.pile_rect(self.L.oven, self.oven_label(height)),
                  (top, height), lambda surf: self.draw_oven(surf, top, height)),
                 ("supply", self.pile_rect(self.L.supply, self.supply_label(supply)),
                  (supply,), lambda surf: self.draw_supply(surf, supply))]
        if learner_aid:
            units = seats.tally_text(show)
            parts.append(("tally", self.tally_rect(), tuple(sorted(units.items())),
                          lambda surf: self.draw_tally(surf, units)))
        return parts

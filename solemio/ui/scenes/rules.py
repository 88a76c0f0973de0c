"""How to play: short pages per edition, each one idea with a picture of the game's own cards.

What each page says and shows is data from :mod:`solemio.show.howto` (no pygame);
here it is painted live with the card painter, so the pictures follow the window
size, the language and the colour-blind letters like every card in the game.
Next / Previous (or Left / Right, Page Up / Page Down) turn the pages; the
edition chooser shows that edition's rules. An order card on a page opens its
full explanation with a click, or Enter once Tab has reached it. The guided first
game (solemio/show/guided.py) starts from here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from solemio.i18n import _, data_text
from solemio.show import howto
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button, Selector, Widget

EDITIONS = ("sole-mio", "mamma-mia", "grande")


@dataclass
class Placed:
    """One card of a page's picture where it is drawn."""

    face: tuple
    rect: pygame.Rect
    mark: str = ""


@dataclass
class PlacedGroup:
    group: howto.Group
    area: pygame.Rect
    cards: list[Placed]


def _card_w(ch: int) -> int:
    return layout.card_size(ch)[0]


def _group_size(g: howto.Group, ch: int, word_w: int) -> tuple[int, int]:
    """Width and height of a group's cards for a card height ``ch``."""
    cw = _card_w(ch)
    n = max(1, len(g.faces))
    if g.layout == howto.ROW:
        return cw + int((n - 1) * cw * 1.08), ch
    if g.layout == howto.STACK:
        return cw + int((n - 1) * cw * 0.07), ch + int((n - 1) * ch * 0.035)
    if g.layout == howto.COLUMN:
        return cw, ch + int((n - 1) * ch * 0.3)
    if g.layout == howto.ARROW:
        return int(cw * 0.55), ch
    return word_w, ch


def caption_grow() -> float:
    """How much taller the pictures' captions are at a larger text size: two lines at
    the chosen size, so "the column of chillies" wraps instead of shrinking (the cards
    give way)."""
    return layout.text_grow()


def caption_width(caption: str, px: int) -> int:
    """The width a caption needs on two lines: its longest word, or half of it."""
    f = theme.font(px, True)
    return max(max(f.size(word)[0] for word in caption.split()) + 4,
               f.size(caption)[0] // 2 + px)


def place_picture(page: howto.Page, area: pygame.Rect, caption_px: int) -> list[PlacedGroup]:
    """Where every card of ``page``'s picture goes inside ``area``: the largest cards that
    let every group, side by side, and its caption fit."""
    groups = page.picture
    if not groups:
        return []
    words = [theme.text(g.caption, caption_px * 2, bold=True).get_width()
             if g.layout == howto.WORD else 0 for g in groups]
    cap_h = int(caption_px * 2.6 * caption_grow())
    # A larger text size: each caption's group at least as wide as its words need on two
    # lines (the longest word, half of the whole), so neighbouring captions never meet.
    need = [caption_width(g.caption, caption_px) if g.caption and g.layout not in
            (howto.WORD, howto.ARROW) and layout.text_grow() > 1 else 0 for g in groups]
    ch = max(20, area.h - cap_h)
    while True:
        cw = _card_w(ch)
        gap = int(cw * 0.3)
        sizes = [(max(gw, nw), gh) for (gw, gh), nw in zip(
            (_group_size(g, ch, ww) for g, ww in zip(groups, words, strict=True)), need,
            strict=True)]
        total = sum(s[0] for s in sizes) + gap * (len(groups) - 1)
        tallest = max(s[1] for s in sizes)
        if (total <= area.w and tallest + cap_h <= area.h) or ch <= 24:
            break
        ch = int(ch * 0.94)
    x = area.centerx - total // 2
    top = area.y + (area.h - cap_h - tallest) // 2
    out = []
    for g, (gw, gh), ww in zip(groups, sizes, words, strict=True):
        rect = pygame.Rect(x, top + (tallest - gh) // 2, gw, gh)
        cards = []
        x += (gw - _group_size(g, ch, ww)[0]) // 2  # the cards centred under a wide caption
        for i, face in enumerate(g.faces):
            r = pygame.Rect(0, 0, cw, ch)
            if g.layout == howto.ROW:
                r.topleft = (x + int(i * cw * 1.08), rect.y)
            elif g.layout == howto.STACK:
                r.bottomleft = (x + int(i * cw * 0.07), rect.bottom - int(i * ch * 0.035))
            else:  # a column: each card a little below the one before
                r.topleft = (x, rect.y + int(i * ch * 0.3))
            mark = g.marks[i] if i < len(g.marks) else ""
            cards.append(Placed(tuple(face), r, mark))
        out.append(PlacedGroup(g, rect, cards))
        x = rect.right + gap
    return out


class CardSpot(Widget):
    """An order card of a page's picture: click or Enter opens its full explanation."""

    def __init__(self, name: str, rect: pygame.Rect, face: tuple, action: Any) -> None:
        super().__init__(name, rect)
        self.face = face
        self.action = action

    def activate(self) -> None:
        self.action(self.face)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if focused or hovered:
            pygame.draw.rect(surface, theme.GOLD, self.rect.inflate(6, 6), 3,
                             border_radius=max(4, self.rect.w // 12))


class RulesScene(WidgetScene):
    def __init__(self, app: Any, edition: str | None = None) -> None:
        super().__init__(app)
        self.edition = edition if edition in EDITIONS else self._playing_edition()
        self.page = 0
        self._cardsets: dict[str, Any] = {}

    def _playing_edition(self) -> str:
        """The edition of the game beneath (opened from its menu), else Sole Mio!."""
        for scene in reversed(self.app.manager.stack):
            session = getattr(scene, "session", None)
            cs = getattr(session, "cardset", None)
            if getattr(cs, "id", None) in EDITIONS:
                return cs.id
        return EDITIONS[0]

    @property
    def cardset(self) -> Any:
        if self.edition not in self._cardsets:
            from solemio.engine import load_cardset

            self._cardsets[self.edition] = load_cardset(self.edition)
        return self._cardsets[self.edition]

    def pages(self) -> list[howto.Page]:
        return howto.pages(self.cardset)

    # --- layout ---------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        bw, bh = int(max(150, min(w * 0.14, 300))), int(max(34, min(h * 0.06, 80)))
        by = h - bh - int(h * 0.03)
        sel = pygame.Rect(0, 0, int(max(340, min(w * 0.4, 720))), bh)
        sel.midtop = (w // 2, int(h * 0.135))
        self.panel = pygame.Rect(int(w * 0.06), sel.bottom + int(h * 0.02), int(w * 0.88), 0)
        self.panel.h = by - int(h * 0.025) - self.panel.y
        prev = pygame.Rect(self.panel.x, by, bw, bh)
        nxt = pygame.Rect(self.panel.right - bw, by, bw, bh)
        back = pygame.Rect(0, 0, bw, bh)
        back.midtop = (w // 2, by)
        self.indicator_rect = pygame.Rect(prev.right, by, back.x - prev.right, bh)
        pages = self.pages()
        self.page = max(0, min(self.page, len(pages) - 1))
        names = [data_text(self._name(e)) for e in EDITIONS]
        widgets: list[Widget] = [
            Selector("edition", _("Edition"), list(EDITIONS), EDITIONS.index(self.edition),
                     lambda e: names[EDITIONS.index(e)], self.set_edition, sel),
        ]
        pad = int(h * 0.03)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        self.head_px = max(16, int(h * 0.042))
        self.body_px = max(13, int(h * 0.03))
        self.caption_px = max(11, int(h * 0.021))
        # the page's heading as tall as it is drawn (a larger text size: the picture below
        # gives way rather than run into it)
        head_h = max(int(self.head_px * 1.4),
                     int(theme.font(self.head_px, True).get_height() * 1.1))
        self.head_rect = pygame.Rect(inner.x, inner.y, inner.w, head_h)
        body_h = int(inner.h * 0.3 * layout.text_grow(1.2))  # larger text: the words' room
        self.body_rect = pygame.Rect(inner.x, inner.bottom - body_h, inner.w, body_h)
        self.picture_rect = pygame.Rect(inner.x, self.head_rect.bottom + pad // 2, inner.w,
                                        self.body_rect.y - self.head_rect.bottom - pad)
        page = pages[self.page]
        self.placed = place_picture(page, self.picture_rect, self.caption_px)
        n = 0
        for pg in self.placed:
            for i, c in enumerate(pg.cards):
                is_order = c.face[0] not in howto.KINDS and c.face[0] not in (
                    "back", "oback", "scorer")
                top = pg.group.layout != howto.STACK or i == len(pg.cards) - 1
                if is_order and top:
                    widgets.append(CardSpot(f"card{n}", c.rect, c.face, self.explain))
                    n += 1
        if layout.text_grow() > 1:
            # Larger text: the edition to the left, so "Guided first game" has the rest of
            # the row and keeps the chosen size.
            sel.x = self.panel.x
            widgets[0].rect = sel
            guided_w = self.panel.right - sel.right - int(h * 0.03)
        else:
            guided_w = min(int(bw * 1.4), self.panel.right - sel.right - 8)
        guided = pygame.Rect(0, sel.y, guided_w, bh)
        guided.right = self.panel.right
        widgets.append(Button("guided", _("Guided first game"), self.guided_game, guided,
                              style="good"))
        b_prev = Button("prev", _("Previous"), self.previous, prev, style="secondary")
        b_prev.enabled = self.page > 0
        b_next = Button("next", _("Next"), self.next, nxt, style="primary")
        b_next.enabled = self.page < len(pages) - 1
        widgets += [b_prev, Button("back", _("Back"), self.on_escape, back, style="secondary"),
                    b_next]
        self.focus.set(widgets)
        if self.focus.focus < 0 or not self.focus.widgets[self.focus.focus].enabled:
            self.focus.focus_name("next" if b_next.enabled else "back")

    def _name(self, edition: str) -> str:
        return {"sole-mio": "Sole Mio!", "mamma-mia": "Mamma Mia!",
                "grande": "Mamma Mia! Grande"}[edition]

    # --- actions --------------------------------------------------------------
    def set_edition(self, edition: str) -> None:
        self.edition = edition
        self.page = 0
        self.layout(self.size)

    def next(self) -> None:
        if self.page < len(self.pages()) - 1:
            self.page += 1
            self.layout(self.size)

    def previous(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.layout(self.size)

    def guided_game(self) -> None:
        from solemio.ui.scenes.base import start_guided_game

        start_guided_game(self.app)

    def explain(self, face: tuple) -> None:
        self.app.manager.open("order-info", face, self.cardset)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            focused = self.focus.focused
            on_selector = focused is not None and focused.name == "edition"
            if event.key in (pygame.K_PAGEDOWN,) or (event.key == pygame.K_RIGHT
                                                      and not on_selector):
                self.next()
                return None
            if event.key in (pygame.K_PAGEUP,) or (event.key == pygame.K_LEFT
                                                    and not on_selector):
                self.previous()
                return None
        return super().handle_event(event)

    # --- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("How to play"), (w // 2, int(h * 0.07)), int(h * 0.08))
        pages = self.pages()
        page = pages[self.page]

        def paint(layer: pygame.Surface) -> None:
            # Painted once per page, size, language and painter (a page stands still).
            full = pygame.Surface(self.size, pygame.SRCALPHA)
            theme.rounded_panel(full, self.panel, (250, 241, 220, 240))
            head = theme.fit_text(page.title, self.head_px, self.head_rect.w,
                                  theme.TOMATO_DARK, bold=True)
            full.blit(head, head.get_rect(midtop=self.head_rect.midtop))
            for pg in self.placed:
                self.draw_group(full, pg)
            theme.draw_wrapped(full, page.body, self.body_rect, self.body_px, theme.INK,
                               centre=True, middle=True)
            layer.blit(full, (0, 0), self.panel)

        key = ("how-to-play", self.edition, self.page, self.size, tuple(self.panel),
               id(self.app.cards.painter))
        surface.blit(theme.layer(key, self.panel.size, paint), self.panel)
        self.draw_indicator(surface, len(pages))
        self.focus.draw(surface)

    def face_picture(self, face: tuple, size: tuple[int, int]) -> pygame.Surface:
        cards = self.app.cards
        if face[0] == "back":
            return cards.ingredient_back(size)
        if face[0] == "oback":
            return cards.order_back(face[1], size)
        if face[0] == "scorer":
            return cards.scorer(self.cardset.scorer_name, size)
        return cards.face(face, self.cardset, size, self.cardset.scorer_name)

    def draw_group(self, surface: pygame.Surface, pg: PlacedGroup) -> None:
        g, area = pg.group, pg.area
        if g.layout == howto.ARROW:
            self._arrow(surface, area)
        elif g.layout == howto.WORD:
            t = theme.text(g.caption, self.caption_px * 2, theme.WALNUT, bold=True)
            surface.blit(t, t.get_rect(center=area.center))
            return
        elif g.layout == howto.COLUMN and not g.faces:
            slot = pygame.Rect(area.x, area.y, area.w, area.h)
            pygame.draw.rect(surface, theme.CREAM_DARK, slot, 2,
                             border_radius=max(3, area.w // 12))
        for c in pg.cards:
            surface.blit(self.face_picture(c.face, c.rect.size), c.rect)
            if c.mark:
                self._mark(surface, c)
        if g.caption:
            bottom = max([c.rect.bottom for c in pg.cards] + [area.bottom])
            cap_w = max(area.w + int(area.w * 0.3), int(self.picture_rect.w * 0.12))
            if layout.text_grow() > 1:  # its group is as wide as its words need
                cap_w = area.w + _card_w(pg.cards[0].rect.h if pg.cards else area.h) // 4
            cap = pygame.Rect(0, bottom + self.caption_px // 2, cap_w,
                              int(self.caption_px * 2.1 * caption_grow()))
            cap.centerx = area.centerx
            theme.draw_wrapped(surface, g.caption, cap, self.caption_px, theme.WALNUT,
                               bold=True, centre=True)

    def _arrow(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        y = area.centery
        x0, x1 = area.x + area.w // 8, area.right - area.w // 8
        lw = max(3, area.w // 10)
        head = max(8, area.w // 3)
        pygame.draw.line(surface, theme.TOMATO_DARK, (x0, y), (x1 - head // 2, y), lw)
        pygame.draw.polygon(surface, theme.TOMATO_DARK,
                            [(x1, y), (x1 - head, y - head * 2 // 3), (x1 - head, y + head * 2 // 3)])

    def _mark(self, surface: pygame.Surface, c: Placed) -> None:
        """An amount of a series, or a tick on a card the order takes, in a round badge."""
        r = max(9, c.rect.w // 6)
        centre = (c.rect.right - r // 2, c.rect.y + r)
        if c.mark == "✓":
            pygame.draw.circle(surface, theme.BASIL, centre, r)
            pts = [(centre[0] - r // 2, centre[1]), (centre[0] - r // 8, centre[1] + r // 2),
                   (centre[0] + r // 2, centre[1] - r // 2)]
            pygame.draw.lines(surface, theme.CREAM, False, pts, max(2, r // 4))
            return
        centre = (c.rect.right - r // 2, c.rect.bottom - r)  # clear of the order's name
        pygame.draw.circle(surface, theme.TOMATO_DARK, centre, r)
        t = theme.text(c.mark, int(r * 1.3), theme.CREAM, bold=True)
        surface.blit(t, t.get_rect(center=centre))

    def draw_indicator(self, surface: pygame.Surface, count: int) -> None:
        """"Page 3 of 14" over a row of dots, the current one filled."""
        r = self.indicator_rect
        t = theme.fit_text(_("Page {n} of {total}", n=self.page + 1, total=count),
                           self.caption_px, r.w - 8, theme.CREAM, bold=True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y)))
        dot = max(3, min(r.h // 6, r.w // (count * 4 + 1)))
        step = dot * 3
        x0 = r.centerx - step * (count - 1) // 2
        y = r.bottom - dot * 2
        for i in range(count):
            colour = theme.GOLD if i == self.page else theme.CREAM_DARK
            pygame.draw.circle(surface, colour, (x0 + i * step, y), dot, 0 if i == self.page else 1)

"""The statistics: games played and won (per edition, seat count and opponents' level),
filled orders per game, the best result, the longest winning streak, memory training's
accuracy (kinds estimated exactly, units off per estimate), and a chart of the
wins over time, per person (chosen at the top when several people have played: each
person at a hot-seat table has a record of their own).  The figures come from
:mod:`solemio.stats`."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.formats import number, percent, stamp_text
from solemio.i18n import _, data_text, ngettext
from solemio.texts import level_name
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button, Selector


def opponents_name(level: str) -> str:
    if level == "people":
        return _("people only")
    if level == "mixed":
        return _("mixed levels")
    return level_name(level)


def player_name(name: str) -> str:
    """A person's name as the statistics show it (lines from before names were kept have
    none)."""
    return name or _("Earlier games (no name)")


class StatsScene(WidgetScene):
    def __init__(self, app: Any) -> None:
        from solemio import stats

        self.all = stats.load()
        self.players = self.all.players()  # the one who played last first
        self.player = self.players[0] if self.players else ""
        self.stats = self.all.of(self.player)
        super().__init__(app)

    def choose(self, player: str) -> None:
        """Show another person's statistics."""
        self.player = player
        self.stats = self.all.of(player)
        self.page = 0
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        top = 0.16 if len(self.players) < 2 else 0.23
        self.left = pygame.Rect(int(w * 0.04), int(h * top), int(w * 0.44), int(h * (0.84 - top)))
        self.right = pygame.Rect(int(w * 0.52), int(h * top), int(w * 0.44), int(h * (0.84 - top)))
        back = pygame.Rect(0, 0, int(max(200, w * 0.2)),
                           int(max(36, h * 0.065) * layout.text_grow(1.25)))
        back.midbottom = (w // 2, h - int(h * 0.04))
        widgets: list = []
        if len(self.players) > 1:
            pick = pygame.Rect(0, 0, int(max(280, w * 0.34 * layout.text_grow(1.6))),
                               int(max(34, h * 0.055)))
            pick.midtop = (w // 2, int(h * 0.145))
            widgets.append(Selector("player", "", self.players,
                                    self.players.index(self.player),
                                    lambda name: _("Statistics of {name}",
                                                   name=player_name(name)),
                                    self.choose, pick,
                                    tooltip=_("Each person at the table has their own.")))
        self.pages = self.paged(size)
        self.page = min(getattr(self, "page", 0), len(self.pages) - 1) if self.pages else 0
        close = Button("close", _("Back"), self.app.manager.pop, back)
        if self.pages:
            # A larger text size: one panel across the window, a page of lines at a time
            # and the chart on the last page, turned with Previous and Next (or Page Up
            # and Page Down), instead of every line squeezed into half the window.
            self.left = self.right = pygame.Rect(int(w * 0.04), self.left.y, int(w * 0.92),
                                                 self.left.h)
            prev = pygame.Rect(self.left.x, back.y, back.w, back.h)
            nxt = pygame.Rect(self.left.right - back.w, back.y, back.w, back.h)
            b_prev = Button("prev", _("Previous"), lambda: self.turn_page(-1), prev,
                            style="secondary")
            b_prev.enabled = self.page > 0
            b_next = Button("next", _("Next"), lambda: self.turn_page(1), nxt)
            b_next.enabled = self.page < len(self.pages) - 1
            self.indicator_rect = pygame.Rect(back.right + 8, back.y, nxt.x - back.right - 16,
                                              back.h)
            widgets += [b_prev, close, b_next]
        else:
            widgets.append(close)
        self.focus.set(widgets)
        if self.focus.focus < 0 or not self.focus.widgets[self.focus.focus].enabled:
            self.focus.focus_name("close")

    def paged(self, size: tuple[int, int]) -> list[list[tuple[str, bool]] | None]:
        """At a larger text size (Settings): the lines in pages of as many as the
        full-width panel holds at the chosen size, then the chart (``None``); at 100 %
        or less no pages (both panels side by side)."""
        if layout.text_grow() <= 1 or not (self.stats.games or self.stats.estimates):
            return []
        w, h = size
        px = self.line_px(size)
        room = self.left.h - 2 * self.page_inset(px)
        pages: list[list[tuple[str, bool]] | None] = [[]]
        used = 0
        for line in self.lines():
            step = self.line_step(px, line[1])
            last = pages[-1]
            assert last is not None
            # a heading never ends a page: it goes over with its first line
            if last and used + step + (self.line_step(px, False) if line[1] else 0) > room:
                pages.append([])
                used = 0
            pages[-1].append(line)  # type: ignore[union-attr]
            used += step
        if self.stats.games:
            pages.append(None)
        return pages

    @staticmethod
    def page_inset(px: int) -> int:
        """A page's lines half a line clear of the panel's rim."""
        return max(12, theme.font(px, True).get_height() // 2 + 2)

    def line_px(self, size: tuple[int, int]) -> int:
        return max(11, int(size[1] * 0.028))

    @staticmethod
    def line_step(px: int, heading: bool) -> int:
        """A line's height on a page, at the player's text size."""
        return int(theme.font(px, heading).get_linesize() * (1.2 if heading else 1.05))

    def turn_page(self, d: int) -> None:
        if 0 <= self.page + d < len(self.pages):
            self.page += d
            self.layout(self.size)
            if not self.focus.focused or not self.focus.focused.enabled:
                self.focus.focus_name("next" if d > 0 and self.page < len(self.pages) - 1
                                      else "prev" if self.page > 0 else "next")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.pages and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            return None
        return super().handle_event(event)

    def lines(self) -> list[tuple[str, bool]]:
        """(text, heading) lines of the left panel."""
        st = self.stats
        out = self.game_lines() if st.games else []
        if st.estimates:
            n = len(st.estimates)
            out.append((_("Memory training"), True))
            out.append((ngettext("{n} estimate of the oven", "{n} estimates of the oven", n),
                        False))
            out.append((_("Kinds estimated exactly: {pct}", pct=percent(st.exact_share)),
                        False))
            out.append((_("Units off per estimate: {x} (the last 5: {y})",
                          x=number(st.off_per_estimate(), 1),
                          y=number(st.off_per_estimate(last=5), 1)), False))
        return out

    def game_lines(self) -> list[tuple[str, bool]]:
        st = self.stats
        pct = percent(st.won / st.played if st.played else 0)
        out = [(ngettext("{n} game played", "{n} games played", st.played), True),
               (ngettext("{n} won ({pct})", "{n} won ({pct})", st.won, pct=pct), False),
               (_("Filled orders per game: {x}", x=number(st.filled_per_game, 1)), False),
               (_("Longest winning streak: {n}", n=st.longest_streak), False)]
        if st.with_takebacks:
            out.append((ngettext("{n} game with turns taken back",
                                 "{n} games with turns taken back", st.with_takebacks), False))
        best = st.best
        if best is not None:
            out.append((ngettext("Best result: {n} filled order ({when}, {edition})",
                                 "Best result: {n} filled orders ({when}, {edition})",
                                 best.filled, edition=data_text(best.edition_name),
                                 when=stamp_text(best.when, with_time=False)), False))
        names = st.edition_names()
        groups = [
            (_("By edition"), [(data_text(names[v]), p, wn) for v, p, wn in st.by("edition")]),
            (_("By number of players"),
             [(ngettext("{n} player", "{n} players", v), p, wn) for v, p, wn in st.by("seats")]),
            (_("By opponents"), [(opponents_name(v), p, wn) for v, p, wn in st.by("level")]),
        ]
        for head, rows in groups:
            if not rows:
                continue
            out.append((head, True))
            for name, p, wn in rows:
                # the number won decides the form: "1 vinta su 4", "3 gagnées sur 4"
                out.append((ngettext("{name}: {n} won of {played}", "{name}: {n} won of {played}",
                                     wn, name=name, played=p), False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Statistics"), (w // 2, int(h * 0.08)), int(h * 0.08))
        for r in (self.left,) if self.pages else (self.left, self.right):
            theme.rounded_panel(surface, r, (250, 241, 220, 230), radius=max(8, r.h // 30))
        if not self.stats.games and not self.stats.estimates:
            empty = _("No games counted yet: finish a game against the computer or with "
                      "friends.")
            if layout.text_grow() > 1:  # wrapped at the chosen size, not fitted to a line
                pad = max(12, int(h * 0.028))
                theme.draw_wrapped(surface, empty, self.left.inflate(-2 * pad, -2 * pad),
                                   int(h * 0.028), theme.INK)
            else:
                t = theme.fit_text(empty, int(h * 0.028), self.left.w - 24, theme.INK)
                surface.blit(t, (self.left.x + 12, self.left.y + 12))
        elif self.pages:
            page = self.pages[self.page]
            if page is not None:
                self.draw_page(surface, page)
        else:
            lines = self.lines()
            px = max(11, min(int(h * 0.028), int(self.left.h / (len(lines) * 1.5 + 1))))
            inset = max(12, int(px * 0.8))  # the text clear of the panel's rim
            y = self.left.y + inset
            for text, heading in lines:
                indent = 0 if heading else px
                # A larger text size (Settings) grows each line as far as its row allows.
                t = theme.fit_text(text, px, self.left.w - 2 * inset - indent,
                                   theme.INK if heading else theme.WALNUT_MID, bold=heading,
                                   max_h=int(px * 1.3))
                surface.blit(t, (self.left.x + inset + indent, y))
                y += int(px * (1.6 if heading else 1.35))
        if not self.pages or self.pages[self.page] is None:
            self.draw_chart(surface)
        if self.pages:
            r = self.indicator_rect  # "Page 2 of 3" between Back and Next
            t = theme.fit_text(_("Page {n} of {total}", n=self.page + 1, total=len(self.pages)),
                               max(11, int(h * 0.022)), r.w, theme.CREAM, bold=True)
            surface.blit(t, t.get_rect(center=r.center))
        self.focus.draw(surface)

    def draw_page(self, surface: pygame.Surface, page: list[tuple[str, bool]]) -> None:
        """One page of lines across the whole panel, each at the chosen text size (a line
        too wide for the panel fitted to it)."""
        px = self.line_px(self.size)
        inset = self.page_inset(px)
        y = self.left.y + inset
        for text, heading in page:
            indent = 0 if heading else px
            t = theme.fit_text(text, px, self.left.w - 2 * inset - indent,
                               theme.INK if heading else theme.WALNUT_MID, bold=heading)
            surface.blit(t, (self.left.x + inset + indent, y))
            y += self.line_step(px, heading)

    def draw_chart(self, surface: pygame.Surface) -> None:
        """Wins over time: the wins so far after each game, a dot per game (gold: won)."""
        r = self.right
        h = self.size[1]
        px = max(11, int(h * 0.026))
        inset = max(12, int(px * 0.8))
        cap = theme.fit_text(_("Wins over time"), px, r.w - 2 * inset, theme.INK, bold=True)
        inset = max(inset, cap.get_height() // 2 + 2)  # a larger text keeps off the rim too
        cap_y = r.y + inset
        surface.blit(cap, (r.x + inset, cap_y))
        # The plot keeps a margin inside the panel, so the top value's dots and the last
        # game's dot do not sit on the panel's rim.
        top_y = cap_y + cap.get_height() + px
        wins = self.stats.wins_over_time()
        xlab = theme.fit_text(ngettext("{n} game", "{n} games", len(wins)), max(10, px - 2),
                              r.w - 5 * px, theme.WALNUT_MID)
        # Room under the plot for its label, half a line clear of the rim at any text size.
        below = max(2 * px, xlab.get_height() + xlab.get_height() // 2 + 6)
        plot = pygame.Rect(r.x + 3 * px, top_y, r.w - 5 * px, r.bottom - below - top_y)
        pygame.draw.line(surface, theme.WALNUT_MID, plot.bottomleft, plot.topleft, 2)
        pygame.draw.line(surface, theme.WALNUT_MID, plot.bottomleft, plot.bottomright, 2)
        n = len(wins)
        top = max(1, max(wins) if wins else 1)
        for value, y in ((0, plot.bottom), (top, plot.top)):
            t = theme.text(str(value), max(10, px - 2), theme.WALNUT_MID)
            surface.blit(t, t.get_rect(midright=(plot.x - 6, y)))
        surface.blit(xlab, xlab.get_rect(topright=(plot.right, plot.bottom + 4)))
        if not n:
            return
        pts = [(plot.x + int((i + 1) / n * plot.w), plot.bottom - int(v / top * plot.h))
               for i, v in enumerate(wins)]
        pygame.draw.lines(surface, theme.TOMATO, False, [plot.bottomleft] + pts, 3)
        if n <= 80:
            rad = max(3, min(8, plot.w // (3 * n)))
            for g, p in zip(self.stats.games, pts, strict=True):
                pygame.draw.circle(surface, theme.GOLD if g.won else theme.WALNUT_MID, p, rad)

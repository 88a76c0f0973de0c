"""The coach beside the replay: its findings as a list, each item a jump to its moment.

The analysis (:mod:`solemio.coach`, no pygame) runs on a worker thread, so the
window stays responsive; until it is done the panel says the coach is
looking.  Then the findings show at once and the grading of the seat's
decisions goes on in a process of its own (a progress bar; play-outs on a
thread would hold the interpreter's lock and starve the frames); its three
costliest decisions
join the list at the top when it is done, and are kept in the record.
The list shows each finding's heading; the selected one also shows
its sentences, and the replay jumps to its moment.  A seat selector reviews
another seat; "Previous" and "Next" walk the findings by keyboard as well.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from solemio import i18n
from solemio.formats import percent
from solemio.i18n import _
from solemio.ui import layout, theme
from solemio.ui.widgets import Button, Selector, Widget


class Job:
    """One seat's review, worked out on a thread (and graded, when asked)."""

    def __init__(self, game: Any, seat: int, path: Any = None, grade: bool = True,
                 iterations: int | None = None) -> None:
        self.seat = seat
        self.iterations = iterations
        self.review: Any = None
        self.graded = False
        self.error: str | None = None
        self.progress = 0.0  # of the grading, 0..1
        self.cancel = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(game, path, grade),
                                       name=f"coach-{seat}", daemon=True)
        self.thread.start()

    def _run(self, game: Any, path: Any, grade: bool) -> None:
        from solemio.coach import grading, run_review

        try:
            review = run_review(game, self.seat).review
            self.review = review  # the findings show while the grading goes on
            if not grade:
                return
            iterations = self.iterations or grading.DEFAULT_ITERATIONS
            found = grading.cached(path, self.seat, iterations, 0)
            if found is None:
                try:
                    found = grading.grade_elsewhere(game, self.seat, iterations, 0,
                                                    self.cancel, self._progress)
                except OSError:  # no process can start here: grade on this thread
                    from solemio.coach.timeline import Source, build_timeline

                    found = grading.grade(build_timeline(Source.of_game(game)), self.seat,
                                          iterations, 0, self.cancel, self._progress)
                if found is None:  # cancelled
                    return
                grading.keep(path, self.seat, iterations, 0, found)
            review.mistakes = found[:grading.KEEP]
            review.graded = True
            self.graded = True
        except Exception as exc:  # shown in one line, never a crash of the window
            import logging

            logging.getLogger("solemio.coach").exception("the coach failed")
            self.error = str(exc) or type(exc).__name__

    def _progress(self, done: float) -> None:
        self.progress = done

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


class ItemWidget(Widget):
    """One finding in the list: a click selects it and jumps the replay there."""

    def __init__(self, panel: CoachPanel, index: int, rect: pygame.Rect) -> None:
        super().__init__(f"coach-item-{index}", rect)
        self.panel = panel
        self.index = index

    def activate(self) -> None:
        self.panel.select(self.index)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self.panel.draw_item(surface, self, focused or hovered)


def title_h(px: int) -> int:
    """The room of the panel's title "Coach": as tall as it is drawn at a larger text size
    (the seat's selector below covered it)."""
    if theme.TEXT_SCALE <= 1:
        return int(px * 1.5)
    return max(int(px * 1.5), theme.font(int(px * 1.3), True).get_height())


def summary_h(px: int) -> int:
    """The room of the summary's lines under the seat's selector (two at 100 %, three
    at a larger text size)."""
    if theme.TEXT_SCALE <= 1:
        return int(px * 2.6)
    return max(int(px * 2.6), 3 * theme.font(px).get_linesize())  # three: wider words


class CoachPanel:
    """The coach's list beside the replay (see the module's docstring)."""

    def __init__(self, game: Any, names: list[str], seat: int, jump: Callable[[int], None],
                 path: Any = None, iterations: int | None = None) -> None:
        self.iterations = iterations
        self.game = game
        self.names = names
        self.jump = jump
        self.path = path
        self.items: list[Any] = []
        self.items_key: tuple | None = None
        self.selected = -1
        self.first = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: list[Widget] = []
        self.job = Job(game, seat, path, iterations=iterations)
        self.changed = True  # the scene builds its widgets again

    @property
    def seat(self) -> int:
        return self.job.seat

    def set_seat(self, seat: int) -> None:
        self.job.cancel.set()
        self.job = Job(self.game, seat, self.path, iterations=self.iterations)
        self.items, self.items_key, self.selected, self.first = [], None, -1, 0
        self.changed = True

    def close(self) -> None:
        self.job.cancel.set()

    # -- state
    def update(self) -> None:
        """Take the finished analysis (on the frame's thread: words follow the language)."""
        job = self.job
        key = (id(job), i18n.language(), job.review is not None, job.graded, job.done)
        if key != self.items_key and job.review is not None:
            from solemio.coach.words import items

            self.items = items(self.job.review, self.names)
            self.items_key = key
            self.changed = True
        elif key != self.items_key and job.error is not None:
            self.items_key = key
            self.changed = True

    def select(self, index: int) -> None:
        if not self.items:
            return
        index = max(0, min(len(self.items) - 1, index))
        self.selected = index
        if index < self.first:
            self.first = index
        self.changed = True
        self.jump(self.items[index].event)

    def scroll(self, d: int) -> None:
        self.first = max(0, min(max(0, len(self.items) - 1), self.first + d))
        self.changed = True

    # -- layout
    def px(self) -> int:
        return max(11, min(20, int(self.rect.h * 0.028)))

    def item_height(self, index: int, width: int) -> int:
        px = self.px()
        item = self.items[index]
        lh = theme.font(px, True).get_linesize()
        h = lh * len(theme.wrap(item.title, px, width, bold=True)) + px // 2
        if index == self.selected:
            small = max(10, px - 2)
            slh = theme.font(small).get_linesize()
            for line in item.lines:
                h += slh * len(theme.wrap(line, small, width - px))
            h += px // 2
        return h

    def build(self, rect: pygame.Rect) -> list[Widget]:
        """Lay the panel out in ``rect``; its widgets (seat selector, items, buttons)."""
        self.rect = rect
        self.changed = False
        pad = max(4, rect.w // 40)
        px = self.px()
        bar = max(28, int(px * 2.1))
        head = pygame.Rect(rect.x + pad, rect.y + pad + title_h(px), rect.w - 2 * pad, bar)
        n = len(self.names)
        seat_sel = Selector("coach-seat", _("Seat"), list(range(n)), self.seat,
                            lambda s: self.names[s], self.set_seat, head)
        foot = pygame.Rect(rect.x + pad, rect.bottom - pad - bar, rect.w - 2 * pad, bar)
        prev_r, next_r = layout.split_h(foot, 2, pad)
        prev_b = Button("coach-prev", _("‹ Previous"), lambda: self.select(self.selected - 1),
                        prev_r, style="secondary")
        next_b = Button("coach-next", _("Next ›"), lambda: self.select(self.selected + 1),
                        next_r, style="secondary")
        prev_b.enabled = bool(self.items) and self.selected > 0
        next_b.enabled = bool(self.items) and self.selected < len(self.items) - 1
        grading = 0 if self.job.done else int(px * 2.6)  # room for the progress bar
        # the summary's two lines above the list
        top = head.bottom + pad + (int(px * 2.8) if theme.TEXT_SCALE <= 1 else
                                   summary_h(px) + int(px * 0.2))
        self.list_rect = pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, foot.y - pad - top)
        items_bottom = self.list_rect.bottom - grading
        widgets: list[Widget] = [seat_sel]
        # the selected item stays in view: scroll down until it fits
        while self.selected >= 0 and self.first < self.selected and \
                sum(self.item_height(i, self.list_rect.w - 2 * pad)
                    for i in range(self.first, self.selected + 1)) > self.list_rect.h - grading:
            self.first += 1
        y = self.list_rect.y
        for i in range(self.first, len(self.items)):
            h = self.item_height(i, self.list_rect.w - 2 * pad)
            if y + h > items_bottom:
                if i == self.first:  # one item taller than the list: it gets the whole list
                    h = items_bottom - y
                else:
                    break
            widgets.append(ItemWidget(self, i, pygame.Rect(self.list_rect.x, y,
                                                           self.list_rect.w, h)))
            y += h + max(2, pad // 2)
        self.widgets = widgets + [prev_b, next_b]
        return self.widgets

    # -- painting
    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        theme.rounded_panel(surface, r, (40, 24, 12, 200), radius=max(6, r.w // 40), shadow=False)
        px = self.px()
        pad = max(4, r.w // 40)
        t = theme.fit_text(_("Coach"), int(px * 1.3), r.w - 2 * pad, theme.GOLD, bold=True)
        surface.blit(t, (r.x + pad, r.y + pad))
        head_bottom = r.y + pad + title_h(px) + max(28, int(px * 2.1))
        line = pygame.Rect(r.x + pad, head_bottom + pad // 2, r.w - 2 * pad, summary_h(px))
        job = self.job
        if job.error is not None:
            msg = _("The coach could not read this game.")
        elif job.review is None:
            msg = _("The coach is looking at the game…")
        elif job.review is not None:
            from solemio.coach.words import summary

            msg = summary(job.review, self.names) if self.items else \
                _("Nothing to explain: every order was filled.")
        else:
            msg = ""
        theme.draw_wrapped(surface, msg, line, max(10, px - 2), theme.CREAM)
        if job.review is not None and not job.done:
            self.draw_progress(surface, job.progress)

    def draw_progress(self, surface: pygame.Surface, done: float) -> None:
        """The grading's progress bar, under the list's last item."""
        lr = self.list_rect
        px = self.px()
        bar_h = max(6, px // 2)
        label = theme.fit_text(_("Grading your decisions… {p}", p=percent(int(done * 100) / 100)),
                               max(10, px - 2), lr.w, theme.CREAM)
        bar = pygame.Rect(lr.x, lr.bottom - bar_h, lr.w, bar_h)
        surface.blit(label, (lr.x, bar.y - label.get_height() - 2))
        pygame.draw.rect(surface, (60, 36, 20), bar, border_radius=bar_h // 2)
        fill = bar.copy()
        fill.w = max(bar_h, int(bar.w * done))
        pygame.draw.rect(surface, theme.GOLD, fill, border_radius=bar_h // 2)

    def draw_item(self, surface: pygame.Surface, w: ItemWidget, lit: bool) -> None:
        if w.index >= len(self.items):
            return
        item = self.items[w.index]
        r = w.rect
        sel = w.index == self.selected
        fill = (255, 236, 170, 245) if sel else (250, 241, 220, 225)
        theme.rounded_panel(surface, r, fill, radius=max(4, self.px() // 2),
                            border=theme.GOLD if lit else None, border_w=2, shadow=False)
        px = self.px()
        pad = max(4, self.rect.w // 40)
        inner = r.inflate(-2 * pad, -px // 2)
        y = inner.y
        colour = theme.TOMATO if item.kind == "mistake" else theme.INK
        for line in theme.wrap(item.title, px, inner.w, bold=True):
            if y + theme.font(px, True).get_linesize() > r.bottom:
                break
            surface.blit(theme.text(line, px, colour, True), (inner.x, y))
            y += theme.font(px, True).get_linesize()
        if sel:
            small = max(10, px - 2)
            slh = theme.font(small).get_linesize()
            for sentence in item.lines:
                for line in theme.wrap(sentence, small, inner.w - px):
                    if y + slh > r.bottom:
                        return
                    surface.blit(theme.text(line, small, theme.WALNUT_MID), (inner.x + px, y))
                    y += slh

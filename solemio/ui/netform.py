"""What the scenes of network play share: a form of labelled lines on a cream panel, a
request run off the window's thread while the scene says it waits, and the words of a
failed hosting or joining (``net.hosting.HostingError`` reasons)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text


def failure_text(exc: BaseException) -> str:
    """One sentence for a failed host, join or rejoin, in this window's language."""
    reason = getattr(exc, "reason", "")
    return {
        "unreachable": _("No table server answers at that address."),
        "refused": _("The server refused: it may speak another version of the game."),
        "no-table": _("That server has no table with this code."),
        "table-full": _("Every seat for a person at that table is taken."),
        "bad-token": _("That table no longer knows your seat: join it again with its code."),
        "bad-address": _("That is not an address: type it as host:port, "
                         "for example 192.168.1.20:8765."),
        "bad-code": _("A table code has six letters and digits."),
        "not-found": _("No table with this code was found on the local network: "
                       "type the host's address too."),
        "cannot-serve": _("This computer cannot open a table server now."),
    }.get(str(reason), _("Something went wrong: {why}", why=str(exc)[:120]))


class FormScene(WidgetScene):
    """A titled panel of labelled lines; ``busy`` runs one request in the background."""

    heading = ""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.error = ""
        self.waiting = ""  # what the scene waits for (a request in the background)
        self._job: tuple[threading.Thread, list] | None = None

    # --- the lines ------------------------------------------------------------------
    def start_form(self, size: tuple[int, int], top: float = 0.17) -> None:
        w, h = size
        self.pw = int(min(w * 0.84, 1300))
        self.x0 = w // 2 - self.pw // 2
        self.row_h = int(max(34, min(h * 0.058, 76)))
        self.gap = int(self.row_h * 0.26)
        self.y = int(h * top)
        self.top = self.y
        self.lab_w = int(self.pw * 0.26)
        self.labels = []

    def line(self, label: str) -> pygame.Rect:
        """A labelled line: the rectangle right of its label."""
        r = pygame.Rect(self.x0, self.y, self.lab_w, self.row_h)
        self.labels.append((label, r))
        self.y += self.row_h + self.gap
        return pygame.Rect(self.x0 + self.lab_w + self.gap, r.y,
                           self.pw - self.lab_w - self.gap, self.row_h)

    def end_form(self) -> None:
        g = self.gap
        self.panel = pygame.Rect(self.x0 - g * 2, self.top - g * 2, self.pw + g * 4,
                                 self.y - self.top + g * 3)

    # --- a request off the window's thread ----------------------------------------------
    def busy(self, what: str, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work()`` on a thread (a connection may take seconds); ``done(result)``
        on the window's thread, or the failure said in one sentence."""
        if self._job is not None:
            return
        box: list = []

        def run() -> None:
            try:
                box.append(("ok", work()))
            except Exception as exc:  # noqa: BLE001 - said to the player, never a traceback
                box.append(("fail", exc))

        self.error, self.waiting = "", what
        thread = threading.Thread(target=run, name="net-request", daemon=True)
        self._job = (thread, box)
        self._done = done
        thread.start()

    def wait_done(self, timeout: float = 15.0) -> None:
        """(Tests) wait for the request in the background, then follow it."""
        if self._job is not None:
            self._job[0].join(timeout)
        self.update(0.0)

    def update(self, dt: float) -> None:
        if self._job is None or self._job[0].is_alive():
            return
        box = self._job[1]
        self._job = None
        self.waiting = ""
        if not box:
            self.error = _("Something went wrong: {why}", why="?")
            return
        kind, value = box[0]
        if kind == "ok":
            self._done(value)
        else:
            import logging

            logging.getLogger("solemio.ui.net").info("network request failed: %s", value)
            self.error = failure_text(value)
            self.layout(self.size)

    # --- painting ------------------------------------------------------------------------
    def draw_form(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, self.heading, (w // 2, int(h * 0.075)), int(h * 0.075))
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 235))
        for label, r in self.labels:
            t = theme.fit_text(label, int(r.h * 0.4), r.w, theme.INK, bold=True)
            surface.blit(t, (r.x, r.centery - t.get_height() // 2))

    def draw_status(self, surface: pygame.Surface, y: int) -> None:
        """The error, or what the scene waits for, centred at ``y``."""
        text = self.error or self.waiting
        if not text:
            return
        w, h = self.size
        px = max(12, int(h * 0.024))
        colour = theme.GOLD if self.error else theme.CREAM
        for i, line in enumerate(theme.wrap(text, px, int(w * 0.9), bold=True)[:2]):
            t = theme.text(line, px, colour, bold=True)
            surface.blit(t, t.get_rect(midtop=(w // 2, y + i * int(px * 1.3))))

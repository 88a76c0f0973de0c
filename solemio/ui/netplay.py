"""The networked table a window is at: its session, the server it hosts, and what every
scene shows over itself meanwhile (a lost connection, the set phrases said).

The app holds one ``NetPlay`` while the window plays at a networked table
(``app.network``); the scenes (table, reveal, menus) stay those of a local game, and this
draws over whichever is up: a band when the connection is lost (the client retries by
itself and says so) or the table is gone, and each set phrase for a few seconds, worded
in this window's language (``net/phrases.py``).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import theme

PHRASE_SECONDS = 6.0  # how long a set phrase stays on screen
NOTICE_SECONDS = 8.0  # how long "back at the table" stays on screen

log = logging.getLogger("solemio.ui.netplay")


#: The computer seats' names, by seat: the same at every window of the table, and short
#: (the seat panels say "computer · level" beneath).
COMPUTER_NAMES = ("Giulia", "Marco", "Sofia", "Luca", "Elena")


def seat_name(info: dict[str, Any]) -> str:
    """A seat's name when the table gives none (a computer's, or a seat nobody took)."""
    seat = int(info.get("seat", 0))
    if info.get("kind") == "computer":
        return COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]
    return _("Seat {n}", n=seat + 1)


def can_say(session: Any) -> bool:
    """Whether the game screens offer "Say…": a networked table with somebody of this
    window seated at it (a watcher says nothing)."""
    return getattr(session, "client", None) is not None and \
        bool(getattr(session, "persons", ()))


def say_button(app: Any, rect: pygame.Rect, session: Any) -> Any:
    """The game screens' "Say…" button: the set phrases open under it (scene "phrases")."""
    from solemio.ui.widgets import Button

    return Button("say", _("Say…"), lambda: app.manager.open("phrases", rect, session), rect,
                  style="secondary", tooltip=_("Send the table a set phrase"))


def client_name() -> str:
    """How this window introduces itself to a table server (its logs show it)."""
    from solemio import version

    return f"solemio {version()}"


def status_text(status: str) -> str:
    """What the band says for a connection ``status`` ("" when all is well)."""
    if status == "retrying":
        return _("The connection to the table is lost: trying again…")
    if status == "lost":
        return _("The table is no longer on its server.")
    if status == "closed":
        return _("The connection to the table is closed.")
    return ""


def leave(app: Any) -> None:
    """Leave the networked table for the title screen; a host is asked first, since the
    table's server is in this window (the table is kept: hosting it again from "Your
    tables" resumes it)."""
    from solemio.ui.scene import make_scene

    def go() -> None:
        network = app.network
        if network is not None:
            network.left_on_purpose()
        app.leave_network()
        app.manager.reset(make_scene("title", app))

    network = app.network
    if network is None or network.hosted is None:
        go()
        return
    app.manager.open("confirm", _("Your friends play at this table through your window: "
                                  "leaving closes it for everybody until you host it again "
                                  "from Join a table."),
                     _("Close the table"), _("Stay"), go)


class NetPlay:
    """One networked table of this window (see the module's docstring)."""

    def __init__(self, session: Any, hosted: Any = None, notice: str = "") -> None:
        self.session = session
        self.hosted = hosted  # a HostedTable when this window hosts the table
        self._seen = len(session.messages())
        self.said: list[tuple[float, dict]] = []  # (when shown, chat message)
        # a sentence shown over the scenes for a while (going back to the table at start)
        self.notice = notice
        self.notice_left = NOTICE_SECONDS if notice else 0.0
        if session.persons:  # seated: a game stopped before leaving comes back here
            from solemio.net import seat_tokens

            try:
                seat_tokens.seated(session.tokens_at, session.code)
            except OSError as exc:
                log.warning("the table to go back to could not be kept: %s", exc)

    def left_on_purpose(self) -> None:
        """The player leaves the table (not the window closing): the next start stays at
        the title; the seats stay theirs under "Your tables"."""
        from solemio.net import seat_tokens

        try:
            seat_tokens.left(self.session.tokens_at, self.session.code)
        except OSError as exc:
            log.warning("the table left could not be noted: %s", exc)

    def update(self, dt: float, speak: Any = None) -> None:
        """Follow the table: the seating, and the set phrases said since (each shown a
        while, and given to ``speak``, the narrator, in this window's language)."""
        self.notice_left = max(0.0, self.notice_left - dt)
        s = self.session
        s.refresh_seats()
        msgs = s.messages()
        now = time.monotonic()
        for m in msgs[self._seen:]:
            self.said.append((now, m))
            if speak is not None:
                speak(self.phrase_line(m))
        self._seen = len(msgs)
        self.said = [(t, m) for t, m in self.said if now - t < PHRASE_SECONDS][-3:]

    def phrase_line(self, m: dict) -> str:
        """One set phrase said: "Name: words" in this window's language."""
        from solemio.net.phrases import phrase_text

        names = self.session.names
        seat = m.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        return _("{name}: {phrase}", name=who, phrase=phrase_text(str(m.get("phrase"))))

    def phrase_lines(self) -> list[str]:
        """The set phrases on screen now, oldest first."""
        return [self.phrase_line(m) for _t, m in self.said]

    def draw(self, surface: pygame.Surface, keep_clear: pygame.Rect | None = None) -> None:
        """The band and the phrases over the scene; the phrases stay left of
        ``keep_clear`` (the list of phrases open at the top right)."""
        w, h = surface.get_size()
        px = max(12, int(h * 0.026))
        text = status_text(self.session.status)
        if text:
            band = pygame.Rect(0, int(h * 0.055), w, int(px * 1.8))
            theme.rounded_panel(surface, band, (120, 30, 20, 230), radius=0, shadow=False)
            t = theme.fit_text(text, px, int(w * 0.94), theme.CREAM, bold=True)
            surface.blit(t, t.get_rect(center=band.center))
        lines = self.phrase_lines()
        if self.notice_left > 0:
            lines.insert(0, self.notice)
        y = int(h * 0.12)
        right = w - int(w * 0.02)
        if keep_clear is not None and keep_clear.w:
            right = min(right, keep_clear.x - px)
        for line in lines:
            t = theme.fit_text(line, px, int(w * 0.4), theme.INK, bold=True)
            r = t.get_rect(topright=(right, y)).inflate(px, px // 2)
            theme.rounded_panel(surface, r, (255, 246, 220, 240), radius=r.h // 3)
            surface.blit(t, t.get_rect(center=r.center))
            y = r.bottom + px // 3

    def close(self) -> None:
        """Leave the table (a hosted table's server stops and writes it)."""
        if self.hosted is not None:
            self.hosted.close()
        else:
            self.session.leave()

"""Joining a table (from the title screen): by the list of tables on the local network,
by address, or by code alone (looked up on the local network), with a name for each
person at this screen; or watching; or taking back the seats this user holds (their
tokens are kept in the per-user folder, so a restarted game rejoins)."""

from __future__ import annotations

import threading
from typing import Any

import pygame

from solemio.i18n import _, data_text
from solemio.ui import layout
from solemio.ui.netform import FormScene
from solemio.ui.widgets import Button, Selector, TextField

LIST_EVERY = 2.0  # seconds between two looks at the tables on the local network


def edition_name(edition: str) -> str:
    from solemio.engine import load_cardset

    try:
        return data_text(load_cardset(edition).name)
    except Exception:  # noqa: BLE001 - an edition this game lacks: its id
        return edition


class JoinScene(FormScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from solemio.net import seat_tokens

        self.heading = _("Join a table")
        self.names = ["", "", "", ""]  # typed: other windows show them as they are
        self.people = 1
        self.address = ""
        self.code = ""
        self.found: list[Any] = []  # LanTable
        self.kept = seat_tokens.tables()[-3:]  # (server, code) this user holds seats at
        self._browser: Any = None
        self._stop = threading.Event()

    # --- the local network's tables, looked for in the background -----------------------
    def on_enter(self) -> None:
        threading.Thread(target=self._look, name="lan-tables", daemon=True).start()

    def on_exit(self) -> None:
        self._stop.set()

    def _look(self) -> None:
        try:
            from solemio.net.discovery import Browser

            browser = Browser()
        except Exception:  # noqa: BLE001 - no multicast here: addresses still work
            return
        try:
            while not self._stop.is_set():
                self.found = browser.tables(500)[:4]
                self._stop.wait(LIST_EVERY)
        finally:
            browser.close()

    # --- the form ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.start_form(size, top=0.14)
        widgets: list = []
        r = self.line(_("People at this screen"))
        widgets.append(Selector("people", "", [1, 2, 3, 4], self.people - 1, str,
                                self.set_people, pygame.Rect(r.x, r.y, r.w // 3, r.h)))
        r = self.line(_("Names"))
        for i, fr in enumerate(layout.split_h(r, self.people, self.gap // 2)):
            widgets.append(TextField(f"name{i}", self.names[i],
                                     lambda v, i=i: self.names.__setitem__(i, v), fr,
                                     max_len=40))
        r = self.line(_("Address"))
        widgets.append(TextField("address", self.address, self.set_address,
                                 pygame.Rect(r.x, r.y, int(r.w * 0.6), r.h), max_len=80,
                                 tooltip=_("host:port, as the host's screen shows it; "
                                           "empty: look on the local network")))
        r = self.line(_("Table code"))
        widgets.append(TextField("code", self.code, self.set_code,
                                 pygame.Rect(r.x, r.y, int(r.w * 0.3), r.h), max_len=6))
        self.list_rect = self.line(_("On this network"))
        self._found_shown = [t.code for t in self.found]
        for i, (t, tr) in enumerate(zip(self.found, layout.split_h(
                self.list_rect, max(1, len(self.found)), self.gap // 2), strict=False)):
            label = f"{t.code} · {edition_name(t.edition)} · {t.host_name}"
            widgets.append(Button(f"found{i}", label, lambda t=t: self.pick(t), tr,
                                  style="quiet"))
        if self.kept:
            r = self.line(_("Your tables"))
            for i, ((server, code), kr) in enumerate(zip(self.kept, layout.split_h(
                    r, len(self.kept), self.gap // 2), strict=True)):
                widgets.append(Button(f"rejoin{i}", _("Rejoin {code}", code=code),
                                      lambda s=server, c=code: self.rejoin(s, c), kr,
                                      style="secondary"))
        self.end_form()
        w, h = size
        bw = int(self.pw * 0.24)
        by = min(self.panel.bottom + self.gap * 2, h - self.row_h - int(h * 0.06))
        xs = [w // 2 - bw * 3 // 2 - self.gap, w // 2 - bw // 2, w // 2 + bw // 2 + self.gap]
        widgets.append(Button("back", _("Back"), self.on_escape,
                              pygame.Rect(xs[0], by, bw, self.row_h), style="secondary"))
        widgets.append(Button("watch", _("Watch"), lambda: self.join(watch=True),
                              pygame.Rect(xs[1], by, bw, self.row_h), style="secondary"))
        widgets.append(Button("join", _("Join"), self.join,
                              pygame.Rect(xs[2], by, bw, self.row_h), style="good"))
        self.status_y = by + self.row_h + self.gap
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("code")

    def set_people(self, n: int) -> None:
        self.people = n
        self.layout(self.size)

    def set_address(self, v: str) -> None:
        self.address = v

    def set_code(self, v: str) -> None:
        self.code = v.upper()

    def pick(self, table: Any) -> None:
        """A table of the list: its address and code go into the fields."""
        self.address = f"{table.address}:{table.port}"
        self.code = table.code
        self.layout(self.size)
        self.focus.focus_name("join")

    def update(self, dt: float) -> None:
        super().update(dt)
        if [t.code for t in self.found] != self._found_shown:
            self.layout(self.size)

    # --- joining ------------------------------------------------------------------------
    def join(self, watch: bool = False) -> None:
        from solemio.net.hosting import find_on_lan, join_table
        from solemio.ui.netplay import client_name, seat_name

        address, code = self.address.strip(), self.code.strip()
        names = [n.strip() or _("Seat {n}", n=i + 1) for i, n in
                 enumerate(self.names[: self.people])]
        client = client_name()

        def work() -> Any:
            where = address or find_on_lan(code)
            return join_table(where, code, names, client, seat_name, watch=watch)

        self.busy(_("Looking for the table…") if not address else _("Joining…"), work,
                  self.joined)

    def rejoin(self, server: str, code: str) -> None:
        """Take back the seats kept for ``code`` (a table this window hosted before a
        restart is hosted again)."""
        from solemio.net.hosting import rejoin_or_rehost
        from solemio.ui.netplay import client_name, seat_name

        comeback = self.app.comeback  # the start's own going back, stopped by now

        def work() -> Any:
            if comeback is not None:
                comeback.cancel(wait=10.0)  # its attempt under way ends first
            return rejoin_or_rehost(server, code, client_name(), seat_name, self.advertise)

        self.busy(_("Joining…"), work, lambda found: self.joined(*found))

    advertise = True  # a table hosted again is listed on the local network (not in tests)

    def joined(self, session: Any, hosted: Any = None) -> None:
        from solemio.ui.netplay import NetPlay

        self.app.leave_network()
        self.app.network = NetPlay(session, hosted)
        self.app.manager.swap("lobby")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_form(surface)
        if not self.found:
            from solemio.ui import theme

            r = self.list_rect
            t = theme.fit_text(_("No table found yet."), int(r.h * 0.36), r.w, theme.WALNUT_MID)
            surface.blit(t, (r.x, r.centery - t.get_height() // 2))
        self.focus.draw(surface)
        self.draw_status(surface, self.status_y)


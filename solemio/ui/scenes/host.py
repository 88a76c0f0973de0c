"""Hosting a table ("Play with friends", from New game): the edition and the seats (a
friend's, a person at this screen, a computer of a level), then the server is started in
this window and the table opened (``net.hosting.HostedTable``); the lobby follows."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.engine.kinds import COLOURS
from solemio.i18n import _, data_text
from solemio.net.hosting import SEAT_KINDS, SeatPlan
from solemio.texts import level_name
from solemio.ui import theme
from solemio.ui.netform import FormScene
from solemio.ui.widgets import Button, Selector, TextField

SERVER_EDITIONS = ("sole-mio", "mamma-mia", "grande")  # what every table server offers


def kind_name(kind: str) -> str:
    if kind == "friend":
        return _("A friend (joins by code)")
    if kind == "here":
        return _("A person at this screen")
    return _("Computer · {level}", level=level_name(kind))


class HostScene(FormScene):
    def __init__(self, app: Any, setup: dict | None = None) -> None:
        super().__init__(app)
        from solemio.engine import list_cardsets

        self.heading = _("Play with friends")
        entries = [e for e in list_cardsets() if e.cardset is not None]
        self.editions = [e for e in entries if e.id in SERVER_EDITIONS]
        self.edition = 0
        self.n = 4
        # names are typed: another window shows them as they are ("You" would read as a
        # name there); an empty one becomes "Seat n"
        self.rows = [{"kind": "here" if i == 0 else "friend", "name": ""} for i in range(5)]
        if setup:  # the New game screen's choices, as far as they fit a networked table
            ids = [e.id for e in self.editions]
            if setup.get("edition") in ids:
                self.edition = ids.index(setup["edition"])
            self.n = int(setup.get("seats", 4))
            for i, row in enumerate(setup.get("rows", [])[:5]):
                kind = row.get("type")
                if kind == "person":
                    name = row.get("name", "") if i == 0 else ""
                    self.rows[i] = {"kind": "here" if i == 0 else "friend",
                                    "name": "" if name == _("You") else name}
                elif kind in SEAT_KINDS:
                    self.rows[i] = {"kind": kind, "name": ""}

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.start_form(size)
        widgets: list = []
        names = [data_text(e.name) for e in self.editions]
        r = self.line(_("Edition"))
        widgets.append(Selector("edition", "", list(range(len(names))), self.edition,
                                lambda i: names[i], self.set_edition,
                                pygame.Rect(r.x, r.y, r.w // 2, r.h)))
        r = self.line(_("Seats"))
        widgets.append(Selector("seats", "", [2, 3, 4, 5], self.n - 2, str, self.set_n,
                                pygame.Rect(r.x, r.y, r.w // 2, r.h)))
        for i in range(self.n):
            row = self.rows[i]
            r = self.line(_("Seat {n}", n=i + 1))
            half = (r.w - self.gap) // 2
            widgets.append(Selector(f"kind{i}", "", list(SEAT_KINDS),
                                    SEAT_KINDS.index(row["kind"]), kind_name,
                                    lambda v, i=i: self.set_kind(i, v),
                                    pygame.Rect(r.x, r.y, half + half // 3, r.h),
                                    swatch=lambda v, c=COLOURS[i]: theme.SEAT_RGB[c]))
            if row["kind"] == "here":
                widgets.append(TextField(f"name{i}", row["name"],
                                         lambda v, i=i: self.rows[i].__setitem__("name", v),
                                         pygame.Rect(r.x + half + half // 3 + self.gap, r.y,
                                                     r.w - half - half // 3 - self.gap, r.h),
                                         max_len=40))
        self.end_form()
        w, h = size
        bw = int(self.pw * 0.3)
        by = min(self.panel.bottom + self.gap * 2, h - self.row_h - int(h * 0.06))
        widgets.append(Button("back", _("Back"), self.on_escape,
                              pygame.Rect(w // 2 - bw - self.gap, by, bw, self.row_h),
                              style="secondary"))
        open_b = Button("open", _("Open the table"), self.open_table,
                        pygame.Rect(w // 2 + self.gap, by, bw, self.row_h), style="good")
        open_b.enabled = not self.waiting
        widgets.append(open_b)
        self.status_y = by + self.row_h + self.gap
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("open")

    def set_edition(self, i: int) -> None:
        self.edition = i

    def set_n(self, n: int) -> None:
        self.n = n
        self.layout(self.size)

    def set_kind(self, i: int, kind: str) -> None:
        self.rows[i]["kind"] = kind
        self.layout(self.size)

    def plans(self) -> list[SeatPlan]:
        out = []
        for i in range(self.n):
            row = self.rows[i]
            name = row["name"].strip() if row["kind"] == "here" else ""
            out.append(SeatPlan(row["kind"], COLOURS[i], name or (
                _("Seat {n}", n=i + 1) if row["kind"] == "here" else "")))
        return out

    def open_table(self) -> None:
        from solemio.net.hosting import HostedTable
        from solemio.ui.netplay import client_name, seat_name

        plans = self.plans()
        if not any(p.kind in ("friend", "here") for p in plans):
            self.error = _("A table over the network needs at least one person.")
            return
        edition = self.editions[self.edition].id
        host_name = next((p.name for p in plans if p.kind == "here"), "")
        self.busy(_("Opening the table…"),
                  lambda: HostedTable(plans, edition, host_name=host_name,
                                      name_for=seat_name, client_name=client_name()),
                  self.opened)
        self.layout(self.size)

    def opened(self, hosted: Any) -> None:
        from solemio.ui.netplay import NetPlay

        self.app.leave_network()
        self.app.network = NetPlay(hosted.session, hosted)
        self.app.manager.swap("lobby")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_form(surface)
        self.focus.draw(surface)
        self.draw_status(surface, self.status_y)


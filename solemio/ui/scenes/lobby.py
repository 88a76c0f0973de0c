"""The networked table's own page: its code and address to share, who sits where and who
is connected, the set phrases; for the host, a computer to play the seat of a person
who is gone until they return.  Opened after hosting or joining, and from the menu."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.net.phrases import phrases
from solemio.texts import level_name
from solemio.ui import layout, theme
from solemio.ui.netform import FormScene
from solemio.ui.widgets import Button

STAND_IN_LEVEL = "normal"  # the computer the host lets play a seat whose person is gone


def seat_state(info: dict[str, Any], here: bool) -> str:
    """One seat's state in words: who plays it now."""
    if info.get("kind") == "computer":
        if info.get("failed"):
            return _("its computer player failed")
        return _("computer · {level}", level=level_name(str(info.get("level"))))
    if info.get("stand_in"):
        return _("away: a computer plays until they return")
    if here:
        return _("at this screen")
    if not info.get("taken"):
        return _("waiting for a friend to join")
    return _("connected") if info.get("connected") else _("away")


class LobbyScene(FormScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.network = app.network
        self.session = self.network.session
        self.heading = _("Table {code}", code=self.session.code)
        self._seen: tuple = ()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.session
        self.start_form(size, top=0.15)
        self.lines: list[tuple[pygame.Rect, str, str | None]] = []  # (rect, words, colour)
        r = self.line(_("Table code"))
        self.lines.append((r, s.code, None))
        r = self.line(_("Address"))
        hosted = self.network.hosted
        where = ", ".join(hosted.addresses()) if hosted is not None else s.url
        self.lines.append((r, where, None))
        widgets: list = []
        infos = {i.get("seat"): i for i in s.seat_infos()}
        for seat, cfg in enumerate(s.seats):
            info = infos.get(seat, {"seat": seat, "kind": "person"})
            r = self.line(cfg.name)
            words = seat_state(info, s.is_person(seat))
            self.lines.append((pygame.Rect(r.x, r.y, int(r.w * 0.62), r.h), words, cfg.colour))
            if s.host_token is not None and info.get("kind") == "person" and \
                    not s.is_person(seat) and info.get("taken") and \
                    (not info.get("connected") or info.get("stand_in")):
                back = bool(info.get("stand_in"))
                label = _("Take the computer out") if back else _("Let a computer play")
                widgets.append(Button(f"stand-in{seat}", label,
                                      lambda seat=seat, back=back: self.stand_in(seat, back),
                                      pygame.Rect(r.x + int(r.w * 0.64), r.y, int(r.w * 0.36),
                                                  r.h), style="secondary"))
        self.end_form()
        w, h = size
        # the set phrases, in a row of small buttons under the panel
        said = phrases()
        strip = pygame.Rect(self.x0, self.panel.bottom + self.gap, self.pw,
                            int(self.row_h * 0.8))
        if s.persons:
            for (pid, words), pr in zip(said, layout.split_h(strip, len(said), self.gap // 2),
                                        strict=True):
                widgets.append(Button(f"say-{pid}", words, lambda pid=pid: self.say(pid), pr,
                                      style="quiet"))
        bw = int(self.pw * 0.3)
        by = min(strip.bottom + self.gap * 2, h - self.row_h - int(h * 0.05))
        widgets.append(Button("leave", _("Leave the table"), self.leave,
                              pygame.Rect(w // 2 - bw - self.gap, by, bw, self.row_h),
                              style="secondary"))
        widgets.append(Button("play", _("Go to the table"), self.to_table,
                              pygame.Rect(w // 2 + self.gap, by, bw, self.row_h), style="good"))
        self.status_y = by + self.row_h + self.gap
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("play")

    def update(self, dt: float) -> None:
        super().update(dt)
        seen = (tuple(str(sorted(i.items())) for i in self.session.seat_infos()),
                tuple(self.session.names))
        if seen != self._seen:  # somebody joined, left, or a computer took a seat
            self._seen = seen
            self.layout(self.size)

    def stand_in(self, seat: int, back: bool) -> None:
        level = None if back else STAND_IN_LEVEL
        self.busy(_("Asking the server…"), lambda: self.session.stand_in(seat, level),
                  lambda _r: self.layout(self.size))

    def say(self, phrase: str) -> None:
        try:
            self.session.chat(phrase)
        except Exception as exc:  # noqa: BLE001 - a lost connection is said in the band
            from solemio.ui.refusals import refusal_text

            self.error = refusal_text(exc)

    def to_table(self) -> None:
        if self.app.manager.find_named("table") is not None:
            self.app.manager.pop()
        else:
            self.app.manager.swap("table", self.session)

    def leave(self) -> None:
        from solemio.ui.netplay import leave

        leave(self.app)

    def on_escape(self) -> None:
        self.to_table()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_form(surface)
        for r, words, colour in self.lines:
            x = r.x
            if colour is not None:
                rad = r.h // 4
                pygame.draw.circle(surface, theme.SEAT_RGB[colour], (x + rad, r.centery), rad)
                x += rad * 3
            t = theme.fit_text(words, int(r.h * 0.42), r.right - x, theme.INK,
                               bold=colour is None)
            surface.blit(t, (x, r.centery - t.get_height() // 2))
        self.focus.draw(surface)
        self.draw_status(surface, self.status_y)

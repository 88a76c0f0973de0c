"""Hot-seat: "pass to NAME" hides every private card until that person confirms.

Opaque on purpose (not an overlay): nothing of the table, least of all the
previous person's hand, may show while the device changes hands.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import layout, seats, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button


class HandoverScene(WidgetScene):
    def __init__(self, app: Any, session: Any, seat: int) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        r = layout.menu_column(size, 1, top_frac=0.62, width_frac=0.3)[0]
        name = self.session.names[self.seat]
        self.focus.set([Button("ready", _("I am {name}: show my cards", name=name),
                               self.ready, r, style="good")])
        self.focus.focus = 0

    def ready(self) -> None:
        self.session.confirm_pass(self.seat)
        self.app.manager.pop(self)
        top = self.app.manager.top
        if top is not None:
            top.layout(self.app.size)

    def on_escape(self) -> None:
        self.app.manager.open("pause", self.session)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        colour = self.session.seats[self.seat].colour
        seats.seat_token(self.app, surface, colour, (w // 2, int(h * 0.26)), int(h * 0.08))
        title_text(surface, _("Pass to {name}", name=self.session.names[self.seat]),
                   (w // 2, int(h * 0.43)), int(h * 0.1))
        t = theme.text(_("Everyone else, please look away."), int(h * 0.032), theme.CREAM_DARK)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.53))))
        self.focus.draw(surface)

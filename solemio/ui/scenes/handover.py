"""Hot-seat: "pass to NAME" hides every private card until that person confirms.

Opaque on purpose (not an overlay): nothing of the table, least of all the
previous person's hand, may show while the device changes hands.  Below the
button, the recap of what was announced since that person's own latest turn:
public words everyone at a real table heard, so nobody returns to the screen
having missed them.

Called for a help request, the screen says why ("Marco asks for 2 salamis") and
offers Decline without looking beside "show my cards": anybody asked may
decline, so the button is there whether or not the hand could help, and one
press answers (``GameSession.decline_unseen``) instead of a pass screen, a look
and Decline.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio import i18n
from solemio.announce import recap_line, spoken
from solemio.i18n import _
from solemio.texts import request_text
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.table import seats
from solemio.ui.widgets import Button


class HandoverScene(WidgetScene):
    def __init__(self, app: Any, session: Any, seat: int, conductor: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.conductor = conductor  # the game's (Decline without looking goes through it)
        asked = session.help_asked_of() if session.table.deciding() == seat else None
        self.help = asked if conductor is not None else None  # (owner, request) or None
        self._recap: tuple[str, list[str]] | None = None  # (language, lines)

    @property
    def recap(self) -> list[str]:
        """What was announced since this person's latest turn, in the language of the
        moment: worded again after a language switch (it stayed English when Italian was
        chosen on this screen)."""
        lang = i18n.language()
        if self._recap is None or self._recap[0] != lang:
            s = self.session
            lines = [recap_line(dict(ev), s.names, s.cardset) for ev in s.show.recap_for(self.seat)]
            self._recap = (lang, [line for line in lines if line])
        return self._recap[1]

    @recap.setter
    def recap(self, lines: list[str]) -> None:
        """Lines given as they are (tests, a tour's long recap), in the language of now."""
        self._recap = (i18n.language(), list(lines))

    RECAP_LINES = 8  # the latest lines shown; older ones are summed up in one line
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        name = self.session.names[self.seat]
        if self.help is None:
            r = layout.menu_column(size, 1, top_frac=0.62, width_frac=0.3)[0]
            self.ready_rect = r
            self.focus.set([Button("ready", _("I am {name}: show my cards", name=name),
                                   self.ready, r, style="good")])
        else:
            r, d = layout.menu_column(size, 2, top_frac=0.62, width_frac=0.34)
            self.ready_rect = d
            self.focus.set([Button("ready", _("I am {name}: show my cards", name=name),
                                   self.ready, r, style="good"),
                            Button("decline-unseen", _("Decline without looking"),
                                   self.decline, d, style="secondary")])
        self.focus.focus = 0

    def reason(self) -> str:
        """Why this person is called, in words everybody may hear: the help asked of them,
        their turn, or the reveal's question about their order (the decision's kind is
        public, its choices are not)."""
        name = self.session.names[self.seat]
        if self.help is not None:
            owner, request = self.help
            return _("{name} asks for {req}.", name=self.session.names[owner],
                     req=request_text(request))
        table = self.session.table
        kind = table.deciding_kind() if table.deciding() == self.seat else None
        if kind in ("play", "order", "draw"):
            return _("It is {name}'s turn.", name=name)
        if kind == "help":
            return _("{name} is asked for help.", name=name)
        if kind == "show-card":
            return _("{name} is asked to show a card.", name=name)
        if kind is not None and kind != "over":
            return _("The reveal asks {name} about an order.", name=name)
        return ""

    def spoken_prompt(self) -> str:
        """The screen in words, for speech (ui/narrator.py): who is called and why, the
        request to look away, the button, and what was announced since their last turn
        (all of it public: nothing of a hand is said while the screen changes hands)."""
        name = self.session.names[self.seat]
        parts = [_("Pass to {name}", name=name) + ".", self.reason(),
                 _("Everyone else, please look away.")]
        if self.recap:
            parts.append(_("Since your last turn:") + " " +
                         " ".join(spoken.closed(line) for line in self.recap))
        return " ".join(p for p in parts if p)

    def decline(self) -> None:
        """Decline the help request without showing the hand (see the module's docstring)."""
        self.conductor.decline_unseen(self.seat)
        self.app.manager.pop(self)

    def ready(self) -> None:
        self.session.confirm_pass(self.seat)
        self.app.manager.pop(self)  # the scene beneath lays itself out again (on_resume)

    def on_escape(self) -> None:
        self.app.manager.open("pause", self.session)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        colour = self.session.seats[self.seat].colour
        seats.seat_token(self.app, surface, colour, (w // 2, int(h * 0.26)), int(h * 0.08))
        title_text(surface, _("Pass to {name}", name=self.session.names[self.seat]),
                   (w // 2, int(h * 0.43)), int(h * 0.1))
        y = int(h * 0.53)
        reason = self.reason()
        if reason:
            t = theme.fit_text(reason, int(h * 0.036), int(w * 0.9), theme.CREAM, bold=True)
            surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.515))))
            y = int(h * 0.57)
        t = theme.fit_text(_("Everyone else, please look away."), int(h * 0.032),
                           int(w * 0.9), theme.CREAM_DARK)
        surface.blit(t, t.get_rect(center=(w // 2, y)))
        self.focus.draw(surface)
        self.draw_recap(surface)

    def draw_recap(self, surface: pygame.Surface) -> None:
        """Since your last turn: the announcements, latest last."""
        if not self.recap:
            return
        w, h = self.size
        px = max(12, int(h * 0.022))
        lh = theme.font(px).get_linesize()
        # Between the button and the window's bottom edge: as many of the latest lines as
        # fit there (never over the button, as moving the box up did at 1024x640).
        top = self.ready_rect.bottom + max(6, px // 2)
        room = max(2, (h - px // 2 - top - px) // lh)
        shown = min(len(self.recap), self.RECAP_LINES, room - 1)
        if shown < len(self.recap):
            shown = max(1, min(shown, room - 2))  # a line for the ones left out
        lines = self.recap[len(self.recap) - shown:]
        hidden = len(self.recap) - len(lines)
        head = [_("Since your last turn:")]
        if hidden:
            head.append(_("… and {n} earlier", n=hidden))
        rows = head + lines
        box = pygame.Rect(0, 0, int(w * 0.6), lh * len(rows) + px)
        box.midtop = (w // 2, max(top, int(h * 0.71)))
        if box.bottom > h - px // 2:
            box.bottom = h - px // 2
        box.y = max(box.y, top)  # the rows were cut to fit, so the box fits below the button
        theme.rounded_panel(surface, box, (30, 18, 10, 170), radius=px // 2, shadow=False)
        y = box.y + px // 2
        for i, line in enumerate(rows):
            colour = theme.CREAM if i >= len(head) else theme.CREAM_DARK
            t = theme.fit_text(line, px, box.w - px, colour, bold=i < len(head))
            surface.blit(t, (box.x + px // 2, y))
            y += lh

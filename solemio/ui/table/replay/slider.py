"""The replay's timeline: a slider over the game's events, its rounds marked."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from solemio.i18n import _
from solemio.show.replay import ReplayShow
from solemio.ui import theme
from solemio.ui.widgets import Widget


class Slider(Widget):
    """The game's timeline: click or drag to a position; Enter plays or pauses."""

    def __init__(self, rect: pygame.Rect, replay: ReplayShow, position: Callable[[], int],
                 seek: Callable[[int], None], toggle_play: Callable[[], None],
                 status: Callable[[], str] = lambda: "") -> None:
        super().__init__("slider", rect, "")
        self.replay = replay
        self.position = position
        self.seek = seek
        self.toggle_play = toggle_play
        self.status = status  # where the replay stands and the move shown, in words

    def spoken(self) -> str:
        """Speech (ui/narrator.py): the timeline, where it stands and the move shown."""
        return _("Timeline: {where}", where=self.status())

    def position_at(self, x: int) -> int:
        r = self.replay
        f = (x - self.rect.x) / max(1, self.rect.w)
        return r.clamp(r.start + round(f * (r.end - r.start)))

    def click(self, pos: tuple[int, int]) -> None:
        self.seek(self.position_at(pos[0]))

    def activate(self) -> None:
        self.toggle_play()

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        r = self.rect
        rp = self.replay
        bar = pygame.Rect(r.x, r.centery - max(2, r.h // 8), r.w, max(4, r.h // 4))
        pygame.draw.rect(surface, (60, 36, 20), bar, border_radius=bar.h // 2)
        span = max(1, rp.end - rp.start)
        for p in rp.rounds:  # round marks
            x = r.x + int((p + 1 - rp.start) / span * r.w)
            pygame.draw.line(surface, theme.CREAM_DARK, (x, r.y + r.h // 5), (x, r.bottom - r.h // 5))
        done = bar.copy()
        done.w = int((self.position() - rp.start) / span * r.w)
        pygame.draw.rect(surface, theme.TOMATO, done, border_radius=bar.h // 2)
        knob = (r.x + done.w, r.centery)
        pygame.draw.circle(surface, theme.GOLD if (focused or hovered) else theme.CREAM, knob,
                           max(6, r.h // 3))
        pygame.draw.circle(surface, theme.INK, knob, max(6, r.h // 3), 2)

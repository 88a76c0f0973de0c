"""Shared pieces of the menu-like scenes: the table backdrop, a title, a focus group."""

from __future__ import annotations

import pygame

from solemio.ui import theme
from solemio.ui.scene import Scene
from solemio.ui.widgets import Button, FocusGroup


def backdrop(app, surface: pygame.Surface) -> None:
    """The wooden table under everything (the painter's table, cached per size)."""
    size = surface.get_size()
    surface.blit(app.cards.table(size), (0, 0))


#: The smallest a title shrinks to before it is cut.
TITLE_MIN_PX = 12


def title_text(surface: pygame.Surface, s: str, centre: tuple[int, int], px: int,
               colour: tuple[int, int, int] = theme.CREAM,
               max_w: int | None = None) -> pygame.Rect:
    """A script title with a soft dark outline so it reads on any table.

    Shrunk to ``max_w`` (by default nine tenths of the surface's width), as a long
    title must be ("Shared win: " and five names, in any language), never cut by the
    window's edges."""
    limit = int(max_w if max_w is not None else surface.get_width() * 0.9)
    size = int(px)
    while size > TITLE_MIN_PX and theme.text(s, size, colour, display=True).get_width() > limit:
        size = max(TITLE_MIN_PX, int(size * 0.9))
    # Too long even at the smallest size: fit_text's last resort (an ellipsis, noted).
    main = theme.fit_text(s, size, limit, colour, display=True, min_px=size)
    shade = theme.fit_text(s, size, limit, (30, 16, 8), display=True, min_px=size)
    px = size
    r = main.get_rect(center=centre)
    off = max(2, px // 22)
    surface.blit(shade, r.move(off, off))
    surface.blit(main, r)
    return r


class WidgetScene(Scene):
    """A scene made of widgets in one focus group; escape goes back."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.focus = FocusGroup()

    def on_escape(self) -> None:
        self.app.manager.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return None
        return self.focus.handle_event(event)

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.focus.rects()


def pager_buttons(scene: WidgetScene, page: int, pages: int) -> list[Button]:
    """Newer, Back and Older under a paged list (records, saves): one place for both lists.

    ``scene`` supplies ``turn_page(step)``; the buttons sit in a strip near the bottom.
    """
    from solemio.i18n import _
    from solemio.ui import layout

    w, h = scene.size
    bottom = pygame.Rect(int(w * 0.2), int(h * 0.87), int(w * 0.6), int(max(36, h * 0.07)))
    prev_r, close_r, next_r = layout.split_h(bottom, 3, int(w * 0.02))
    prev_b = Button("previous", _("Newer"), lambda: scene.turn_page(-1), prev_r, style="secondary")
    prev_b.enabled = page > 0
    next_b = Button("next", _("Older"), lambda: scene.turn_page(1), next_r, style="secondary")
    next_b.enabled = page < pages - 1
    return [prev_b, Button("close", _("Back"), scene.app.manager.pop, close_r), next_b]

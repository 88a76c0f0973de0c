"""Shared pieces of the scenes: the table backdrop, a title, a focus group for the menu-like
scenes, and :class:`GameScene`, what the table and the reveal share (the session they show,
the conductor that runs its game, the screen parts both paint with, and the readings the
tests and the work done ahead take from either)."""

from __future__ import annotations

from typing import Any

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
    window's edges.  A title is drawn large already: it keeps its designed size at any
    text size (``px`` is divided by the scale the font multiplies it by)."""
    limit = int(max_w if max_w is not None else surface.get_width() * 0.9)
    size = max(TITLE_MIN_PX, int(px / theme.TEXT_SCALE))
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


def empty_list(surface: pygame.Surface, words: str, area: pygame.Rect, px: int) -> None:
    """The sentence of an empty list (records, saves), centred in its ``area``: on one
    line, or at a larger text size (Settings) wrapped at the chosen size instead of
    fitted to one line (about 8 px on a Steam Deck at 200 %)."""
    from solemio.ui import layout, theme

    w = int(surface.get_width() * 0.8)
    if layout.text_grow() > 1:
        box = pygame.Rect(0, 0, w, area.h)
        box.center = area.center
        theme.draw_wrapped(surface, words, box, px, theme.CREAM, centre=True, middle=True)
        return
    t = theme.fit_text(words, px, w, theme.CREAM)
    surface.blit(t, t.get_rect(center=area.center))


def pager_buttons(scene: WidgetScene, page: int, pages: int) -> list[Button]:
    """Newer, Back and Older under a paged list (records, saves): one place for both lists.

    ``scene`` supplies ``turn_page(step)``; the buttons sit in a strip near the bottom.
    """
    from solemio.i18n import _
    from solemio.ui import layout

    w, h = scene.size
    # A larger text size widens the strip ("Older" is "Plus anciennes" in French).
    frac = min(0.9, 0.6 * layout.text_grow())
    bottom = pygame.Rect(int(w * (1 - frac) / 2), int(h * 0.87), int(w * frac),
                         int(max(36, h * 0.07)))
    prev_r, close_r, next_r = layout.split_h(bottom, 3, int(w * 0.02))
    prev_b = Button("previous", _("Newer"), lambda: scene.turn_page(-1), prev_r, style="secondary")
    prev_b.enabled = page > 0
    next_b = Button("next", _("Older"), lambda: scene.turn_page(1), next_r, style="secondary")
    next_b.enabled = page < pages - 1
    return [prev_b, Button("close", _("Back"), scene.app.manager.pop, close_r), next_b]


class GameScene(Scene):
    """A scene that shows a game: it holds a conductor (given, or made for the session)
    and a :class:`GameScreen`, and reads through them; it never runs the game itself."""

    def __init__(self, app: Any, session: Any, conductor: Any = None) -> None:
        # Imported here: the menus share this module and start before any game is needed.
        from solemio.ui.table.screen import GameScreen, conduct

        super().__init__(app)
        self.session = session
        self.conductor = conductor or conduct(app, session)
        self.screen_parts = GameScreen(app, session, self.conductor)
        self.focus = self.screen_parts.focus
        self.view = session.view()

    # --- what the tests and the work done ahead read ---------------------------------
    @property
    def show(self) -> Any:
        return self.session.show

    @property
    def hold(self) -> float:
        return self.conductor.hold

    @property
    def skip(self) -> bool:
        return self.conductor.skip

    @property
    def thinker(self) -> Any:
        return self.conductor.thinker

    @property
    def thinking(self) -> float:
        return self.conductor.thinking

    def thinking_seat(self) -> int | None:
        return self.conductor.thinking_seat()

    def my_decision(self) -> Any:
        return self.conductor.my_decision()

    @property
    def banner(self) -> dict | None:
        return self.screen_parts.banner

    @property
    def anims(self) -> Any:
        return self.screen_parts.anims

    @property
    def t(self) -> float:
        return self.screen_parts.t

    @property
    def error(self) -> str:
        return self.screen_parts.error

    @error.setter
    def error(self, text: str) -> None:
        self.screen_parts.error = text

    @property
    def message(self) -> str:
        return self.screen_parts.message

    @property
    def guided(self) -> bool:
        return self.session.guide

    @property
    def bottom_seat(self) -> int | None:
        """The seat drawn at the bottom: the person at the screen, else the first person."""
        s = self.session
        if s.viewer is not None:
            return s.viewer
        return s.persons[0] if s.persons else None

    def stage(self) -> Any:
        raise NotImplementedError

    def apply(self, choice: tuple) -> bool:
        """A person's choice, sent to the conductor; a refusal is explained on the message
        line, never ignored.  Whether it was taken."""
        from solemio.engine import IllegalChoice
        from solemio.net.client import ConnectionLost
        from solemio.show.conductor import HIDE
        from solemio.show.table import NotYourDecision
        from solemio.ui.refusals import refusal_text

        try:
            beats = self.conductor.dispatch(choice)
        except (IllegalChoice, ConnectionLost, NotYourDecision) as exc:
            # (a networked table may lose its connection in the instant of a click)
            self.screen_parts.error = refusal_text(exc, choice)
            return False
        self.screen_parts.error = ""
        for beat in beats:
            self.screen_parts.follow(beat)  # (the other scenes of the game let go of the hand)
        if any(b.what == HIDE for b in beats):
            self.layout(self.app.size)  # hot seat: the screen is shared again
        self.view = self.session.view()
        self.build_widgets()
        return True

    def build_widgets(self) -> None:
        raise NotImplementedError

    def on_resume(self) -> None:
        self.layout(self.app.size)  # back from a menu or a hand-over: the window may differ

    def still_parts(self) -> list[tuple]:
        raise NotImplementedError

    def language_steps(self) -> list:
        """The still parts to paint ahead in the other languages (a switch shows at once)."""
        try:
            parts = self.still_parts()
        except Exception:  # noqa: BLE001 - a failed rehearsal only costs a later hitch
            return []
        return self.screen_parts.language_steps(parts)

    # --- the guided first game: the guide box speaks for the conductor's guide ----------
    def leave_guide(self) -> None:
        """The guide goes quiet; the game goes on as any other, laid out again (the reveal
        made room for the guide's box)."""
        self.session.guide = False
        self.layout(self.size)

    def guide_tip(self) -> Any:
        return self.conductor.guide_tip(self.view)

    def seat_rects(self) -> dict[int, pygame.Rect]:
        return self.stage().seat_rects()


def start_guided_game(app: Any) -> None:
    """Leave whatever is on screen for the guided first game (over the title); its session
    comes from ``solemio.show.guided``."""
    from solemio.show.guided import guided_session
    from solemio.ui.scene import make_scene

    app.manager.reset(make_scene("title", app))
    app.manager.open("table", guided_session())

"""The window and the main loop.

The loop is the only place that reads the clock and the event queue; it hands
events and the elapsed seconds to the scene stack, so scenes stay testable
with no real time (see :meth:`App.step`).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from solemio import i18n
from solemio.ui import settings as settings_mod
from solemio.ui.cards import CardImages
from solemio.ui.scene import SceneManager
from solemio.ui.sound import Sound

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)


def make_painter(colour_blind: bool = False) -> Any:
    """The card painter from the art module (CardPainter); colour-blind mode if it supports it."""
    from solemio.ui.art import CardPainter

    try:
        return CardPainter(colour_blind=colour_blind)
    except TypeError:
        painter = CardPainter()
        if hasattr(painter, "colour_blind"):
            painter.colour_blind = colour_blind
        return painter


class App:
    """Everything scenes share: settings, painter, sound, the scene stack, the worker pool.

    ``headless=True`` draws into an off-screen surface: used by tests,
    screenshots and the benchmark, which never need a visible window.
    """

    def __init__(
        self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False,
        settings: settings_mod.Settings | None = None, painter: Any = None,
        persist_settings: bool = True,
    ) -> None:
        self.settings = settings if settings is not None else settings_mod.load()
        self.persist_settings = persist_settings
        i18n.set_language(self.settings.language)
        if not pygame.get_init():
            pygame.init()
        pygame.font.init()
        self.headless = headless
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])) if not headless \
            else size
        self.fullscreen = False
        if headless:
            self.screen = pygame.Surface(self.size)
        else:
            pygame.display.set_caption("Sole Mio!")
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
            try:
                # The layout is designed from 1024x640 up: do not let the window go smaller.
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass
            pygame.key.set_repeat(350, 40)
            try:
                pygame.key.start_text_input()
            except pygame.error:
                pass
        self._painter = painter
        self._cards: CardImages | None = None
        self.sound = Sound(self.settings.sound)
        self.manager = SceneManager(self)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="solemio-ai")
        self.running = True
        self.frames = 0

    # --- shared services ------------------------------------------------
    @property
    def painter(self) -> Any:
        if self._painter is None:
            self._painter = make_painter(self.settings.colour_blind)
        return self._painter

    @property
    def cards(self) -> CardImages:
        """Cached card pictures; rebuilt when the painter changes (colour-blind mode)."""
        painter = self.painter
        if self._cards is None or self._cards.painter is not painter:
            self._cards = CardImages(painter)
        return self._cards

    def settings_changed(self) -> None:
        """Apply and store changed settings (language, sound, colour-blind painter)."""
        self.settings = self.settings.normalised()
        if self.settings.language != i18n.language():
            i18n.set_language(self.settings.language)
            # Card faces and cached panels carry words: paint them again.
            if self._painter is not None and hasattr(self._painter, "clear"):
                self._painter.clear()
            self._cards = None
            from solemio.ui import theme

            theme.clear_caches()
        self.sound.enabled = self.settings.sound
        p = self._painter
        if p is not None and getattr(p, "colour_blind", None) not in (None,
                                                                     self.settings.colour_blind):
            try:
                self._painter = make_painter(self.settings.colour_blind)
            except ImportError:
                pass
        if self.persist_settings:
            try:
                settings_mod.save(self.settings)
            except OSError:
                pass
        self.manager.layout(self.size)

    def quit(self) -> None:
        self.running = False

    # --- window -----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size and recompute every scene's layout."""
        self.size = (int(size[0]), int(size[1]))
        if self.headless:
            self.screen = pygame.Surface(self.size)
        else:
            self.screen = pygame.display.get_surface()
        self.manager.layout(self.size)

    def toggle_fullscreen(self) -> None:
        if self.headless:
            return
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self._windowed = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(getattr(self, "_windowed", DEFAULT_SIZE),
                                                  pygame.RESIZABLE)
        self.resize(self.screen.get_size())

    # --- one frame --------------------------------------------------------
    def step(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """Feed events and ``dt`` seconds to the scenes, then optionally draw one frame."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE and not self.headless:
                self.resize(event.size)
                continue
            if event.type == pygame.WINDOWSIZECHANGED and not self.headless:
                self.resize((event.x, event.y))
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self.manager.handle_event(event)
        self.manager.update(dt)
        if not self.manager.stack:
            self.running = False
        if draw:
            self.draw()

    def draw(self) -> None:
        self.manager.draw(self.screen)
        self.frames += 1

    def close(self) -> None:
        """Stop background thinking and leave pygame cleanly."""
        for scene in list(self.manager.stack):
            scene.on_exit()
        self.manager.stack.clear()
        self.executor.shutdown(wait=False, cancel_futures=True)


def run(size: tuple[int, int] | None = None) -> int:
    """Open the window and play until the player quits: the ``solemio`` command."""
    t0 = time.perf_counter()
    pygame.init()
    app = App(size or DEFAULT_SIZE)
    from solemio.ui.scenes.title import TitleScene

    app.manager.push(TitleScene(app))
    if app.settings.fullscreen:
        app.toggle_fullscreen()
    clock = pygame.time.Clock()
    first = True
    try:
        while app.running:
            dt = clock.tick(60) / 1000.0
            app.step(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()
            if first and os.environ.get("SOLEMIO_STARTUP_PROBE"):
                # The benchmark measures process start -> title drawn, then we leave.
                print(f"TITLE_DRAWN {time.perf_counter() - t0:.4f}", flush=True)
                break
            first = False
    finally:
        app.close()
        pygame.quit()
    return 0

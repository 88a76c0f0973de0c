"""The window and the main loop.

The loop is the only place that reads the clock and the event queue; it hands
events and the elapsed seconds to the scene stack, so scenes stay testable
with no real time (see :meth:`App.step`).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from solemio import i18n
from solemio.i18n import _
from solemio.ui import settings as settings_mod
from solemio.ui.cards import CardImages, set_shadowed_budget
from solemio.ui.scene import SceneManager
from solemio.ui.sound import Sound

log = logging.getLogger("solemio.ui")

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)

_RESIZE_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED})
_MOUSE_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION})


def open_window(size: tuple[int, int]) -> pygame.Window:
    """The game window: resizable, never smaller than MIN_SIZE, HiDPI-aware.

    ``allow_high_dpi`` asks macOS and Wayland for a surface at the screen's
    real pixel size (2x on a Retina display) instead of an upscaled blurry one;
    on Windows the process is made DPI-aware (see :func:`run`). No SCALED
    flag: the layout is computed for the real size, so nothing is stretched.
    """
    window = pygame.Window("Sole Mio!", size, resizable=True, allow_high_dpi=True)
    try:
        # The layout is designed from 1024x640 up: do not let the window go smaller.
        window.minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass
    return window


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
        self._windowed: tuple[int, int] = self.size  # logical size to come back to after F11
        self._windowed_pos: tuple[int, int] | None = None  # and where the window stood
        self.window: pygame.Window | None = None
        self.pixel_ratio = 1.0  # drawable pixels per window unit (2.0 on a Retina/HiDPI screen)
        if headless:
            self.screen = pygame.Surface(self.size)
        else:
            self.window = open_window(self.size)
            self.screen = self.window.get_surface()
            self._read_window()
            pygame.key.set_repeat(350, 40)
            try:
                pygame.key.start_text_input()
            except pygame.error:
                pass
        self._painter = painter
        self._cards: CardImages | None = None
        self.sound = Sound(self.settings.sound)
        self.manager = SceneManager(self)
        from solemio.ui import theme

        self.static_frame = theme.StaticFrame()  # the still parts of the table, one window's worth
        from solemio.ui.warm import Warmer

        self.warmer = Warmer()  # pictures the coming frames need, made ahead (warm.py)
        self._frame_start = time.perf_counter()
        self._fit_caches()
        from solemio.ui import access
        from solemio.ui.narrator import Narrator

        access.apply(self)  # the text size, the volume
        self.narrator = Narrator(self)  # speech, when Settings has it on
        self._speech_on = self.settings.speech
        from solemio.ui.controller import Pad

        self.pad = Pad()  # game controllers play as the keyboard does (ui/controller.py)
        if not headless:
            self.pad.open_all()
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="solemio-ai")
        self.running = True
        self.frames = 0
        self.network: Any = None  # the networked table this window is at (ui/netplay.py)
        # going back at start to the networked table the game stopped at (net/comeback.py;
        # the title starts it once, and says how it goes)
        self.comeback: Any = None
        self.comeback_looked = False

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
            self._cards.fit_window(self.size)
        return self._cards

    def release_pictures(self) -> None:
        """Let a closed window's pictures go at once.  The app sits in reference cycles
        (its scenes and their widgets point back at it) that only a full collection frees,
        and a test run or a screenshot tour opens dozens of windows one after another,
        each holding some 100 MB of pictures at 1920x1080, long before one runs (the
        default test run peaked at 2.8 GB; docs/measurements/issue-23-memory.md)."""
        from solemio.ui import theme

        if self._cards is not None:
            self._cards.release()
        clear = getattr(self._painter, "clear", None)
        if callable(clear):
            clear()
        self.static_frame = theme.StaticFrame()
        self.warmer.clear()
        # The lines, layers and shadowed cards all windows share, down to a 1920x1080
        # window's budgets: what a closed 4K window kept beyond them goes with it.
        theme.set_cache_budgets(1.0)
        set_shadowed_budget((1, 1))

    def _fit_caches(self) -> None:
        """Cache budgets follow the window area, so a 4K window does not thrash them."""
        from solemio.ui import theme
        from solemio.ui.cards import area_scale

        theme.set_cache_budgets(area_scale(self.size))
        self.warmer.fit_window(area_scale(self.size))
        if self._cards is not None:
            self._cards.fit_window(self.size)

    def settings_changed(self) -> None:
        """Apply and store changed settings (language, sound, colour-blind painter)."""
        speech_was_on = getattr(self, "_speech_on", False)
        self.settings = self.settings.normalised()
        self._speech_on = self.settings.speech
        language_changed = self.settings.language != i18n.language()
        if language_changed:
            # Every cache of pictures with words in them (card faces, layers, the
            # still frame) is keyed by the language: the next frame draws the new
            # words, the table and the pictures without words are kept.
            i18n.set_language(self.settings.language)
        from solemio.ui import access

        access.apply(self)  # sound, volume, text size (the layout below reflows it)
        self.narrator.settings_changed(speech_was_on)
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
        if language_changed:
            # The scenes under Settings are painted again in the new language, a bounded
            # amount per frame while Settings shows (warm.py), not all in the first frame
            # back.
            steps: list = []
            for scene in self.manager.stack[:-1]:
                language_steps = getattr(scene, "language_steps", None)
                if language_steps is not None:
                    steps += language_steps()
            self.warmer.add("language", steps, first=True)

    def quit(self) -> None:
        self.running = False

    def start(self) -> None:
        """What the game shows when it starts: the title, going back by itself to the
        networked table the window sat at when the game stopped (``TitleScene``)."""
        title = self.manager.open("title")
        title.look_for_comeback()

    # --- window -----------------------------------------------------------
    def _read_window(self) -> bool:
        """Take the window's current surface and pixel size; True if the size changed.

        The layout works in drawable pixels (``self.size``), not window units:
        on a HiDPI screen the surface is larger than the window's logical size
        and drawing at the real pixel size is what keeps text and cards crisp.
        """
        assert self.window is not None
        self.screen = self.window.get_surface()
        pw, ph = self.screen.get_size()
        self.pixel_ratio = pw / max(1, self.window.size[0]) if pw > 0 else 1.0
        changed = (pw, ph) != self.size
        self.size = (pw, ph)
        return changed

    def _adopt_window_surface(self) -> None:
        """After any change of the window: new surface, and a new layout if the size changed."""
        if self._read_window():
            self._fit_caches()
            self.manager.layout(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size and recompute every scene's layout.

        With a real window ``size`` (window units, from the event) only says
        that something changed: the surface is asked for its pixel size.
        """
        if self.window is not None:
            self._adopt_window_surface()
            return
        size = (int(size[0]), int(size[1]))
        if size == self.size:
            return
        self.size = size
        self.screen = pygame.Surface(self.size)
        self._fit_caches()
        self.manager.layout(self.size)

    def toggle_fullscreen(self) -> None:
        """F11: desktop full screen on the same window, then back to the size it had.

        The window is never re-created (``set_mode`` would make a new one, which
        without a window manager lands off-centre, and loses its position).
        """
        if self.window is None:
            return
        if not self.fullscreen:
            self._windowed = tuple(self.window.size)  # type: ignore[assignment]
            self._windowed_pos = self._window_position()
            try:
                self.window.set_fullscreen(desktop=True)
            except pygame.error:
                return
            self.fullscreen = True
        else:
            self.window.set_windowed()
            self.window.size = self._windowed
            if self._windowed_pos is not None:
                # Back where it was, not wherever the system puts a restored window.
                try:
                    self.window.position = self._windowed_pos
                except (pygame.error, TypeError, ValueError):
                    pass
            self.fullscreen = False
        self._adopt_window_surface()
        if self.settings.fullscreen != self.fullscreen:
            # Remembered for the next start, like any other setting.
            self.settings.fullscreen = self.fullscreen
            if self.persist_settings:
                try:
                    settings_mod.save(self.settings)
                except OSError:
                    pass

    def flip(self) -> None:
        """Show the frame just drawn."""
        if self.window is not None:
            self.window.flip()

    def _to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """Mouse positions arrive in window units; scenes work in drawable pixels."""
        r = self.pixel_ratio
        if r == 1.0 or event.type not in _MOUSE_EVENTS:
            return event
        d = dict(event.dict)
        d["pos"] = (int(event.pos[0] * r), int(event.pos[1] * r))
        if "rel" in d:
            d["rel"] = (int(event.rel[0] * r), int(event.rel[1] * r))
        return pygame.event.Event(event.type, d)

    # --- one frame --------------------------------------------------------
    def step(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """Feed events and ``dt`` seconds to the scenes, then optionally draw one frame."""
        self._frame_start = time.perf_counter()
        resized = False
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type in _RESIZE_EVENTS:
                # One resize brings three events (and dragging many): relayout once, below.
                resized = True
                continue
            keys = self.pad.translate(self, event)
            if keys is not None:  # a controller's: the keys it stands for
                for key in keys:
                    self._key(key)
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self._key(self._to_pixels(event))
        for key in self.pad.update(dt):  # a held D-pad or stick repeats
            self._key(key)
        if resized and self.window is not None:
            self._adopt_window_surface()
        self.manager.update(dt)
        if self.network is not None:
            self.network.update(dt, self.narrator.say)
        self.narrator.frame(dt)  # what changed on screen, said when speech is on
        if not self.manager.stack:
            self.running = False
        if draw:
            self.draw()

    def _key(self, event: pygame.event.Event) -> None:
        """An input event to the keys every screen answers (ui/access.py), else the scenes."""
        from solemio.ui import access

        if not access.global_key(self, event):
            self.manager.handle_event(event)

    def draw(self) -> None:
        self.manager.draw(self.screen)
        if self.network is not None:
            # the phrases said stay clear of what the top scene keeps clear (the list of
            # phrases to say, ui/scenes/phrases.py)
            self.network.draw(self.screen, getattr(self.manager.top, "keep_clear", None))
        self.narrator.draw_notice(self.screen)  # speech on but not heard: said once
        self.frames += 1
        # What the top scene will need soon, made now while this frame has time to spare
        # (off screen: nothing here paints the screen).
        top = self.manager.top
        if top is not None:
            top.warm_ahead()
        if self.warmer.jobs:
            if self.warmer.pending("language"):
                self.warmer.urgent = True  # a step a frame even while Settings is busy
            self.warmer.run(self.cards, self._frame_start)

    def _window_position(self) -> tuple[int, int] | None:
        try:
            x, y = self.window.position  # type: ignore[union-attr]
            return int(x), int(y)
        except (AttributeError, pygame.error, TypeError, ValueError):
            return None

    def remember_window(self) -> None:
        """Keep the window's size and position (as left, not full screen) for the next start."""
        if self.window is None:
            return
        if self.fullscreen:
            size, pos = self._windowed, self._windowed_pos
        else:
            size, pos = tuple(self.window.size), self._window_position()
        self.settings.window_size = [int(size[0]), int(size[1])]
        self.settings.window_pos = [int(pos[0]), int(pos[1])] if pos is not None else None
        self.settings = self.settings.normalised()
        if self.persist_settings:
            try:
                settings_mod.save(self.settings)
            except OSError:
                pass

    def leave_network(self) -> None:
        """Leave the networked table (a hosted one's server stops, writing the table)."""
        if self.network is not None:
            network, self.network = self.network, None
            network.close()

    def close(self) -> None:
        """Stop background thinking and leave pygame cleanly.  The window goes first:
        what follows may take seconds (an attempt to go back to a table ending, a hosted
        table's server writing it), and the player who quit should not watch it."""
        self.remember_window()
        if self.window is not None:
            try:
                self.window.hide()
            except (AttributeError, pygame.error):
                pass
        if self.comeback is not None:  # a table being gone back to: closed, kept
            self.comeback.cancel(wait=5.0)
        self.leave_network()
        for scene in list(self.manager.stack):
            scene.on_exit()
        self.manager.stack.clear()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.release_pictures()
        from solemio.show.host import SAVER

        SAVER.flush()  # the last autosave reaches the disk before the process ends
        if self.window is not None:
            self.window.destroy()
            self.window = None


def run(size: tuple[int, int] | None = None, start: Any = None) -> int:
    """Open the window and play until the player quits: the ``solemio`` command.
    ``start(app)`` opens a scene over the title (``solemio replay FILE``).

    Exit code 0 after a normal quit; 1 when the window cannot open or the game
    breaks, in which case the reason is logged and the player is told where.
    """
    t0 = time.perf_counter()
    from solemio import instance

    if not instance.claim():
        message = _("Sole Mio! is already running: its window is open on this computer.")
        print(message, file=sys.stderr)
        try:
            pygame.display.message_box("Sole Mio!", message, message_type="info")
        except (pygame.error, TypeError):
            pass  # no screen to show it on: the terminal has it
        return 0
    try:
        return _run(size, start, t0)
    finally:
        instance.release()


def _run(size: tuple[int, int] | None, start: Any, t0: float) -> int:
    """The window's life, once this process holds the one-window lock."""
    # Windows: draw at the monitor's real pixels rather than being bitmap-stretched.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    try:
        pygame.init()
        _require_a_screen()
        remembered = read_players_files()
        app = App(size or tuple(remembered.window_size or DEFAULT_SIZE), settings=remembered)
    except pygame.error as exc:
        log.error("the game window could not open: %s", exc)
        _tell_player(_("Sole Mio! cannot open its window: {reason}.", reason=str(exc).rstrip(".")))
        _quit_pygame()
        return 1
    if size is None and remembered.window_pos is not None and app.window is not None:
        try:
            app.window.position = tuple(remembered.window_pos)
        except (pygame.error, TypeError, ValueError):
            pass
    code = 0
    try:
        app.start()
        if start is not None:
            start(app)
        if app.settings.fullscreen:
            app.toggle_fullscreen()
        clock = pygame.time.Clock()
        first = True
        while app.running:
            dt = clock.tick(60) / 1000.0
            app.step(pygame.event.get(), min(dt, 0.1))
            app.flip()
            if first and os.environ.get("SOLEMIO_STARTUP_PROBE"):
                # The benchmark measures process start -> title drawn, then we leave.
                print(f"TITLE_DRAWN {time.perf_counter() - t0:.4f}", flush=True)
                break
            first = False
    except Exception:  # the last line of defence: log it and say sorry, never just vanish
        log.exception("the game stopped on an unexpected error")
        _tell_player(_("Sorry, Sole Mio! ran into a problem it cannot recover from and has to "
                       "close."), window=app.window)
        code = 1
    finally:
        try:
            app.close()
        finally:
            _quit_pygame()
    return code


def read_players_files() -> settings_mod.Settings:
    """What a start reads before the title screen: stale temporary files cleaned, the
    remembered table set-up checked and the settings read; a damaged one is set aside and
    said once on the title screen (``savefiles.pending``), never a crash."""
    clean_player_folders()
    from solemio.ui.scenes.newgame import load_setup

    load_setup()
    return settings_mod.load()


def clean_player_folders() -> list:
    """At start: the temporary files interrupted writes left in the player's folders (old
    ones only, ours only: see ``atomic.clean_stale_temps``)."""
    from solemio import userdirs
    from solemio.atomic import clean_stale_temps

    data = userdirs.data_dir()
    removed = []
    for folder in (data, data / "saves", data / "records", userdirs.config_dir()):
        removed += clean_stale_temps(folder)
    if removed:
        log.info("removed %d temporary files left by interrupted writes", len(removed))
    return removed


def _quit_pygame() -> None:
    """pygame off, and the fonts cached for it forgotten (``theme.forget_fonts``)."""
    from solemio.ui import theme

    pygame.quit()
    theme.forget_fonts()


def _require_a_screen() -> None:
    """With no screen at all SDL quietly falls back to drawing off screen: the game would
    run where nobody can see it.  Unless that was asked for (tests, the benchmark), say so."""
    invisible = ("offscreen", "dummy")
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return  # not initialised: opening the window will report the real reason
    if driver in invisible and os.environ.get("SDL_VIDEODRIVER", "").lower() not in invisible:
        raise pygame.error("no screen was found (no display server is running)")


def _tell_player(message: str, window: pygame.Window | None = None) -> None:
    """Say why the game stops, where the player can see it: a message box (a windowed build
    has no terminal), and the terminal too when there is one."""
    from solemio import logs

    path = logs.log_path()
    if path is not None:
        message = f"{message}\n\n" + _("The details are in {path}.", path=str(path))
    try:
        pygame.display.message_box("Sole Mio!", message, message_type="error",
                                   parent_window=window)
    except (pygame.error, TypeError):
        pass  # no screen to show it on: the terminal and the log still have it
    print(message.replace("\n\n", " "), file=sys.stderr)

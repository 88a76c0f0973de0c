"""The real window (dummy SDL driver): F11, resizing and HiDPI mouse coordinates.

These drive ``App`` through its own event handling (``App.step``), exactly as
the main loop does, so a broken F11 or resize path cannot pass.
"""

from __future__ import annotations

import pygame
import pytest

from solemio.ui.app import App
from solemio.ui.settings import Settings


@pytest.fixture
def window_app():
    apps: list[App] = []

    def make(size=(1280, 720)) -> App:
        from solemio.ui.scenes.title import TitleScene

        app = App(size, headless=False, settings=Settings(sound=False), persist_settings=False)
        app.manager.push(TitleScene(app))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def _f11() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=68)


def test_f11_toggles_full_screen_and_restores_the_window_size(window_app):
    app = window_app((1100, 700))
    assert app.window is not None and not app.fullscreen
    assert app.size == (1100, 700)
    assert app.screen.get_size() == (1100, 700)
    desktop = pygame.display.get_desktop_sizes()[0]

    app.step([_f11()], 0.016)
    assert app.fullscreen
    assert app.window.size == tuple(desktop)
    assert app.size == app.screen.get_size() == tuple(desktop)
    # Every scene was laid out again for the new size.
    assert all(scene.size == app.size for scene in app.manager.stack)

    app.step([_f11()], 0.016)
    assert not app.fullscreen
    assert tuple(app.window.size) == (1100, 700)
    assert app.size == app.screen.get_size() == (1100, 700)
    assert all(scene.size == (1100, 700) for scene in app.manager.stack)
    # The settings remember the state for the next start.
    assert app.settings.fullscreen is False


def test_resize_events_relayout_once_at_the_surface_size(window_app, monkeypatch):
    app = window_app()
    calls: list[tuple[int, int]] = []
    real = app.manager.layout
    monkeypatch.setattr(app.manager, "layout", lambda size: (calls.append(size), real(size)))
    app.window.size = (1024, 640)
    # One resize reaches pygame as three events; the layout is done once.
    events = [pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640),
              pygame.event.Event(pygame.WINDOWRESIZED, x=1024, y=640),
              pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=640)]
    app.step(events, 0.016)
    assert calls == [(1024, 640)]
    assert app.size == app.screen.get_size() == (1024, 640)
    app.step(events, 0.016)  # nothing changed: no new layout
    assert calls == [(1024, 640)]


def test_mouse_positions_are_scaled_to_pixels_on_a_hidpi_window(window_app):
    app = window_app()
    seen: list[tuple[int, int]] = []
    app.manager.handle_event = lambda ev: seen.append(ev.pos)  # type: ignore[method-assign]
    app.pixel_ratio = 2.0  # as on a Retina screen: the surface has twice the window's units
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1)], 0.0,
             draw=False)
    app.pixel_ratio = 1.0
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(100, 50), button=1)], 0.0,
             draw=False)
    assert seen == [(200, 100), (100, 50)]


def test_leaving_full_screen_puts_the_window_back_and_it_is_remembered(window_app):
    app = window_app((1100, 700))
    app.window.position = (60, 50)
    where = tuple(app.window.position)
    app.step([_f11()], 0.016)
    app.step([_f11()], 0.016)
    assert tuple(app.window.position) == where
    assert tuple(app.window.size) == (1100, 700)
    app.remember_window()
    assert app.settings.window_size == [1100, 700]
    assert app.settings.window_pos == list(where)

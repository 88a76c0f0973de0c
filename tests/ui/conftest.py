"""Window tests run with no display and no audio device, and never touch real settings."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Settings and saves go to a temporary folder, never the tester's own."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    yield


@pytest.fixture(autouse=True)
def _text_size_back():
    """A test that enlarged the text (Settings' text size) leaves the next at 100 %."""
    yield
    from solemio.ui import theme

    theme.set_text_scale(100)


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.quit()


@pytest.fixture
def make_app():
    """A headless App with default settings; closed (workers stopped) after the test."""
    from solemio.ui.app import App
    from solemio.ui.settings import Settings

    apps = []

    def make(size=(1280, 720), **settings):
        app = App(size, headless=True, settings=Settings(**settings), persist_settings=False)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()

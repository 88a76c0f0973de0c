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


def painter():
    """The real card painter if the art exists, else a plain stand-in."""
    try:
        from solemio.ui.art import CardPainter
    except ImportError:
        from tests.ui.standin_art import CardPainter
    return CardPainter()


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.quit()

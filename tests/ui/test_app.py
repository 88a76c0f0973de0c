"""The real entry points: the window's main loop, and the screenshot command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def test_window_starts_and_draws_the_title(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLEMIO_STARTUP_PROBE="1", SOLEMIO_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", "from solemio.ui.app import run; run()"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "TITLE_DRAWN" in proc.stdout


def test_screenshots_of_every_scene(tmp_path, monkeypatch):
    """The command writes a PNG per scene.  PNG compression was most of this test's time
    (the tours of tests/ui/test_text_fits.py draw the same scenes unwritten): the first
    picture goes through the PNG writer, the others are written as quick BMP data under
    their PNG names."""
    import pygame

    from solemio.ui import screenshots

    real_save = pygame.image.save
    written: list[str] = []

    def quick_save(surface, path, *args):
        if not isinstance(path, str) or not path.startswith(str(tmp_path)):
            return real_save(surface, path, *args)  # a save's picture, not a screenshot
        if not written:
            real_save(surface, path)
        else:
            with open(path, "wb") as f:
                real_save(surface, f, "quick.bmp")
        written.append(str(path))

    monkeypatch.setattr(pygame.image, "save", quick_save)
    assert screenshots.main(tmp_path, sizes=((1280, 720),)) == 0
    with open(written[0], "rb") as first:
        assert first.read(8) == b"\x89PNG\r\n\x1a\n"
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for part in ("title", "newgame", "settings", "rules", "table-select", "handover", "pause",
                 "reveal-animation", "reveal-fill", "reveal-help", "reveal-series",
                 "reveal-variant", "reveal-block", "reveal-show-ask", "reveal-show-card",
                 "reveal-show-play", "round-summary", "game-over"):
        assert any(part in n for n in names), f"no screenshot of {part}"


def test_the_screenshots_command_draws_at_the_text_size_asked(tmp_path, monkeypatch):
    """``solemio screenshots --text-size 200`` tours the large-text layouts (a maintainer
    looks at them like any other screen); a size Settings does not offer is refused."""
    from solemio import cli
    from solemio.ui import screenshots

    asked: list[tuple] = []
    monkeypatch.setattr(screenshots, "shots_for_size",
                        lambda size, out, lang, text_size=100: asked.append(
                            (size, lang, text_size)) or [])
    assert cli.main(["screenshots", "--out", str(tmp_path), "--lang", "fr", "--size",
                     "1024x640", "--text-size", "200"]) == 0
    assert cli.main(["screenshots", "--out", str(tmp_path)]) == 0
    assert asked[0] == ((1024, 640), "fr", 200)
    assert {a[2] for a in asked[1:]} == {100}
    with pytest.raises(SystemExit):
        cli.main(["screenshots", "--out", str(tmp_path), "--text-size", "300"])

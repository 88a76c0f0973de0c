"""The real entry points: the window's main loop, and the screenshot command."""

from __future__ import annotations

import os
import subprocess
import sys


def test_window_starts_and_draws_the_title(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLEMIO_STARTUP_PROBE="1", SOLEMIO_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", "from solemio.ui.app import run; run()"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "TITLE_DRAWN" in proc.stdout


def test_screenshots_of_every_scene(tmp_path, monkeypatch):
    from solemio.ui import screenshots

    monkeypatch.setattr(screenshots, "SIZES", ((1280, 720),))
    assert screenshots.main(tmp_path) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for part in ("title", "newgame", "settings", "rules", "table-select", "handover", "pause",
                 "reveal-animation", "reveal-fill", "reveal-help", "reveal-series",
                 "reveal-variant", "reveal-block", "reveal-show-ask", "reveal-show-card",
                 "reveal-show-play", "round-summary", "game-over"):
        assert any(part in n for n in names), f"no screenshot of {part}"

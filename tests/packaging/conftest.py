"""A fresh per-user folder, and a log file attached to it, for each test that asks."""

from __future__ import annotations

import pytest

from solemio import logs


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    logs.reset()
    yield tmp_path / "home"
    logs.reset()

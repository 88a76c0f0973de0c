"""A fresh per-user folder, and a log file attached to it, for each test that asks; and the
Linux PyInstaller build, made once per session for every test that runs it (the build is
the slow part of ``pytest -m packaging``: no test makes another)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solemio import logs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """PyInstaller's output folder: the one-file ``solemio`` and ``solemio-folder/``."""
    sys.path.insert(0, str(ROOT / "build"))
    import build as build_script

    out = tmp_path_factory.mktemp("pyinstaller")
    return build_script.run_pyinstaller("all", out, out / "work")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    logs.reset()
    yield tmp_path / "home"
    logs.reset()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel PyPI would get, built from a clean copy of the checkout: a stale build/lib
    or egg-info here could otherwise hide a package the project's configuration leaves out."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "*.egg-info", "lib", "work", "icons", "generated", "dist", "__pycache__",
        ".flatpak-builder"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp),
                    str(source)], check=True)
    return next(tmp.glob("solemio-*.whl"))

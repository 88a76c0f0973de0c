"""The Linux standalone binaries, built here from installer.spec and run as a player would.

Marked ``packaging``: the build takes a minute, so the default ``pytest`` run leaves it
to ``.ci/run`` (``pytest -m packaging``).  The figures (size, start-up time) are printed
by ``python build/build.py --measure``; this test checks behaviour, not speed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import build as build_script  # noqa: E402

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux binaries"),
]
MAX_MB = 40


@pytest.fixture(scope="module")
def onefile(built) -> Path:
    return built / "solemio"


@pytest.fixture(scope="module")
def onefolder(built) -> Path:
    return built / "solemio-folder" / "solemio"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SDL_", "SOLEMIO_", "DISPLAY", "WAYLAND", "XDG_"))}
    env.update(SOLEMIO_HOME=str(tmp_path / "home"), HOME=str(tmp_path / "user"))
    env.update(extra)
    return env


def _selftest(binary: Path, env: dict[str, str], *args: str) -> tuple[int, dict]:
    proc = subprocess.run([str(binary), "--selftest", "--json", *args], capture_output=True,
                          text=True, env=env, timeout=600)
    lines = proc.stdout.strip().splitlines()
    assert lines, f"no report; stderr: {proc.stderr[-2000:]}"
    return proc.returncode, json.loads(lines[-1])


def test_single_file_is_small(onefile):
    assert onefile.stat().st_size < MAX_MB * 1_000_000


def test_version(onefile, tmp_path):
    out = subprocess.run([str(onefile), "--version"], capture_output=True, text=True,
                         env=_env(tmp_path), timeout=120)
    assert out.returncode == 0
    assert out.stdout.strip() == f"solemio {build_script.project_version()}"


def test_selftest_with_no_display_and_no_audio(onefile, tmp_path):
    import pygame

    frame = tmp_path / "frame.png"
    code, report = _selftest(onefile, _env(tmp_path), "--screenshot", str(frame))
    assert code == 0 and report["ok"] is True, report["failures"]
    assert report["failures"] == [] and report["frozen"] is True
    assert isinstance(report["title_s"], float) and report["title_s"] > 0
    # the bundle's own copy of the resources, unpacked next to the program, not this checkout
    assert ROOT not in Path(report["resources"]).parents
    assert Path(report["resources"]).name.startswith("_MEI")
    assert report["version"] == build_script.project_version()
    # a hard seat's play-out workers start from the frozen binary (freeze_support, bundled modules)
    assert "hard search on two workers" in report["seconds"]
    assert "hashing" in report["seconds"]  # the bundled hash modules (installer.spec, CHECKED_WITH)
    picture = pygame.image.load(str(frame))
    assert picture.get_size() == (1280, 720)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 1280, 32) for y in range(0, 720, 32)}
    assert len(colours) > 50, "the saved frame is nearly one flat colour"


def test_the_frozen_binary_can_host_and_join_a_table(onefile, tmp_path):
    """--selftest's network check hosts a table with the server inside the binary, joins it
    by address and code, and sees a move made at one window reach the other; it also loads
    ``ssl`` (wss://) and zeroconf, which an earlier spec left out (joining then failed)."""
    code, report = _selftest(onefile, _env(tmp_path))
    assert "network" in report["seconds"]
    assert not [f for f in report["failures"] if f.startswith("network")], report["failures"]
    # and the server command runs from the binary too
    proc = subprocess.Popen([str(onefile), "serve", "--port", "0", "--data",
                             str(tmp_path / "tables")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(tmp_path))
    try:
        line = proc.stdout.readline()
        assert "ws://127.0.0.1:" in line, (line, proc.stderr.read() if proc.poll() else "")
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def test_no_display_is_explained_in_one_line(onefile, tmp_path):
    proc = subprocess.run([str(onefile)], capture_output=True, text=True, env=_env(tmp_path),
                          timeout=120)
    assert proc.returncode == 1
    # (SDL itself may add its own complaints about the missing display on other lines)
    ours = [ln for ln in proc.stderr.splitlines() if "Sole Mio!" in ln]
    assert len(ours) == 1 and "cannot open its window: no screen was found" in ours[0], proc.stderr
    assert str(tmp_path / "home" / "logs" / "solemio.log") in ours[0]
    log = tmp_path / "home" / "logs" / "solemio.log"
    assert "could not open" in log.read_text()


def test_starts_with_no_audio_device_and_an_unwritable_home(onefile, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = _env(tmp_path, SDL_VIDEODRIVER="dummy", SOLEMIO_STARTUP_PROBE="1",
               HOME=str(blocker / "home"))
    env.pop("SOLEMIO_HOME")
    proc = subprocess.run([str(onefile)], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0 and "TITLE_DRAWN" in proc.stdout, proc.stderr[-2000:]
    code, report = _selftest(onefile, env)
    assert code == 0, report["failures"]


def test_a_broken_house_variant_is_reported_not_fatal(onefile, tmp_path):
    folder = tmp_path / "home" / "data" / "cardsets"
    folder.mkdir(parents=True)
    (folder / "mine.yaml").write_text("id: mine\nname: Mine\nrounds: many\n")
    code, report = _selftest(onefile, _env(tmp_path))
    assert code == 0
    assert any("mine.yaml" in w for w in report["warnings"]), report


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in folder.rglob("*")}


def test_one_folder_build_never_writes_into_itself(onefolder, tmp_path):
    folder = onefolder.parent
    before = _snapshot(folder)
    code, report = _selftest(onefolder, _env(tmp_path))
    assert code == 0, report["failures"]
    proc = subprocess.run([str(onefolder)], env=_env(tmp_path, SDL_VIDEODRIVER="dummy",
                                                     SOLEMIO_STARTUP_PROBE="1"),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0
    assert _snapshot(folder) == before
    assert Path(report["resources"]) == folder / "_internal"

"""Shipped resources are found by one function from a checkout, a wheel and the frozen binary
(the frozen case is in test_binary.py, which asks the binary where it found them)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from solemio import resources

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("from solemio import resources, version; "
         "print(resources.resource_path('cardsets', 'sole-mio.yaml')); "
         "print(resources.assets_dir()); print(version())")


def test_source_checkout_finds_the_top_level_folders():
    assert resources.resource_path("cardsets", "sole-mio.yaml") == ROOT / "cardsets" / "sole-mio.yaml"
    assert resources.assets_dir() == ROOT / "assets"


def test_a_missing_resource_names_every_place_looked_in():
    with pytest.raises(FileNotFoundError, match="nothing.svg not found .*looked in"):
        resources.resource_path("assets", "nothing.svg")


@pytest.mark.packaging
def test_installed_wheel_finds_its_own_copy(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    shipped = {f"solemio/_data/{p.relative_to(ROOT).as_posix()}"
               for folder in ("assets", "cardsets") for p in (ROOT / folder).rglob("*")
               if p.is_file() and (folder == "assets" or p.suffix == ".yaml")}
    assert shipped <= names, sorted(shipped - names)[:10]
    # every module of the game, so a new sub-package cannot be left out of the wheel
    code = {p.relative_to(ROOT).as_posix() for p in (ROOT / "solemio").rglob("*.py")}
    assert code <= names, sorted(code - names)[:10]
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True)
    env = dict(os.environ, PYTHONPATH=str(target))
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env,
                         cwd=tmp_path, check=True).stdout.splitlines()
    data = target / "solemio" / "_data"
    assert out[0] == str(data / "cardsets" / "sole-mio.yaml")
    assert out[1] == str(data / "assets")
    assert out[2] != "unknown"


@pytest.mark.packaging
def test_the_wheel_passes_twine_check_and_has_both_launchers(wheel):
    """What PyPI will say of the upload (metadata, the README as its page), here first."""
    twine = shutil.which("twine", path=os.pathsep.join(
        [str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    assert twine, "twine is part of the test tools (pip install -e '.[test]')"
    result = subprocess.run([twine, "check", "--strict", str(wheel)], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt"))
        entry_points = zf.read(name).decode()
        metadata = zf.read(name.replace("entry_points.txt", "METADATA")).decode()
    assert "[console_scripts]\nsolemio = solemio.cli:main" in entry_points
    assert "[gui_scripts]\nsolemio-game = solemio.cli:game" in entry_points
    assert "Description-Content-Type: text/markdown" in metadata
    assert "pipx install solemio" in metadata  # the README is the project's PyPI page

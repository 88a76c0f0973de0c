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
def test_installed_wheel_finds_its_own_copy(tmp_path):
    # from a clean copy: a stale build/lib or egg-info in the checkout could hide a package
    # the project's configuration leaves out
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "*.egg-info", "lib", "work", "icons", "generated", "dist", "__pycache__"))
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels),
                    str(source)], check=True)
    wheel = next(wheels.glob("solemio-*.whl"))
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

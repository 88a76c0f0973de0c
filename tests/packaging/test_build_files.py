"""The packaging resources in build/: icons, version resource, desktop entry, metainfo, workflow."""

from __future__ import annotations

import ast
import configparser
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import make_icons  # noqa: E402
import version_info  # noqa: E402

APP_ID = "io.github.solemio.SoleMio"


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_version_has_one_source():
    from solemio import version

    assert version() == _version()
    out = subprocess.run([sys.executable, "-m", "solemio", "--version"], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == f"solemio {_version()}"


@pytest.fixture(scope="module")
def icons(tmp_path_factory):
    return make_icons.write_icons(tmp_path_factory.mktemp("icons"))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_ico_holds_every_windows_size(icons):
    data = icons["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for i, size in enumerate(make_icons.ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert _png_size(data[offset:offset + length]) == (size, size)


def test_icns_holds_every_mac_size(icons):
    data = icons["icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, found = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        found[kind] = _png_size(data[pos + 8:pos + length])
        pos += length
    assert found == {kind: (s, s) for kind, s in make_icons.ICNS_TYPES}


def test_icon_is_a_real_picture(icons):
    import pygame

    picture = pygame.image.load(str(icons["png"]))
    assert picture.get_size() == (256, 256)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 256, 8) for y in range(0, 256, 8)}
    assert len(colours) > 20, "the icon is nearly one flat colour"
    # transparent corners: the rounded tile, not a square
    assert picture.get_at((0, 0)).a == 0


def test_windows_version_resource_carries_the_version():
    text = version_info.text("1.2.3rc1", "Sole Mio!")
    tree = ast.parse(text, mode="eval")  # what PyInstaller evaluates
    assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
    assert "filevers=(1, 2, 3, 0)" in text and "'ProductVersion', '1.2.3rc1'" in text
    assert version_info.numbers("2.10") == (2, 10, 0, 0)


def test_desktop_entry():
    path = ROOT / "build" / "linux" / f"{APP_ID}.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"] == "solemio"
    assert entry["Icon"] == APP_ID and "Game" in entry["Categories"].split(";")
    for lang in ("it", "nl", "fr"):
        assert entry[f"Comment[{lang}]"]


def _tool(name: str) -> str:
    """A validator from the system's packages (.ci/run installs them where apt is)."""
    found = shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed here (apt-get install appstream desktop-file-utils)")
    return found


def test_desktop_entry_passes_desktop_file_validate(tmp_path):
    tool = _tool("desktop-file-validate")
    path = ROOT / "build" / "linux" / f"{APP_ID}.desktop"
    result = subprocess.run([tool, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    broken = tmp_path / f"{APP_ID}.desktop"  # the validator looks: a wrong type fails it
    broken.write_text(path.read_text(encoding="utf-8").replace("Type=Application", "Type=Game"))
    assert subprocess.run([tool, str(broken)], capture_output=True).returncode != 0


def test_metainfo_passes_appstreamcli_validate(tmp_path):
    tool = _tool("appstreamcli")
    path = ROOT / "build" / "linux" / f"{APP_ID}.metainfo.xml"
    result = subprocess.run([tool, "validate", "--no-net", str(path)], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "E:" not in result.stdout and "W:" not in result.stdout, result.stdout
    broken = tmp_path / f"{APP_ID}.metainfo.xml"  # and it looks: a second <id> fails it
    broken.write_text(path.read_text(encoding="utf-8").replace(
        "</id>", "</id><id>second</id>"))
    assert subprocess.run([tool, "validate", "--no-net", str(broken)],
                          capture_output=True).returncode != 0


def test_appstream_metainfo():
    path = ROOT / "build" / "linux" / f"{APP_ID}.metainfo.xml"
    root = ET.parse(path).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.find("provides/binary").text == "solemio"
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert releases and releases[0] == _version(), "the newest release must be pyproject's version"
    assert root.find("developer/name").text and root.find("developer").get("id")
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert root.findall("screenshots/screenshot/caption")


def test_workflow_passes_actionlint():
    binary = shutil.which("actionlint", path=os.pathsep.join(
        [str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    assert binary, "actionlint is part of the test tools (pip install -e '.[test]')"
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows
    result = subprocess.run([binary, *map(str, workflows)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path):
    """The lint above could pass by not looking: a workflow with an error must fail it."""
    binary = shutil.which("actionlint", path=os.pathsep.join(
        [str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n"
                      "    steps:\n      - run: echo ${{ matrix.nope }}\n")
    assert subprocess.run([binary, str(broken)], capture_output=True).returncode != 0


def test_spec_bundles_what_the_game_reads():
    spec = (ROOT / "installer.spec").read_text()
    assert "upx=False" in spec
    for excluded in ("tkinter", "numpy"):
        assert f'"{excluded}"' in spec
    assert '"cardsets"' in spec and '"assets"' in spec
    assert "NSHighResolutionCapable" in spec and "bundle_identifier" in spec


def test_the_mac_bundle_names_the_game_s_four_languages():
    from solemio.i18n import LANGUAGES

    spec = (ROOT / "installer.spec").read_text()
    found = re.search(r'"CFBundleLocalizations": (\[[^]]*\])', spec)
    assert found and sorted(ast.literal_eval(found.group(1))) == sorted(LANGUAGES)


def test_windows_gets_a_console_companion():
    spec = (ROOT / "installer.spec").read_text()
    assert 'name=f"{NAME}-cli"' in spec and "dict(exe_options, console=True)" in spec

"""Every way the game ships, checked as far as this machine can: the release workflow's
structure, the lock file of the build tools, the Python pin, the tag check, the Windows
installer script (with build/windows/check_iss.py, there being no Inno Setup here), the
Flatpak manifest and its generated modules, the AppStream metainfo's generated parts,
and the pip/pipx launchers.  Fast: in the default run."""

from __future__ import annotations

import json
import re
import struct
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "build" / "windows"))

import check_iss  # noqa: E402
import metainfo  # noqa: E402
import release  # noqa: E402

APP_ID = "io.github.solemio.SoleMio"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _steps(job: dict) -> list[dict]:
    return job["steps"]


def _runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in _steps(job))


# --- the workflow ------------------------------------------------------------------------

def test_every_system_is_built_from_the_lock_with_the_pinned_python(workflow):
    binary = workflow["jobs"]["binary"]
    systems = [m["system"] for m in binary["strategy"]["matrix"]["include"]]
    assert sorted(systems) == ["linux-x86_64", "macos-arm64", "macos-x86_64", "windows-x86_64"]
    runs = _runs(binary)
    assert "--require-hashes -r build/requirements-release.txt" in runs
    assert "--no-deps --no-build-isolation ." in runs
    assert "python build/release.py python" in runs
    for job in workflow["jobs"].values():
        for step in _steps(job):
            if step.get("uses", "").startswith("actions/setup-python"):
                assert step["with"] == {"python-version-file": "build/python-version"}


def test_the_windows_job_builds_installs_and_uninstalls_the_installer(workflow):
    runs = _runs(workflow["jobs"]["binary"])
    assert '--installer "$ISCC"' in runs
    assert "python build/windows/install_check.py dist/solemio-*-setup.exe" in runs


def test_artifacts_travel_as_tars_and_the_release_checks_them(workflow):
    binary = workflow["jobs"]["binary"]
    upload = next(s for s in _steps(binary) if s.get("uses", "").startswith("actions/upload"))
    assert upload["with"]["path"].endswith(".tar")
    assert "build/release.py pack" in _runs(binary)
    assert "--expect-tag" in _runs(binary)  # every binary's --version against the tag
    rel = workflow["jobs"]["release"]
    runs = _runs(rel)
    assert "build/release.py unpack" in runs
    # checked before the draft is made, and again on what the draft release holds
    assert runs.count("build/release.py check") == 2 and "--downloaded --same-as" in runs
    assert runs.index("--draft") < runs.index("gh release download") < runs.index("--draft=false")
    assert set(rel["needs"]) == {"binary", "wheel"}


def test_pypi_is_published_by_trusted_publishing_after_the_release(workflow):
    job = workflow["jobs"]["pypi"]
    assert job["permissions"] == {"id-token": "write"}
    assert any(s.get("uses", "").startswith("pypa/gh-action-pypi-publish") for s in _steps(job))
    assert job["needs"] == "release" and "startsWith(github.ref" in job["if"]
    assert "password" not in json.dumps(job)  # no token: PyPI trusts the workflow


def test_itch_steps_run_only_with_the_key(workflow):
    job = workflow["jobs"]["itch"]
    assert job["env"]["BUTLER_API_KEY"] == "${{ secrets.BUTLER_API_KEY }}"
    for step in _steps(job):
        assert "env.BUTLER_API_KEY != ''" in step["if"]


def test_the_flatpak_is_built_in_ci(workflow):
    job = workflow["jobs"]["flatpak"]
    runtime = yaml.safe_load((ROOT / "build" / "flatpak" / f"{APP_ID}.yml").read_text())
    assert job["container"]["image"].endswith(f"freedesktop-{runtime['runtime-version']}")
    builder = next(s for s in _steps(job) if "flatpak-builder@" in s.get("uses", ""))
    assert builder["with"]["manifest-path"] == f"build/flatpak/{APP_ID}.yml"


# --- the build tools' lock file and the Python pin -------------------------------------------

def _locked() -> dict[str, tuple[str, list[str]]]:
    text = (ROOT / "build" / "requirements-release.txt").read_text().replace("\\\n", " ")
    pins = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        found = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", line.strip())
        assert found, f"not pinned with ==: {line.strip()[:60]}"
        pins[found.group(1).lower()] = (found.group(2), re.findall(r"--hash=sha256:(\w{64})", line))
    return pins


def test_the_build_tools_are_pinned_with_hashes():
    pins = _locked()
    for name, (_version, hashes) in pins.items():
        assert hashes, f"{name} has no hash"
    for needed in ("pyinstaller", "pygame-ce", "pyyaml", "platformdirs", "setuptools", "wheel",
                   "build", "pefile", "pywin32-ctypes", "macholib"):  # Windows and macOS too
        assert needed in pins, needed
    # the game's own dependencies are all locked, at versions pyproject.toml accepts
    # (its requirements are all NAME>=VERSION; "packaging" is this folder's name here)
    def numbers(version: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", version))

    for dep in _pyproject()["project"]["dependencies"]:
        name, minimum = re.fullmatch(r"([\w-]+)>=([\d.]+)", dep).groups()
        assert numbers(pins[name.lower()][0]) >= numbers(minimum), (dep, pins[name.lower()])


def test_the_python_pin_is_the_spec_s():
    spec = (ROOT / "installer.spec").read_text()
    checked = re.search(r'^CHECKED_WITH = "([\d.]+)"', spec, re.M).group(1)
    assert release.pinned_python() == checked
    assert release.check_python(checked).startswith(f"Python {checked}")
    with pytest.raises(SystemExit, match=r"built with Python 3\.11 .* this is Python 3\.12"):
        release.check_python("3.12") if checked == "3.11" else release.check_python("0.0")


def test_a_tag_must_be_the_version_everywhere():
    version = _pyproject()["project"]["version"]
    assert release.check_tag(f"v{version}").endswith(version)
    with pytest.raises(SystemExit, match=r"the tag v99\.0\.0 says 99\.0\.0, pyproject\.toml says"):
        release.check_tag("v99.0.0")
    with pytest.raises(SystemExit, match="CHANGELOG.md's newest release is"):
        release.check_tag("v99.0.0", "99.0.0")
    for bad in ("1.0.0", "v", "vnext", "v1.0.0-beta"):
        with pytest.raises(SystemExit, match="is not a release tag"):
            release.tag_version(bad)
    assert release.tag_version("v1.2.3rc1") == "1.2.3rc1"


# --- the Windows installer script ----------------------------------------------------------

ISS = (ROOT / "build" / "windows" / "solemio.iss").read_text(encoding="utf-8")


def test_the_installer_script_passes_the_checker():
    assert check_iss.check(ISS, check_iss.passed_defines()) == []
    assert {"AppVersion", "SourceDir", "OutputDir", "OutputName"} <= check_iss.passed_defines()


def test_the_installer_is_per_user_localised_and_versioned_from_pyproject():
    assert re.search(r"^PrivilegesRequired=lowest$", ISS, re.M)
    assert re.search(r"^AppVersion=\{#AppVersion\}$", ISS, re.M)
    languages = dict(re.findall(r'^Name: "(\w+)"; MessagesFile: "([^"]+)"', ISS, re.M))
    from solemio.i18n import LANGUAGES

    assert set(languages) == set(LANGUAGES)
    assert languages["en"] == "compiler:Default.isl"
    command = release.inno_command("ISCC.exe", "1.2.3rc1", Path("f"), Path("d"), "n", Path("i"))
    assert "/DAppVersion=1.2.3rc1" in command and "/DVersionNumbers=1.2.3.0" in command


@pytest.mark.parametrize("change, complaint", [
    (("\nPrivilegesRequired=lowest", "\nPrivilegesRequired=admin"), "PrivilegesRequired must be lowest"),
    (("[Tasks]", "[Taskz]"), "unknown section [Taskz]"),
    (("Languages\\Dutch.isl", "Languages\\Flemish.isl"), "is not a file Inno Setup ships"),
    (('DestDir: "{app}"', 'DestDir: "{apps}"'), "unknown constant {apps}"),
    (("{#AppExe}\"; Description", "{#AppExec}\"; Description"), "{#AppExec} is never defined"),
    (('Flags: unchecked', 'Flag: unchecked'), "[Tasks] has no parameter Flag"),
    (("#endif\n\n#define AppName", "\n#define AppName"), "is never closed by #endif"),
    (('Name: "{autoprograms}', 'Name: "{group}'), "no Start-menu entry"),
    (('Description: "{cm:CreateDesktopIcon}"', 'Description: "{cm:CreateDesktopIcon}'),
     "a quote left open"),
    (("SolidCompression=yes", "SolidCompresion=yes"), "unknown [Setup] directive SolidCompresion"),
])
def test_the_installer_checker_finds_each_fault(change, complaint):
    old, new = change
    assert old in ISS, old
    problems = check_iss.check(ISS.replace(old, new, 1), check_iss.passed_defines())
    assert any(complaint in p for p in problems), problems


def test_the_checker_knows_when_the_build_forgets_a_define():
    problems = check_iss.check(ISS, check_iss.passed_defines() - {"AppVersion"})
    assert problems == ["the build does not pass /DAppVersion, which the script requires"]


# --- Flatpak -------------------------------------------------------------------------------

FLATPAK = ROOT / "build" / "flatpak"
ALLOWED_FINISH_ARGS = {"--share=ipc", "--socket=wayland", "--socket=fallback-x11",
                       "--socket=x11", "--socket=pulseaudio", "--share=network"}


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load((FLATPAK / f"{APP_ID}.yml").read_text(encoding="utf-8"))


def _modules(manifest: dict) -> list[dict]:
    """Every module, the JSON files it includes read in their place."""
    out = []
    for module in manifest["modules"]:
        if isinstance(module, str):
            module = json.loads((FLATPAK / module).read_text(encoding="utf-8"))
        out.append(module)
        out += _modules({"modules": module.get("modules", [])}) if module.get("modules") else []
    return out


def test_the_flatpak_manifest_has_what_flatpak_builder_needs(manifest):
    for key in ("id", "runtime", "runtime-version", "sdk", "command", "finish-args", "modules"):
        assert key in manifest, key
    assert manifest["id"] == APP_ID and manifest["command"] == "solemio"
    assert manifest["runtime"] == "org.freedesktop.Platform"
    assert manifest["sdk"] == "org.freedesktop.Sdk"
    assert isinstance(manifest["runtime-version"], str)  # 25.08 read as a number is 25.08 != '25.08'
    for module in _modules(manifest):
        assert set(module) <= {"name", "buildsystem", "build-commands", "sources", "modules",
                               "cleanup", "build-options", "config-opts", "post-install"}
        assert module["name"] and module["buildsystem"] in ("simple", "meson", "cmake", "autotools")
        for source in module.get("sources", []):
            assert source["type"] in ("file", "archive", "git", "dir")
            if source["type"] in ("file", "archive"):
                assert source["url"].startswith("https://files.pythonhosted.org/")
                assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])


def test_the_flatpak_asks_only_for_a_window_sound_and_the_network(manifest):
    """A window, sound, and the network for playing with friends (hosting a table and
    joining one, the local network's list); never files, devices or other programs."""
    args = set(manifest["finish-args"])
    assert args <= ALLOWED_FINISH_ARGS, args - ALLOWED_FINISH_ARGS
    assert "--socket=pulseaudio" in args and "--socket=wayland" in args
    assert "--share=network" in args
    assert not any(a.startswith(("--filesystem", "--device", "--talk-name")) for a in args)


def test_pygame_ce_is_built_from_source_against_the_runtime(manifest):
    modules = {m["name"]: m for m in _modules(manifest)}
    pygame = modules["pygame-ce"]
    assert [s["url"].rsplit("/", 1)[1] for s in pygame["sources"]] == ["pygame_ce-2.5.8.tar.gz"]
    assert "--no-build-isolation" in pygame["build-commands"][0]
    locked = _locked()["pygame-ce"][0]
    assert f'"pygame-ce=={locked}"' in pygame["build-commands"][0]  # the binaries' version
    # its meson build tools come first, and leave nothing in the app
    names = [m["name"] for m in _modules(manifest)]
    assert names.index("python3-meson-python") < names.index("pygame-ce")
    assert modules["python3-meson-python"]["cleanup"] == ["*"]


def test_the_generated_python_modules_follow_their_requirements_files():
    for stem, generated in (("requirements", "python3-requirements.json"),
                            ("build-requirements", "python3-build-requirements.json")):
        wanted = [ln.strip() for ln in (FLATPAK / f"{stem}.txt").read_text().splitlines()
                  if ln.strip() and not ln.startswith("#")]
        data = json.loads((FLATPAK / generated).read_text())
        assert data["name"] == generated.removesuffix(".json")
        commands = [m["build-commands"][0] for m in data["modules"]]
        assert [re.search(r'"([^"]+)" --no-build-isolation$', c).group(1) for c in commands] == wanted
        for module, requirement in zip(data["modules"], wanted, strict=True):
            name, version = requirement.split("==")
            files = [s["url"].rsplit("/", 1)[1].lower().replace("-", "_") for s in module["sources"]]
            assert any(f.startswith(f"{name.replace('-', '_')}_{version}") for f in files), files
    # the runtime's Python dependencies are the game's, at the binaries' versions
    pins = _locked()
    for requirement in (FLATPAK / "requirements.txt").read_text().split():
        if "==" in requirement:
            name, version = requirement.split("==")
            assert pins[name][0] == version, (name, version, pins[name])


def test_the_flatpak_installs_what_flathub_reads(manifest):
    game = next(m for m in _modules(manifest) if m["name"] == "solemio")
    commands = "\n".join(game["build-commands"])
    assert f"build/linux/{APP_ID}.desktop -t ${{FLATPAK_DEST}}/share/applications" in commands
    assert f"build/linux/{APP_ID}.metainfo.xml -t ${{FLATPAK_DEST}}/share/metainfo" in commands
    assert "for size in 64 128 256 512" in commands and f"apps/{APP_ID}.png" in commands
    assert "bin/solemio --selftest" in commands


# --- AppStream metainfo: releases and screenshots from one place -----------------------------

def test_the_metainfo_s_generated_parts_are_current():
    current = metainfo.METAINFO.read_text(encoding="utf-8")
    assert metainfo.render(current, metainfo.CHANGELOG.read_text(encoding="utf-8")) == current, \
        "run python build/metainfo.py"


def test_releases_come_from_the_changelog():
    text = "## 1.1.0 (2027-01-02)\n\n- Faster\n- Prettier\n\n## 1.0.0 (2026-12-01)\n\n- First\n"
    xml = metainfo.releases_xml(text)
    assert xml.index('version="1.1.0" date="2027-01-02"') < xml.index('version="1.0.0"')
    assert "<li>Faster</li>" in xml and "<p>First</p>" in xml
    with pytest.raises(SystemExit, match=r"CHANGELOG.md: line 1: a release heading is"):
        metainfo.releases("## 1.0 on the first of May\n- x\n")
    with pytest.raises(SystemExit, match="release 1.0 has no notes"):
        metainfo.releases("## 1.0 (2026-01-01)\n")


def test_every_screenshot_is_in_the_repository_where_its_address_points():
    root = metainfo.METAINFO.read_text(encoding="utf-8")
    homepage = _pyproject()["project"]["urls"]["Homepage"]
    owner_repo = homepage.removeprefix("https://github.com/")
    urls = re.findall(r"<image type=\"source\" width=\"1280\" height=\"720\">([^<]+)</image>", root)
    assert len(urls) == len(metainfo.SCREENSHOTS) >= 3
    prefix = f"https://raw.githubusercontent.com/{owner_repo}/main/"
    for url in urls:
        assert url.startswith(prefix)
        path = ROOT / url.removeprefix(prefix)
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (1280, 720)
    assert len(re.findall(r"<caption>[^<]{10,}</caption>", root)) == len(urls)
    assert f"<url type=\"homepage\">{homepage}</url>" in root


# --- PyPI: the launchers a pip, pipx or uv installation makes ------------------------------

def test_the_windowed_launcher_opens_the_game(home, monkeypatch):
    project = _pyproject()["project"]
    assert project["scripts"] == {"solemio": "solemio.cli:main"}
    assert project["gui-scripts"] == {"solemio-game": "solemio.cli:game"}
    from solemio import cli
    from solemio.ui import app

    opened = []
    monkeypatch.setattr(app, "run", lambda: opened.append(True) or 0)
    assert cli.game() == 0 and opened == [True]

"""The release pipeline's steps that run on Linux, run here on the binaries test_binary builds:
naming and archiving, the tar that carries them from job to job with their modes, the
check of what a release holds, and the tag against ``--version``.

The checks of ``build/release.py`` that need no build (tags, the Python pin) are in
``test_channels.py``, in the default run.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import release  # noqa: E402

import build as build_script  # noqa: E402

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux binaries"),
]
SYSTEM = f"linux-{build_script.arch_name()}"
TAG = f"v{build_script.project_version()}"


@pytest.fixture(scope="module")
def dist(built, tmp_path_factory) -> Path:
    """What the Linux job uploads: the one-file binary and the one-folder .tar.gz."""
    out = tmp_path_factory.mktemp("dist")
    results = build_script.package(built, out)
    assert sorted(p.name for p in results) == release.expected_files(
        build_script.project_version(), SYSTEM)
    return out


def test_the_linux_job_builds_both_files(dist):
    """Fault 1: the folder build the README promises is made (and is whole) by default."""
    assert release.check(dist, TAG, [SYSTEM]) == []
    name = f"solemio-{build_script.project_version()}-{SYSTEM}"
    with tarfile.open(dist / f"{name}.tar.gz") as tf:
        names = set(tf.getnames())
    assert f"{name}/solemio" in names and f"{name}/_internal" in names


def test_the_artifact_tar_keeps_the_executable_bit(dist, tmp_path):
    """Fault 2: what the release job unpacks is still executable, and still runs."""
    files = sorted(dist.iterdir())
    carried = release.pack(tmp_path / f"solemio-{SYSTEM}.tar", files)
    unpacked = release.unpack(tmp_path / "release", [carried])
    binary = tmp_path / "release" / f"solemio-{build_script.project_version()}-{SYSTEM}"
    assert binary in unpacked
    assert binary.stat().st_mode & release.EXECUTABLE == release.EXECUTABLE
    assert release.check(tmp_path / "release", TAG, [SYSTEM]) == []
    assert release.check_binary_version(binary, TAG).endswith(build_script.project_version())


def test_a_binary_without_its_executable_bit_is_refused(dist, tmp_path):
    """The check above could pass by not looking: copied the way upload-artifact copies."""
    plain = tmp_path / "plain"
    plain.mkdir()
    for path in dist.iterdir():
        shutil.copyfile(path, plain / path.name)  # contents only, like upload-artifact
    problems = release.check(plain, TAG, [SYSTEM])
    assert len(problems) == 1 and "lost its executable bit" in problems[0], problems
    # a file downloaded back from the release never has a mode: only inner modes count there
    assert release.check(plain, TAG, [SYSTEM], downloaded=True) == []


def test_a_folder_build_whose_launcher_is_not_executable_is_refused(dist, tmp_path):
    name = f"solemio-{build_script.project_version()}-{SYSTEM}"
    broken = tmp_path / "broken"
    broken.mkdir()
    shutil.copy2(dist / name, broken / name)
    with tarfile.open(dist / f"{name}.tar.gz") as src, \
            tarfile.open(broken / f"{name}.tar.gz", "w:gz") as dst:
        for member in src.getmembers():
            if member.name == f"{name}/solemio":
                member.mode = 0o644
            dst.addfile(member, src.extractfile(member) if member.isfile() else None)
    problems = release.check(broken, TAG, [SYSTEM])
    assert problems == [f"{name}.tar.gz: {name}/solemio is not executable (mode 0o644)"]


def test_a_tag_over_an_unchanged_version_fails_the_release(dist, built, tmp_path):
    """Fault 3: a v-next tag with pyproject.toml unchanged publishes nothing."""
    binary = built / "solemio"
    with pytest.raises(SystemExit, match=r"says 99\.0\.0, solemio --version says solemio "):
        release.check_binary_version(binary, "v99.0.0")
    problems = release.check(dist, "v99.0.0", [SYSTEM])
    assert any("does not carry the tag's version 99.0.0" in p for p in problems)
    assert any("solemio-99.0.0-" in p and "is missing" in p for p in problems)
    # the command the workflow runs, as it runs it: one line, exit 1
    proc = subprocess.run([sys.executable, str(ROOT / "build" / "release.py"), "check",
                           str(dist), "--tag", "v99.0.0", "--expect", SYSTEM],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert all(line.startswith("release: ") for line in proc.stderr.splitlines())


def test_the_release_tools_run_as_the_workflow_runs_them(dist, tmp_path):
    """pack, unpack and check through the command line, with the same arguments."""
    files = [str(p) for p in sorted(dist.iterdir())]
    tool = [sys.executable, str(ROOT / "build" / "release.py")]
    subprocess.run([*tool, "pack", str(tmp_path / "a.tar"), *files], check=True)
    out = subprocess.run([*tool, "unpack", str(tmp_path / "r"), str(tmp_path / "a.tar")],
                         check=True, capture_output=True, text=True).stdout
    assert f"-rwxr-xr-x solemio-{build_script.project_version()}-{SYSTEM}\n" in out
    subprocess.run([*tool, "check", str(tmp_path / "r"), "--expect", SYSTEM, "--same-as",
                    str(dist)], check=True)
    os.chmod(tmp_path / "r" / Path(files[0]).name, stat.S_IRUSR | stat.S_IWUSR)
    assert subprocess.run([*tool, "check", str(tmp_path / "r"), "--expect", SYSTEM],
                          capture_output=True).returncode == 1

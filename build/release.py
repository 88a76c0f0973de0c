"""What a release must be before it is published: checked by the workflow and by the tests.

``actions/upload-artifact`` keeps no file modes, so a Linux binary passed from the build
job to the release job would arrive without its executable bit.  Each build job therefore
packs its results into one tar (``pack``: a tar keeps the modes), the release job unpacks
them (``unpack``) and ``check`` looks at the files the release is about to hold, and again
at the files downloaded back from the draft release:

- every name carries the tag's version (a ``v0.2.0`` tag over an unchanged pyproject.toml
  would otherwise publish ``solemio-0.1.0-*`` files);
- every expected system is there, whole: the Linux binary and its folder build executable,
  the Windows zip with both launchers and the installer, the macOS bundle's launcher
  executable inside the zip.

The other checks the workflow runs through this file: ``python`` (the interpreter is the
one the spec's hidden imports were checked with, ``build/python-version``) and ``tag``
(pyproject's version and CHANGELOG.md's newest release are the tag's).
``build.py --expect-tag`` asks each built binary.

    python build/release.py python
    python build/release.py tag v1.2.3
    python build/release.py pack OUT.tar FILE...
    python build/release.py unpack DIR TAR...
    python build/release.py check DIR [--tag v1.2.3] --expect linux-x86_64 windows-x86_64 ...
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import stat
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
PYTHON_PIN = ROOT / "build" / "python-version"
TAG = re.compile(r"v(\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?)")
EXECUTABLE = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
#: The first four bytes of a Mach-O file: thin 32/64-bit (either byte order) and fat.
MACH_O_MAGIC = {bytes.fromhex(m) for m in ("feedface", "feedfacf", "cefaedfe", "cffaedfe",
                                            "cafebabe", "bebafeca")}


class ReleaseError(SystemExit):
    """A release that must not be published; its text is the one line the workflow shows."""

    def __init__(self, message: str) -> None:
        super().__init__(f"release: {message}")


def project_version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def tag_version(tag: str) -> str:
    """'v1.2.3' -> '1.2.3'; a tag that is not v + a version is refused."""
    found = TAG.fullmatch(tag.strip())
    if not found:
        raise ReleaseError(f"{tag!r} is not a release tag such as v1.2.3")
    return found.group(1)


def check_tag(tag: str, version: str | None = None) -> str:
    """The tag names the version pyproject.toml holds (the one every file is named after)."""
    import metainfo  # build/metainfo.py: CHANGELOG.md's release sections

    version = version or project_version()
    wanted = tag_version(tag)
    if wanted != version:
        raise ReleaseError(f"the tag {tag} says {wanted}, pyproject.toml says {version}: "
                           f"change the version in pyproject.toml (and CHANGELOG.md), then tag again")
    newest = metainfo.releases(metainfo.CHANGELOG.read_text(encoding="utf-8"))[0][0]
    if newest != wanted:
        raise ReleaseError(f"the tag {tag} says {wanted}, CHANGELOG.md's newest release is "
                           f"{newest}: add a '## {wanted} (YYYY-MM-DD)' section, then "
                           f"python build/metainfo.py")
    return f"tag {tag} matches pyproject.toml's and CHANGELOG.md's {version}"


def check_binary_version(binary: Path, tag: str) -> str:
    """The built program itself answers ``--version`` with the tag's version."""
    wanted = tag_version(tag)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as home:
        env["SOLEMIO_HOME"] = home
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True,
                             env=env, timeout=120)
    said = out.stdout.strip()
    if out.returncode != 0 or said != f"solemio {wanted}":
        raise ReleaseError(f"the tag {tag} says {wanted}, {binary.name} --version says "
                           f"{said or out.stderr.strip() or 'nothing'}")
    return f"{binary.name} --version: {said}"


def pinned_python() -> str:
    return PYTHON_PIN.read_text(encoding="utf-8").strip()


def check_python(running: str | None = None) -> str:
    """The interpreter building the binaries is the pinned one (see installer.spec)."""
    running = running or f"{sys.version_info.major}.{sys.version_info.minor}"
    pinned = pinned_python()
    if running != pinned:
        raise ReleaseError(f"the binaries are built with Python {pinned} (build/python-version, "
                           f"installer.spec's CHECKED_WITH), this is Python {running}")
    return f"Python {running}, as pinned"


def is_mach_o(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) in MACH_O_MAGIC


def inno_command(iscc: str, version: str, folder: Path, dist: Path, name: str,
                 icon: Path) -> list[str]:
    """The Inno Setup compiler's command line: everything the script needs comes in as a
    /D define, the version from pyproject.toml above all (the script has none of its own)."""
    import version_info  # build/version_info.py: Windows wants four numbers

    script = ROOT / "build" / "windows" / "solemio.iss"
    numbers = ".".join(str(n) for n in version_info.numbers(version))
    return [iscc, "/Qp", f"/DAppVersion={version}", f"/DVersionNumbers={numbers}",
            f"/DSourceDir={folder}",
            f"/DOutputDir={dist}", f"/DOutputName={name}", f"/DIconFile={icon}", str(script)]


def pack(out: Path, files: Iterable[Path]) -> Path:
    """One uncompressed tar of the results, modes kept (the files are compressed already)."""
    with tarfile.open(out, "w") as tf:
        for path in files:
            tf.add(path, arcname=path.name, recursive=False)
    return out


def unpack(dest: Path, tars: Iterable[Path]) -> list[Path]:
    dest.mkdir(parents=True, exist_ok=True)
    found = []
    for tar in tars:
        with tarfile.open(tar) as tf:
            for member in tf.getmembers():
                if not member.isfile() or "/" in member.name or member.name.startswith("."):
                    raise ReleaseError(f"{tar.name}: unexpected entry {member.name!r}")
            tf.extractall(dest, filter="data")
            found += [dest / m.name for m in tf.getmembers()]
    return found


def _tar_mode(archive: Path, inner: str) -> int | None:
    with tarfile.open(archive) as tf:
        try:
            return tf.getmember(inner).mode
        except KeyError:
            return None


def _zip_names_and_modes(archive: Path) -> dict[str, int]:
    with zipfile.ZipFile(archive) as zf:
        return {i.filename: (i.external_attr >> 16) & 0o7777 for i in zf.infolist()}


def expected_files(version: str, system: str) -> list[str]:
    """The release files one system's job makes (``system`` as in ``linux-x86_64``)."""
    os_name, _, _arch = system.partition("-")
    base = f"solemio-{version}-{system}"
    return {
        "linux": [base, f"{base}.tar.gz"],
        "windows": [f"{base}.exe", f"{base}.zip", f"{base}-setup.exe"],
        "macos": [f"{base}.zip"],
    }.get(os_name) or [base]


def check(folder: Path, tag: str, systems: Sequence[str], downloaded: bool = False) -> list[str]:
    """What is wrong with the release files in ``folder``: an empty list when nothing is.

    ``downloaded``: the files came back from the release itself, where a bare file has no
    mode at all (a browser's download never does): only the archives' inner modes count.
    """
    version = tag_version(tag)
    problems = []
    present = {p.name for p in folder.iterdir() if p.is_file()}
    for name in sorted(present):
        if not name.startswith((f"solemio-{version}-", f"solemio-{version}.")):
            problems.append(f"{name} does not carry the tag's version {version}")
    for system in systems:
        for name in expected_files(version, system):
            if name not in present:
                problems.append(f"{name} is missing")
                continue
            path = folder / name
            if path.stat().st_size < 1_000_000:
                problems.append(f"{name} holds only {path.stat().st_size} bytes")
                continue
            problems += _check_one(path, version, system, downloaded)
    return problems


def _check_one(path: Path, version: str, system: str, downloaded: bool) -> list[str]:
    name, base = path.name, f"solemio-{version}-{system}"
    if name == base:  # the Linux one-file binary
        if path.read_bytes()[:4] != b"\x7fELF":
            return [f"{name} is not a Linux executable"]
        if not downloaded and path.stat().st_mode & EXECUTABLE != EXECUTABLE:
            return [f"{name} lost its executable bit (mode {stat.filemode(path.stat().st_mode)})"]
        return []
    if name.endswith(".tar.gz"):
        mode = _tar_mode(path, f"{base}/solemio")
        if mode is None:
            return [f"{name} holds no {base}/solemio"]
        if mode & EXECUTABLE != EXECUTABLE:
            return [f"{name}: {base}/solemio is not executable (mode {oct(mode)})"]
        return []
    if name.endswith(".zip") and system.startswith("windows"):
        names = _zip_names_and_modes(path)
        return [f"{name} holds no {base}/{exe}" for exe in ("solemio.exe", "solemio-cli.exe")
                if f"{base}/{exe}" not in names]
    if name.endswith(".zip") and system.startswith("macos"):
        modes = _zip_names_and_modes(path)
        launcher = "Sole Mio!.app/Contents/MacOS/solemio"
        if launcher not in modes:
            return [f"{name} holds no {launcher}"]
        if modes[launcher] & EXECUTABLE != EXECUTABLE:
            return [f"{name}: {launcher} is not executable (mode {oct(modes[launcher])})"]
        if "Sole Mio!.app/Contents/Info.plist" not in modes:
            return [f"{name} holds no Info.plist"]
        return []
    if name.endswith(".exe") and path.read_bytes()[:2] != b"MZ":
        return [f"{name} is not a Windows program"]
    return []


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("python", help="the running Python is build/python-version's")
    t = sub.add_parser("tag", help="pyproject.toml's version is the tag's")
    t.add_argument("tag")
    pk = sub.add_parser("pack", help="one tar of the results, modes kept")
    pk.add_argument("out", type=Path)
    pk.add_argument("files", type=Path, nargs="+")
    up = sub.add_parser("unpack", help="unpack the build jobs' tars")
    up.add_argument("dest", type=Path)
    up.add_argument("tars", type=Path, nargs="+")
    ck = sub.add_parser("check", help="the files a release holds")
    ck.add_argument("folder", type=Path)
    ck.add_argument("--tag", help="the release tag (default: v + pyproject.toml's version)")
    ck.add_argument("--expect", nargs="+", required=True, metavar="OS-ARCH")
    ck.add_argument("--downloaded", action="store_true",
                    help="the files came back from the release (bare files keep no mode)")
    ck.add_argument("--same-as", type=Path, metavar="DIR",
                    help="and each file is byte for byte the one in DIR")
    args = p.parse_args(argv)
    if args.command == "python":
        print(check_python())
    elif args.command == "tag":
        print(check_tag(args.tag))
    elif args.command == "pack":
        missing = [str(f) for f in args.files if not f.is_file()]
        if missing:
            raise ReleaseError(f"nothing to pack at {', '.join(missing)}")
        pack(args.out, args.files)
        print(f"packed {len(args.files)} files into {args.out}")
    elif args.command == "unpack":
        for path in unpack(args.dest, args.tars):
            print(f"{stat.filemode(path.stat().st_mode)} {path.name}")
    else:
        args.tag = args.tag or f"v{project_version()}"
        problems = check(args.folder, args.tag, args.expect, args.downloaded)
        if args.same_as:
            for path in sorted(args.folder.iterdir()):
                other = args.same_as / path.name
                if path.is_file() and (not other.is_file() or sha256(other) != sha256(path)):
                    problems.append(f"{path.name} differs from the file that was checked")
        for problem in problems:
            print(f"release: {problem}", file=sys.stderr)
        if problems:
            return 1
        print(f"release {args.tag}: {len(list(args.folder.iterdir()))} files, all whole")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

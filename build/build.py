"""Build the standalone game for the machine this runs on: ``python build/build.py``.

PyInstaller (driven by ``installer.spec``) makes the binaries; this script names
them ``solemio-VERSION-OS-ARCH`` and packs folder builds the way each system
expects, into ``dist/``:

    Linux    solemio-V-linux-ARCH (one file) and solemio-V-linux-ARCH.tar.gz (one folder)
    Windows  solemio-V-windows-ARCH.exe (one file), solemio-V-windows-ARCH.zip (one folder,
             with the console companion solemio-cli.exe) and, with --installer ISCC,
             solemio-V-windows-ARCH-setup.exe (Inno Setup, build/windows/solemio.iss)
    macOS    solemio-V-macos-ARCH.zip: the .app bundle, archived with ditto so symlinks survive

``--check`` then runs ``--version`` and ``--selftest --json`` on every result (on macOS
also ``lipo -archs`` on every Mach-O file of the bundle); ``--expect-tag`` fails the build
when a release tag and the built ``--version`` differ; ``--measure`` prints the figures
the packaging issue asks for (sizes, start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import make_icons  # noqa: E402  (build/make_icons.py: the installer's icon)
import release  # noqa: E402  (build/release.py: the checks a release must pass)


def project_version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def system_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def arch_name() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def base_name() -> str:
    return f"solemio-{project_version()}-{system_name()}-{arch_name()}"


def run_pyinstaller(what: str, dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the folder it wrote into."""
    out = dist / "pyinstaller"
    env = dict(os.environ, SOLEMIO_BUILD=what)
    cmd = [sys.executable, "-m", "PyInstaller", str(ROOT / "installer.spec"), "--noconfirm",
           "--clean", "--log-level", "WARN", "--distpath", str(out), "--workpath", str(work)]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return out


def _zip_folder(folder: Path, target: Path, arcname: str) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(folder.rglob("*")):
            zf.write(path, Path(arcname) / path.relative_to(folder))


def package(built: Path, dist: Path) -> list[Path]:
    """Rename and archive what PyInstaller made; returns the files a release would upload."""
    name = base_name()
    results: list[Path] = []
    system = system_name()
    exe = built / ("solemio.exe" if system == "windows" else "solemio")
    if exe.is_file():
        target = dist / (f"{name}.exe" if system == "windows" else name)
        shutil.copy2(exe, target)
        results.append(target)
    folder = built / "solemio-folder"
    if system == "macos":
        app = built / "Sole Mio!.app"
        if app.is_dir():
            target = dist / f"{name}.zip"
            target.unlink(missing_ok=True)
            subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app),
                            str(target)], check=True)
            results.append(target)
    elif folder.is_dir():
        # The archive unpacks into one folder named like the release, holding the launcher.
        if system == "windows":
            target = dist / f"{name}.zip"
            _zip_folder(folder, target, name)
        else:
            target = dist / f"{name}.tar.gz"
            with tarfile.open(target, "w:gz") as tf:
                tf.add(folder, arcname=name)
        results.append(target)
    return results


def runnable(built: Path) -> list[Path]:
    """The executables to check: the one-file binary, the folder build's launcher and, on
    Windows, the folder's console companion."""
    system = system_name()
    exe_name = "solemio.exe" if system == "windows" else "solemio"
    found = [built / exe_name, built / "solemio-folder" / exe_name,
             built / "solemio-folder" / "solemio-cli.exe",
             built / "Sole Mio!.app" / "Contents" / "MacOS" / "solemio"]
    return [p for p in found if p.is_file()]


def windowed(binary: Path) -> bool:
    """A Windows executable built without a console (all but solemio-cli.exe): it may have
    no output where that output is not a terminal, so its exit code and its saved frame are
    what proves it ran."""
    return system_name() == "windows" and binary.name != "solemio-cli.exe"


def check(binary: Path) -> dict:
    """``--version`` and ``--selftest --json`` on one built executable, with no display."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("DISPLAY", None)
    quiet_ok = windowed(binary)
    with tempfile.TemporaryDirectory() as home:
        env["SOLEMIO_HOME"] = home
        ver = subprocess.run([str(binary), "--version"], capture_output=True, text=True, env=env,
                             timeout=120)
        said = ver.stdout.strip()
        if ver.returncode != 0 or (said != f"solemio {project_version()}"
                                   and not (quiet_ok and not said)):
            raise SystemExit(f"{binary} --version failed ({ver.returncode}): {ver.stdout}{ver.stderr}")
        shot = Path(home) / "frame.png"
        st = subprocess.run([str(binary), "--selftest", "--json", "--screenshot", str(shot)],
                            capture_output=True, text=True, env=env, timeout=600)
        lines = st.stdout.strip().splitlines()
        if not lines and quiet_ok and st.returncode == 0 and shot.is_file():
            return {"ok": True, "title_s": None, "quiet": True}
        try:
            report = json.loads(lines[-1])
        except (ValueError, IndexError):
            raise SystemExit(f"{binary} --selftest printed no report ({st.returncode}): "
                             f"{st.stdout}{st.stderr}") from None
        if st.returncode != 0 or not report.get("ok"):
            raise SystemExit(f"{binary} --selftest failed: {report.get('failures')}")
        return report


def check_mac_archs(built: Path) -> int:
    """Every Mach-O file of the .app (launcher, Python, each extension) holds this job's
    architecture: a wheel for the other one would start and then fail to import."""
    app = built / "Sole Mio!.app"
    if not app.is_dir():
        return 0
    want = arch_name()
    problems, count = [], 0
    for path in sorted(app.rglob("*")):
        if path.is_symlink() or not path.is_file() or not release.is_mach_o(path):
            continue
        count += 1
        archs = subprocess.run(["lipo", "-archs", str(path)], capture_output=True, text=True)
        if archs.returncode != 0 or want not in archs.stdout.split():
            problems.append(f"{path.relative_to(app)}: {archs.stdout.strip() or archs.stderr.strip()}")
    if problems:
        raise SystemExit(f"not built for {want}: " + "; ".join(problems))
    return count


def installer(iscc: str, built: Path, dist: Path) -> Path:
    """The Windows installer: Inno Setup compiles build/windows/solemio.iss around the
    one-folder build, with the version from pyproject.toml passed in as a define."""
    folder = built / "solemio-folder"
    if not (folder / "solemio-cli.exe").is_file():
        raise SystemExit(f"no one-folder build with its console companion in {folder}")
    name = f"{base_name()}-setup"
    subprocess.run(release.inno_command(iscc, project_version(), folder, dist, name,
                                        make_icons.ensure_icons()["ico"]), check=True)
    target = dist / f"{name}.exe"
    if not target.is_file():
        raise SystemExit(f"Inno Setup wrote no {target}")
    return target


def title_seconds(binary: Path, runs: int = 5) -> list[float]:
    """Wall-clock seconds from starting ``binary`` to its title screen drawn, per run.

    Measured from outside (the process is started here, and the game prints a
    line the moment its first frame is shown), so a single-file binary's
    unpacking is counted as a player waits for it.
    """
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLEMIO_STARTUP_PROBE="1")
    times = []
    with tempfile.TemporaryDirectory() as home:
        env["SOLEMIO_HOME"] = home
        for _ in range(runs):
            t0 = time.perf_counter()
            proc = subprocess.Popen([str(binary)], stdout=subprocess.PIPE, text=True, env=env)
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith("TITLE_DRAWN"):
                    times.append(round(time.perf_counter() - t0, 3))
                    break
            proc.wait(timeout=60)
    return times


def _size_mb(path: Path) -> float:
    if path.is_dir():
        # symbolic links (the folder build has a few into its libraries) counted once
        files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
        return round(sum(p.stat().st_size for p in files) / 1e6, 1)
    return round(path.stat().st_size / 1e6, 1)


def measure(built: Path, dist: Path, results: list[Path]) -> dict:
    figures: dict = {"version": project_version(), "system": f"{system_name()}-{arch_name()}"}
    for path in results:
        figures[f"size_mb:{path.name}"] = _size_mb(path)
    folder = built / "solemio-folder"
    if folder.is_dir():
        figures["size_mb:one-folder (unpacked)"] = _size_mb(folder)
    for binary in runnable(built):
        label = "one-folder" if "solemio-folder" in binary.parts or ".app" in str(binary) else "one-file"
        runs = title_seconds(binary)
        # (no runs: the executable printed nothing, as a windowed build may not where its
        # output is not a terminal; the self-test's own title_s still stands)
        figures[f"title_s:{label}"] = statistics.median(runs) if runs else None
        figures[f"title_s_runs:{label}"] = runs
    with tempfile.TemporaryDirectory() as wheels:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels,
                        str(ROOT)], check=True)
        wheel = next(Path(wheels).glob("*.whl"))
        figures[f"size_mb:{wheel.name}"] = _size_mb(wheel)
    return figures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--what", choices=("default", "onefile", "onefolder", "all"), default="default",
                   help="what to build (default: what this system ships, see installer.spec)")
    p.add_argument("--dist", default=str(ROOT / "dist"), help="where the results go")
    p.add_argument("--work", default=str(ROOT / "build" / "work"), help="PyInstaller's scratch folder")
    p.add_argument("--check", action="store_true", help="run --version and --selftest on each result")
    p.add_argument("--measure", action="store_true", help="print sizes and start-up times as JSON")
    p.add_argument("--expect-tag", metavar="TAG",
                   help="a release tag (v1.2.3): fail unless every result's --version says 1.2.3")
    p.add_argument("--installer", metavar="ISCC",
                   help="Windows: also compile the Inno Setup installer with this ISCC.exe")
    args = p.parse_args(argv)
    dist = Path(args.dist).resolve()
    dist.mkdir(parents=True, exist_ok=True)
    built = run_pyinstaller(args.what, dist, Path(args.work).resolve())
    results = package(built, dist)
    if args.installer:
        results.append(installer(args.installer, built, dist))
    for path in results:
        print(f"built {path} ({_size_mb(path)} MB)")
    if args.expect_tag:
        release.check_tag(args.expect_tag, project_version())
    if args.check:
        for binary in runnable(built):
            report = check(binary)
            print(f"checked {binary}: self-test ok, title drawn after {report['title_s']} s")
            if args.expect_tag and not windowed(binary):
                print(release.check_binary_version(binary, args.expect_tag))
        if system_name() == "macos":
            print(f"lipo: {check_mac_archs(built)} Mach-O files, all {arch_name()}")
    if args.measure:
        print(json.dumps(measure(built, dist, results), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Install the Windows installer silently, self-test the installed copy, uninstall it again.

Run by the workflow's Windows job on the installer it has just built:

    python build/windows/install_check.py dist/solemio-V-windows-x86_64-setup.exe

Each step is the one a player's machine goes through, with no administrator rights:
the per-user installation folder and Start-menu entry appear, ``solemio-cli.exe``
(the console companion) answers ``--version`` with the version and passes
``--selftest`` from the installed folder, and the uninstaller removes the folder and
the Start-menu entry.  Any failure is one line and exit code 1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))

import release  # noqa: E402

SILENT = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"]


def start_menu_entry() -> Path:
    """Where {autoprograms} points for a per-user installation."""
    return (Path(os.environ["APPDATA"]) / "Microsoft" / "Windows" / "Start Menu" / "Programs"
            / "Sole Mio!.lnk")


def fail(message: str) -> None:
    raise SystemExit(f"install check: {message}")


def main(setup: Path) -> int:
    target = Path(tempfile.mkdtemp(prefix="solemio-install-")) / "Sole Mio!"
    log = target.parent / "install.log"
    code = subprocess.run([str(setup), *SILENT, f"/DIR={target}", f"/LOG={log}"],
                          timeout=600).returncode
    if code != 0:
        fail(f"the installer exited with {code}; its log: {log}")
    cli = target / "solemio-cli.exe"
    for needed in (target / "solemio.exe", cli, start_menu_entry()):
        if not needed.is_file():
            fail(f"{needed} is missing after the installation")
    print(f"installed into {target}, Start-menu entry {start_menu_entry()}")

    print(release.check_binary_version(cli, f"v{release.project_version()}"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLEMIO_HOME=str(target.parent / "home"))
    st = subprocess.run([str(cli), "--selftest", "--json"], capture_output=True, text=True,
                        env=env, timeout=600)
    try:
        report = json.loads(st.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        fail(f"the installed solemio-cli.exe --selftest printed no report ({st.returncode}): "
             f"{st.stderr[-2000:]}")
    if st.returncode != 0 or not report["ok"]:
        fail(f"the installed copy's self-test failed ({st.returncode}): {report['failures']}")
    if Path(report["resources"]).parent != target:
        fail(f"the self-test read its resources from {report['resources']}, not the installed copy")
    print(f"installed copy: self-test ok, title drawn after {report['title_s']} s")

    uninstaller = target / "unins000.exe"
    if not uninstaller.is_file():
        fail("no uninstaller (unins000.exe) in the installed folder")
    code = subprocess.run([str(uninstaller), *SILENT], timeout=600).returncode
    if code != 0:
        fail(f"the uninstaller exited with {code}")
    # the uninstaller hands over to a copy of itself in the temporary folder and returns
    # at once: wait for that copy to finish
    deadline = time.monotonic() + 120
    while (target.exists() or start_menu_entry().exists()) and time.monotonic() < deadline:
        time.sleep(1)
    if target.exists():
        left = sorted(str(p.relative_to(target)) for p in target.rglob("*"))[:10]
        fail(f"the uninstaller left {target} behind: {left}")
    if start_menu_entry().exists():
        fail(f"the uninstaller left the Start-menu entry {start_menu_entry()}")
    print("uninstalled: folder and Start-menu entry gone")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_file():
        raise SystemExit("usage: python build/windows/install_check.py SETUP.exe")
    raise SystemExit(main(Path(sys.argv[1])))

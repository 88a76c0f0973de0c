"""Measure what each hostile player file costs the game's start and the screens that read
it (issue 22): wall seconds, CPU seconds and the process's peak resident memory.

    python build/hostile_player_files.py [--json] [--only TEXT]

Each case of tests/hostile_player_files.py is written into a fresh per-user home, and a
fresh process starts as the game starts (the player's files, the title screen) and opens
the screens that read that kind of file (tests/hostile_player_files.open_screens).  The
table gives the figures for that work alone (the interpreter's start and imports are
measured before the case and subtracted: peak memory is the peak over the case, wall and
CPU the time it took) and the one sentence the game said.  The default test suite checks
the same cases against CPU time and traced memory, which a busy machine does not change;
this command is where wall time and resident memory are measured.  The figures are in
docs/measurements/issue-22-players-files.md.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, os, re, resource, sys, time
sys.path.insert(0, os.getcwd())
from tests.hostile_player_files import cases, open_screens
from solemio import savefiles
import solemio.ui.app, solemio.ui.scenes.title  # the imports are not the case's cost

def rss(field):
    with open("/proc/self/status") as f:
        return int(re.search(field + r":\\s+(\\d+)", f.read()).group(1)) / 1024

case = next(c for c in cases() if c.id == sys.argv[1])
home = os.environ["SOLEMIO_HOME"]
where = os.path.join(home, case.where)
os.makedirs(os.path.dirname(where), exist_ok=True)
case.make(__import__("pathlib").Path(where))
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the peak starts again from here
before = rss("VmRSS")
t0, c0 = time.perf_counter(), time.process_time()
messages = open_screens(case.kind)
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
said = [n.sentence() for n in savefiles.pending()] + [m for m in messages if m]
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "peak_mb": rss("VmHWM") - before,
                  "said": said}), file=sys.__stdout__)
"""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def measure(only: str = "") -> list[dict]:
    sys.path.insert(0, str(ROOT))
    from tests.hostile_player_files import cases

    rows = []
    for case in cases():
        if only not in case.id:
            continue
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "SOLEMIO_HOME": home, "SDL_VIDEODRIVER": "dummy",
                   "SDL_AUDIODRIVER": "dummy"}
            done = subprocess.run([sys.executable, "-c", CHILD, case.id], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=300,
                                  preexec_fn=_limit)
            try:
                row = json.loads(done.stdout.strip().splitlines()[-1])
            except (IndexError, ValueError):
                row = {"wall_s": -1, "cpu_s": -1, "peak_mb": -1,
                       "said": ["died: " + done.stderr.strip()[-200:]]}
            said = " / ".join(row["said"]).replace(home, "…")
            rows.append({"case": case.id, **row, "said": said})
    return rows


def main(argv: list[str]) -> int:
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    rows = measure(only)
    if "--json" in argv:
        print(json.dumps(rows, indent=1))
        return 0
    print("| case | wall s | CPU s | peak MB | what the game says |")
    print("|---|---|---|---|---|")
    for r in rows:
        said = r["said"].replace("|", "\\|")
        print(f"| {r['case']} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} | {r['peak_mb']:.0f} "
              f"| {said[:110]} |")
    worst = max(rows, key=lambda r: r["wall_s"], default=None)
    if worst:
        print(f"\n{len(rows)} cases; slowest {worst['case']} {worst['wall_s']:.2f} s wall; "
              f"largest peak {max(r['peak_mb'] for r in rows):.0f} MB over the start")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

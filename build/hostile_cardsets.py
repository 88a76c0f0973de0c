"""Measure what each hostile card-set file costs ``solemio validate`` (issue 22).

    python build/hostile_cardsets.py [--json]

Each kind of tests/hostile_files.py is written to a temporary folder and validated
in a fresh process; the table gives the wall seconds (the interpreter's start
included), the process's CPU seconds, its peak resident
memory (VmHWM) and the line it printed.  The figures are in
docs/measurements/issue-22-cardsets.md.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import resource, sys
from solemio import cli
code = cli.main(["validate", sys.argv[1]])
me = resource.getrusage(resource.RUSAGE_SELF)
with open("/proc/self/status") as f:
    peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
print(f"{code} {me.ru_utime + me.ru_stime:.3f} {peak / 1024:.0f}", file=sys.__stdout__)
"""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def measure() -> list[dict]:
    sys.path.insert(0, str(ROOT / "tests"))
    from hostile_files import CARDSET_KINDS

    rows = []
    for kind in CARDSET_KINDS:
        with tempfile.TemporaryDirectory() as folder:
            path = kind.make(Path(folder))
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120,
                                  preexec_fn=_limit)
            wall = time.perf_counter() - t0
            code, cpu, peak = done.stdout.split()[-3:]
            line = done.stderr.strip().replace(folder, "…")
            rows.append({"kind": kind.name, "exit": int(code), "wall_s": wall, "cpu_s": float(cpu),
                         "peak_mb": int(peak), "line": line})
    return rows


def main(argv: list[str]) -> int:
    rows = measure()
    if "--json" in argv:
        print(json.dumps(rows, indent=1))
        return 0
    print("| kind | exit | wall s | CPU s | peak MB | what validate says |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        said = r["line"].replace("|", "\\|")
        print(f"| {r['kind']} | {r['exit']} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} "
              f"| {r['peak_mb']} | {said[:110]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

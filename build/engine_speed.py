"""Compare the engine's speed at two commits: instruction counts and alternated runs.

The machine is shared and loaded, so wall-clock figures drift; instruction
counts (valgrind's callgrind) do not.  For each edition this script counts the
instructions of ``games`` random 4-player games through the public API
(``solemio.engine.simulate``) minus those of a run that only starts up (a
warm run minus a cold one), with ``PYTHONHASHSEED=0``, for the old and the new
source tree; then it runs ``solemio simulate`` old and new alternately and
reports the median games per second of each.

    python build/engine_speed.py OLD_SRC NEW_SRC [--games 200] [--runs 5]

OLD_SRC and NEW_SRC are checkouts of the project (e.g. a ``git worktree add``
of the commit before a change).  Both run on this interpreter.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

EDITIONS = ("sole-mio", "mamma-mia", "grande")

PLAY = """
import sys
from solemio.engine import load_cardset
from solemio.engine.simulate import simulate
cs = load_cardset(sys.argv[1])
games = int(sys.argv[2])
if games:
    simulate(cs, 4, games, 1)
"""


def _env(src: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(src))
    env.pop("PYTHONSTARTUP", None)
    return env


def instructions(src: Path, edition: str, games: int, work: Path) -> int:
    """Instructions callgrind counts for a process playing ``games`` games."""
    out = work / "callgrind.out"
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
         sys.executable, "-c", PLAY, edition, str(games)],
        cwd=work, env=_env(src), capture_output=True, text=True, check=True,
    )
    match = re.search(r"Collected : (\d+)", proc.stderr)
    if match is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{proc.stderr}")
    out.unlink(missing_ok=True)
    return int(match.group(1))


def per_game(src: Path, edition: str, games: int, work: Path) -> float:
    """Instructions per game: a warm run minus a cold one, divided by the games."""
    return (instructions(src, edition, games, work) - instructions(src, edition, 0, work)) / games


def simulate_rate(src: Path, edition: str, games: int, work: Path) -> float:
    proc = subprocess.run(
        [sys.executable, "-m", "solemio", "simulate", "--edition", edition,
         "--games", str(games), "--json"],
        cwd=work, env=_env(src), capture_output=True, text=True, check=True,
    )
    return float(json.loads(proc.stdout)["games_per_second"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--games", type=int, default=200, help="games per callgrind run")
    ap.add_argument("--runs", type=int, default=5, help="alternated simulate runs per side")
    ap.add_argument("--sim-games", type=int, default=1000, help="games per simulate run")
    ap.add_argument("--editions", default=",".join(EDITIONS))
    ap.add_argument("--no-callgrind", action="store_true")
    args = ap.parse_args()
    result = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)  # not a checkout: `-m solemio` must not find the new tree in cwd
        for edition in args.editions.split(","):
            row: dict[str, float] = {}
            if not args.no_callgrind:
                old = per_game(args.old.resolve(), edition, args.games, work)
                new = per_game(args.new.resolve(), edition, args.games, work)
                row.update(old_ir_per_game=round(old), new_ir_per_game=round(new),
                           speed_ratio_ir=round(old / new, 3))
            rates: dict[str, list[float]] = {"old": [], "new": []}
            for _ in range(args.runs):
                for side, src in (("old", args.old), ("new", args.new)):
                    rates[side].append(simulate_rate(src.resolve(), edition, args.sim_games, work))
            old_gps, new_gps = statistics.median(rates["old"]), statistics.median(rates["new"])
            row.update(old_games_per_s=old_gps, new_games_per_s=new_gps,
                       speed_ratio_wall=round(new_gps / old_gps, 3),
                       old_runs=rates["old"], new_runs=rates["new"])
            result[edition] = row
            print(edition, json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

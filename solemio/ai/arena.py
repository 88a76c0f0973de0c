"""``solemio arena``: computer levels play each other; win shares with confidence intervals.

Seats are rotated game by game (game i gives seat s the level at position
(s + i) mod n of ``--seats``), so every level sits in every seat equally
often.  Each game's seed, and each agent's seed, derive from ``--seed`` and
the game number, so a run is reproducible; with hard, use ``--iterations``
for exact reproduction (a time budget depends on the machine's load).
Games are spread over processes; results are gathered in game order.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass

from solemio.ai import LEVELS, make_agent
from solemio.ai.outside import (
    OutsideAgentError,
    OutsideSeat,
    display_name,
    is_outside,
    load_agent_class,
    parse_spec,
)
from solemio.engine.kinds import COLOURS

EDITIONS = ("sole-mio", "mamma-mia", "grande")


class ArenaError(Exception):
    """Bad input: reported as one line on stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage and a traceback-free exit
        raise ArenaError(message)


def _parser() -> _Parser:
    p = _Parser(prog="solemio arena", add_help=True,
                description="Let computer levels play each other and measure them.")
    p.add_argument("--edition", required=True, help="sole-mio, mamma-mia or grande (or a card-set path)")
    p.add_argument("--seats", required=True,
                   help="comma-separated seats, 2 to 5: the levels random, easy, normal, hard, "
                        "tally, or an agent of your own as file:PATH:CLASS (docs/bots.md)")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=None)
    p.add_argument("--budget-ms", type=float, default=None, help="hard: thinking time per decision")
    p.add_argument("--iterations", type=int, default=None, help="hard: play-outs per decision (reproducible)")
    p.add_argument("--workers", type=int, default=None,
                   help="hard: play-out processes per hard seat (default 1; 0: every core)")
    p.add_argument("--budget-clock", choices=("wall", "cpu"), default=None,
                   help="hard: what --budget-ms counts: wall time (default, what a person waits) "
                        "or the searching process's CPU time (measurement on a loaded machine; "
                        "one process per hard seat)")
    p.add_argument("--json", action="store_true")
    return p


@dataclass(frozen=True)
class GameJob:
    edition: str
    levels: tuple[str, ...]  # level per seat, already rotated
    seed: int
    options: tuple[tuple[str, float], ...]


def play_game(job: GameJob) -> dict:
    """One game; per seat: level, win credit, filled orders, decision times (ms)."""
    from solemio.engine import load_cardset, new_game

    cs = load_cardset(job.edition)
    n = len(job.levels)
    game = new_game(cs, list(COLOURS[:n]), seed=job.seed)
    opts = dict(job.options)
    agents: list = []
    names = []
    for s, lvl in enumerate(job.levels):
        if is_outside(lvl):
            seat = OutsideSeat(lvl, s, job.seed * 31 + s)
            agents.append(seat)
            names.append(seat.name)
            continue
        extra = opts if lvl == "hard" else {}
        agents.append(make_agent(lvl, s, job.seed * 31 + s, **extra))
        names.append(lvl)
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    while not game.is_over():
        seat = game.current_seat()
        t0, c0 = time.perf_counter(), time.thread_time()
        choice = agents[seat].decide(game)
        times[seat].append((time.perf_counter() - t0) * 1000.0)
        cpu[seat].append((time.thread_time() - c0) * 1000.0)
        game.apply(choice)
    winners = game.winners
    scores = game.scores()
    return {
        "levels": names,
        "credit": [1.0 / len(winners) if s in winners else 0.0 for s in range(n)],
        "filled": scores,
        "times": times,
        "cpu": cpu,  # this process's CPU time per decision (ms): what the decision cost, load aside
        # hard: play-out iterations and searched decisions (how much search the budget bought)
        "search": [(getattr(a, "playouts", 0), getattr(a, "searches", 0)) for a in agents],
    }


def jobs_for(edition: str, seats: list[str], games: int, seed: int, options: dict) -> list[GameJob]:
    n = len(seats)
    opts = tuple(sorted(options.items()))
    out = []
    for i in range(games):
        rot = tuple(seats[(s + i) % n] for s in range(n))
        out.append(GameJob(edition, rot, seed * 1_000_003 + i, opts))
    return out


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def summarise(results: Iterable[dict]) -> dict:
    per: dict[str, dict[str, list]] = {}
    games = 0
    for r in results:
        games += 1
        for s, lvl in enumerate(r["levels"]):
            d = per.setdefault(lvl, {"credit": [], "filled": [], "times": [], "cpu": [],
                                     "search": [0, 0]})
            its, searched = r.get("search", [(0, 0)] * len(r["levels"]))[s]
            d["search"][0] += its
            d["search"][1] += searched
            d["credit"].append(r["credit"][s])
            d["filled"].append(r["filled"][s])
            d["times"].extend(r["times"][s])
            d["cpu"].extend(r.get("cpu", [[]] * len(r["levels"]))[s])
    levels = {}
    for lvl, d in per.items():
        c = d["credit"]
        m = sum(c) / len(c)
        var = sum((x - m) ** 2 for x in c) / max(1, len(c) - 1)
        half = 1.96 * math.sqrt(var / len(c))
        levels[lvl] = {
            "seats": len(c),
            "win_share": round(m, 4),
            "ci95": [round(max(0.0, m - half), 4), round(min(1.0, m + half), 4)],
            "filled_mean": round(sum(d["filled"]) / len(d["filled"]), 3),
            "decision_ms_p50": round(_percentile(d["times"], 0.50), 2),
            "decision_ms_p95": round(_percentile(d["times"], 0.95), 2),
            "decision_cpu_ms_p50": round(_percentile(d["cpu"], 0.50), 2),
            "decision_cpu_ms_p95": round(_percentile(d["cpu"], 0.95), 2),
            "decisions": len(d["times"]),
        }
        if d["search"][1]:
            levels[lvl]["searched_decisions"] = d["search"][1]
            levels[lvl]["iterations_per_search"] = round(d["search"][0] / d["search"][1], 2)
    return {"games": games, "levels": levels}


def run(edition: str, seats: list[str], games: int, seed: int, processes: int | None,
        options: dict) -> dict:
    jobs = jobs_for(edition, seats, games, seed, options)
    procs = processes or os.cpu_count() or 1
    if procs <= 1 or games <= 1:
        results = [play_game(j) for j in jobs]
    else:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(procs) as pool:
            results = list(pool.imap(play_game, jobs, chunksize=1))
    return summarise(results)


def _validate(args: argparse.Namespace) -> tuple[str, list[str], dict]:
    from solemio.engine import load_cardset

    try:
        cs = load_cardset(args.edition)
    except Exception as exc:  # unknown edition or a broken YAML: one line, no traceback
        raise ArenaError(f"cannot load edition {args.edition!r}: {str(exc).splitlines()[0]}") from None
    seats = [s.strip() for s in args.seats.split(",")]
    if not 2 <= len(seats) <= 5:
        raise ArenaError(f"--seats needs 2 to 5 levels, got {len(seats)}")
    for i, s in enumerate(seats):
        if is_outside(s):
            try:
                load_agent_class(s)
                OutsideSeat(s, 0, 0)  # one built here, so a failing constructor is reported now
            except OutsideAgentError as exc:
                raise ArenaError(str(exc)) from None
            path, name = parse_spec(s)
            seats[i] = f"file:{path}:{name}"  # an absolute path: the same file in every process
        elif s not in LEVELS:
            raise ArenaError(f"unknown level {s!r} in --seats; use {', '.join(LEVELS)} "
                             "or file:PATH:CLASS")
    outside = {s for s in seats if is_outside(s)}
    if len({display_name(s) for s in outside}) != len(outside):
        raise ArenaError("two outside agents share a file name and class: rename one")
    if args.games < 1:
        raise ArenaError("--games must be at least 1")
    if args.processes is not None and args.processes < 1:
        raise ArenaError("--processes must be at least 1")
    options: dict = {}
    if args.budget_ms is not None:
        if not args.budget_ms > 0:
            raise ArenaError("--budget-ms must be positive")
        options["budget_ms"] = args.budget_ms
    if args.workers is not None:
        if args.workers < 0:
            raise ArenaError("--workers must be 0 (every core) or more")
        options["workers"] = args.workers
    if args.iterations is not None:
        if args.iterations < 1:
            raise ArenaError("--iterations must be at least 1")
        options["iterations"] = args.iterations
    if args.budget_clock is not None:
        if args.budget_clock == "cpu" and args.workers not in (None, 1):
            raise ArenaError("--budget-clock cpu counts one process's CPU time: use it with --workers 1")
        options["clock"] = args.budget_clock
    return cs.id if args.edition in EDITIONS else args.edition, seats, options


def format_table(summary: dict, header: str) -> str:
    lines = [header, f"{'level':<8} {'seats':>6} {'win share':>9} {'95% CI':>16} "
             f"{'filled':>7} {'p50 ms':>8} {'p95 ms':>8} {'p95 cpu':>8}"]
    def rank(name: str) -> tuple[int, str]:
        return (LEVELS.index(name), "") if name in LEVELS else (len(LEVELS), name)

    width = max([8, *(len(n) for n in summary["levels"])])
    lines[1] = f"{'level':<{width}}" + lines[1][8:]
    for lvl, d in sorted(summary["levels"].items(), key=lambda kv: rank(kv[0])):
        lo, hi = d["ci95"]
        lines.append(
            f"{lvl:<{width}} {d['seats']:>6} {d['win_share']:>9.3f} {f'[{lo:.3f}, {hi:.3f}]':>16} "
            f"{d['filled_mean']:>7.2f} {d['decision_ms_p50']:>8.2f} {d['decision_ms_p95']:>8.2f} "
            f"{d['decision_cpu_ms_p95']:>8.2f}"
            + (f"  ({d['iterations_per_search']:.1f} play-outs a search)" if "iterations_per_search" in d
               else "")
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
        edition, seats, options = _validate(args)
    except ArenaError as exc:
        print(f"solemio arena: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    t0 = time.time()
    try:
        summary = run(edition, seats, args.games, args.seed, args.processes, options)
    except OutsideAgentError as exc:  # an outside agent failed in a game: one line, no traceback
        print(f"solemio arena: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        header = (f"{args.games} games of {edition}, seats {','.join(seats)} (rotated), "
                  f"seed {args.seed}, {time.time() - t0:.0f} s")
        print(format_table(summary, header))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

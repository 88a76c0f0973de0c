"""Grading a seat's decisions the way chess sites mark mistakes.

For every decision of the seat (its plays, orders, draws, fills and help
answers), the hard computer player's play-outs (:func:`solemio.ai.search.
iteration_row`) estimate the expected result of the move chosen and of its
alternatives, *from what that seat knew then*: every play-out starts from a
re-deal of the position for that seat (``Game.redeal``), never from the real
hidden cards, and the re-deals come from a generator seeded by the decision's
place in the game.  The re-deal is canonical, so two positions the seat could
not tell apart get the same samples and the same grade
(``tests/coach/test_grading.py``).

A play-out's value is the hard search's: the seat's filled orders minus its
opponents' mean at the end of the round, each counting what its hand is
still worth for the rounds to come (+1.5 for a win at the game's end).
The *loss* of a decision is the best alternative's mean value minus the
chosen move's, on the same re-deals (common random numbers); it counts only
when it exceeds two standard errors of the paired differences and a small
margin.  The six costliest are then measured again, the chosen move against
the best alternative only, on twice as many fresh re-deals (the first
estimate picked the best of a few noisy means, so it runs high); the three
costliest after that are the seat's mistakes.

The grades are kept in the record (``extra["coach"]``, written atomically),
keyed by seat, budget and this module's version, so opening the coach again
costs nothing.  No pygame.
"""

from __future__ import annotations

import json
import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio.ai.search import HARD, MARGIN, iteration_row
from solemio.coach.timeline import Timeline
from solemio.engine.choices import from_json, to_json
from solemio.engine.game import Game

VERSION = 3  # 3: the play-outs of session 6 (hand worth, normal's draws); older grades are stale
DEFAULT_ITERATIONS = 32  # play-outs per candidate and decision (see docs/measurements)
MAX_CANDIDATES = 6
GRADED = frozenset(("play", "order", "draw", "fill", "help"))
KEEP = 3  # the costliest decisions reported
REFINE = 6  # the costliest candidates measured again, on fresh re-deals, before ranking


@dataclass(frozen=True)
class Mistake:
    """One graded decision: the chosen move against the best alternative."""

    index: int  # the decision's place in the choice log
    turn: int
    round: int
    decision: str  # the decision's kind (play, order, draw, fill, help)
    chosen: tuple
    better: tuple
    loss: float  # expected filled orders (relative to the opponents) given away
    se: float
    event: int  # events before the decision (the replay shows the table then)
    order: str | None = None  # the order a fill or help decision was about

    @property
    def grade(self) -> str:
        return "blunder" if self.loss >= 1.0 else "mistake" if self.loss >= 0.5 else "inaccuracy"

    def to_json(self) -> dict:
        return {"index": self.index, "turn": self.turn, "round": self.round,
                "decision": self.decision, "chosen": to_json(self.chosen),
                "better": to_json(self.better), "loss": round(self.loss, 3),
                "se": round(self.se, 3), "grade": self.grade, "event": self.event,
                "order": self.order}

    @classmethod
    def from_json(cls, d: dict) -> Mistake:
        return cls(int(d["index"]), int(d["turn"]), int(d["round"]), str(d["decision"]),
                   from_json(d["chosen"]), from_json(d["better"]), float(d["loss"]),
                   float(d["se"]), int(d["event"]), d.get("order"))

    def item(self, review: Any, names: Any) -> Any:
        from solemio.coach.words import mistake_item

        return mistake_item(review, self, names)


def candidates(d: Any, chosen: tuple) -> list[tuple]:
    """The moves compared at decision ``d``: the one chosen first, then the alternatives."""
    ch = list(d.choices)
    kind = str(d.kind)
    if kind == "fill":
        direct = [c for c in ch if c[0] == "fill" and c[2] is None]
        asks = sorted((c for c in ch if c[0] == "fill" and c[2] is not None),
                      key=lambda c: (len(c[2]), sum(s + 2 * dd for _k, s, dd in c[1]), c))
        cheapest = [min(direct, key=lambda c: sum(s + 2 * dd for _k, s, dd in c[1]))] \
            if direct else []
        pool = cheapest + asks[:3] + [c for c in ch if c[0] == "give-up"]
    elif kind == "help":
        helps = sorted((c for c in ch if c[0] == "help"),
                       key=lambda c: (sum(s + 2 * dd for _k, s, dd in c[1]), c))
        pool = [c for c in ch if c[0] == "decline"] + helps[:2]
    else:
        pool = ch
    out = [chosen]
    for c in pool:
        if c not in out and len(out) < MAX_CANDIDATES:
            out.append(c)
    return out


def evaluate(g: Game, seat: int, cands: list[tuple], iterations: int, seed: int,
             round_starter: int, stale: Callable[[], bool] = lambda: False
             ) -> list[list[float]] | None:
    """Play-out values, one row per iteration and one column per candidate (None: stopped).

    Every sample is ``g.redeal(seat, ...)`` from a generator seeded by ``seed``: what the
    seat could not see never enters."""
    spec = {"seat": seat, "style": HARD, "colours": tuple(g.colours), "first": round_starter,
            "cands": tuple(cands), "base_seed": seed, "round": g.round, "stop": None}
    rows = []
    for it in range(iterations):
        if stale():
            return None
        sample = g.redeal(seat, random.Random(seed * 7919 + it))
        row = iteration_row(sample, spec, it, stale)
        if row is None:
            return None
        rows.append(row)
    return rows


def judge(rows: list[list[float]], cands: list[tuple]) -> tuple[tuple, float, float]:
    """(best alternative, loss, its standard error) of the first candidate (the chosen)."""
    cols = [list(c) for c in zip(*rows, strict=True)]
    chosen = cols[0]
    best, loss, se_best = cands[0], 0.0, 0.0
    n = len(chosen)
    for i in range(1, len(cands)):
        diffs = [x - y for x, y in zip(cols[i], chosen, strict=True)]
        m = sum(diffs) / n
        var = sum((x - m) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(var / n) if var > 0 else 0.0
        if m > loss:
            best, loss, se_best = cands[i], m, se
    return best, loss, se_best


def significant(loss: float, se: float) -> bool:
    return loss > MARGIN and loss > 2.0 * se


def grade(tl: Timeline, seat: int, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
          cancel: threading.Event | None = None,
          progress: Callable[[float], None] | None = None,
          every: list[tuple[int, float, float]] | None = None) -> list[Mistake] | None:
    """Every graded decision of ``seat`` with a significant loss, costliest first (None:
    cancelled).  ``seed`` varies the re-deals (two seeds: two independent gradings);
    ``every`` collects (decision index, loss, standard error) of all decisions graded."""
    stale = (lambda: cancel.is_set()) if cancel is not None else (lambda: False)
    todo = {d.index for d in tl.decisions
            if d.seat == seat and d.kind in GRADED and d.n_choices > 1}
    starters = {r: tl.turns[rnd.first_turn - 1].seat if rnd.first_turn else 0
                for r, rnd in tl.rounds.items()}
    g = tl.source.start()
    found: list[Mistake] = []
    where: dict[int, Game] = {}  # the positions of the significant ones, for the second look
    done = 0
    steps = len(todo) + REFINE
    for d in tl.decisions:
        if d.index in todo:
            dec = g.decision()
            cands = candidates(dec, d.choice)
            if len(cands) > 1:
                rows = evaluate(g.clone(), seat, cands, iterations, seed * 1_000_003 + d.index,
                                starters.get(d.round, 0), stale)
                if rows is None:
                    return None
                better, loss, se = judge(rows, cands)
                if every is not None:
                    every.append((d.index, loss, se))
                if significant(loss, se):
                    found.append(Mistake(d.index, d.turn, d.round, d.kind, d.choice, better,
                                         loss, se, d.event, d.context.get("order")))
                    where[d.index] = g.clone()
            done += 1
            if progress is not None:
                progress(done / steps)
        g.apply(d.choice)
    found.sort(key=lambda m: (-m.loss, m.index))
    # A second look at the costliest: the best alternative was picked as the maximum of a few
    # noisy means (so its loss is biased upwards) and the top few sit within a standard
    # error of each other.  Chosen against better only, on twice as many fresh re-deals.
    again: list[Mistake] = []
    for m in found[:REFINE]:
        rows = evaluate(where[m.index], seat, [m.chosen, m.better], 2 * iterations,
                        seed * 1_000_003 + m.index + 500_000_000, starters.get(m.round, 0), stale)
        if rows is None:
            return None
        _better, loss, se = judge(rows, [m.chosen, m.better])
        if significant(loss, se):
            again.append(Mistake(m.index, m.turn, m.round, m.decision, m.chosen, m.better,
                                 loss, se, m.event, m.order))
        done += 1
        if progress is not None:
            progress(done / steps)
    if progress is not None:
        progress(1.0)
    again += found[REFINE:]
    again.sort(key=lambda m: (-m.loss, m.index))
    return again


# ---------------------------------------------------------------- kept in the record


def cache_key(seat: int, iterations: int, seed: int) -> str:
    return f"v{VERSION}-seat{seat}-it{iterations}-seed{seed}"


def cached(path: Path | None, seat: int, iterations: int, seed: int) -> list[Mistake] | None:
    """The grades kept in the record at ``path`` for this seat and budget, if any."""
    if path is None:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        entry = data["extra"]["coach"][cache_key(seat, iterations, seed)]
        if entry.get("choices") != len(data["choices"]) or entry.get("digest") != data["digest"]:
            return None
        return [Mistake.from_json(m) for m in entry["mistakes"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def keep(path: Path | None, seat: int, iterations: int, seed: int,
         mistakes: list[Mistake]) -> bool:
    """Keep the grades in the record (atomically; the game itself is left as it was)."""
    from solemio.atomic import write_atomic

    if path is None:
        return False
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        extra = data.setdefault("extra", {})
        if not isinstance(extra, dict):
            return False
        coach = extra.setdefault("coach", {})
        coach[cache_key(seat, iterations, seed)] = {
            "choices": len(data["choices"]), "digest": data["digest"],
            "mistakes": [m.to_json() for m in mistakes]}
        write_atomic(Path(path), json.dumps(data, indent=1))
        return True
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


# ---------------------------------------------------------------- in a process of its own


def grade_in_process(data: dict, seat: int, iterations: int, seed: int, conn: Any) -> None:
    """The grading in a worker process (the window's frames never wait for the search):
    ``data`` is the game's save (``saves.game_to_dict``); sends ("progress", fraction) and
    finally ("done", [mistake, ...]) or ("error", message) through ``conn``."""
    from solemio.coach.timeline import Source, build_timeline
    from solemio.engine.saves import game_from_dict

    try:
        game, _extra = game_from_dict(data, "the coach's copy", record_events=True)
        found = grade(build_timeline(Source.of_game(game)), seat, iterations, seed,
                      progress=lambda f: conn.send(("progress", f)))
        conn.send(("done", [m.to_json() for m in found or []]))
    except Exception as exc:  # noqa: BLE001 - reported to the window in one line
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def grade_elsewhere(game: Game, seat: int, iterations: int, seed: int,
                    cancel: threading.Event, progress: Callable[[float], None]
                    ) -> list[Mistake] | None:
    """:func:`grade` in a process of its own (``spawn``, as the play-out workers); None when
    cancelled.  Raises OSError when no process can be started (the caller grades here)."""
    import multiprocessing

    from solemio.engine.saves import game_to_dict

    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=grade_in_process, name="solemio-coach",
                       args=(game_to_dict(game), seat, iterations, seed, theirs), daemon=True)
    proc.start()
    theirs.close()
    try:
        while True:
            if cancel.is_set():
                return None
            if not mine.poll(0.05):
                if not proc.is_alive() and not mine.poll(0):
                    raise RuntimeError("the coach's process ended early")
                continue
            try:
                what, value = mine.recv()
            except EOFError:
                raise RuntimeError("the coach's process ended early") from None
            if what == "progress":
                progress(float(value))
            elif what == "done":
                return [Mistake.from_json(m) for m in value]
            else:
                raise RuntimeError(str(value))
    finally:
        mine.close()
        if proc.is_alive():
            proc.terminate()
        proc.join(1)

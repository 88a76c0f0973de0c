"""Grading a seat's decisions the way chess sites mark mistakes.

For every decision of the seat with more than one choice (its plays, orders,
draws, series, kinds for a choice order, fills, help answers, blocks, and the
three steps of a show), the hard computer player's play-outs
(:func:`solemio.ai.playout.iteration_row`) estimate the expected result of the
move chosen and of its alternatives, *from what that seat knew then*: every
play-out starts from a re-deal of the position for that seat
(``Game.redeal``), never from the real hidden cards, and the re-deals come
from a generator seeded by the decision's place in the game.  The moves
compared are found from the seat's view alone (``candidates``), and the
re-deal is canonical, so two positions the seat could not tell apart get the
same samples and the same grade (``tests/coach/test_grading.py``).

The play-out's opponents take the light policy in every edition, Grande too,
where hard's own search plays them by the rules of thumb: those cost about
twice the CPU and two gradings agreed no better with them (docs/coach.md).

A play-out's value is the hard search's: the seat's filled orders minus its
opponents' mean at the end of the round, each counting what its hand is
still worth for the rounds to come (+1.5 for a win at the game's end).
Every candidate of a decision is played out on the same re-deals with the
same play-out seeds (common random numbers), and a decision's *loss* is the
mean of the paired differences between the best alternative and the chosen
move; it counts only when it exceeds two standard errors and a small margin.

How the budget (``iterations``, default 32) is spent, where it buys agreement
between two gradings with other re-deals (docs/measurements, issue 14):

1. *Screening*: every decision gets half the budget; one whose alternatives
   all lie clearly below the ``CONTENDERS``-th costliest loss of the
   screening (their upper bounds, ``SETTLED`` standard errors, under it and
   the margin) stops there, the others get the second half.
2. *A second look* at the ``CONTENDERS`` costliest: the chosen move against
   the two best alternatives of the first pass, on fresh re-deals (the first
   estimate picked the best of a few noisy means, so it runs high, and the
   best there is not always the best), two batches each.
3. *Racing for the top three*: while some contenders may still fall on
   either side of the boundary of the top three (midway between the third
   and the fourth estimate, within two standard errors), one more batch goes
   to the two least certain of them, within a total budget.

The decisions measured again are ranked by their fresh estimate; the three
costliest are the seat's mistakes.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.ai.playout import iteration_row
from solemio.ai.search import HARD, MARGIN
from solemio.coach.timeline import Timeline
from solemio.engine.choices import from_json, to_json
from solemio.engine.game import Game
from solemio.engine.kinds import KIND_INDEX

VERSION = 4  # 4: every kind of decision, the budget spent by stages; 3: session 6's play-outs
DEFAULT_ITERATIONS = 32  # play-outs per candidate and decision (see docs/measurements)
MAX_CANDIDATES = 6
#: every kind of decision a seat makes (docs/engine-api.md): each is graded when it has
#: more than one choice
GRADED = frozenset(("play", "order", "draw", "series", "variant", "fill", "help", "block",
                    "show-ask", "show-card", "show-play"))
KEEP = 3  # the costliest decisions reported
CONTENDERS = 8  # the costliest of the first pass, measured again on fresh re-deals
SECOND_BATCHES = 2  # batches (of ``iterations // 2`` pairs) each contender gets at first
RACE_BUDGET = 24  # further batches, in all, while the top three are not told apart
RACE_MAX = 12  # batches one contender may get in all
SETTLED = 2.0  # standard errors below the margin: an alternative that cannot be better


@dataclass(frozen=True)
class Mistake:
    """One graded decision: the chosen move against the best alternative."""

    index: int  # the decision's place in the choice log
    turn: int
    round: int
    decision: str  # the decision's kind (play, order, draw, series, variant, fill, ...)
    chosen: tuple
    better: tuple
    loss: float  # expected filled orders (relative to the opponents) given away
    se: float
    event: int  # events before the decision (the replay shows the table then)
    order: str | None = None  # the order a reveal's decision was about

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


# ---------------------------------------------------------------- the moves compared


def _cost(cards: tuple) -> int:
    """Units of a fill's or a help's cards (a double counts 2)."""
    return sum(s + 2 * dd for _k, s, dd in cards)


def _hand_units(view: Any) -> list[int]:
    units = [0] * 5
    for face in view.hand:
        if face[0] in KIND_INDEX:
            units[KIND_INDEX[face[0]]] += face[1]
    return units


def _series_score(choice: tuple, view: Any, cs: Any) -> float:
    """How many members of a series the columns and the hand fill (the hard player's rule of
    thumb, without its noise): the largest requirements take from the columns first."""
    left = [sum(f[1] for f in col) for col in view.columns]
    hand = _hand_units(view)
    score = 0.0
    for oid, units in sorted(choice[1], key=lambda m: -m[1]):
        k = KIND_INDEX[next(iter(cs.order(oid).params["needs"]))]
        take = min(units, left[k])
        left[k] -= take
        m = units - take
        h = min(m, hand[k])
        hand[k] -= h
        score += 1.0 if m - h <= 0 else -0.35
    return score


def _series_pool(ch: tuple, view: Any, cs: Any) -> list[tuple]:
    """The order alone, the best series of each size, then the next best."""
    scored = sorted(ch, key=lambda c: (-_series_score(c, view, cs), len(c[1]), c))
    pool = [c for c in ch if len(c[1]) == 1]
    for size in sorted({len(c[1]) for c in ch}):
        pool += [c for c in scored if len(c[1]) == size][:1]
    return pool + scored


def _block_pool(ch: tuple) -> list[tuple]:
    """Giving up, the fewest cards that carry the order, the most, and one between."""
    blocks = sorted((c for c in ch if c[0] == "block"), key=lambda c: (c[1] + 2 * c[2], c[2], c))
    pool = [c for c in ch if c[0] == "give-up"]
    if blocks:
        pool += [blocks[0], blocks[-1], blocks[len(blocks) // 2]]
    return pool + blocks


def candidates(d: Any, chosen: tuple, view: Any = None, cs: Any = None) -> list[tuple]:
    """The moves compared at decision ``d``: the one chosen first, then up to five
    alternatives.  ``view`` (the seat's ``SeatView``) and ``cs`` (the card set) rank a
    series's many assignments; nothing else is read, so the moves depend only on what the
    seat could see."""
    ch = list(d.choices)
    kind = str(d.kind)
    if kind == "fill":
        direct = [c for c in ch if c[0] == "fill" and c[2] is None]
        asks = sorted((c for c in ch if c[0] == "fill" and c[2] is not None),
                      key=lambda c: (len(c[2]), _cost(c[1]), c))
        cheapest = [min(direct, key=lambda c: _cost(c[1]))] if direct else []
        pool = cheapest + asks[:3] + [c for c in ch if c[0] == "give-up"]
    elif kind == "help":
        helps = sorted((c for c in ch if c[0] == "help"), key=lambda c: (_cost(c[1]), c))
        pool = [c for c in ch if c[0] == "decline"] + helps[:2]
    elif kind == "series" and view is not None and cs is not None:
        pool = _series_pool(tuple(ch), view, cs)
    elif kind == "block":
        pool = _block_pool(tuple(ch))
    else:  # play, order, draw, variant, show-ask, show-card, show-play: all of them
        pool = ch
    out = [chosen]
    for c in pool:
        if c not in out and len(out) < MAX_CANDIDATES:
            out.append(c)
    return out


# ---------------------------------------------------------------- play-outs and statistics


def evaluate(g: Game, seat: int, cands: list[tuple], iterations: int, seed: int,
             round_starter: int, stale: Callable[[], bool] = lambda: False,
             start: int = 0) -> list[list[float]] | None:
    """Play-out values, one row per iteration (``start`` to ``start + iterations``) and
    one column per candidate (None: stopped).

    Every sample is ``g.redeal(seat, ...)`` from a generator seeded by ``seed`` and the
    iteration: what the seat could not see never enters, and every candidate is played out
    on the same re-deal with the same play-out seed (common random numbers)."""
    spec = {"seat": seat, "style": HARD, "colours": tuple(g.colours), "first": round_starter,
            "cands": tuple(cands), "base_seed": seed, "round": g.round, "stop": None}
    rows = []
    for it in range(start, start + iterations):
        if stale():
            return None
        sample = g.redeal(seat, random.Random(seed * 7919 + it))
        row = iteration_row(sample, spec, it, stale)
        if row is None:
            return None
        rows.append(row)
    return rows


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``a - b``."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(diffs) / n
    var = sum((x - m) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n) if var > 0 else 0.0


def judge(rows: list[list[float]], cands: list[tuple]) -> tuple[tuple, float, float]:
    """(best alternative, loss, its standard error) of the first candidate (the chosen)."""
    cols = [list(c) for c in zip(*rows, strict=True)]
    best, loss, se_best = cands[0], 0.0, 0.0
    for i in range(1, len(cands)):
        m, se = paired(cols[i], cols[0])
        if m > loss:
            best, loss, se_best = cands[i], m, se
    return best, loss, se_best


def settled(rows: list[list[float]], bar: float = MARGIN) -> bool:
    """True when no alternative can plausibly beat the chosen move by ``bar`` (every one lies
    more than ``SETTLED`` standard errors below it): more play-outs would not change the
    grade's rank."""
    cols = [list(c) for c in zip(*rows, strict=True)]
    for col in cols[1:]:
        m, se = paired(col, cols[0])
        if m + SETTLED * se >= bar:
            return False
    return True


def _best_two(rows: list[list[float]], cands: list[tuple]) -> list[tuple]:
    """The two alternatives with the highest means (one if there is only one)."""
    cols = [list(c) for c in zip(*rows, strict=True)]
    order = sorted(range(1, len(cands)), key=lambda i: (-sum(cols[i]), i))
    return [cands[i] for i in order[:2]]


def significant(loss: float, se: float) -> bool:
    return loss > MARGIN and loss > 2.0 * se


@dataclass
class _Second:
    """A contender's second look: the chosen move against the two best alternatives of the
    first pass, on fresh re-deals (the first pass's best of a few noisy means is not always
    the best)."""

    mistake: Mistake
    position: Game
    cands: list[tuple]  # the chosen move first
    rows: list[list[float]] = field(default_factory=list)

    def judged(self) -> tuple[tuple, float, float]:
        """(the better alternative, loss, standard error) on the fresh re-deals."""
        if not self.rows:
            return self.mistake.better, self.mistake.loss, self.mistake.se
        return judge(self.rows, self.cands)

    def estimate(self) -> tuple[float, float]:
        _better, loss, se = self.judged()
        return loss, se


def _undecided(looks: list[_Second]) -> list[_Second]:
    """The contenders that may still fall on either side of the boundary of the top ``KEEP``
    (midway between the third and the fourth estimate): their interval (two standard errors)
    holds it.  The two widest first; empty when the top is told apart."""
    if len(looks) <= KEEP:
        return []
    est = {id(s): s.estimate() for s in looks}
    ranked = sorted(looks, key=lambda s: (-est[id(s)][0], s.mistake.index))
    edge = (est[id(ranked[KEEP - 1])][0] + est[id(ranked[KEEP])][0]) / 2.0
    near = [s for s in ranked if abs(est[id(s)][0] - edge) < 2.0 * est[id(s)][1]]
    near.sort(key=lambda s: (-est[id(s)][1], s.mistake.index))
    return near[:2]


def grade(tl: Timeline, seat: int, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
          cancel: threading.Event | None = None,
          progress: Callable[[float], None] | None = None,
          every: list[tuple[int, float, float]] | None = None) -> list[Mistake] | None:
    """Every graded decision of ``seat`` with a significant loss, costliest first (None:
    cancelled).  ``seed`` varies the re-deals (two seeds: two independent gradings);
    ``every`` collects (decision index, loss, standard error) of all decisions graded, the
    second look's estimate where there was one."""
    stale = (lambda: cancel.is_set()) if cancel is not None else (lambda: False)
    todo = {d.index for d in tl.decisions
            if d.seat == seat and d.kind in GRADED and d.n_choices > 1}
    starters = {r: tl.turns[rnd.first_turn - 1].seat if rnd.first_turn else 0
                for r, rnd in tl.rounds.items()}
    half = max(2, iterations // 2)
    g = tl.source.start()
    losses: dict[int, tuple[float, float]] = {}

    def told(fraction: float) -> None:
        if progress is not None:
            progress(fraction)

    # 1. screening: every decision on half the budget
    @dataclass
    class _First:
        d: Any
        position: Game
        cands: list[tuple]
        rows: list[list[float]]

    firsts: list[_First] = []
    done = 0
    for d in tl.decisions:
        if d.index in todo:
            cands = candidates(g.decision(), d.choice, g.view(seat), g.cs)
            if len(cands) > 1:
                rows = evaluate(g.clone(), seat, cands, half, seed * 1_000_003 + d.index,
                                starters.get(d.round, 0), stale)
                if rows is None:
                    return None
                firsts.append(_First(d, g.clone(), cands, rows))
            done += 1
            told(0.5 * done / max(1, len(todo)))
        g.apply(d.choice)
    # 2. the second half for the decisions that may still be among the costliest: an
    # alternative's upper bound reaches the margin and the lower bound of the
    # ``CONTENDERS``-th costliest
    lower = sorted((judge(f.rows, f.cands)[1] for f in firsts), reverse=True)
    bar = max(MARGIN, lower[CONTENDERS - 1] if len(lower) >= CONTENDERS else MARGIN)
    wanted = [f for f in firsts if not settled(f.rows, bar)]
    found: list[Mistake] = []
    where: dict[int, Game] = {}  # the positions of the significant ones, for the second look
    runners: dict[int, list[tuple]] = {}  # their two best alternatives, best first
    for i, f in enumerate(firsts):
        d = f.d
        if f in wanted:
            more = evaluate(f.position.clone(), seat, f.cands, iterations - half,
                            seed * 1_000_003 + d.index, starters.get(d.round, 0), stale,
                            start=half)
            if more is None:
                return None
            f.rows += more
        better, loss, se = judge(f.rows, f.cands)
        losses[d.index] = (loss, se)
        if significant(loss, se):
            found.append(Mistake(d.index, d.turn, d.round, d.kind, d.choice, better,
                                 loss, se, d.event, d.context.get("order")))
            where[d.index] = f.position
            runners[d.index] = _best_two(f.rows, f.cands)
        told(0.5 + 0.3 * (i + 1) / len(firsts))
    found.sort(key=lambda m: (-m.loss, m.index))
    looks = [_Second(m, where[m.index], [m.chosen, *runners[m.index]])
             for m in found[:CONTENDERS]]
    planned = len(looks) * SECOND_BATCHES + RACE_BUDGET
    spent = 0

    def look(s: _Second) -> bool:
        nonlocal spent
        m = s.mistake
        rows = evaluate(s.position, seat, s.cands, half,
                        seed * 1_000_003 + m.index + 500_000_000, starters.get(m.round, 0),
                        stale, start=len(s.rows))
        if rows is None:
            return False
        s.rows += rows
        spent += 1
        told(0.8 + 0.2 * min(1.0, spent / max(1, planned)))
        return True

    for s in looks:
        for _b in range(SECOND_BATCHES):
            if not look(s):
                return None
    race = 0
    while race < RACE_BUDGET:
        near = [s for s in _undecided(looks) if len(s.rows) < RACE_MAX * half]
        if not near:
            break
        for s in near:
            if not look(s):
                return None
            race += 1
    told(1.0)
    again: list[Mistake] = []
    for s in looks:
        better, loss, se = s.judged()
        losses[s.mistake.index] = (loss, se)
        if significant(loss, se):
            m = s.mistake
            again.append(Mistake(m.index, m.turn, m.round, m.decision, m.chosen, better,
                                 loss, se, m.event, m.order))
    again.sort(key=lambda m: (-m.loss, m.index))
    if every is not None:
        every.extend((i, loss, se) for i, (loss, se) in sorted(losses.items()))
    # those measured once follow, costliest first: their first estimate runs high, so it is
    # not ranked against the fresh ones
    return again + found[CONTENDERS:]


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

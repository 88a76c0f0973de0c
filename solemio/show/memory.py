"""Memory training (a learner's aid, off by default): estimate the oven, then compare.

Before each reveal every person at the table may estimate how many units of
each kind lie in the oven (everything announced this round, carried-over
cards included); after the reveal the game shows each estimate against the
truth, kind by kind, and the statistics count it (:mod:`solemio.stats`).

Estimates are not secret game information (they are what a person remembers of
public announcements), but they are made behind the pass screen in hot-seat
play, so nobody's hand is on screen while another may look.  The truth is
counted from the reveal's own public events (every ingredient turned over), so
it is exactly what everybody saw.  No pygame here: the picker's and the
comparison's state live in this module and are tested on their own.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solemio.engine import events as E
from solemio.engine.kinds import KINDS

#: the most units of one kind an estimate may name (a kind has at most 13 + 2 x 2 units)
MAX_UNITS = 30


@dataclass
class EstimateModel:
    """The picker's state: one number per kind and the kind in focus (keyboard)."""

    units: list[int] = field(default_factory=lambda: [0] * len(KINDS))
    focus: int = 0

    def change(self, kind: int, delta: int) -> None:
        self.units[kind] = max(0, min(MAX_UNITS, self.units[kind] + delta))

    def set(self, kind: int, value: int) -> None:
        self.units[kind] = max(0, min(MAX_UNITS, value))

    def type_digit(self, kind: int, digit: int) -> None:
        """A digit typed on a kind: appended while the number stays within the limit,
        else the number starts again from that digit."""
        value = self.units[kind] * 10 + digit
        self.set(kind, value if value <= MAX_UNITS else digit)

    def move(self, delta: int) -> None:
        self.focus = (self.focus + delta) % len(KINDS)

    def estimate(self) -> tuple[int, ...]:
        return tuple(self.units)


@dataclass(frozen=True)
class KindResult:
    """One kind of one estimate against the truth."""

    kind: str
    guess: int
    truth: int

    @property
    def off(self) -> int:
        return abs(self.guess - self.truth)

    @property
    def grade(self) -> str:
        """exact, close (one unit off) or far."""
        return "exact" if self.off == 0 else "close" if self.off == 1 else "far"


@dataclass(frozen=True)
class Comparison:
    """One person's estimate of one round against the oven as it was revealed."""

    seat: int
    kinds: tuple[KindResult, ...]

    @property
    def exact(self) -> int:
        return sum(k.off == 0 for k in self.kinds)

    @property
    def off(self) -> int:
        return sum(k.off for k in self.kinds)

    @property
    def total(self) -> int:
        return sum(k.truth for k in self.kinds)


def oven_truth(events: Iterable[dict], round_no: int) -> tuple[int, ...] | None:
    """Units per kind the reveal of round ``round_no`` turned over (public events), or None
    while that reveal has not begun."""
    units: list[int] | None = None
    for ev in events:
        t = ev.get("type")
        if t == E.ROUND_END and ev.get("round") == round_no:
            units = [0] * len(KINDS)
        elif units is not None and t == E.REVEAL:
            card = ev.get("card") or ()
            if len(card) == 2 and card[0] in KINDS and isinstance(card[1], int):
                units[KINDS.index(card[0])] += card[1]
        elif units is not None and t in (E.NEW_ROUND, E.GAME_OVER):
            break
    return tuple(units) if units is not None else None


class MemoryTraining:
    """The estimates of one game: per round, per person; each comparison counted once."""

    def __init__(self) -> None:
        self.estimates: dict[int, dict[int, tuple[int, ...]]] = {}
        self.asked: set[int] = set()  # rounds whose estimates were asked for
        self.counted: set[int] = set()  # rounds whose comparisons went into the statistics
        # rounds estimated while the learner's aid showed the oven's tally: compared, but
        # not counted (the tally gives the answer away)
        self.aided: set[int] = set()
        self.shown: set[int] = set()  # rounds whose result was shown

    def due(self, events: Iterable[dict]) -> list[int]:
        """The rounds whose reveal is over (public ``events``) with estimates whose result
        was not shown yet: a game continued after its reveal ended shows them then."""
        over: list[int] = []
        turned = None  # the round whose oven was turned over last
        for ev in events:
            t = ev.get("type")
            if t == E.ROUND_END:
                turned = ev.get("round")
            elif t in (E.NEW_ROUND, E.GAME_OVER) and isinstance(turned, int):
                over.append(turned)
                turned = None
        return [r for r in over if r not in self.shown and self.estimates.get(r)]

    def to_json(self) -> dict:
        """What a save keeps (``extra.memory``): a game continued from its autosave in the
        middle of a reveal still shows, and counts once, the estimates made before it."""
        return {"estimates": {str(r): {str(seat): list(e) for seat, e in by.items()}
                              for r, by in self.estimates.items()},
                "asked": sorted(self.asked), "counted": sorted(self.counted),
                "aided": sorted(self.aided), "shown": sorted(self.shown)}

    @classmethod
    def from_json(cls, data: Any, persons: Collection[int]) -> MemoryTraining:
        """The estimates a save kept, of the seats ``persons`` only; anything malformed is
        left out (a hand-edited save loses its estimates, never the game)."""
        m = cls()
        if not isinstance(data, dict):
            return m
        for key in ("asked", "counted", "aided", "shown"):
            vals = data.get(key)
            if isinstance(vals, list):
                getattr(m, key).update(v for v in vals if isinstance(v, int) and 0 < v < 100)
        est = data.get("estimates")
        if isinstance(est, dict):
            for r, by in est.items():
                if not (isinstance(r, str) and r.isdigit() and isinstance(by, dict)):
                    continue
                for seat, e in by.items():
                    if isinstance(seat, str) and seat.isdigit() and int(seat) in persons and \
                            isinstance(e, list) and \
                            all(isinstance(u, int) for u in e):
                        try:
                            m.record(int(r), int(seat), e)
                        except ValueError:
                            pass
        return m

    def ask(self, round_no: int) -> bool:
        """Whether to ask for this round's estimates now (once a round)."""
        if round_no in self.asked:
            return False
        self.asked.add(round_no)
        return True

    def record(self, round_no: int, seat: int, estimate: Sequence[int]) -> None:
        if len(estimate) != len(KINDS) or any(not 0 <= int(u) <= MAX_UNITS for u in estimate):
            raise ValueError("an estimate names 0 to 30 units for each of the five kinds")
        self.estimates.setdefault(round_no, {})[seat] = tuple(int(u) for u in estimate)

    def comparisons(self, round_no: int, truth: Sequence[int]) -> list[Comparison]:
        """Each person's estimate of the round against the truth, by seat."""
        out = []
        for seat, guess in sorted(self.estimates.get(round_no, {}).items()):
            out.append(Comparison(seat, tuple(KindResult(k, g, int(t)) for k, g, t in
                                              zip(KINDS, guess, truth, strict=True))))
        return out

    def to_count(self, round_no: int) -> bool:
        """Whether the round's comparisons still have to be counted (once; never when the
        tally was on screen)."""
        if round_no in self.counted or round_no in self.aided or \
                not self.estimates.get(round_no):
            return False
        self.counted.add(round_no)
        return True

"""What a computer seat remembers of the oven, modelled the way a person forgets.

The oven is face up but stacked, so its contents are known only from the
announcements.  A seat rebuilds its picture of the oven from the events it
was shown, never from ``SeatView.history``: a forgotten announcement becomes
a *lost* slot (the seat knows some cards lie there, not which), a muddled one
keeps its place but names the wrong kind.  The estimate of what an order will
find at its reveal is then wrong the way a person's would be.

Three styles:

* ``window``: only the last few announcements are remembered (easy);
* ``fading``: every remembered announcement may fade or get muddled at each
  turn (normal);
* ``perfect``: every public fact exactly (hard).

Forgetting draws on the seat's own generator, fed only by the redacted event
stream, so the memory never depends on hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from solemio.engine import COLOUR_KIND, KINDS
from solemio.engine import events as E

KIDX = {k: i for i, k in enumerate(KINDS)}


@dataclass
class Entry:
    """One remembered slot of the oven, oldest first."""

    tag: str  # "ing", "order" or "lost"
    seat: int = -1  # who played it (-1: carried over from the last round)
    kind: int = -1  # ingredient kind index
    singles: int = 0
    doubles: int = 0
    order: str = ""  # order id
    cards: int = 1  # cards in this slot (a lost slot keeps the count only)


@dataclass
class MemoryStyle:
    """How a level forgets; see the module docstring."""

    mode: str = "perfect"  # "window", "fading" or "perfect"
    window: int = 4  # announcements kept in "window" mode
    fade: float = 0.0  # chance per turn that an announcement is forgotten
    muddle: float = 0.0  # chance per turn that its kind gets confused
    own_factor: float = 0.5  # own plays fade slower


@dataclass
class OvenMemory:
    """The seat's running picture of the current oven and of the game so far."""

    seat: int
    style: MemoryStyle
    rng: random.Random
    entries: list[Entry] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    first: int = 0  # the round's starting seat (scores if nobody draws the scorer card)
    round: int = 1
    seen_played: list[float] = field(default_factory=lambda: [0.0] * 5)  # units seen this round
    asked_shown: dict[int, list[int]] = field(default_factory=dict)  # seat -> kinds shown when asked

    # ------------------------------------------------------------------ events

    def observe(self, events: list[dict]) -> None:
        """Fold the new (redacted) events into memory."""
        for ev in events:
            t = ev["type"]
            if t == E.SETUP:
                self.colours = list(ev.get("seats", self.colours))
                self.first = ev["first"]
                self.entries = []
            elif t == E.PLAY:
                self.entries.append(
                    Entry("ing", ev["seat"], KIDX[ev["kind"]], ev["singles"], ev["doubles"],
                          cards=ev["singles"] + ev["doubles"])
                )
                self.seen_played[KIDX[ev["kind"]]] += ev["units"]
                self._trim()
            elif t == E.ORDER:
                self.entries.append(Entry("order", ev["seat"], order=ev["order"][1]))
                self._trim()
            elif t == E.TURN:
                self._fade()
            elif t == E.ROUND_END:
                pass
            elif t == E.NEW_ROUND:
                self.round = ev["round"]
                self.first = ev["first"]
                self.entries = [
                    Entry("ing", -1, KIDX[f[0]], 1 if f[1] == 1 else 0, 1 if f[1] == 2 else 0)
                    for f in ev["oven"]
                ]
                self.seen_played = [0.0] * 5
                for e in self.entries:
                    self.seen_played[e.kind] += e.singles + 2 * e.doubles
            elif t == E.SHOW:
                self.asked_shown.setdefault(ev["asked"], []).append(KIDX[ev["shown"][0]])

    def _remembered(self) -> list[Entry]:
        return [e for e in self.entries if e.tag != "lost"]

    def _lose(self, e: Entry) -> None:
        e.tag = "lost"

    def _trim(self) -> None:
        """Window mode: announcements older than the last few are lost (own orders stay)."""
        if self.style.mode != "window":
            return
        kept = 0
        for e in reversed(self.entries):
            if e.tag == "lost" or (e.tag == "order" and e.seat == self.seat):
                continue
            kept += 1
            if kept > self.style.window:
                self._lose(e)

    def _fade(self) -> None:
        st = self.style
        if st.mode != "fading":
            return
        r = self.rng.random
        for e in self.entries:
            if e.tag == "lost":
                continue
            f = st.own_factor if e.seat == self.seat else 1.0
            x = r()
            if x < st.fade * f:
                self._lose(e)
            elif e.tag == "ing" and x < (st.fade + st.muddle) * f:
                e.kind = (e.kind + self.rng.choice((1, 2, 3, 4))) % 5

    # ------------------------------------------------------------------ queries

    def kind_of(self, seat: int) -> int:
        return KIDX[COLOUR_KIND[self.colours[seat]]]

    def oven_cards(self) -> int:
        return sum(e.cards for e in self.entries)

"""The series picker's rules side (no pygame): which orders join, which amount each takes.

When a four-of-a-kind order is revealed and its owner holds more of them, the
engine offers every subset of those orders combined with every assignment of
the amounts 4, 3, 2, 1: up to 49 choices.  :class:`SeriesModel` asks it in two
steps, the way a player thinks about it (which orders join the series; which
order gets which amount), only ever produces a tuple taken from the decision's
own choices, and says in words why an arrangement cannot be confirmed.  The
widgets that show it are in ``solemio/ui/table/pickers/series.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext

Choice = tuple
Member = tuple[str, int]


class SeriesModel:
    """The picker's state and rules, checked against the decision's legal choices.

    ``kind_of`` names the kind an order asks for (None if unknown) and
    ``column_units`` holds the units per kind in the columns (index as KINDS):
    together they say whether the columns alone cover an order's amount.
    """

    def __init__(self, choices: Sequence[Choice], revealed: str, candidates: Sequence[str],
                 column_units: Sequence[int], kind_of: Callable[[str], str | None]) -> None:
        self.choices = [c for c in choices if c and c[0] == "series"]
        # Choices are looked up by their members, whatever order the engine lists them in.
        self.by_members: dict[frozenset[Member], Choice] = {
            frozenset(c[1]): c for c in self.choices}
        self.revealed = revealed
        seen = {oid for c in self.choices for oid, _u in c[1]}
        self.candidates = [o for o in candidates if o != revealed] or sorted(seen - {revealed})
        self.amounts: list[int] = sorted({u for c in self.choices for _o, u in c[1]},
                                         reverse=True)
        self.column_units = list(column_units)
        self.kind_of = kind_of
        self.step = 1
        self.joined: list[str] = []
        self.slots: list[str | None] = [None] * len(self.amounts)
        self.selected: int | None = None  # the slot whose order is picked up (step 2)
        self.notice = ""  # why the last request was refused, until the next change

    # --- step 1 ---------------------------------------------------------------
    def alone_choice(self) -> Choice | None:
        """The choice that reveals the order on its own, if the rules offer it."""
        for c in self.choices:
            if len(c[1]) == 1 and c[1][0][0] == self.revealed:
                return c
        return None

    def members(self) -> list[str]:
        return [self.revealed] + [o for o in self.candidates if o in self.joined]

    def toggle(self, oid: str) -> None:
        if oid in self.joined:
            self.joined.remove(oid)
        else:
            self.joined.append(oid)
        self.notice = ""

    def _legal_for(self, members: Sequence[str]) -> list[Choice]:
        want = set(members)
        return [c for c in self.choices
                if len(c[1]) == len(want) and {o for o, _u in c[1]} == want]

    def next_problem(self) -> str:
        """Why step 2 cannot be reached with these orders ("" when it can)."""
        if not self.joined:
            if self.alone_choice() is not None:
                return _("Choose at least one order to join the series, or play it alone.")
            return _("Choose at least one order to join the series.")
        if not self._legal_for(self.members()):
            return _("These orders cannot be revealed together as a series.")
        return ""

    def go_next(self) -> bool:
        """On to the amounts, with the best covered arrangement; False (and a notice) if not."""
        problem = self.next_problem()
        if problem:
            self.notice = problem
            return False
        self.step = 2
        self.selected = None
        self.notice = ""
        self.slots = [None] * len(self.amounts)
        best = max(self._legal_for(self.members()), key=self._rank)
        for oid, u in best[1]:
            self.slots[self.amounts.index(u)] = oid
        return True

    def back(self) -> None:
        self.step = 1
        self.selected = None
        self.notice = ""

    def covered(self, oid: str, units: int) -> bool | None:
        """Do the columns alone hold ``units`` of the order's kind? None if the kind is unknown."""
        kind = self.kind_of(oid)
        if kind not in KINDS:
            return None
        return self.column_units[KINDS.index(kind)] >= units

    def _rank(self, choice: Choice) -> tuple:
        """How well the columns pay for a choice: most orders covered first, then the
        kinds the columns hold most of on the biggest amounts."""
        ok = sum(1 for oid, u in choice[1] if self.covered(oid, u))
        by_amount = sorted(choice[1], key=lambda m: -m[1])
        held = tuple(self._held(oid) for oid, _u in by_amount)
        return (ok, held)

    def _held(self, oid: str) -> int:
        kind = self.kind_of(oid)
        return self.column_units[KINDS.index(kind)] if kind in KINDS else -1

    # --- step 2 ---------------------------------------------------------------
    def assignment(self) -> list[Member]:
        return [(oid, self.amounts[i]) for i, oid in enumerate(self.slots) if oid is not None]

    def current_choice(self) -> Choice | None:
        """The engine's own tuple for the arrangement shown, or None if it is not legal."""
        if self.step != 2:
            return None
        return self.by_members.get(frozenset(self.assignment()))

    def problem(self) -> str:
        """Why the arrangement shown cannot be confirmed ("" when it can)."""
        if self.current_choice() is not None:
            return ""
        n = len([o for o in self.slots if o is not None])
        allowed = self.amounts[:n]
        for i, oid in enumerate(self.slots):
            if oid is not None and self.amounts[i] not in allowed:
                return ngettext(
                    "A single order takes the amount {amounts}: move it there.",
                    "A series of {n} orders takes the amounts {amounts}: amount {x} is "
                    "for a bigger series.", n,
                    amounts=_join_amounts(allowed), x=self.amounts[i])
        return _("The rules do not offer this combination.")

    def activate_slot(self, i: int) -> None:
        """A click (or Enter) on an amount slot: pick its order up, or put the held one
        down there, swapping with whatever sat there."""
        self.notice = ""
        if self.selected is None:
            if self.slots[i] is not None:
                self.selected = i
            return
        if self.selected != i:
            self._swap(self.selected, i)
        self.selected = None

    def move_selected(self, d: int) -> int | None:
        """Carry the picked-up order one slot left or right; its new slot, or None."""
        if self.selected is None:
            return None
        j = self.selected + d
        if not 0 <= j < len(self.slots):
            return None
        self._swap(self.selected, j)
        self.selected = j
        self.notice = ""
        return j

    def _swap(self, i: int, j: int) -> None:
        self.slots[i], self.slots[j] = self.slots[j], self.slots[i]

    def confirm(self) -> Choice | None:
        """The choice to apply, or None with the reason left in ``notice``."""
        choice = self.current_choice()
        if choice is None:
            self.notice = _("Cannot confirm yet.") + " " + self.problem()
        return choice


def _join_amounts(amounts: Sequence[int]) -> str:
    if len(amounts) <= 1:
        return "".join(str(a) for a in amounts)
    return _("{list} and {last}", list=", ".join(str(a) for a in amounts[:-1]),
             last=amounts[-1])

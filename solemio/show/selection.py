"""The person's turn at the table: which hand cards are selected, and what they make.

No pygame: the table scene's cards and buttons read and change a
:class:`TurnSelection`; the engine, through the viewer's table
(``SeatTable.check_play``), says whether the selected cards can be played.
"""

from __future__ import annotations

from typing import Any

from solemio.engine.kinds import KINDS
from solemio.i18n import _
from solemio.texts import play_refusal


class TurnSelection:
    """The hand as far as the show has got (sorted) and the indices selected in it."""

    def __init__(self) -> None:
        self.hand: list[tuple] = []
        self.selected: set[int] = set()

    def set_hand(self, hand: list[tuple]) -> None:
        """A new hand forgets the selection (a card drawn, played, or another person's)."""
        if hand != self.hand:
            self.selected.clear()
        self.hand = hand

    def clear(self) -> None:
        self.selected.clear()

    def toggle(self, index: int, kind: str) -> str:
        """Select or unselect a card during the person's decision ``kind`` ("play" or
        "order"); returns why not, or ""."""
        face = self.hand[index]
        if index in self.selected:
            self.selected.discard(index)
            return ""
        if face[0] not in KINDS:
            # At most one order: a second one replaces the first.
            self.selected = {i for i in self.selected if self.hand[i][0] in KINDS}
        elif kind == "order":
            return _("Your ingredients are played; choose an order or none.")
        self.selected.add(index)
        return ""

    def drop_orders(self) -> None:
        self.selected = {i for i in self.selected if self.hand[i][0] in KINDS}

    def split(self) -> tuple[list[tuple], tuple | None]:
        """The selected ingredient cards, and the selected order (or None)."""
        ing = [self.hand[i] for i in sorted(self.selected) if self.hand[i][0] in KINDS]
        orders = [self.hand[i] for i in sorted(self.selected) if self.hand[i][0] not in KINDS]
        return ing, (orders[0] if orders else None)

    def check(self, kind: str | None, table: Any) -> str | None:
        """What is wrong with the selection (None when it can be played)."""
        if kind is None:
            return _("Wait for your turn.")
        if kind == "order":
            return None
        choice, why = table.check_play(self.split()[0])
        return play_refusal(why) if choice is None else None

    def refusal(self, kind: str | None, table: Any) -> str:
        """Why Play is grey, in words (shown when it is clicked, and under an order
        selected on its own)."""
        ing, order = self.split()
        if not ing and order is not None:
            return _("Play stays grey: an order goes into the oven after ingredients. Select "
                     "ingredient cards of one kind as well.")
        return self.check(kind, table) or ""

"""One byte-bounded cache of pictures, least recently used out first.

Card pictures (``cards.CardImages``), cards composed with their shadow
(``cards.shadowed``) and painted layers (``theme.layer``) are all kept here,
each in its own instance with its own budget: a surface's cost is its pixels
times four bytes, so a 4K window's budgets scale with its area.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


def surface_bytes(value: Any) -> int:
    """What a cached value costs: a surface's pixels x 4 (a tuple: its last surface)."""
    if isinstance(value, tuple):
        value = value[-1]
    w, h = value.get_size()
    return w * h * 4


class ByteCache:
    """A mapping from keys to surfaces (or tuples ending with one) bounded in bytes.

    ``put`` evicts the least recently used entries while the total is over
    ``budget`` (down to ``keep`` of it), always keeping the newest one.
    """

    def __init__(self, budget: int, keep: float = 1.0) -> None:
        self.budget = budget
        self.keep = keep  # after an eviction, the total is at most budget * keep
        self.bytes = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> Any:
        """The value (marked as just used), or None."""
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: Hashable, value: Any, budget: int | None = None) -> bool:
        """Keep ``value``; True if older entries had to go (``budget`` overrides once)."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = value
        self.bytes += surface_bytes(value)
        limit = self.budget if budget is None else budget
        if self.bytes <= limit:
            return False
        target = limit * self.keep
        while self.bytes > target and len(self._items) > 1:
            _k, gone = self._items.popitem(last=False)
            self.bytes -= surface_bytes(gone)
        return True

    def trim(self) -> None:
        """Evict the least recently used entries until the total is within ``budget`` (after
        the budget was lowered: a large window closed)."""
        while self.bytes > self.budget and self._items:
            _k, gone = self._items.popitem(last=False)
            self.bytes -= surface_bytes(gone)

    def discard(self, key: Hashable) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


__all__ = ["ByteCache", "surface_bytes"]

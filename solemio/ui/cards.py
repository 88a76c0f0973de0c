"""Card pictures at the sizes the layout asks for, cached.

The painter (``solemio.ui.art.CardPainter``) renders SVG at any size; here
each (card, size) is kept so a frame only blits.  The cache is bounded so a
session of window resizes cannot grow memory without limit.  Pictures with
words in them are keyed by the language as well: after a switch in Settings
every card is drawn again in the new language on the next frame, without
throwing away the pictures that have no words.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.engine.kinds import COLOUR_KIND
from solemio.i18n import data_text, language
from solemio.texts import spec_name
from solemio.ui import theme
from solemio.ui.bytecache import ByteCache
from solemio.ui.warm import NotReady

BASE_AREA = 1920 * 1080  # the budgets below are sized for this window; larger ones scale up


def area_scale(size: tuple[int, int]) -> float:
    """How many 1920x1080 windows fit in ``size`` (at least 1).

    A 4K window needs four times the bytes for the same pictures: with fixed
    budgets the caches would evict what every frame needs and repaint it.
    """
    return max(1.0, size[0] * size[1] / BASE_AREA)


class CardImages:
    def __init__(self, painter: Any, budget: int = 40 * 1024 * 1024) -> None:
        self.painter = painter
        self.base_budget = budget
        self.budget = budget  # bytes of pictures kept; beyond it the least recent go
        self._cache = ByteCache(budget, keep=0.7)
        # While a warm-up step runs (``warm.Warmer``): how many pictures it may still render.
        self.allowance: int | None = None
        # The full-window background, kept apart: it is needed every frame, one size at a time.
        self._table: tuple[tuple[int, int], pygame.Surface] | None = None

    def fit_window(self, size: tuple[int, int]) -> None:
        """Grow the picture budget with the window (and the shadowed-card one with it)."""
        self.budget = self._cache.budget = int(self.base_budget * area_scale(size))
        set_shadowed_budget(size)

    def _get(self, key: tuple, make: Any) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        if self.allowance is not None:
            if self.allowance <= 0:
                raise NotReady(key)
            self.allowance -= 1
        try:
            surf = make()
        except Exception:  # a broken picture must not stop the game: draw a plain card
            surf = None
        size = key[-1]
        if not isinstance(surf, pygame.Surface):
            surf = _plain(size, str(key[1:2]))
        elif surf.get_size() != tuple(size):
            surf = pygame.transform.smoothscale(surf, tuple(size))
        if self._cache.put(key, surf):
            # Pictures left (the least recent, down to 70% of the budget): the painter's
            # own copies go with them.  The painter keeps every picture it ever made; this
            # cache keeps the ones in use, so clearing it bounds memory over long games.
            clear = getattr(self.painter, "clear", None)
            if callable(clear):
                clear()
        return surf

    def release(self) -> None:
        """Forget every picture (the window closed)."""
        self._cache.clear()
        self._table = None

    @property
    def bytes(self) -> int:
        return self._cache.bytes

    def _letters(self) -> str:
        """The language of the kinds' letters, which only colour-blind mode prints."""
        return language() if getattr(self.painter, "colour_blind", False) else ""

    def has(self, key: tuple) -> bool:
        return key in self._cache

    def ingredient(self, kind: str, units: int, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("ing", kind, units, self._letters(), tuple(size)),
                         lambda: self.painter.ingredient(kind, units, tuple(size)))

    def order(self, colour: str, order_id: str, cardset: Any,
              size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            spec = cardset.order(order_id)
            return self.painter.order(colour, spec_name(spec), spec.tokens(COLOUR_KIND[colour]),
                                      tuple(size))
        return self._get(("ord", colour, order_id, language(), tuple(size)), make)

    def ingredient_back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("iback", tuple(size)), lambda: self.painter.ingredient_back(tuple(size)))

    def order_back(self, colour: str, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("oback", colour, tuple(size)),
                         lambda: self.painter.order_back(colour, tuple(size)))

    def scorer(self, edition_name: str, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("scorer", edition_name, language(), tuple(size)),
                         lambda: self.painter.scorer(edition_name, tuple(size),
                                                     data_text(edition_name)))

    def kind_icon(self, kind: str, size: int) -> pygame.Surface:
        s = (int(size), int(size))
        return self._get(("icon", kind, self._letters(), s), lambda: self.painter.kind_icon(kind, s))

    def table(self, size: tuple[int, int]) -> pygame.Surface:
        size = (int(size[0]), int(size[1]))
        if self._table is not None and self._table[0] == size:
            return self._table[1]
        try:
            art = self.painter.table(size)
        except Exception:  # a broken background must not stop the game: plain felt
            art = None
        # Opaque copy: the full-window background is blitted every frame, and an
        # opaque blit is several times cheaper than a per-pixel-alpha one.
        flat = pygame.Surface(size)
        flat.fill((38, 54, 26))
        if isinstance(art, pygame.Surface):
            flat.blit(art, (0, 0))
        self._table = (size, flat)
        return flat

    def face(self, face: tuple, cardset: Any, size: tuple[int, int],
             edition_name: str = "Sole Mio!") -> pygame.Surface:
        """Any card face from the engine: ingredient, order or scorer."""
        if face and face[0] == "scorer":
            return self.scorer(edition_name, size)
        if face and face[0] in COLOUR_KIND:
            return self.order(face[0], face[1], cardset, size)
        return self.ingredient(face[0], face[1], size)


def _plain(size: tuple[int, int], label: str) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.CREAM, surf.get_rect(), border_radius=max(2, w // 16))
    pygame.draw.rect(surf, theme.WALNUT, surf.get_rect(), 1, border_radius=max(2, w // 16))
    t = theme.fit_text(label, max(8, h // 8), max(4, w - 6))
    surf.blit(t, (w // 2 - t.get_width() // 2, h // 2 - t.get_height() // 2))
    return surf


SHADOWED_BASE = 10 * 1024 * 1024
_SHADOWED = ByteCache(SHADOWED_BASE)  # (card id, lifted) -> (card, card with its shadow)


def set_shadowed_budget(size: tuple[int, int]) -> None:
    """Scale the composed-card budget with the window area (see :func:`area_scale`)."""
    _SHADOWED.budget = int(SHADOWED_BASE * area_scale(size))
    _SHADOWED.trim()


def shadowed(surface: pygame.Surface, card: pygame.Surface, pos: tuple[int, int],
             lifted: bool = False) -> None:
    """Blit a card with its soft shadow (deeper when lifted, as if held).

    Card and shadow are composed once per card picture, so a frame costs one
    blit per card (the frame-time budget is spent on blits).
    """
    key = (id(card), lifted)
    hit = _SHADOWED.get(key)
    if hit is None or hit[0] is not card:  # new, or an old picture whose id was reused
        w, h = card.get_size()
        off = max(2, h // (14 if lifted else 30))
        comp = pygame.Surface((w + off, h + off), pygame.SRCALPHA)
        pygame.draw.rect(comp, (0, 0, 0, 80 if lifted else 60),
                         pygame.Rect(off // 2, off, w, h), border_radius=max(2, int(w * 0.06)))
        comp.blit(card, (0, 0))
        comp = theme.blit_ready(comp)
        hit = (card, comp)
        _SHADOWED.put(key, hit)
    surface.blit(hit[1], pos)

"""Card pictures at the sizes the layout asks for, cached.

The painter (``solemio.ui.art.CardPainter``) renders SVG at any size; here
each (card, size) is kept so a frame only blits.  The cache is bounded so a
session of window resizes cannot grow memory without limit.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from solemio.ui import theme
from solemio.ui.texts import COLOUR_KIND


class CardImages:
    def __init__(self, painter: Any, limit: int = 600) -> None:
        self.painter = painter
        self.limit = limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def _get(self, key: tuple, make: Any) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        try:
            surf = make()
        except Exception:  # a broken picture must not stop the game: draw a plain card
            surf = None
        size = key[-1]
        if not isinstance(surf, pygame.Surface):
            surf = _plain(size, str(key[1:2]))
        elif surf.get_size() != tuple(size):
            surf = pygame.transform.smoothscale(surf, tuple(size))
        self._cache[key] = surf
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return surf

    def ingredient(self, kind: str, units: int, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("ing", kind, units, tuple(size)),
                         lambda: self.painter.ingredient(kind, units, tuple(size)))

    def order(self, colour: str, order_id: str, cardset: Any,
              size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            spec = cardset.order(order_id)
            return self.painter.order(colour, spec.name, spec.tokens(COLOUR_KIND[colour]),
                                      tuple(size))
        return self._get(("ord", colour, order_id, tuple(size)), make)

    def ingredient_back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("iback", tuple(size)), lambda: self.painter.ingredient_back(tuple(size)))

    def order_back(self, colour: str, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("oback", colour, tuple(size)),
                         lambda: self.painter.order_back(colour, tuple(size)))

    def scorer(self, edition_name: str, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("scorer", edition_name, tuple(size)),
                         lambda: self.painter.scorer(edition_name, tuple(size)))

    def kind_icon(self, kind: str, size: int) -> pygame.Surface:
        s = (int(size), int(size))
        return self._get(("icon", kind, s), lambda: self.painter.kind_icon(kind, s))

    def table(self, size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            # Opaque copy: the full-window background is blitted every frame, and an
            # opaque blit is several times cheaper than a per-pixel-alpha one.
            art = self.painter.table(tuple(size))
            flat = pygame.Surface(tuple(size))
            flat.fill((38, 54, 26))
            flat.blit(art, (0, 0))
            return flat
        return self._get(("table", tuple(size)), make)

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


def shadowed(surface: pygame.Surface, card: pygame.Surface, pos: tuple[int, int],
             lifted: bool = False) -> None:
    """Blit a card with its soft shadow (deeper when lifted, as if held)."""
    w, h = card.get_size()
    off = max(2, h // (14 if lifted else 30))
    sh = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 80 if lifted else 60), sh.get_rect(),
                     border_radius=max(2, int(w * 0.06)))
    surface.blit(sh, (pos[0] + off // 2, pos[1] + off))
    surface.blit(card, pos)

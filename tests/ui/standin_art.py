"""A plain stand-in for solemio.ui.art.CardPainter, used only when the art is missing."""

from __future__ import annotations

import pygame

KIND_RGB = {
    "olive": (62, 40, 74), "pepper": (70, 150, 62), "mushroom": (160, 120, 80),
    "salami": (170, 36, 44), "pineapple": (232, 190, 40),
}
SEAT_RGB = {
    "blue": (58, 104, 178), "green": (70, 150, 62), "brown": (134, 88, 48),
    "red": (200, 52, 44), "yellow": (226, 178, 34),
}


def _card(size, fill, label=""):
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, fill, s.get_rect(), border_radius=max(2, w // 16))
    pygame.draw.rect(s, (40, 30, 20), s.get_rect(), 1, border_radius=max(2, w // 16))
    if label:
        f = pygame.font.Font(None, max(10, h // 6))
        t = f.render(label, True, (0, 0, 0))
        s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    return s


class CardPainter:
    def __init__(self, colour_blind: bool = False) -> None:
        self.colour_blind = colour_blind

    def ingredient(self, kind, units, size):
        s = _card(size, (250, 240, 220), kind[:3] + ("x2" if units == 2 else ""))
        pygame.draw.circle(s, KIND_RGB[kind], (size[0] // 2, size[1] // 3), size[0] // 5)
        return s

    def order(self, colour, name, tokens, size):
        s = _card(size, (250, 240, 220), name[:10])
        pygame.draw.rect(s, SEAT_RGB[colour], (0, 0, size[0], size[1] // 5))
        return s

    def ingredient_back(self, size):
        return _card(size, (150, 60, 40), "oven")

    def order_back(self, colour, size):
        return _card(size, SEAT_RGB[colour], "order")

    def scorer(self, edition_name, size):
        return _card(size, (250, 200, 60), "SUN")

    def kind_icon(self, kind, size):
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.circle(s, KIND_RGB[kind], (size[0] // 2, size[1] // 2), size[0] // 2)
        return s

    def table(self, size):
        s = pygame.Surface(size)
        s.fill((60, 40, 24))
        return s

    def font(self, px, bold=False):
        return pygame.font.Font(None, px)

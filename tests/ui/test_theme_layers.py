"""Cached layers stay translucent when they are composed into other layers."""

from __future__ import annotations

import pygame

from solemio.ui import theme


def test_a_translucent_panel_inside_a_layer_stays_translucent():
    pygame.display.set_mode((1, 1))
    outer = theme.layer(
        ("test-nested", 1), (80, 60),
        lambda s: theme.rounded_panel(s, pygame.Rect(0, 0, 80, 60), (20, 12, 6, 70), radius=6,
                                      shadow=False),
    )
    assert outer.get_at((40, 30)).a == 70
    table = pygame.Surface((80, 60))
    table.fill((0, 200, 0))
    table.blit(outer, (0, 0))
    r, g, b, _ = table.get_at((40, 30))
    assert g > 100 and r < 40  # the green shows through: the panel is not black

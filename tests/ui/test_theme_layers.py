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


def test_rendered_text_is_kept_within_a_byte_budget_that_grows_with_the_window():
    """Lines are cached so labels are not rendered every frame, but by bytes, not by
    count: two thousand lines at 4K held 250 MB.  The same line comes back from the
    cache; thousands of large ones stay within the budget."""
    theme.clear_caches()
    theme.set_cache_budgets(1.0)
    try:
        first = theme.text("Four of a kind", 40)
        assert theme.text("Four of a kind", 40) is first
        for i in range(1500):
            theme.text(f"A long announcement, number {i}, at a 4K size", 90)
        assert theme._TEXT_CACHE.bytes <= theme.TEXT_BASE
        theme.set_cache_budgets(4.0)
        assert theme._TEXT_CACHE.budget == 4 * theme.TEXT_BASE
    finally:
        theme.set_cache_budgets(1.0)
        theme.clear_caches()

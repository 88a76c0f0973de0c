"""The one byte-bounded cache: least recently used out first, the newest always kept."""

from __future__ import annotations

import pygame

from solemio.ui.bytecache import ByteCache


def _surf(w: int, h: int = 1) -> pygame.Surface:
    return pygame.Surface((w, h))


def test_evicts_least_recent_until_under_budget():
    c = ByteCache(budget=100)  # bytes: a 10x1 surface costs 40
    a, b, d = _surf(10), _surf(10), _surf(10)
    assert not c.put("a", a) and not c.put("b", b)
    assert c.get("a") is a  # a is now the most recent
    assert c.put("d", d)  # 120 > 100: the least recent (b) goes
    assert "b" not in c and c.get("a") is a and c.get("d") is d
    assert c.bytes == 80


def test_keep_fraction_and_the_newest_always_stays():
    c = ByteCache(budget=100, keep=0.5)
    for k in "abc":
        c.put(k, _surf(10))
    assert c.bytes <= 50 and "c" in c
    big = _surf(100)  # 400 bytes, over budget alone: kept anyway
    c.put("big", big)
    assert len(c) == 1 and c.get("big") is big


def test_tuples_cost_their_last_surface_and_replacing_a_key_is_counted_once():
    c = ByteCache(budget=10_000)
    c.put("k", ("card", _surf(5)))
    c.put("k", ("card", _surf(7)))
    assert c.bytes == 28
    c.discard("k")
    assert c.bytes == 0 and len(c) == 0

"""The game's randomness rests on what Python promises to keep: seeding and random()."""

from __future__ import annotations

import random

from solemio.engine.rng import GameRandom


def test_pythons_promise_holds():
    # the documented guarantee the generator rests on: random() from a seed never changes
    r = random.Random(1)
    assert [r.random() for _ in range(2)] == [0.13436424411240122, 0.8474337369372327]


def test_shuffle_and_below_are_pinned():
    g = GameRandom(42)
    x = list(range(10))
    g.shuffle(x)
    assert x == [9, 7, 8, 5, 3, 4, 1, 2, 0, 6]
    g = GameRandom(7)
    assert [g.below(n) for n in (2, 3, 5, 10, 100)] == [0, 0, 3, 0, 53]


def test_shuffle_is_below_from_the_end():
    g, h = GameRandom(3), GameRandom(3)
    x = list(range(33))
    g.shuffle(x)
    y = list(range(33))
    for i in range(32, 0, -1):
        j = h.below(i + 1)
        y[i], y[j] = y[j], y[i]
    assert x == y and g.getstate() == h.getstate()


def test_copies_and_states_go_on_alike():
    g = GameRandom(-5)  # any int seeds it
    assert all(0 <= g.below(n) < n for n in range(1, 300))
    c = g.copy()
    assert [c.below(1000) for _ in range(5)] == [g.below(1000) for _ in range(5)]
    st = g.getstate()
    a = [g.below(10**9) for _ in range(3)]
    g.setstate(st)
    assert [g.below(10**9) for _ in range(3)] == a


def test_lazy_copies_draw_what_started_ones_draw():
    # a generator seeded later, and copies of pending and started generators, draw exactly
    # what a plain one from the same seed or state draws
    later, plain = GameRandom.seeded_later(2**63 + 11), GameRandom(2**63 + 11)
    assert later.getstate() == plain.getstate()
    pending = GameRandom.seeded_later(99)
    copies = [pending.copy(), pending.copy().copy()]
    started = GameRandom(99)
    assert [started.below(1000) for _ in range(3)] == [pending.below(1000) for _ in range(3)]
    for c in copies:  # the original drew since: its copies still start from the seed
        ref = GameRandom(99)
        assert [c.below(1000) for _ in range(3)] == [ref.below(1000) for _ in range(3)]
    mid = started.copy()  # a copy of a started generator: pending on its state
    twin = started.copy().copy()
    x, y, z = list(range(40)), list(range(40)), list(range(40))
    started.shuffle(x)
    mid.shuffle(y)
    twin.shuffle(z)
    assert x == y == z and started.getstate() == mid.getstate() == twin.getstate()
    st = started.getstate()
    fresh = GameRandom.seeded_later(1)
    fresh.setstate(st)
    assert fresh.below(10**9) == started.below(10**9)


def test_copies_pending_on_a_seed_share_its_tape_and_draw_their_own_numbers():
    # generators pending on one seed read its numbers from one tape (rng._Tape), each from
    # its own place: interleaved, copied midway, asked for their state, they draw exactly
    # what a plain generator of that seed draws (a tape read from a shared place, or one
    # kept per seed but read from the start by a copy made midway, fails this)
    from solemio.engine import rng as rng_module

    seed = 2**64 - 12345
    rng_module._TAPES.pop(seed, None)
    a, b = GameRandom.seeded_later(seed), GameRandom.seeded_later(seed)
    plain_a, plain_b = GameRandom(seed), GameRandom(seed)
    x, y = list(range(37)), list(range(37))
    a.shuffle(x)
    plain_a.shuffle(y)
    assert x == y
    assert b.below(1000) == plain_b.below(1000)  # b starts at the tape's beginning
    mid = a.copy()  # at a's place on the tape
    plain_mid = plain_a.copy()
    for g, plain in ((a, plain_a), (b, plain_b), (mid, plain_mid)):
        x, y = list(range(80)), list(range(80))  # past the numbers kept so far
        g.shuffle(x)
        plain.shuffle(y)
        assert x == y
        assert [g.below(n) for n in (2, 7, 1000)] == [plain.below(n) for n in (2, 7, 1000)]
        assert g.getstate() == plain.getstate()
    c = GameRandom.seeded_later(seed)
    assert c.getstate() == GameRandom(seed).getstate()
    c.setstate(plain_a.getstate())  # off the tape again
    assert c.below(10**9) == plain_a.below(10**9)

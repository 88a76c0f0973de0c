"""Hard's searches run with the cycle collector off, and leave nothing for it to find.

The pause (``solemio.ai.collector``) is only sound while play-outs make no reference
cycles: the last test guards that premise.
"""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from solemio.ai import make_agent, search
from solemio.ai.collector import collector_paused
from solemio.engine import load_cardset, new_game

COLOURS4 = ["blue", "green", "brown", "red"]


@pytest.fixture(autouse=True)
def _collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_pause_restores_the_collector_as_found() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: still off, and on only after the outer one
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()  # found off: left off


class _Node:
    pass


def test_a_pause_leaves_what_lives_to_the_full_collections() -> None:
    """What a search leaves alive skips the young generations (no collection walks it as
    it ages), and garbage with cycles made during a pause is still collected, by a full
    collection."""
    gc.collect()
    with collector_paused():
        kept = [[i] for i in range(2000)]
        node = _Node()
        node.me = node  # a cycle, dropped before the pause ends
        gone = weakref.ref(node)
        del node
    assert gc.get_count()[0] < 100  # the young count starts over
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(kept) in oldest and id(kept[-1]) in oldest
    gc.collect(1)
    assert gone() is not None  # the young collections do not walk it
    gc.collect()
    assert gone() is None  # not leaked


def test_pause_restores_after_an_error() -> None:
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_threads_share_one_pause() -> None:
    inside, leave = threading.Event(), threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            leave.wait(5)

    t = threading.Thread(target=other)
    t.start()
    inside.wait(5)
    with collector_paused():
        pass
    assert not gc.isenabled()  # the other thread's search still runs
    leave.set()
    t.join(5)
    assert gc.isenabled()


def _play(edition: str, seed: int, decisions: int, on_row=None) -> int:  # noqa: ANN001
    """Hard (8 play-outs a decision) at seat 0 against 3 normal, for a few of its searches."""
    g = new_game(load_cardset(edition), COLOURS4, seed=seed)
    agents = [make_agent("hard", 0, seed, iterations=8)]
    agents += [make_agent("normal", s, seed + s) for s in range(1, 4)]
    searched = 0
    while not g.is_over() and searched < decisions:
        seat = g.current_seat()
        before = agents[0].searches if seat == 0 else 0
        g.apply(agents[seat].decide(g))
        searched += seat == 0 and agents[0].searches > before
    return searched


def test_searches_run_with_the_collector_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real = search.iteration_row

    def row(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - iteration_row's
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "iteration_row", row)
    assert _play("sole-mio", 3, 3) == 3
    assert seen and not any(seen)
    assert gc.isenabled()  # back on between searches


@pytest.mark.parametrize("edition", ["sole-mio", "grande"])
def test_searches_leave_no_cycles(edition: str) -> None:
    """A search's garbage is freed by reference counting alone: after searches run with
    the collector off, a collection finds (almost) nothing."""
    _play(edition, 5, 1)  # imports and first-use tables made before counting
    gc.collect()
    with collector_paused():
        assert _play(edition, 6, 4) == 4
        found = gc.collect()
    assert found < 20, found

"""Hard's search on several cores: same answers, cancellable, and one core where processes fail."""

from __future__ import annotations

import os
import threading
import time

import pytest
from conftest import COLOURS4

from solemio.ai import make_agent, workers
from solemio.engine import load_cardset, new_game


def _positions(edition: str, kinds: tuple[str, ...], count: int, seed: int = 21) -> list:
    cs = load_cardset(edition)
    game = new_game(cs, COLOURS4, seed=seed)
    agents = [make_agent("normal", s, s) for s in range(4)]
    out = []
    while not game.is_over() and len(out) < count:
        if game.decision().kind in kinds:
            out.append(game.clone(record_events=True))
        game.apply(agents[game.current_seat()].decide(game))
    return out


@pytest.mark.parametrize("edition", ["sole-mio", "grande"])
def test_two_workers_answer_as_one_core(edition: str) -> None:
    """With an iteration budget the rows, and so the choice, do not depend on the cores."""
    pool = workers.shared_pool(2)
    assert pool is not None and pool.wait_ready(60)
    for game in _positions(edition, ("order", "draw", "help", "fill"), 4):
        seat = game.current_seat()
        one = make_agent("hard", seat, 5, iterations=10)
        two = make_agent("hard", seat, 5, iterations=10, workers=2)
        a = one.decide(game.clone(record_events=True))
        b = two.decide(game.clone(record_events=True))
        assert a == b
        assert one.playouts == two.playouts
    assert workers.shared_pool(2) is not None  # the pool really ran (and stays warm)


def test_pool_starts_once_and_stays_warm() -> None:
    pool = workers.shared_pool(2)
    assert pool is not None and pool.wait_ready(60) and pool.alive()
    game = _positions("sole-mio", ("order",), 1)[0]
    make_agent("hard", game.current_seat(), 3, iterations=4, workers=2).decide(game)
    assert workers.shared_pool(2) is pool and pool.alive()


def test_multicore_thinking_is_cancellable() -> None:
    assert workers.shared_pool(2).wait_ready(60)
    game = _positions("sole-mio", ("order",), 1)[0]
    hard = make_agent("hard", game.current_seat(), 5, budget_ms=60_000, workers=2)
    cancel = threading.Event()
    box: dict = {}
    worker = threading.Thread(target=lambda: box.setdefault("choice", hard.decide(game, cancel)))
    t0 = time.perf_counter()
    worker.start()
    time.sleep(0.5)
    cancel.set()
    worker.join(timeout=5)
    assert not worker.is_alive()
    assert time.perf_counter() - t0 < 3.0
    assert box["choice"] in game.decision().choices
    # the pool is still usable after a withdrawn question
    again = make_agent("hard", game.current_seat(), 6, iterations=3, workers=2)
    assert again.decide(game.clone(record_events=True)) in game.decision().choices


def test_one_core_when_processes_are_unavailable(monkeypatch) -> None:
    def refuse(_n: int) -> None:
        raise OSError("no processes in this sandbox")

    monkeypatch.setattr(workers, "_POOL", None)
    monkeypatch.setattr(workers, "_POOL_FAILED", False)
    monkeypatch.setattr(workers, "PlayoutPool", refuse)
    assert workers.shared_pool(4) is None
    game = _positions("grande", ("order",), 1)[0]
    seat = game.current_seat()
    one = make_agent("hard", seat, 5, iterations=6)
    many = make_agent("hard", seat, 5, iterations=6, workers=4)
    assert many.decide(game.clone(record_events=True)) == one.decide(game.clone(record_events=True))
    assert many.playouts == one.playouts == 6


def test_every_core_option(monkeypatch) -> None:
    hard = make_agent("hard", 0, 1, workers=0)
    assert hard.workers == workers.default_workers() >= 1
    # a many-core machine: every core up to MAX_WORKERS play-out processes
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: set(range(32)), raising=False)
    assert workers.default_workers() == workers.MAX_WORKERS == 8
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert workers.default_workers() == 3


def test_a_search_never_waits_for_workers_to_start(monkeypatch) -> None:
    """Until the workers are ready the seat searches on one core, within its budget."""
    pool = workers.shared_pool(2)
    monkeypatch.setattr(type(pool), "ready", lambda self: False)
    game = _positions("sole-mio", ("order",), 1)[0]
    hard = make_agent("hard", game.current_seat(), 5, budget_ms=150, workers=2)
    t0 = time.perf_counter()
    assert hard.decide(game) in game.decision().choices
    assert time.perf_counter() - t0 < 1.0


@pytest.mark.skipif(not os.path.exists("/proc"), reason="process checks read /proc")
def test_workers_end_when_the_game_process_dies(tmp_path) -> None:
    """A game process killed without closing its pool leaves no play-out process behind."""
    import subprocess
    import sys

    script = tmp_path / "orphan.py"
    script.write_text(
        "import os\n"
        "from solemio.ai.workers import shared_pool\n"
        "if __name__ == '__main__':\n"
        "    p = shared_pool(2)\n"
        "    assert p.wait_ready(60)\n"
        "    print(' '.join(str(x.pid) for x in p._procs), flush=True)\n"
        "    os._exit(0)\n"
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    pids = [int(x) for x in out.stdout.split()]
    assert len(pids) == 2, out.stderr
    end = time.monotonic() + 10
    alive = pids
    while alive and time.monotonic() < end:
        time.sleep(0.2)
        alive = [p for p in pids if _alive(p)]
    assert not alive


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie has exited; only its entry waits for the reaper
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return True


def test_a_worker_imports_the_play_outs_not_the_search() -> None:
    """Issue 23: a play-out worker imports ``solemio.ai.playout`` (and the rules), not the
    search, the arena or anything of the window."""
    import subprocess
    import sys

    probe = ("import sys; import solemio.ai.workers as w; w._worker_imports(); "
             "print(' '.join(sorted(m for m in sys.modules if m.startswith('solemio'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    loaded = set(out.stdout.split())
    assert "solemio.ai.playout" in loaded
    assert not loaded & {"solemio.ai.search", "solemio.ai.arena", "solemio.ai.tally", "solemio.ui",
                         "solemio.coach"}, loaded

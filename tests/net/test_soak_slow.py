"""A long run (``-m slow``): many tables at once, every frame of every connection checked."""

from __future__ import annotations

import threading

import pytest

from solemio.engine import replay

from .net_helpers import RecordingClient, check_frames, play_all

pytestmark = pytest.mark.slow


def test_twelve_tables_at_once_in_every_edition(server):
    editions = ["sole-mio", "mamma-mia", "grande"] * 4
    runs = []
    for i, edition in enumerate(editions):
        clients = [RecordingClient(server.url) for _ in range(3)]
        code, _ = clients[0].create(edition, ["person", "person", "normal", "person"],
                                    seed=100 + i)
        tables = [c.join(code, f"P{k}") for k, c in enumerate(clients)]
        runs.append((code, clients, tables))
    threads = [threading.Thread(target=play_all, args=(tables, "easy", 1200))
               for _code, _clients, tables in runs]
    for th in threads:
        th.start()
    for th in threads:
        th.join(1500)
    for code, clients, tables in runs:
        game = server.table(code).game
        assert game.is_over()
        assert replay(game.cs, game.colours, game.seed,
                      list(game.choices_log)).scores() == game.scores()
        for c, t in zip(clients, tables, strict=True):
            assert check_frames(c.frames, {code: game}, {(code, t.viewer)}) > 10
            c.close()

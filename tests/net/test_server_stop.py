"""A server that stops (``solemio serve`` on SIGTERM, a hosting window that quits) writes
its tables and stops its workers cleanly: a change the loop still runs while it stops
starts no thinking and no write on the workers being shut down (which logged "cannot
schedule new futures after shutdown"), and is written all the same."""

from __future__ import annotations

import asyncio
import json
import logging

from solemio.net.background import BackgroundServer
from solemio.net.client import TableClient
from solemio.net.server import Limits

LIMITS = Limits(per_address=64, rate=400, burst=400)


def test_a_change_while_the_server_stops_is_written_and_logs_no_fault(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    bs = BackgroundServer(tmp_path, LIMITS)
    bs.start()
    c = TableClient(bs.url, "test")
    code, _host = c.create("sole-mio", ["person", "easy"], seed=1)
    c.join(code, "Ann")
    c.close()
    server = bs.server
    t = bs.table(code)

    async def late_changes() -> None:
        stopping = asyncio.ensure_future(server.stop())
        await asyncio.sleep(0)  # the stop has begun, its workers are being shut down
        server._changed(t)  # a change the loop still runs: written, nothing thinks
        server.kick(code)
        await stopping
        server._changed(t)  # and one after the stop
        server.sweep()
        await asyncio.sleep(server.save_delay + 0.3)

    asyncio.run_coroutine_threadsafe(late_changes(), bs._loop).result(10)
    bs.stop()
    faults = [f"{r.name}: {r.getMessage()}" for r in caplog.records
              if r.levelno >= logging.WARNING]
    assert faults == []
    saved = json.loads((tmp_path / f"{code}.json").read_text(encoding="utf-8"))
    assert len(saved["choices"]) == len(t.game.choices_log)

"""A table server on a thread of its own: for a window that hosts its table, and the tests.

``solemio serve`` runs the server on the main thread's event loop; a window cannot give
its thread to asyncio, so it starts the same server here, on a thread with its own loop.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from solemio.net.server import Limits, TableServer


class BackgroundServer:
    """Start with ``start()`` (returns the port), stop with ``stop()`` (writes every table)."""

    def __init__(self, data: Path | None = None, limits: Limits | None = None,
                 host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        self.host, self.port = host, port
        self.server = TableServer(data, limits, **options)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="table-server",
                                        daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self.server.start(self.host, self.port),
                                                  self._loop)
        self.port = future.result(timeout)
        return self.port

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def call(self, fn: Any, *args: Any, timeout: float = 10.0) -> Any:
        """Run ``fn(*args)`` on the server's loop and return its result (for tests and the
        host's window: the server's state is the loop's alone)."""
        async def run() -> Any:
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def table(self, code: str) -> Any:
        """The server's table ``code`` (its NetTable), read on the server's loop."""
        return self.call(lambda: self.server.tables[code])

    def stop(self, timeout: float = 30.0) -> None:
        if not self._thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        self._loop.close()

    def __enter__(self) -> BackgroundServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

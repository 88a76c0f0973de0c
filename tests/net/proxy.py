"""A small TCP proxy for the network tests: latency each way, and dropped connections."""

from __future__ import annotations

import asyncio
import threading


class Proxy:
    """Forwards 127.0.0.1:<port> to ``target``; every chunk waits ``latency`` seconds
    (order kept); ``drop()`` cuts every connection through it at once."""

    def __init__(self, target_port: int, latency: float = 0.0) -> None:
        self.target_port = target_port
        self.latency = latency
        self.port = 0
        self.drops = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self) -> Proxy:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(5)
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return self._server.sockets[0].getsockname()[1]

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer),
                             return_exceptions=True)
        self._writers -= {writer, up_writer}

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if data is None:
                    break
                wait = due - self._loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(data)
                await writer.drain()

        sender = asyncio.ensure_future(deliver())
        try:
            while data := await reader.read(65536):
                queue.put_nowait((self._loop.time() + self.latency, data))
        finally:
            queue.put_nowait((0, None))
            try:
                await sender
            finally:
                writer.close()

    def drop(self) -> None:
        """Cut every connection (as a lost network would)."""
        def cut() -> None:
            for w in list(self._writers):
                w.transport.abort()
        self._loop.call_soon_threadsafe(cut)
        self.drops += 1

    def stop(self) -> None:
        """Cut every connection and end every pipe before the loop stops, so no pipe is
        left half-run for the garbage collector to finish on a closed loop."""
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5)
        self.drops += 1
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            self._loop.close()

    async def _shutdown(self) -> None:
        self._server.close()
        for w in list(self._writers):
            w.transport.abort()
        tasks = {t for t in asyncio.all_tasks() if t is not asyncio.current_task()}
        if tasks:  # the cut connections end their pipes; what still waits is cancelled
            _done, waiting = await asyncio.wait(tasks, timeout=2)
            for t in waiting:
                t.cancel()
            await asyncio.gather(*waiting, return_exceptions=True)

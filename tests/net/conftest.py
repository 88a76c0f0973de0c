"""A table server on loopback, on a port the system chose, with a throw-away folder."""

from __future__ import annotations

import pytest

from solemio.net.background import BackgroundServer
from solemio.net.server import Limits


@pytest.fixture
def server(tmp_path):
    bs = BackgroundServer(tmp_path / "tables", Limits(per_address=64, rate=400, burst=400))
    bs.start()
    yield bs
    bs.stop()

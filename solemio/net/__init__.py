"""Network play: the table server, its protocol, and the remote table a window plays through.

Pure Python, never pygame.  The server (``server.py``) is the only authority and holds
each game; a client gets only what its seats may see (``events_for``, ``view``), and
``client.RemoteTable`` offers a window the interface of ``show.table.SeatTable``.
See docs/protocol.md and docs/server.md.
"""

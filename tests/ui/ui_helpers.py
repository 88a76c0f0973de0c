"""Shared values for the window tests (a module of its own: importing conftest is fragile)."""

from __future__ import annotations

import pygame

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig

FAST_AGENTS = {"hard": {"budget_ms": 20}}  # the tests check the flow, not the strength


def recording_texts(monkeypatch) -> set[str]:
    """Every text the fonts render from now on (the caches are emptied first, so no text
    comes from a font or picture made before the call)."""
    from solemio.ui import theme

    rendered: set[str] = set()

    class RecordingFont(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            rendered.add(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    theme.base_font.cache_clear()
    theme.clear_caches()
    return rendered


def finished_session() -> GameSession:
    """A Sole Mio! game of one person and two computers, played to its end at once (each
    seat takes its last choice) and shown at its last event: a replay to open."""
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bot", "green", person=False),
             SeatConfig("Cleo", "red", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 5)
    while not sess.game.is_over():
        sess.game.apply(sess.game.decision().choices[-1])
    sess.seek(sess.game.event_count())
    return sess


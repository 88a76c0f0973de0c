"""The guided first game's session, from the guide's designed deal (the guide's words and
targets: solemio/show/guide.py; the window starts it with ``ui.scenes.base.start_guided_game``)."""

from __future__ import annotations

from typing import Any

from solemio.i18n import _
from solemio.show import guide


def guided_session(agent_options: dict | None = None) -> Any:
    """A new game of the guide's edition from its designed deal (``guide.deal``): you
    first, then two easy computer players. The session carries ``guide = True`` (the table
    then speaks; the autosave keeps it)."""
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig

    names = [_("You"), "Giulia", "Marco"]
    seats = [SeatConfig(name, colour, person=level is None, level=level or "easy")
             for name, (colour, level) in zip(names, guide.SEATS, strict=True)]
    cs = load_cardset(guide.EDITION)
    sess = GameSession(cs, seats, guide.SEED, first=0, agent_options=agent_options,
                       game=guide.deal(cs))
    sess.guide = True
    sess.guide_note = ""
    return sess


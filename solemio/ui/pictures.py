"""The pictures the game writes of a game in progress (a named save's picture in the Load
list): what everybody at the table may see, never more.

A picture outlives the moment it was taken: anyone who opens the Load list sees it.
In hot-seat play the picture is always painted again as everybody sees the table
(the last frame drawn may hold a hand hidden since, or the screen a person left for
the pause menu holds theirs): the game's scene drawn with the hands hidden
(``GameSession.hands_hidden``), then laid out for its person again.  With one
person at the table the picture is the screen as it stood (the hand is theirs, as
on the table they left).
"""

from __future__ import annotations

from typing import Any

import pygame


def public_picture(app: Any, session: Any) -> pygame.Surface | None:
    """The game's screen as everybody at the table may see it (see the module)."""
    if session is None:
        return None
    if len(session.persons) <= 1:
        return app.screen.copy()
    # Hot seat: painted again, even with nobody's hand in the session now (the screen
    # may still hold the frame drawn before the hand was hidden, or a pass screen).
    from solemio.ui.scenes.base import GameScene

    scene = next((sc for sc in reversed(app.manager.stack) if isinstance(sc, GameScene)
                  and sc.session is session), None)
    surface = pygame.Surface(app.size)
    if scene is None:
        surface.fill((40, 24, 12))  # no table to paint: an empty picture, never a hand
        return surface
    view = scene.view
    try:
        with session.hands_hidden():
            scene.view = session.view()
            scene.layout(app.size)
            scene.draw(surface)
    finally:
        scene.view = view
        scene.layout(app.size)
    return surface

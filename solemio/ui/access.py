"""Accessibility settings made real for the window: the text size, the effects' volume and
mute, reduced motion (docs/accessibility.md).

One place the app calls when settings change (``apply``) and when a key arrives before any
scene sees it (``global_key``: F8 mutes), so no scene needs to know about them.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import anim, theme

#: Mute and unmute every sound, on any screen (said in the title's hints).
MUTE_KEY = pygame.K_F8


def apply(app: Any) -> bool:
    """Apply the accessibility settings to the window; True when the text size changed (the
    caller lays every scene out again and the still frame is painted anew)."""
    s = app.settings
    app.sound.enabled = s.sound
    app.sound.set_volume(s.volume / 100)
    anim.set_reduced(s.reduced_motion)
    changed = theme.set_text_scale(s.text_size)
    if changed:
        app.static_frame.invalidate()
    return changed


def hints(app: Any) -> str:
    """The hint at the foot of the title screen: the keys, or the controller's buttons
    when a controller is the device in use."""
    pad = getattr(app, "pad", None)
    if pad is not None and pad.in_use:
        return _("D-pad or stick to move · A to choose · B to go back · Start for the menu")
    parts = [_("Arrows or Tab to move · Enter to choose · F11 full screen"),
             _("F8 sound on or off")]
    if app.settings.speech:
        parts.append(_("F2 the table in words"))
    return " · ".join(parts)


def game_hints(app: Any) -> str:
    """The hint at the foot of the game's menu (Start or Esc in a game): the controller's
    buttons while one is in use, the shoulders' cards of the hand among them (no other
    screen of a game has room to say them); the keys otherwise."""
    pad = getattr(app, "pad", None)
    if pad is not None and pad.in_use:
        return _("D-pad or stick to move · A to choose · B to go back") + " · " + \
            _("L and R: the cards of your hand")
    return hints(app)


def global_key(app: Any, event: pygame.event.Event) -> bool:
    """Keys every screen answers the same way; True when the key was used."""
    if event.type != pygame.KEYDOWN:
        return False
    from solemio.ui import narrator

    if narrator.handle_key(app, event):
        return True
    if event.key == MUTE_KEY:
        app.settings.sound = not app.settings.sound
        app.settings_changed()
        return True
    return False

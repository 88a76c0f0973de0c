"""Game controllers through SDL's game-controller API (docs/accessibility.md): an Xbox,
PlayStation or Switch pad, or a Steam Deck's own controls, play the game as the keyboard
does.

The D-pad or the left stick moves the focus as the arrow keys do (held: repeated), A
chooses (Enter), B goes back (Escape), Start opens the menu (Escape on a game screen),
the shoulder buttons go to the previous or next card of the hand (else the previous or
next control, as Shift+Tab and Tab), Y says the table's summary when speech is on (F2).
:class:`Pad` turns controller events into the key events the scenes already answer, so no
scene knows about controllers; it also tells whether a controller is the device in use
(the title's hints then name its buttons).
"""

from __future__ import annotations

from typing import Any

import pygame

#: Controller buttons and the key each stands for.
BUTTON_KEYS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_F2,
}
SHOULDERS = {pygame.CONTROLLER_BUTTON_LEFTSHOULDER: -1,
             pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: 1}
#: The stick counts as pushed past this (of 32767), and released below the lower mark.
STICK_ON, STICK_OFF = 16000, 9000
#: A held direction repeats after this long, then this often (seconds), as held keys do.
REPEAT_DELAY, REPEAT_EVERY = 0.4, 0.13
_ARROWS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
_CONTROLLER_EVENTS = frozenset({pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                                pygame.CONTROLLERAXISMOTION, pygame.CONTROLLERDEVICEADDED,
                                pygame.CONTROLLERDEVICEREMOVED})


def key_event(k: int, shift: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_SHIFT if shift else 0,
                              unicode="", scancode=0)


class Pad:
    """Controller events as key events (see the module's docstring)."""

    def __init__(self) -> None:
        self.in_use = False  # the latest input came from a controller
        self._pads: dict[int, Any] = {}  # opened controllers by instance id
        self._stick: dict[int, int] = {}  # axis -> -1, 0, 1
        self._held: int | None = None  # the arrow held (D-pad or stick)
        self._held_t = 0.0

    def open_all(self) -> None:
        """Open the controllers already plugged in (those plugged in later come as events)."""
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            for i in range(controller.get_count()):
                self._open(i)
        except (pygame.error, ImportError, AttributeError):
            pass

    def _open(self, index: int) -> None:
        try:
            from pygame._sdl2 import controller

            if controller.is_controller(index):
                pad = controller.Controller(index)
                self._pads[pad.id] = pad
        except (pygame.error, ImportError, AttributeError, TypeError):
            pass

    def translate(self, app: Any, event: pygame.event.Event) -> list[pygame.event.Event] | None:
        """The key events ``event`` stands for; None when it is no controller's event (a
        key or the mouse: the keyboard is then the device in use)."""
        t = event.type
        if t not in _CONTROLLER_EVENTS:
            if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.in_use = False
            return None
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open(getattr(event, "device_index", 0))
            return []
        if t == pygame.CONTROLLERDEVICEREMOVED:
            self._pads.pop(getattr(event, "instance_id", -1), None)
            return []
        self.in_use = True
        if t == pygame.CONTROLLERBUTTONDOWN:
            b = event.button
            if b in SHOULDERS:
                return cycle_hand(app, SHOULDERS[b])
            k = BUTTON_KEYS.get(b)
            if k is None:
                return []
            if k == pygame.K_ESCAPE and getattr(app.manager.top, "escape_quits", False):
                return []  # the title: going back from it would close the game
            if k in _ARROWS:
                self._hold(k)
            return [key_event(k)]
        if t == pygame.CONTROLLERBUTTONUP:
            if BUTTON_KEYS.get(event.button) == self._held:
                self._held = None
            return []
        # The left stick: an arrow when it is pushed past STICK_ON, repeated while held.
        axis, value = event.axis, event.value
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        was = self._stick.get(axis, 0)
        now = was
        if abs(value) >= STICK_ON:
            now = 1 if value > 0 else -1
        elif abs(value) < STICK_OFF:
            now = 0
        self._stick[axis] = now
        if now == was:
            return []
        if now == 0:
            self._held = None
            return []
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            k = pygame.K_RIGHT if now > 0 else pygame.K_LEFT
        else:
            k = pygame.K_DOWN if now > 0 else pygame.K_UP
        self._hold(k)
        return [key_event(k)]

    def _hold(self, k: int) -> None:
        self._held, self._held_t = k, -REPEAT_DELAY

    def update(self, dt: float) -> list[pygame.event.Event]:
        """The arrows a held D-pad or stick repeats in ``dt`` seconds."""
        if self._held is None:
            return []
        self._held_t += dt
        out = []
        while self._held_t >= REPEAT_EVERY:
            self._held_t -= REPEAT_EVERY
            out.append(key_event(self._held))
        return out[:3]  # a long frame never floods the focus


def cycle_hand(app: Any, step: int) -> list[pygame.event.Event]:
    """The shoulder buttons: the focus to the previous or next card of the hand (wrapping),
    or, on a screen with no hand, to the previous or next control (Shift+Tab, Tab)."""
    top = app.manager.top
    focus = getattr(top, "focus", None)
    if focus is None:
        return []
    cards = [i for i, w in enumerate(focus.widgets)
             if w.name.startswith("hand") and w.visible and w.rect.w > 0]
    if not cards:
        return [key_event(pygame.K_TAB, shift=step < 0)]
    if focus.focus in cards:
        at = (cards.index(focus.focus) + step) % len(cards)
    else:
        at = 0 if step > 0 else len(cards) - 1
    focus.focus = cards[at]
    return []

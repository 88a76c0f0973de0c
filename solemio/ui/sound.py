"""Short sound effects (play, draw, reveal, filled, failed), switchable in settings.

Sound is a nicety: a missing file, a missing audio device or a disabled
setting must never stop the game, so every failure here is silent.
"""

from __future__ import annotations

import pygame

from solemio.resources import resource_path

NAMES = ("play", "draw", "reveal", "filled", "failed", "click", "scorer", "shuffle")


class Sound:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None

    def _init(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._ready = True
            except pygame.error:
                self._ready = False
        return self._ready

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._cache:
            return self._cache[name]
        snd = None
        for ext in ("ogg", "wav"):
            try:
                snd = pygame.mixer.Sound(str(resource_path("assets", "sounds", f"{name}.{ext}")))
                snd.set_volume(0.6)
                break
            except (FileNotFoundError, pygame.error):
                continue
        self._cache[name] = snd
        return snd

    def play(self, name: str) -> None:
        if not self.enabled or not self._init():
            return
        snd = self._load(name)
        if snd is not None:
            try:
                snd.play()
            except pygame.error:
                pass

"""Short sound effects (play, draw, reveal, filled, failed), switchable in settings.

Sound is a nicety: a missing file, a missing audio device or a disabled
setting must never stop the game, so every failure here is silent.
"""

from __future__ import annotations

import pygame

from solemio.resources import resource_path

NAMES = ("play", "draw", "reveal", "filled", "failed", "click", "scorer", "shuffle")


class Sound:
    #: The loudest an effect plays (at 100 % in Settings); 80 %, the default, is 0.6.
    FULL = 0.75

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = volume  # 0..1, the player's volume of the effects
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
                break
            except (FileNotFoundError, pygame.error):
                continue
        self._cache[name] = snd
        return snd

    def set_volume(self, volume: float) -> None:
        """The player's volume (0..1) for every effect from now on."""
        self.volume = max(0.0, min(1.0, float(volume)))

    def level(self) -> float:
        """The mixer volume an effect plays at now."""
        return self.FULL * self.volume

    def play(self, name: str) -> None:
        if not self.enabled or self.volume <= 0 or not self._init():
            return
        snd = self._load(name)
        if snd is not None:
            try:
                snd.set_volume(self.level())
                snd.play()
            except pygame.error:
                pass

"""Small animation helpers: eased flights of cards and timed banners.

Animations only read positions and time; they never touch the game, so a
skipped or sped-up animation cannot change what happens.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 3 * t * t - 2 * t * t * t


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(
        round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
        max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)),
    )


#: Reduced motion (Settings, for players who get motion sick): flights fly in a third of
#: their time, nothing shakes or bobs.  Set by ui/access.py from the settings.
REDUCED = False
REDUCED_SPEED = 3.0


def set_reduced(on: bool) -> None:
    global REDUCED
    REDUCED = bool(on)


@dataclass
class Flight:
    """A card image moving from one rectangle to another along an eased path."""

    image_key: tuple  # what to draw: resolved by the scene at draw time (size may change)
    start: pygame.Rect
    end: pygame.Rect
    duration: float = 0.25
    delay: float = 0.0
    t: float = 0.0
    shake: bool = False
    fade: bool = False
    tag: object = None  # what the flight stands for (e.g. the column it is landing in)
    back_key: tuple | None = None  # set: the card turns over from this back on its way

    @property
    def started(self) -> bool:
        return self.t >= self.delay

    def linear(self) -> float:
        if self.t < self.delay:
            return 0.0
        return max(0.0, min(1.0, (self.t - self.delay) / max(1e-6, self.duration)))

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def progress(self) -> float:
        if self.t < self.delay:
            return 0.0
        return ease_out((self.t - self.delay) / max(1e-6, self.duration))

    def rect(self) -> pygame.Rect:
        r = lerp_rect(self.start, self.end, self.progress())
        if self.shake and not REDUCED and 0 < self.progress() < 1:
            import math

            r.x += int(math.sin(self.t * 50) * r.w * 0.06)
        return r


@dataclass
class Animations:
    flights: list[Flight] = field(default_factory=list)

    def add(self, flight: Flight) -> None:
        self.flights.append(flight)

    def extend(self, flights: list[Flight]) -> None:
        self.flights.extend(flights)

    def update(self, dt: float) -> None:
        if REDUCED:
            dt *= REDUCED_SPEED  # the same path, a third of the time
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]

    def clear(self) -> None:
        self.flights.clear()

    @property
    def busy(self) -> bool:
        return bool(self.flights)

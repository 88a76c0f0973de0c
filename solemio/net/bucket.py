"""A token bucket: the server's cap on one connection's messages, and the client's own
pacing to stay under it (the same arithmetic on both sides, so a well-behaved window is
never refused for speed)."""

from __future__ import annotations

import time


class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "level", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def _level(self, now: float) -> float:
        return min(self.burst, self.level + (now - self.at) * self.rate)

    def take(self) -> bool:
        now = time.monotonic()
        self.level, self.at = self._level(now), now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until a token is there (0: now)."""
        level = self._level(time.monotonic())
        return 0.0 if level >= 1.0 else (1.0 - level) / self.rate

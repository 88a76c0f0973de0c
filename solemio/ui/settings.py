"""Player preferences, kept as JSON in the per-user config folder.

Written atomically (temp file + ``os.replace``) so a crash or a full disk
never leaves a half-written file that would lose every preference.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from solemio import userdirs
from solemio.atomic import write_atomic
from solemio.i18n import LANGUAGES, system_language

PACES = (0.5, 0.75, 1.0, 1.5, 2.0)
REVEAL_SPEEDS = (0.5, 1.0, 2.0, 4.0)


@dataclass
class Settings:
    """Everything a player can change in the settings scene."""

    pace: float = 1.0  # seconds a computer play stays in focus
    sound: bool = True
    learner_aid: bool = False  # off by default: the game is about memory
    memory_training: bool = False  # estimate the oven before each reveal (show/memory.py)
    full_log: bool = False  # the learner's fuller log of the announcements (scenes/log.py)
    colour_blind: bool = False
    # Until the player picks one in Settings: the system's language (English if none of ours).
    language: str = field(default_factory=system_language)
    reveal_speed: float = 1.0
    fullscreen: bool = False
    window_size: list[int] | None = None  # the window as the player left it (not full screen)
    window_pos: list[int] | None = None
    # The guided first game is offered once, on the first start (no settings file yet: see
    # load()); a Settings made in code, as the tests make them, counts as offered.
    guide_offered: bool = True

    def normalised(self) -> Settings:
        """Clamp values a hand-edited file may have broken, so the game still starts."""
        s = Settings(**asdict(self))
        try:
            s.pace = float(s.pace)
        except (TypeError, ValueError):
            s.pace = 1.0
        s.pace = min(3.0, max(0.2, s.pace))
        try:
            s.reveal_speed = float(s.reveal_speed)
        except (TypeError, ValueError):
            s.reveal_speed = 1.0
        if s.reveal_speed not in REVEAL_SPEEDS:
            s.reveal_speed = 1.0
        if s.language not in LANGUAGES:
            s.language = system_language()
        for name in ("sound", "learner_aid", "memory_training", "full_log", "colour_blind",
                     "fullscreen", "guide_offered"):
            setattr(s, name, bool(getattr(s, name)))
        s.window_size = _pair(s.window_size, 320, 16384)
        s.window_pos = _pair(s.window_pos, -16384, 16384)
        return s


def _pair(value: object, low: int, high: int) -> list[int] | None:
    """Two integers within [low, high], or None (a hand-edited file may hold anything)."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    try:
        a, b = int(value[0]), int(value[1])
    except (TypeError, ValueError):
        return None
    if not (low <= a <= high and low <= b <= high):
        return None
    return [a, b]


def settings_path() -> Path:
    return userdirs.config_dir() / "settings.json"


def load(path: Path | None = None) -> Settings:
    """Read settings; a missing or corrupt file gives the defaults rather than a crash."""
    try:
        path = path or settings_path()  # an unwritable home cannot even make the folder
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(guide_offered=False)  # the first start: a new player
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in data.items() if k in known}).normalised()


def save(settings: Settings, path: Path | None = None) -> None:
    """Write settings atomically: temp file in the same folder, then os.replace."""
    path = path or settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True))

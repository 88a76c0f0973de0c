"""Player preferences, kept as JSON in the per-user config folder.

Written atomically (temp file + ``os.replace``) so a crash or a full disk
never leaves a half-written file that would lose every preference.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from solemio import userdirs
from solemio.atomic import write_atomic
from solemio.i18n import LANGUAGES, system_language

PACES = (0.5, 0.75, 1.0, 1.5, 2.0)
REVEAL_SPEEDS = (0.5, 1.0, 2.0, 4.0)
#: The text size, in per cent of the designed size (theme.set_text_scale).
TEXT_SIZES = (80, 90, 100, 115, 130, 150, 175, 200)
#: The volume of everything the game plays (effects), in per cent.
VOLUMES = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100)


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
    # Accessibility (docs/accessibility.md): every text's size, the effects' volume,
    # shorter flights and no shaking or sliding, speech of what the screen shows.
    text_size: int = 100
    volume: int = 80
    reduced_motion: bool = False
    speech: bool = False

    def normalised(self) -> Settings:
        """Every field checked on its own: a value a hand-edited file broke (a wrong type,
        a 400-digit number, Infinity, a list where a word belongs) falls back to its
        default, and the other fields keep theirs.  Never raises."""
        return Settings(**checked_fields(asdict(self))[0])


_FLAGS = ("sound", "learner_aid", "memory_training", "full_log", "colour_blind", "fullscreen",
          "guide_offered", "reduced_motion", "speech")


def _number(value: object) -> float | None:
    """A finite float from an int or float of sensible size, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int) and abs(value) > 10**6:
        return None
    f = float(value)
    return f if math.isfinite(f) else None


def checked_fields(data: dict) -> tuple[dict, list[str]]:
    """The known fields of ``data`` each checked, a wrong one replaced by its default;
    and the names of the fields that were wrong.  Unknown keys are left out (a newer
    version's settings), not counted as wrong."""
    default = Settings()
    out: dict = {}
    wrong: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        good: object = _BAD
        if f.name == "pace":
            n = _number(value)
            good = _BAD if n is None else min(3.0, max(0.2, n))
        elif f.name == "reveal_speed":
            n = _number(value)
            good = n if n in REVEAL_SPEEDS else _BAD
        elif f.name in ("text_size", "volume"):
            n = _number(value)
            allowed = TEXT_SIZES if f.name == "text_size" else VOLUMES
            good = int(n) if n is not None and n in allowed else _BAD
        elif f.name == "language":
            good = value if isinstance(value, str) and value in LANGUAGES else _BAD
        elif f.name in _FLAGS:
            good = value if isinstance(value, bool) else _BAD
        elif f.name == "window_size":
            good = _pair(value, 320, 16384) if value is not None else None
        elif f.name == "window_pos":
            good = _pair(value, -16384, 16384) if value is not None else None
        if good is None and value is not None:
            good = _BAD
        if good is _BAD:
            wrong.append(f.name)
            out[f.name] = getattr(default, f.name)
        else:
            out[f.name] = good
    return out, wrong


_BAD = object()


def _pair(value: object, low: int, high: int) -> list[int] | None:
    """Two integers within [low, high], or None (a hand-edited file may hold anything)."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    a, b = (_number(v) for v in value)
    if a is None or b is None or a != int(a) or b != int(b):
        return None
    if not (low <= a <= high and low <= b <= high):
        return None
    return [int(a), int(b)]


def settings_path() -> Path:
    return userdirs.config_dir() / "settings.json"


def load(path: Path | None = None, keep_damaged: bool = True) -> Settings:
    """Read settings; never a crash.  No file: a new player's defaults.  A file that is
    not settings at all (not JSON, nested too deep, not an object) or has fields that
    cannot be used is treated like a damaged save: its bytes are set aside, the title
    screen says so once, and every field that could be read is kept, the others take
    their defaults.  ``keep_damaged=False`` (the command line reading the language) only
    reads: a tool never moves the player's file."""
    from solemio.savefiles import read_json

    try:
        path = path or settings_path()  # an unwritable home cannot even make the folder
        if not os.path.lexists(path):
            if path.parent.is_dir():
                return Settings(guide_offered=False)  # the first start: a new player
            return Settings()  # a home that cannot even hold a folder: no offer each start
        data = read_json(path)
    except (OSError, ValueError) as exc:
        _damaged(path, "corrupt", keep_damaged, exc)
        return Settings()
    if not isinstance(data, dict):
        _damaged(path, "corrupt", keep_damaged, "not an object")
        return Settings()
    good, wrong = checked_fields(data)
    if wrong:
        _damaged(path, "incomplete", keep_damaged, f"wrong fields: {', '.join(wrong)}")
    return Settings(**good)


def _damaged(path: Path | None, problem: str, keep: bool, why: object) -> None:
    import logging

    logging.getLogger("solemio.settings").warning("settings %s unusable: %s", path, why)
    if keep and path is not None and os.path.lexists(path):
        from solemio.savefiles import refuse

        refuse(path, "settings", path.name, problem)


def save(settings: Settings, path: Path | None = None) -> None:
    """Write settings atomically: temp file in the same folder, then os.replace."""
    path = path or settings_path()
    write_atomic(path, json.dumps(asdict(settings), indent=2, sort_keys=True))

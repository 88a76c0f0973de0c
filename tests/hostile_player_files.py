"""A corpus of hostile player files (issue 22): one small generator per case, nothing
large kept in the repository.  Each case names the file it damages (relative to the
per-user home that ``SOLEMIO_HOME`` points at) and writes it; the tests
(tests/ui/test_hostile_player_files.py) open the screens that read that kind of file
and check that each case gives at most one sentence, in time and memory, and that the
player's bytes are kept.  Card-set files have a corpus of their own."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

DEEP = 100_000  # levels of nesting: far past the JSON reader's recursion limit


@dataclass(frozen=True)
class Case:
    """One hostile file: its kind, where it goes, and how to make it."""

    kind: str  # settings, setup, statistics, record, save, autosave
    name: str
    where: str  # the path under the home folder
    make: Callable[[Path], None]

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.name}"


def _text(text: str) -> Callable[[Path], None]:
    return lambda p: p.write_text(text, encoding="utf-8")


def _bytes(raw: bytes) -> Callable[[Path], None]:
    return lambda p: p.write_bytes(raw)


def _json(data: object) -> Callable[[Path], None]:
    return lambda p: p.write_text(json.dumps(data), encoding="utf-8")


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _sparse(p: Path) -> None:
    """40 MB that cost nothing on disk: larger than any player file may be."""
    with open(p, "wb") as fh:
        fh.truncate(40 * 1024 * 1024)


def _folder(p: Path) -> None:
    p.mkdir()


def _deep_list(p: Path) -> None:
    p.write_text("[" * DEEP + "]" * DEEP)


def _deep_in(key: str, base: dict) -> Callable[[Path], None]:
    def make(p: Path) -> None:
        head, tail = json.dumps(base)[:-1], "}"
        p.write_text(f'{head}, "{key}": ' + "[" * DEEP + "]" * DEEP + tail)
    return make


LONG = "N" * 10_000_000  # a ten-million-character name
HUGE = 10 ** 3999  # a 4,000-digit number (Python reads up to 4,300 digits)

COMMON = [  # every kind of player file: (name, maker)
    ("not-json", _text("{this is not json")),
    ("truncated", _text('{"format": "solemio-')),
    ("empty", _text("")),
    ("binary", _bytes(bytes(range(256)) * 8)),
    ("nested-100k", _deep_list),
    ("null", _text("null")),
    ("a-list", _text("[1, 2, 3]")),
    ("huge-sparse", _sparse),
    ("a-folder", _folder),
]
if hasattr(os, "mkfifo"):
    COMMON.append(("fifo", _fifo))

SETTINGS = [
    ("pace-400-digits", _text('{"pace": ' + "9" * 400 + "}")),
    ("window-infinity", _text('{"window_size": [Infinity, 500], "window_pos": [NaN, -Infinity]}')),
    ("wrong-types", _json({"pace": "fast", "sound": "yes", "language": ["fr"],
                           "reveal_speed": {"x": 1}, "window_size": "big",
                           "window_pos": {"x": 1}, "fullscreen": 1, "colour_blind": None,
                           "guide_offered": [], "full_log": "true"})),
    ("nested-field", _deep_in("pace", {"sound": False})),
    ("huge-language", _json({"language": LONG})),
]

SETUP = [
    ("colour-a-list", _json({"edition": "sole-mio", "seats": 4,
                             "rows": [{"name": "A", "type": "person", "colour": ["blue"]}] * 5})),
    ("wrong-types", _json({"edition": ["sole-mio"], "seats": "4", "rows": {"0": "x"}})),
    ("seats-huge", _text('{"seats": ' + "9" * 400 + ', "rows": []}')),
    ("rows-not-dicts", _json({"seats": 3, "rows": [1, None, "x", [], {"name": 5}]})),
    ("name-10m", _json({"seats": 2, "rows": [{"name": LONG, "type": "person",
                                              "colour": "blue"}]})),
    ("nested-rows", _deep_in("rows", {"seats": 2})),
]

_LINE = {"when": "2026-01-01 10:00", "edition": "sole-mio", "edition_name": "Sole Mio!",
         "seats": 2, "level": "easy", "won": True, "filled": 3, "player": ""}
STATISTICS = [
    ("filled-4000-digits", _json({"format": "solemio-statistics", "version": 3,
                                  "games": [dict(_LINE, filled=HUGE)], "estimates": []})),
    ("name-10m", _json({"format": "solemio-statistics", "version": 3,
                        "games": [dict(_LINE, player=LONG)], "estimates": []})),
    ("version-huge", _json({"format": "solemio-statistics", "version": HUGE, "games": []})),
    ("games-nested", _deep_in("games", {"format": "solemio-statistics", "version": 3})),
    ("wrong-types", _json({"format": "solemio-statistics", "version": 3,
                           "games": [dict(_LINE, seats="2", won="yes")]})),
]


def _record(extra: dict, **top: object) -> Callable[[Path], None]:
    """A record file shaped like a real one, with hostile fields."""
    base = {"format": "solemio-save", "version": 4, "cardset": {"name": "Sole Mio!"},
            "seats": ["blue", "green"], "seed": 1, "choices": [], "digest": "0",
            "extra": extra}
    base.update(top)
    return _json(base)


RECORDS = [
    ("names-10m", _record({"kind": "record", "seats": [{"name": LONG, "colour": "blue"},
                                                       {"name": LONG, "colour": "green"}],
                           "winners": [0], "finished": LONG})),
    ("numbers-huge", _record({"kind": "record", "seats": [{"name": HUGE}, {"name": 1.5e308}],
                              "winners": [HUGE, -1, True], "finished": HUGE}, seed=HUGE)),
    ("fields-wrong", _record({"seats": "Anna", "winners": {"0": 1}, "finished": [1]},
                             cardset=[1], choices={"a": 1})),
    ("names-mappings", _record({"seats": [{"name": {"a": [1]}}, {"name": [[[]]]}],
                                "winners": "0"})),
    ("extra-nested", _deep_in("extra", {"format": "solemio-save", "version": 4})),
    ("many-seats", _record({"seats": [{"name": "x" * 100}] * 100_000, "winners": [0] * 1000})),
]

SAVES = [
    ("newer", _record({"kind": "save", "name": "From the future"}, version=99)),
    ("name-10m", _record({"kind": "save", "name": LONG, "saved": LONG})),
    ("rules-edited", _record({"kind": "save", "name": "x"}, cardset={"rounds": 1})),
    ("extra-nested", _deep_in("extra", {"format": "solemio-save", "version": 4})),
]

AUTOSAVE = [
    ("newer", _record({"seats": []}, version=99)),
    ("seats-wrong", _record({"seats": [{"name": LONG}]})),
]


def cases() -> list[Case]:
    """Every case of the corpus."""
    where = {"settings": "config/settings.json", "setup": "config/table-setup.json",
             "statistics": "config/statistics.json", "record": "data/records/hostile.json",
             "save": "data/saves/hostile.json", "autosave": "data/autosave.json"}
    own = {"settings": SETTINGS, "setup": SETUP, "statistics": STATISTICS,
           "record": RECORDS, "save": SAVES, "autosave": AUTOSAVE}
    out = []
    for kind, path in where.items():
        for name, make in COMMON + own[kind]:
            out.append(Case(kind, name, path, make))
    return out


#: The screens that read each kind of file, opened after the title screen.
SCREENS = {"settings": ["new-game"], "setup": ["new-game"], "statistics": ["stats"],
           "record": ["records"], "save": ["saves"], "autosave": []}


def open_screens(kind: str) -> list[str]:
    """Start as the game starts (read the player's files, the title screen) and open each
    screen that reads a file of ``kind``; the messages those screens showed.  Shared by
    the test and by build/hostile_player_files.py, which measures it in fresh processes."""
    from solemio.ui import app as app_mod
    from solemio.ui.scenes.title import TitleScene

    messages = []
    settings = app_mod.read_players_files()
    app = app_mod.App((1280, 720), headless=True, settings=settings, persist_settings=False)
    try:
        app.manager.push(TitleScene(app))
        app.step([], 0.016, draw=True)
        for screen in SCREENS[kind]:
            app.manager.open(screen)
            app.step([], 0.016, draw=True)
            messages.append(str(getattr(app.manager.top, "message", "")))
            app.manager.pop()
            app.step([], 0.016, draw=True)
    finally:
        app.close()
    return messages


def snapshot(path: Path) -> tuple[str, str]:
    """What a file is (a regular file's digest, or a FIFO, or a folder), to check that
    the player's bytes are kept, where they were or in set-aside/."""
    if path.is_fifo():
        return "fifo", ""
    if path.is_dir():
        return "folder", ""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return "file", digest.hexdigest()

"""Saving and loading games.

A save is the game's recipe, not a memory dump: the card set (embedded, so a
later edit of the YAML cannot change an old game), the seats, the seed and
the choice log.  Loading replays it, so a loaded game is identical to the one
saved; a digest of the final position catches hand-edited files.  Writes are
atomic, so a crash never leaves half a save behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from solemio.atomic import write_atomic
from solemio.engine.cardset import CardSet, parse_cardset
from solemio.engine.choices import from_json, to_json
from solemio.engine.game import Game, IllegalChoice, Position, replay
from solemio.engine.yamlsource import Located, SourceError

FORMAT = "solemio-save"
# The version names the rules a save's choices were made under, since loading replays
# them.  2: issue 10's rule fixes (choice orders filled from the columns, block not
# withdrawn, help asked for what is missing and by kind, the series question always posed).
# 3: the game's own generator (solemio/engine/rng.py) deals every seeded game anew.
# 4: that generator draws from random.random() alone (as fast as C, as stable as Python
#    promises), so every seeded game is dealt anew again.
VERSION = 4
#: A save or record larger than this is refused unread (a real one is under a megabyte).
MAX_BYTES = 32 * 1024 * 1024
OLDER_RULES = "was saved by an older version of the game whose rules differ; it cannot be replayed"


class SaveError(Exception):
    """A save file cannot be used; the message says which file and why.

    ``problem`` names the kind of fault in one word, so a window can word it
    for the player: missing, unreadable, empty, corrupt, not-a-save, newer,
    older (made under other rules), unsupported, incomplete, cardset or altered.
    """

    def __init__(self, message: str, problem: str = "corrupt") -> None:
        super().__init__(message)
        self.problem = problem


def digest(game: Game) -> str:
    """A fingerprint of the whole position (hidden parts included)."""
    state = {
        "hands": game.hands,
        "stacks": game.stacks,
        "supply": game.supply,
        "oven": game.oven,
        "cols": game.cols,
        "used": game.used,
        "filled": game.filled,
        "box": game.box,
        "round": game.round,
        "phase": game.phase,
        "turn": game.turn,
        "scorer": [game.scorer_holder, game.scorer_seat],
        "rng": game.rng.getstate()[1][:8],
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def rules_digest(cardset_source: Any) -> str:
    """A fingerprint of the rules as a save embeds them (the card set, after a JSON round
    trip, so the one written and the one read back give the same)."""
    canonical = json.dumps(json.loads(json.dumps(cardset_source)), sort_keys=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def save_digest(position_digest: str, cardset_source: Any) -> str:
    """What a save's ``digest`` holds: the position and the rules together, so an edited
    embedded card set (two rounds made one) is caught like an edited position.  Saves
    written before it held the position's digest alone; they still load (see
    :func:`game_from_dict`)."""
    both = f"{position_digest}:{rules_digest(cardset_source)}"
    return hashlib.sha256(both.encode()).hexdigest()


def game_to_dict(game: Game, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "cardset": game.cs.source_data_resolved,
        "cardset_file": game.cs.file,
        "seats": game.colours,
        "seed": game.seed,
        "first": game.first_arg,
        "choices": [to_json(c) for c in game.choices_log],
        "digest": save_digest(digest(game), game.cs.source_data_resolved),
        "extra": extra or {},
        **({"position": position_to_json(game.arranged)} if game.arranged is not None else {}),
    }


_ZONES = ("hands", "stacks", "filled", "columns", "oven", "supply", "box")
_NUMBERS = ("round", "turn", "round_starter", "scorer_holder")


def position_to_json(pos: Position) -> dict[str, Any]:
    """A game arranged from a position (a designed deal) is saved with that position: the
    seed alone would deal other cards."""
    out: dict[str, Any] = {z: getattr(pos, z) for z in _ZONES}
    out.update({k: getattr(pos, k) for k in _NUMBERS})
    out["start"] = pos.start
    out["history"] = [list(h) for h in pos.history]
    return out


def position_from_json(data: Any) -> Position:
    """The position of a save (TypeError or ValueError when it is malformed)."""
    if not isinstance(data, dict):
        raise TypeError("position")

    def ids(x: Any) -> list[int]:
        if not isinstance(x, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                              for c in x):
            raise TypeError("a zone of the position")
        return list(x)

    zones = {}
    for z in _ZONES:
        v = data[z]
        zones[z] = [ids(x) for x in v] if z in ("hands", "stacks", "filled") and \
            isinstance(v, list) else ids(v)
    nums = {k: data[k] for k in _NUMBERS}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in nums.values()):
        raise TypeError("a number of the position")
    if data["start"] not in ("turn", "reveal") or not isinstance(data["history"], list):
        raise TypeError("start or history")
    history = [tuple(h) for h in data["history"] if isinstance(h, list)]
    return Position(start=data["start"], history=history, **zones, **nums)


def save_game(game: Game, path: str | Path, extra: dict[str, Any] | None = None) -> None:
    write_atomic(Path(path), json.dumps(game_to_dict(game, extra), indent=1))


def load_game(path: str | Path, record_events: bool = True) -> tuple[Game, dict[str, Any]]:
    """Rebuild a saved game; raises SaveError (never anything else) for a bad file."""
    path = Path(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # a FIFO or a device would block or never end
            raise SaveError(f"{path}: not a regular file", "unreadable")
        if st.st_size > MAX_BYTES:
            raise SaveError(f"{path}: {st.st_size} bytes, far more than any save", "corrupt")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file", "missing") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not a save file (corrupt: {exc})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})", "unreadable") from None
    if not text.strip():
        raise SaveError(f"{path}: the save file is empty", "empty")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(f"{path}: not a save file (corrupt: {exc})") from None
    return game_from_dict(data, str(path), record_events)


def game_from_dict(data: Any, where: str, record_events: bool = True) -> tuple[Game, dict]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a Sole Mio! save file", "not-a-save")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(f"{where}: saved by a newer version of the game (save version "
                        f"{version}, this game reads {VERSION})", "newer")
    if isinstance(version, int) and not isinstance(version, bool) and 1 <= version < VERSION:
        # its choices were made under other rules: replayed now they would be another game
        raise SaveError(f"{where}: this game {OLDER_RULES} (save version {version})", "older")
    if version != VERSION:
        raise SaveError(f"{where}: save version {version!r} is not supported", "unsupported")
    try:
        cs = _cardset_from(data.get("cardset"), str(data.get("cardset_file", where)))
        seats = data["seats"]
        seed = data["seed"]
        first = data.get("first")
        choices = [from_json(c) for c in data["choices"]]
        if not isinstance(seats, list) or not isinstance(seed, int):
            raise TypeError("seats or seed")
        position = position_from_json(data["position"]) if "position" in data else None
        game = replay(cs, seats, seed, choices, first, record_events, position)
    except SaveError:
        raise
    except SourceError as exc:
        raise SaveError(f"{where}: the embedded card set is broken ({exc.problem})",
                        "cardset") from None
    except IllegalChoice as exc:
        raise SaveError(f"{where}: the save was altered or is corrupt: {exc.reason}",
                        "altered") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveError(f"{where}: the save is incomplete or corrupt ({exc})",
                        "incomplete") from None
    found = digest(game)
    stored = data.get("digest")
    # The position and rules digest; a save written before the rules were covered (same
    # save version) still holds the position's alone, and still loads.
    if stored != found and stored != save_digest(found, data["cardset"]):
        raise SaveError(f"{where}: the save was altered or is corrupt (position check failed)",
                        "altered")
    extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
    return game, extra


def _cardset_from(source: Any, file: str) -> CardSet:
    if not isinstance(source, dict):
        raise SaveError(f"{file}: the embedded card set is missing", "cardset")
    return parse_cardset(Located(file, source, {}), Path(file))

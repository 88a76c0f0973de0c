"""The players' statistics: one line per person per finished game, beside the settings.

``statistics.json`` in the per-user config folder holds a format name, a
version, the list of game lines (when, edition, seats, the opponents'
level, won or not, the person's filled orders, the person's name) and memory
training's estimates (when, edition, round, kinds exactly right, units off,
units in the oven, the person's name; a file written before memory training
has none).  In hot-seat play every person at the table gets a game line and
estimate lines of their own, so each name has its own record
(``Statistics.of``); every figure the statistics scene shows is computed from
those lines, so nothing can disagree.
Older files still load and nothing in them is lost: version 1 (one line per
game, no name: before hot-seat players were told apart), version 2 (game
lines by name, estimates without one) and version 3 (no take-backs).  Lines
without a name belong to the unnamed player ``""``; the next save writes them
as version 4, unchanged.  A game in which the person took back turns (solo
against computers) says how many (``takebacks``, written only then).
It is written atomically; a file that cannot be used is set aside and
reported on the title screen like a save (see :mod:`solemio.savefiles`), and
counting starts again.  Only games with at least one person at the table
count.  Nothing here imports pygame.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from solemio import filelock, userdirs
from solemio.atomic import write_atomic

log = logging.getLogger("solemio.stats")

FORMAT = "solemio-statistics"
VERSION = 4  # 4: take-backs; 3 (still read): estimates by name; 2: games by name; 1: per game


#: No real count comes near these (a game fills a few dozen orders; names are at most 40
#: characters): a line beyond them was made by hand, and a 4,000-digit number would
#: overflow the averages (OverflowError) when Statistics opens.
MAX_COUNT = 100_000
MAX_TEXT = 200


class StatsError(Exception):
    def __init__(self, message: str, problem: str = "corrupt") -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True)
class GameLine:
    """One finished game as the statistics keep it."""

    when: str  # "YYYY-MM-DD HH:MM"
    edition: str  # the card set's id
    edition_name: str
    seats: int
    level: str  # the computers' level; "mixed", or "people" with no computer at the table
    won: bool  # this person is among the winners (version 1: a person was)
    filled: int  # this person's filled orders (version 1: the best person's)
    player: str = ""  # the person's name ("" in version 1 lines)
    takebacks: int = 0  # turns the person took back (version 4; written only when some)


@dataclass(frozen=True)
class EstimateLine:
    """One oven estimate of memory training (solemio/show/memory.py) against the truth."""

    when: str
    edition: str
    round: int
    exact: int  # kinds estimated exactly (0 to 5)
    off: int  # units off, summed over the five kinds
    total: int  # units the oven held
    player: str = ""  # the person's name ("" in lines from before version 3)


@dataclass
class Statistics:
    games: list[GameLine] = field(default_factory=list)
    estimates: list[EstimateLine] = field(default_factory=list)

    # --- figures -------------------------------------------------------------------------------
    @property
    def played(self) -> int:
        return len(self.games)

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games)

    def by(self, key: str) -> list[tuple[Any, int, int]]:
        """(value, played, won) per value of ``key`` (edition, seats or level)."""
        played: Counter = Counter()
        won: Counter = Counter()
        for g in self.games:
            v = getattr(g, key)
            played[v] += 1
            won[v] += g.won
        return sorted(((v, played[v], won[v]) for v in played), key=lambda x: str(x[0]))

    def edition_names(self) -> dict[str, str]:
        return {g.edition: g.edition_name for g in self.games}

    @property
    def filled_per_game(self) -> float:
        return sum(g.filled for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def best(self) -> GameLine | None:
        """The game with the most filled orders (a won one first; the earliest of equals)."""
        if not self.games:
            return None
        return max(self.games, key=lambda g: (g.filled, g.won))

    @property
    def with_takebacks(self) -> int:
        """Games in which the person took back a turn (solo against computers)."""
        return sum(1 for g in self.games if g.takebacks)

    @property
    def longest_streak(self) -> int:
        best = run = 0
        for g in self.games:
            run = run + 1 if g.won else 0
            best = max(best, run)
        return best

    # --- memory training ---------------------------------------------------------------------
    @property
    def exact_share(self) -> float:
        """The share of kinds estimated exactly, over every estimate."""
        return sum(e.exact for e in self.estimates) / (5 * len(self.estimates)) \
            if self.estimates else 0.0

    def off_per_estimate(self, last: int | None = None) -> float:
        """Units off per estimate (the last ``last`` estimates only, if given)."""
        lines = self.estimates[-last:] if last else self.estimates
        return sum(e.off for e in lines) / len(lines) if lines else 0.0

    def players(self) -> list[str]:
        """Every name with games or estimates, the one who played last first (then those
        with estimates only, the last first)."""
        out: list[str] = []
        for line in [*reversed(self.games), *reversed(self.estimates)]:
            if line.player not in out:
                out.append(line.player)
        return out

    def of(self, player: str) -> Statistics:
        """The statistics of one person, by name: their games and their estimates."""
        return Statistics([g for g in self.games if g.player == player],
                          [e for e in self.estimates if e.player == player])

    def wins_over_time(self) -> list[int]:
        """Wins so far after each game (the chart's line)."""
        out, total = [], 0
        for g in self.games:
            total += g.won
            out.append(total)
        return out


def stats_path() -> Path:
    return userdirs.config_dir() / "statistics.json"


def lock_path() -> Path:
    """Held while the statistics are read, added to and written: two running copies of
    the game (or a game and a tool) each keep every game they count."""
    return userdirs.config_dir() / ".statistics.lock"


def _parse(data: Any) -> Statistics:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("not a statistics file", "not-a-save")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise StatsError("from a newer version", "newer")
    if version not in (1, 2, 3, VERSION) or isinstance(version, bool):
        raise StatsError("unsupported version", "unsupported")
    games = data.get("games")
    if not isinstance(games, list):
        raise StatsError("no list of games", "incomplete")
    lines = []
    types = {"when": str, "edition": str, "edition_name": str, "seats": int, "level": str,
             "won": bool, "filled": int}
    if version >= 2:
        types["player"] = str
    optional = {"takebacks": int} if version >= 4 else {}
    for g in games:
        if isinstance(g, dict) and "takebacks" in optional and "takebacks" in g:
            t = g["takebacks"]
            if not isinstance(t, int) or isinstance(t, bool) or not 0 < t <= MAX_COUNT:
                raise StatsError(f"a game line is wrong: {g!r}"[:200], "incomplete")
            g = {k: v for k, v in g.items() if k != "takebacks"}
            extra = {"takebacks": t}
        else:
            extra = {}
        if not isinstance(g, dict) or set(g) != set(types) or not all(
                isinstance(g[k], t) and (t is not int or not isinstance(g[k], bool))
                for k, t in types.items()):
            raise StatsError(f"a game line is wrong: {g!r}"[:200], "incomplete")
        if not 2 <= g["seats"] <= 5 or not 0 <= g["filled"] <= MAX_COUNT or \
                any(len(g[k]) > MAX_TEXT for k, t in types.items() if t is str):
            raise StatsError(f"a game line is impossible: {g!r}"[:200], "altered")
        lines.append(GameLine(**g, **extra))
    return Statistics(lines, _parse_estimates(data.get("estimates", []), version))


def _parse_estimates(items: Any, version: int) -> list[EstimateLine]:
    """Memory training's lines (a file written before it has none; before version 3 they
    carry no name)."""
    if not isinstance(items, list):
        raise StatsError("the estimates are not a list", "incomplete")
    types = {"when": str, "edition": str, "round": int, "exact": int, "off": int, "total": int}
    if version >= 3:
        types["player"] = str
    out = []
    for e in items:
        if not isinstance(e, dict) or set(e) != set(types) or not all(
                isinstance(e[k], t) and (t is not int or not isinstance(e[k], bool))
                for k, t in types.items()):
            raise StatsError(f"an estimate line is wrong: {e!r}"[:200], "incomplete")
        if not 0 <= e["exact"] <= 5 or not 0 <= e["off"] <= MAX_COUNT or \
                not 0 <= e["total"] <= MAX_COUNT or not 1 <= e["round"] <= MAX_COUNT or \
                any(len(e[k]) > MAX_TEXT for k, t in types.items() if t is str):
            raise StatsError(f"an estimate line is impossible: {e!r}"[:200], "altered")
        out.append(EstimateLine(**e))
    return out


def _regular_and_small(path: Path) -> None:
    """OSError for a FIFO or device (reading would block), StatsError for a file far too
    large to be statistics (reading it would stall the game)."""
    import stat

    from solemio.savefiles import MAX_JSON_BYTES

    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"{path}: not a regular file")
    if st.st_size > MAX_JSON_BYTES:
        raise StatsError(f"{st.st_size} bytes")


def load() -> Statistics:
    """The statistics; a file that cannot be used is set aside and reported, and counting
    starts again (never a crash, never deleted)."""
    from solemio.savefiles import refuse

    path = stats_path()
    if not os.path.lexists(path):
        return Statistics()
    try:
        try:
            _regular_and_small(path)
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise StatsError("not text") from None
        except OSError as exc:
            raise StatsError(str(exc), "unreadable") from None
        if not text.strip():
            raise StatsError("empty", "empty")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise StatsError("not JSON") from None
        return _parse(data)
    except StatsError as exc:
        log.warning("statistics unusable: %s", exc)
        refuse(path, "statistics", path.name, exc.problem)
        return Statistics()


def save(stats: Statistics) -> None:
    data = {"format": FORMAT, "version": VERSION, "games": [_game_json(g) for g in stats.games],
            "estimates": [asdict(e) for e in stats.estimates]}
    write_atomic(stats_path(), json.dumps(data, indent=1))


def _game_json(line: GameLine) -> dict:
    """A game line as the file keeps it (``takebacks`` only when the game had some)."""
    out = asdict(line)
    if not out["takebacks"]:
        del out["takebacks"]
    return out


def lines_for(game: Any, seats: list[Any], when: float | None = None,
              takebacks: int = 0) -> list[GameLine]:
    """A finished game's lines: one per person at the table, by name (none without one);
    ``takebacks``: the turns the one person took back (solo against computers)."""
    persons = [i for i, s in enumerate(seats) if s.person]
    if not persons or not game.is_over():
        return []
    # the opponents' levels; people at other windows of a networked table ("remote") are
    # people, not a level
    levels = {s.level for s in seats if not s.person and s.level != "remote"}
    level = "people" if not levels else (levels.pop() if len(levels) == 1 else "mixed")
    winners = set(game.view(None).winners)
    scores = game.scores()
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.time() if when is None
                                                            else when))
    return [GameLine(stamp, game.cs.id, game.cs.name, len(seats), level, p in winners,
                     scores[p], str(getattr(seats[p], "name", "") or ""), takebacks)
            for p in persons]


def add_game(game: Any, seats: list[Any], takebacks: int = 0) -> Statistics | None:
    """Count a finished game for each person at the table (atomically); None if it does
    not count or cannot be written."""
    lines = lines_for(game, seats, takebacks=takebacks)
    if not lines:
        return None
    with filelock.locked(lock_path()):  # another running copy adds its games in turn
        stats = load()
        stats.games.extend(lines)
        return _saved(stats)


def _saved(stats: Statistics) -> Statistics | None:
    """Write ``stats``; None (and a line in the log) when the folder cannot be written:
    a finished game must never fail over its statistics."""
    try:
        save(stats)
    except OSError as exc:
        log.error("cannot write the statistics: %s", exc)
        return None
    return stats


def add_estimates(edition: str, round_no: int, results: list[tuple[str, int, int, int]],
                  when: float | None = None) -> Statistics | None:
    """Count memory training's comparisons of one round, each (the person's name, exact,
    off, total), atomically; None if they cannot be written."""
    if not results:
        return None
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.time() if when is None
                                                            else when))
    with filelock.locked(lock_path()):
        stats = load()
        stats.estimates.extend(EstimateLine(stamp, edition, round_no, exact, off, total,
                                            str(player or ""))
                               for player, exact, off, total in results)
        return _saved(stats)

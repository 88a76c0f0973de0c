"""A networked table as the server holds it: the game, who sits where, and its file.

The server is the only authority: a ``NetTable`` holds the ``Game`` itself, the seats
(a person's, with its secret token, or a computer's) and the host's token.  It is kept
in the save format (``solemio/engine/saves.py``), the seating in the save's ``extra``,
so a server restarted reads its tables back and every token still works.  The file is
the server's alone: tokens never leave it except to the connection that joined a seat.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.engine import COLOURS, Game, load_cardset, new_game
from solemio.engine.saves import SaveError, game_to_dict, load_game
from solemio.net.protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError

#: What a seat may be at creation: a person's (joined over the network) or a computer's.
COMPUTER_LEVELS = ("easy", "normal", "hard")
EDITIONS = ("sole-mio", "mamma-mia", "grande")


def new_code(taken: set[str] | dict[str, Any]) -> str:
    """A fresh table code (``secrets``: not predictable from the codes seen before)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    """A seat's (or the host's) secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


@dataclass
class Seat:
    """One seat: ``person`` (token set once somebody joined) or a computer ``level``."""

    kind: str  # "person" or "computer"
    level: str | None = None  # the computer's level (or a stand-in's, for a person)
    name: str | None = None
    token: str | None = None
    stand_in: str | None = None  # a computer level playing a person's seat, set by the host

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "token": self.token, "stand_in": self.stand_in}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Seat:
        return cls(d["kind"], d.get("level"), d.get("name"), d.get("token"), d.get("stand_in"))


@dataclass
class NetTable:
    code: str
    game: Game
    seats: list[Seat]
    host: str  # the host's token
    failed: dict[int, str] = field(default_factory=dict)  # seat: why its computer stopped

    @classmethod
    def create(cls, code: str, edition: str, seats: list[str], seed: int | None,
               colours: list[str] | None = None) -> NetTable:
        """A new table; ``seats`` holds ``"person"`` or a computer level per seat."""
        if edition not in EDITIONS:
            raise ProtocolError("bad-edition")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 5 or not all(
                s == "person" or s in COMPUTER_LEVELS for s in seats):
            raise ProtocolError("bad-message", "seats: 2 to 5 of \"person\", \"easy\", "
                                               "\"normal\" or \"hard\"")
        colours = colours or list(COLOURS[: len(seats)])
        if (not isinstance(colours, list) or len(colours) != len(seats)
                or len(set(colours)) != len(colours) or not set(colours) <= set(COLOURS)):
            raise ProtocolError("bad-message", "colours: one distinct colour per seat")
        seed = secrets.randbits(31) if seed is None else seed
        game = new_game(load_cardset(edition), colours, seed)
        places = [Seat("person") if s == "person" else Seat("computer", level=s) for s in seats]
        return cls(code, game, places, new_token())

    # -------------------------------------------------------------- who plays

    def computer_level(self, seat: int) -> str | None:
        """The level of the computer that plays ``seat`` now (its own, or a stand-in's)."""
        s = self.seats[seat]
        return s.level if s.kind == "computer" else s.stand_in

    def seat_of(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.token is not None and secrets.compare_digest(s.token, token):
                return i
        return None

    def is_host(self, token: str) -> bool:
        return secrets.compare_digest(self.host, token)

    def free_seat(self, wanted: int | None) -> int:
        """The seat a newcomer takes: ``wanted`` if it is a free person's seat, else the
        first free one; ProtocolError when none is."""
        if wanted is not None:
            if not 0 <= wanted < len(self.seats) or self.seats[wanted].kind != "person":
                raise ProtocolError("no-seat")
            if self.seats[wanted].token is not None:
                raise ProtocolError("table-full", "that seat is taken")
            return wanted
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.token is None:
                return i
        raise ProtocolError("table-full")

    # -------------------------------------------------------------- the file

    def to_save(self) -> dict[str, Any]:
        return game_to_dict(self.game, {"net": {
            "code": self.code, "host": self.host,
            "seats": [s.to_json() for s in self.seats]}})

    @classmethod
    def load(cls, path: Path) -> NetTable:
        """A table from its file; SaveError (with the file named) when it cannot be used."""
        game, extra = load_game(path)
        net = extra.get("net")
        try:
            seats = [Seat.from_json(s) for s in net["seats"]]
            code, host = net["code"], net["host"]
            if len(seats) != game.n or not isinstance(code, str) or not isinstance(host, str):
                raise ValueError("seats")
        except (KeyError, TypeError, ValueError):
            raise SaveError(f"{path}: not a networked table (its seating is missing)",
                            "incomplete") from None
        return cls(code, game, seats, host)

    def public_seats(self, connected: set[int]) -> list[dict[str, Any]]:
        """Who sits where, for everybody at the table: never a token."""
        return [{"seat": i, "colour": self.game.colours[i], "kind": s.kind, "level": s.level,
                 "name": s.name, "taken": s.token is not None or s.kind == "computer",
                 "connected": i in connected, "stand_in": s.stand_in,
                 "failed": i in self.failed} for i, s in enumerate(self.seats)]

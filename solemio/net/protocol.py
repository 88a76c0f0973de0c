"""The network protocol's words: JSON messages, their checks, and the seat view on the wire.

Every frame is one JSON object with a ``type``.  The client speaks first (``hello``
naming :data:`VERSION`); a client of another version is refused with a message that
names the version to use.  Nothing here knows sockets: the server, the remote table and
the benchmark share these functions, and ``docs/protocol.md`` describes every message.

What a connection may see is decided by the server, never here: a view and the events
sent for a seat are ``game.view(seat)`` and ``game.events_for(seat)``; this module only
turns them into JSON and back (``view_to_json`` / ``view_from_json`` are exact inverses,
``tests/net/test_protocol.py`` checks it on whole games).
"""

from __future__ import annotations

import json
import string
from typing import Any

from solemio.engine import events as E
from solemio.engine.choices import from_json
from solemio.engine.enumerate import AnyFillChoices
from solemio.engine.state import Decision
from solemio.engine.views import SeatInfo, SeatView

#: The protocol's version: a server refuses a client that names another one.
VERSION = 1

#: The largest frame the server reads (bytes); a bigger one closes the connection.
MAX_FRAME = 16 * 1024

#: Table codes: six letters and digits from an alphabet without look-alikes (no I, O, 0,
#: 1, L), read aloud or typed from a phone without doubt.  32**6: about a billion codes.
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "IOL01")
CODE_LENGTH = 6

#: A connection's messages a second, sustained and at once, unless the server says other
#: figures in its ``welcome`` (``solemio serve``'s caps; the client paces itself by them).
RATE = 20.0
BURST = 40.0

#: The set phrases players may send each other: ids only, each window words them in its
#: own language (``solemio/net/phrases.py``).  No free text, so nothing needs moderating.
PHRASES = ("hello", "good-luck", "well-played", "one-moment", "thanks", "oops", "bye")

#: The messages a client may send (``docs/protocol.md``).
CLIENT_MESSAGES = ("hello", "create", "join", "resume", "spectate", "move", "chat",
                   "stand-in", "preview", "record", "ping")

#: A preview request names at most this many choices; each outcome carries at most this
#: many events (the window rehearses the first ones).
MAX_PREVIEWS = 16
PREVIEW_EVENTS = 4

#: Why a request was refused: the ``reason`` of a ``refused`` message.
REASONS = {
    "version": "this server speaks another protocol version",
    "hello-first": "say hello (with the protocol version) before anything else",
    "bad-json": "a frame is not one JSON object",
    "bad-message": "a message lacks a field or has a wrong one",
    "unknown-type": "no such message type",
    "no-table": "no table has that code",
    "bad-token": "that seat token belongs to no seat of this table",
    "not-your-seat": "this connection does not hold that seat",
    "table-full": "every seat for a person is taken",
    "no-seat": "no such seat, or it is not a person's seat",
    "not-host": "only the table's host may do that",
    "stale-move": "the move index is not the table's: the move was made already or is ahead",
    "not-your-turn": "that seat does not decide now",
    "illegal": "that choice is not legal now",
    "not-over": "the game is not over yet",
    "over": "the game is over",
    "flood": "too many messages; wait a moment",
    "too-many-connections": "too many connections from this address",
    "too-many-tables": "this server holds as many tables as it may",
    "bad-edition": "no such edition on this server",
    "computer-failed": "a computer player failed; the host may put another in its seat",
    "server-error": "the server failed to answer that; it was logged",
}


class ProtocolError(Exception):
    """A frame or message that breaks the protocol; ``reason`` is a key of REASONS."""

    def __init__(self, reason: str, message: str | None = None) -> None:
        super().__init__(message or REASONS[reason])
        self.reason = reason
        self.message = message or REASONS[reason]


def encode(msg: dict[str, Any]) -> str:
    """One message as the text of a frame (compact JSON)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def decode(frame: str | bytes) -> dict[str, Any]:
    """A frame's message: one JSON object with a string ``type``, or ProtocolError."""
    if isinstance(frame, bytes):
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad-json") from None
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-json") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError("bad-json")
    return msg


def refused(reason: str, message: str | None = None, **more: Any) -> dict[str, Any]:
    """The answer to a request the server will not do: a reason code and English words."""
    return {"type": "refused", "reason": reason, "message": message or REASONS[reason], **more}


# ------------------------------------------------------------------ field checks

def field(msg: dict[str, Any], name: str, kind: type | tuple[type, ...],
          optional: bool = False) -> Any:
    """``msg[name]`` when it has type ``kind`` (bools are not ints); ProtocolError if not."""
    if name not in msg and optional:
        return None
    value = msg.get(name)
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ProtocolError("bad-message", f"field {name!r} has the wrong type")
    if not isinstance(value, kind):
        raise ProtocolError("bad-message", f"field {name!r} is missing or has the wrong type")
    return value


def short_text(msg: dict[str, Any], name: str, limit: int = 40) -> str | None:
    """An optional name: printable, at most ``limit`` characters once trimmed."""
    value = field(msg, name, str, optional=True)
    if value is None:
        return None
    value = " ".join(value.split())
    if not value.isprintable() or len(value) > limit:
        raise ProtocolError("bad-message", f"{name!r} must be printable and at most "
                                           f"{limit} characters")
    return value


def valid_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def choice_from_wire(data: Any) -> tuple:
    """A choice sent by a client (a JSON list) as the engine's tuple; bounded in depth."""
    def check(x: Any, depth: int) -> None:
        if depth > 4:
            raise ProtocolError("bad-message", "a choice nests too deep")
        if isinstance(x, list):
            for y in x:
                check(y, depth + 1)
        elif not (x is None or isinstance(x, str | int)) or isinstance(x, bool):
            raise ProtocolError("bad-message", "a choice holds only lists, strings, "
                                               "numbers and null")
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ProtocolError("bad-message", "a choice is a list whose first item names it")
    check(data, 0)
    return from_json(data)


# ------------------------------------------------------------------ the seat view on the wire

def choices_to_json(choices: Any) -> Any:
    """A decision's choices: a list, or ``{"any_fill": parts}`` for the thousands of fill
    requests of an order of any kinds (``AnyFillChoices``, rebuilt alike on the client)."""
    if isinstance(choices, AnyFillChoices):
        return {"any_fill": choices.parts}
    return choices


def choices_from_json(data: Any) -> Any:
    if isinstance(data, dict):
        return AnyFillChoices(from_json(data["any_fill"]))
    return from_json(data)


def _face(x: Any) -> Any:
    return None if x is None else from_json(x)


def view_to_json(v: SeatView) -> dict[str, Any]:
    """A SeatView as JSON: what ``game.view(seat)`` holds, nothing more.  Tuples are left
    as they are (``json`` writes them as arrays): this runs for every seat at every move."""
    return {
        "seat": v.seat, "cardset": v.cardset, "round": v.round, "rounds": v.rounds,
        "phase": str(v.phase), "turn": v.turn, "deciding": v.deciding,
        "decision_kind": None if v.decision_kind is None else str(v.decision_kind),
        "choices": choices_to_json(v.choices), "context": v.context, "hand": v.hand,
        "seats": [{"colour": s.colour, "ingredients": s.ingredients, "orders": s.orders,
                   "stack": s.stack, "stack_bottom": s.stack_bottom, "filled": s.filled,
                   "known": s.known, "exhausted": s.exhausted} for s in v.seats],
        "supply": v.supply, "used": v.used, "oven": v.oven, "oven_top": v.oven_top,
        "history": v.history, "columns": v.columns, "revealed": v.revealed,
        "scorer_holder": v.scorer_holder, "scorer": v.scorer, "winners": v.winners,
    }


def view_from_json(d: dict[str, Any]) -> SeatView:
    """The SeatView a server sent (KeyError or TypeError when the message is malformed)."""
    seats = tuple(SeatInfo(colour=s["colour"], ingredients=s["ingredients"], orders=s["orders"],
                           stack=s["stack"], stack_bottom=from_json(s["stack_bottom"]),
                           filled=from_json(s["filled"]), known=from_json(s["known"]),
                           exhausted=tuple(s["exhausted"])) for s in d["seats"])
    return SeatView(
        seat=d["seat"], cardset=d["cardset"], round=d["round"], rounds=d["rounds"],
        phase=d["phase"], turn=d["turn"], deciding=d["deciding"],
        decision_kind=d["decision_kind"], choices=choices_from_json(d["choices"]),
        context=from_json(d["context"]), hand=from_json(d["hand"]), seats=seats,
        supply=d["supply"], used=d["used"], oven=d["oven"], oven_top=_face(d["oven_top"]),
        history=from_json(d["history"]), columns=from_json(d["columns"]),
        revealed=d["revealed"], scorer_holder=d["scorer_holder"], scorer=d["scorer"],
        winners=tuple(d["winners"]),
    )


#: The event fields the engine fills with faces as tuples (a seat's own cards, in its
#: private part); every other field of every event is already plain JSON.
_FACE_LISTS = {E.DEAL: "cards", E.DRAW: "cards"}


def event_from_wire(ev: dict[str, Any]) -> dict[str, Any]:
    """An event as ``events_for`` gave it, from its JSON: faces back into tuples."""
    key = _FACE_LISTS.get(ev.get("type"))  # type: ignore[arg-type]
    if key is not None and isinstance(ev.get(key), list):
        ev[key] = [tuple(f) for f in ev[key]]
    return ev


def decision_of(view: SeatView) -> Decision | None:
    """The seat's own pending decision, rebuilt from its view (None when it does not decide:
    another seat's choices never reach this seat)."""
    if view.seat is None or view.decision_kind is None or view.deciding != view.seat:
        return None
    return Decision(view.seat, view.decision_kind, view.choices, dict(view.context))

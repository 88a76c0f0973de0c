"""Why the window's choice or request was not taken, in the player's language.

The engine and the server explain a refusal in English words meant for logs and bots;
the player reads one of these sentences instead, chosen by the kind of trouble (a lost
connection, not their turn, the table moved on, the server's reason code) or, for a
choice the rules refuse, by what the choice was.
"""

from __future__ import annotations

from solemio.i18n import _


def _server_reason(code: str) -> str | None:
    """A server's reason code in words, None for a code that says the choice was illegal."""
    return {
        "flood": _("Too much at once: wait a moment, then try again."),
        "not-your-turn": _("Wait for your turn."),
        "not-your-seat": _("That seat is not yours at this table."),
        "stale-move": _("The table moved on before your move arrived: look again."),
        "over": _("The game is over."),
        "no-table": _("The server no longer has this table."),
        "server-error": _("The server could not answer that; try again."),
    }.get(code)


def refusal_text(exc: BaseException, choice: tuple = ()) -> str:
    """One sentence for a refused choice (or a chat line, ``choice`` empty)."""
    from solemio.net.client import ConnectionLost, Refused, RefusedMove, StaleMove
    from solemio.show.table import NotYourDecision

    if isinstance(exc, ConnectionLost):
        return _("The connection to the table is being restored: try again in a moment.")
    if isinstance(exc, NotYourDecision):  # (the window's own check: the server's words)
        return _server_reason("not-your-turn") or ""
    if isinstance(exc, StaleMove):
        return _server_reason("stale-move") or ""
    if isinstance(exc, RefusedMove | Refused):
        said = _server_reason(exc.code if isinstance(exc, RefusedMove) else exc.reason)
        if said is not None:
            return said
    return {
        "play": _("You do not hold those ingredient cards, or they are not all of one kind."),
        "order": _("You do not hold that order."),
        "draw": _("You may not draw from an empty pile while the other still has cards."),
        "help": _("Those cards do not cover the request exactly, or you do not hold them."),
        "fill": _("That is not a way to fill this order with the cards you hold."),
    }.get(choice[0] if choice else "", _("That is not possible now."))

"""The events in words: one function per event type (:mod:`.per_event`), used everywhere.

The table's announcements, the recap after a pass screen, the learner's log,
the replay's caption and the reveal's bubbles and notes all word an event
through :func:`words` (``words(ev, Seating.of(session), Place.RECAP)``);
:mod:`.screens` gives the same words in the shapes the screens ask for.
Nothing here imports pygame: a window, a network client or a text log can
speak the game alike.
"""

from solemio.announce.per_event import NOTHING, WORDS, Place, Seating, Words, words
from solemio.announce.phrases import fail_reason, order_full_name
from solemio.announce.screens import (
    deciding_line,
    event_line,
    event_words,
    forced_text,
    log_entries,
    log_line,
    note_lines,
    opening,
    order_log,
    recap_line,
    reveal_title,
    said,
    table_title,
)

__all__ = [
    "NOTHING", "WORDS", "Place", "Seating", "Words", "deciding_line", "event_line", "event_words",
    "fail_reason", "forced_text", "log_entries", "log_line", "note_lines", "opening", "order_full_name",
    "order_log", "recap_line", "reveal_title", "said", "table_title", "words",
]

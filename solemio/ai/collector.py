"""The cycle collector held off while hard searches.

A search allocates millions of short-lived tuples, lists and views, and reference
counting frees every one of them the moment it is dropped: play-outs make no
reference cycles (a whole game's searches leave about ten objects for the collector
to find).  The collector's passes still run every few hundred allocations and walk
the young objects, and now and then the evaluator's and fold graphs' large tables
in the older generations: 5-13 % of a search's CPU that frees nothing
(``docs/measurements/issue-26/README.md``).  So a search runs with the collector
off and turns it back on, as it found it, when it ends; searches in several
threads at once share one pause.

Turned back on, the collector would at once walk everything the search left alive
(the tables it grew: tens of thousands of objects) and again as they age, about
3 % of hard's CPU in Sole Mio!.  So a pause ends by moving what is alive
straight into the oldest generation (``gc.freeze`` then ``gc.unfreeze``, which
also resets the count of new objects), where only the rare full collections walk
it: garbage with cycles made by another thread during a search is collected
then, not leaked.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0  # searches running with the collector held off
_restore = False  # whether the first of them found it on


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cycle collector off; the last one out restores it."""
    global _depth, _restore
    with _lock:
        if _depth == 0:
            _restore = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _restore:
                gc.freeze()  # what the search left alive, straight into the oldest generation
                gc.unfreeze()
                gc.enable()

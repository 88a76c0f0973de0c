"""Work done ahead: pictures and panels the next frames will need, made while frames are cheap.

Rendering a card face from SVG takes 1-5 ms, painting a panel's layer or a
button's text a millisecond or two; done in the frame that first shows them,
several together make a visible hitch (the first frame of the oven reveal
rendered the whole hand at a new size: 30-40 ms).  So a scene that knows what
comes next (the table, a round end ahead in the feed; the reveal, a person's
decision still behind the show) *rehearses* it: it queues steps here, each a
function that paints what the coming frame will paint, onto a 1x1 scratch
surface.  What is rehearsed is a future show state (``solemio/show/ahead.py``:
the show taken further by the viewer's own redacted events), painted with the
scenes' own painters (``ui/table/reveal/rehearsal.py``), never a copy of a scene.  The
caches (``CardImages``, ``theme.layer``, ``theme.text``) fill up exactly as the
real frame would fill them, with the same keys, and nothing is
seen: every blit onto the scratch surface is clipped away, and no step ever
paints the screen or the still frame.

Each frame (:meth:`App.draw`) runs steps until the frame has used
``budget_ms``; a step may render at most one new card picture (the next one
raises :class:`NotReady` and the step is tried again next frame, finding the
first one cached), so a frame's warm-up work is bounded by about one picture.
Steps read state only: like drawing, warming never changes the game.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterable

import pygame

Step = Callable[[], None]


class NotReady(BaseException):
    """A warm-up step asked for one more new picture than this frame allows.

    A ``BaseException`` so that the ``except Exception`` guards around painting
    (a broken picture becomes a plain card) never swallow it.
    """


_SCRATCH: list[pygame.Surface] = []


def scratch() -> pygame.Surface:
    """The surface rehearsals paint on: 1x1, so every blit is clipped to almost nothing."""
    if not _SCRATCH:
        _SCRATCH.append(pygame.Surface((1, 1)))
    return _SCRATCH[0]


class Warmer:
    """Named queues of warm-up steps, run a bounded amount per drawn frame.

    A step starts only while the frame so far plus a typical step (``step_ms``)
    stays under ``budget_ms``, so a frame that is busy on its own does no
    warm-up; the queue waits for the next cheap frame.
    """

    BUDGET_MS = 3.5  # at 1920x1080 and below (fit_window scales both with the area)
    STEP_MS = 1.5

    def __init__(self, budget_ms: float = BUDGET_MS, step_ms: float = STEP_MS) -> None:
        self.budget_ms = budget_ms
        self.step_ms = step_ms
        self.jobs: OrderedDict[Hashable, deque[Step]] = OrderedDict()
        self._running: deque[Step] | None = None
        self.steps = 0  # steps finished (tests, profiling)
        self.retries = 0  # steps interrupted by NotReady
        self.urgent = False  # set for one frame: run a step even if the frame is busy

    def fit_window(self, scale: float) -> None:
        """A larger window: every frame and every picture costs more (``scale``: how many
        1920x1080 windows it holds), and so may a frame's warm-up."""
        self.budget_ms = self.BUDGET_MS * scale
        self.step_ms = self.STEP_MS * scale

    def add(self, name: Hashable, steps: Iterable[Step], first: bool = False) -> None:
        """Queue a job (replacing any job of that name, whose steps may be out of date);
        ``first``: before the other jobs."""
        self.jobs.pop(name, None)
        q = deque(steps)
        if q:
            self.jobs[name] = q
            if first:
                self.jobs.move_to_end(name, last=False)

    def then(self, steps: Iterable[Step]) -> None:
        """From inside a step: run ``steps`` next, before the rest of its job."""
        if self._running is not None:
            self._running.extendleft(reversed(list(steps)))

    def discard(self, name: Hashable) -> None:
        self.jobs.pop(name, None)

    def pending(self, name: Hashable | None = None) -> bool:
        return name in self.jobs if name is not None else bool(self.jobs)

    def clear(self) -> None:
        self.jobs.clear()

    def run(self, cards, started: float, budget_ms: float | None = None) -> None:
        """Run steps while the frame (begun at ``started``, ``time.perf_counter``) has room.

        ``cards`` is the app's ``CardImages``: during a step it renders at most
        one picture that is not cached yet.
        """
        budget = (self.budget_ms if budget_ms is None else budget_ms) / 1000.0
        room = budget - self.step_ms / 1000.0
        urgent, self.urgent = self.urgent, False
        while self.jobs and (urgent or time.perf_counter() - started < room):
            urgent = False
            name, q = next(iter(self.jobs.items()))
            step = q.popleft()
            self._running = q
            cards.allowance = 1
            try:
                step()
            except NotReady:
                q.appendleft(step)  # tried again: the picture it made is cached now
                self.retries += 1
            except Exception:  # noqa: BLE001 - a failed rehearsal only costs a later hitch
                self.steps += 1
            else:
                self.steps += 1
            finally:
                cards.allowance = None
                self._running = None
            if not q and self.jobs.get(name) is q:
                del self.jobs[name]

    def finish(self, cards) -> None:
        """Run every queued step now, with no time limit (tests)."""
        while self.jobs:
            self.run(cards, time.perf_counter(), budget_ms=1e9)

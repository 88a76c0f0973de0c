"""Hot-seat privacy as a property of the whole flow, walked by hypothesis (issue 24).

Random paths through hot-seat games in every edition: at each moment a person
could act, hypothesis picks what they press (a choice, "I am NAME", Decline
without looking on a help request's pass screen, skip ahead, memory training's
estimate or its skip, pause, save and load, a language switch, a resize, or
quitting and continuing from the autosave, in the middle of a reveal too).  At
every beat and after every press the watch checks the one promise of a shared
screen: no person's hand is on screen unless that person has just confirmed
they are at it, and nothing has come since that ends their moment (another
seat's decision, the oven turned over, a card of the reveal, a new round).

It runs on the pygame-free conductor (``solemio.show.conductor``), as the
window follows it; ``tests/ui/test_hot_seat_privacy_window.py`` checks what the
real window paints and keeps.  The default profile walks a few dozen games in
well under a minute; ``-m slow`` walks many more.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from solemio import i18n
from solemio.engine import load_cardset
from solemio.show import host as host_mod
from solemio.show.conductor import ANSWERED, ASK, EVENT, HAND_OVER, OPEN, Conductor
from solemio.show.director import SHARED_AGAIN
from solemio.show.host import GameSession, SeatConfig
from solemio.show.memory import KINDS, MAX_UNITS

EDITIONS = ("sole-mio", "mamma-mia", "grande")
# Two or three people and computers (random and easy are quick; the flow is the same).
SPECS = ("ppc", "pcp", "ppe", "ppp", "ppcc", "pcpe")
COLOURS = ["blue", "green", "brown", "red", "yellow"]
LANGUAGES = ("en", "it", "nl", "fr")


def hot_seat(edition: str, spec: str, seed: int) -> GameSession:
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=ch == "p",
                        level={"e": "easy"}.get(ch, "random")) for i, ch in enumerate(spec)]
    return GameSession(load_cardset(edition), seats, seed)


class Watch:
    """Who may see their hand now: the person who last confirmed a pass screen, until
    something ends their moment."""

    def __init__(self) -> None:
        self.confirmed: int | None = None
        self.spent = True  # nobody has confirmed yet

    def confirm(self, seat: int) -> None:
        self.confirmed, self.spent = seat, False

    def saw(self, beat) -> None:
        if beat.what == EVENT and beat.event["type"] in SHARED_AGAIN:
            self.spent = True
        elif beat.what == ANSWERED and beat.seat != self.confirmed:
            self.spent = True
        elif beat.what == ASK and beat.seat != self.confirmed:
            self.spent = True

    def check(self, host: GameSession, where: str) -> None:
        if host.viewer is None:
            assert host.show.hand == (), f"{where}: a hand is in the show with nobody's view"
            return
        assert host.viewer == self.confirmed and not self.spent, (
            f"{where}: P{host.viewer}'s hand is on screen (confirmed: {self.confirmed}, "
            f"moment over: {self.spent})")
        assert host.show.viewer == host.viewer  # the hand the show holds is the viewer's


class Walk:
    """One game walked as the window follows its conductor, a person's presses drawn."""

    def __init__(self, data, host: GameSession, executor, memory: bool) -> None:
        self.data = data
        self.host = host
        self.executor = executor
        self.memory = memory
        self.c = Conductor(host, executor)
        self.watch = Watch()
        self.moment: tuple | None = None  # ("ask", decision) or ("pass", seat)
        self.reloads = 0

    def draw(self, options: list[str], label: str) -> str:
        return self.data.draw(st.sampled_from(options), label=label)

    def follow(self, beat) -> None:
        self.watch.saw(beat)
        self.watch.check(self.host, f"after {beat.what} {beat.event or beat.seat}")
        if beat.what == ASK:
            self.moment = ("ask", beat.decision)
        elif beat.what == HAND_OVER:
            self.moment = ("pass", beat.seat)
        elif beat.what == OPEN and beat.screen == "reveal" and beat.event is not None:
            self.estimates(beat.event["round"])

    def estimates(self, round_no: int) -> None:
        """Memory training before the oven is turned over: each person behind a pass
        screen estimates, skips (without saying who they are), or the game is left."""
        h = self.host
        if not self.memory or not h.memory.ask(round_no):
            return
        for seat in h.persons:
            what = self.draw(["estimate", "skip", "skip", "continue-later"], "estimate")
            if what == "estimate":
                units = self.data.draw(st.lists(st.integers(0, MAX_UNITS), min_size=len(KINDS),
                                                max_size=len(KINDS)), label="units")
                h.memory.record(round_no, seat, units)
                h.autosave()
            elif what == "continue-later":
                self.reload()
                return
            self.watch.check(self.host, f"estimate of P{seat}")

    def reload(self) -> None:
        """The game left (pause, Leave to the title) and continued from its autosave: the
        window opens a fresh session, which shows nobody's hand."""
        before = self.host.memory.estimates
        self.host.autosave()
        self.host.stop_thinking()
        sess = host_mod.load_autosave()
        assert sess is not None
        assert sess.memory.estimates == before  # memory training's estimates survive
        self.host = sess
        self.c = Conductor(sess, self.executor)
        self.watch = Watch()
        self.moment = None
        self.reloads += 1
        beat = self.c.resume_beat()
        if beat is not None:
            self.follow(beat)
        self.watch.check(sess, "continued")

    def side_step(self) -> None:
        """What changes nothing of the game: the pause menu, a language, a resize."""
        what = self.draw(["pause", "language", "resize"], "side")
        if what == "language":
            i18n.set_language(self.draw(list(LANGUAGES), "lang"))
        self.watch.check(self.host, what)

    def act(self) -> None:
        kind, arg = self.moment
        h = self.host
        if kind == "pass":
            options = ["confirm", "confirm", "confirm", "side", "reload"]
            if h.table.deciding_kind() == "help":
                options.append("decline-unseen")
            what = self.draw(options, "at the pass screen")
            if what == "confirm":
                h.confirm_pass(arg)
                self.watch.confirm(arg)
                self.moment = None
            elif what == "decline-unseen":
                self.c.decline_unseen(arg)
                self.moment = None
            elif what == "side":
                self.side_step()
            else:
                self.reload()
            self.watch.check(self.host, f"pass screen: {what}")
            return
        d = arg
        what = self.draw(["choose"] * 6 + ["side", "skip", "reload"], "at a decision")
        if what == "choose":
            choice = self.data.draw(st.sampled_from(d.choices), label=f"{d.kind} choice")
            for beat in self.c.dispatch(choice):
                self.follow(beat)
            self.moment = None
        elif what == "side":
            self.side_step()
        elif what == "skip":
            self.c.skip_ahead()
        else:
            self.reload()
        self.watch.check(self.host, f"decision: {what}")

    def run(self, decisions: int) -> None:
        """Until ``decisions`` presses were made by people, or the game ends."""
        made = 0
        for _ in range(20000):
            if self.host.game.is_over() or made >= decisions:
                return
            if self.moment is not None:
                self.act()
                made += 1
                continue
            dt = self.data.draw(st.sampled_from([0.05, 0.5, 3.0]), label="dt")
            for beat in self.c.update(dt):
                self.follow(beat)
            if self.moment is None and self.c.screen == "reveal" and \
                    self.data.draw(st.integers(0, 30), label="reveal press") == 0:
                # skip ahead, or leave and continue from the autosave mid-reveal
                if self.draw(["skip", "reload"], "in the reveal") == "skip":
                    self.c.skip_ahead()
                else:
                    self.reload()
        raise AssertionError("the game did not move on")


def walk(data, executor, decisions: int) -> Walk:
    edition = data.draw(st.sampled_from(EDITIONS), label="edition")
    spec = data.draw(st.sampled_from(SPECS), label="seats")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    w = Walk(data, hot_seat(edition, spec, seed), executor,
             memory=data.draw(st.booleans(), label="memory training"))
    try:
        w.run(decisions)
    finally:
        w.host.stop_thinking()
        i18n.set_language("en")
    return w


class AtOnce(Executor):
    """The computer seats answer at once, on this thread: a path is the same each time
    hypothesis replays it (a worker thread's timing would change which frames it takes)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - the thinker reports it
            fut.set_exception(exc)
        return fut


@pytest.fixture(scope="module")
def executor():
    return AtOnce()


COMMON = dict(deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])


# Not shrunk in the default run (a failing path is printed as found; shrinking one takes
# minutes): the slow profile shrinks.
@settings(max_examples=30, phases=[Phase.explicit, Phase.generate], **COMMON)
@given(data=st.data())
def test_no_hand_shows_beyond_its_persons_moment(executor, data):
    walk(data, executor, decisions=120)


@pytest.mark.slow
@settings(max_examples=600, **COMMON)
@given(data=st.data())
def test_no_hand_shows_beyond_its_persons_moment_long(executor, data):
    walk(data, executor, decisions=2000)

"""Drive the window without a person: for tests, screenshots and the benchmark.

Everything here goes through the scenes' own input handling (mouse clicks on
widget centres), so a test that plays a game this way exercises exactly what
a person's clicks would.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from solemio.engine.kinds import KINDS
from solemio.ui.app import App


def click(app: App, rect: pygame.Rect, draw: bool = False) -> None:
    """A left click at the centre of ``rect`` (a motion first, as a real mouse would)."""
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.0, draw=draw)


def key(app: App, k: int, draw: bool = False) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 0.0,
             draw=draw)


def widget(app: App, name: str) -> Any:
    top = app.manager.top
    focus = getattr(top, "focus", None)
    if focus is None:
        return None
    for w in focus.widgets:
        if w.name == name and w.visible:
            return w
    return None


def wait_thinker(app: App) -> None:
    """Let a computer seat's worker finish (the tests have no real clock to wait on)."""
    top = app.manager.top
    th = getattr(top, "thinker", None)
    if th is not None:
        th.wait(timeout=10)


def person_move(app: App, rng: random.Random, act: Callable[[App, Any], None] | None = None
                ) -> bool:
    """Make the pending person's decision by clicking, as a person would; False if none.
    ``act(app, widget)`` chooses a widget (default: a click; :func:`press`: the keyboard)."""
    act = act or _click_on
    from solemio.ui.scenes.gameover import GameOverScene
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.reveal import RevealScene
    from solemio.ui.scenes.summary import RoundSummaryScene
    from solemio.ui.scenes.table import TableScene

    top = app.manager.top
    if isinstance(top, HandoverScene | RoundSummaryScene):
        w = widget(app, "ready") or widget(app, "continue")
        act(app, w)
        return True
    if isinstance(top, GameOverScene):
        return False
    if isinstance(top, TableScene):
        d = top.my_decision()
        if d is None:
            return False
        if d.kind == "play":
            kinds: dict[str, list] = {}
            for w in top.focus.widgets:
                if w.name.startswith("hand") and w.face[0] in KINDS:
                    kinds.setdefault(w.face[0], []).append(w)
            kind = rng.choice(sorted(kinds))
            cards = kinds[kind]
            for w in rng.sample(cards, rng.randint(1, len(cards))):
                act(app, w)
            orders = [w for w in top.focus.widgets if w.name.startswith("hand")
                      and w.face[0] not in kinds and w.face[0] not in
                      KINDS]
            if orders and rng.random() < 0.5:
                act(app, rng.choice(orders))
            act(app, widget(app, "confirm"))
            return True
        if d.kind == "order":
            orders = [w for w in top.focus.widgets if w.name.startswith("hand")
                      and w.enabled and w.face[0] not in
                      KINDS]
            if orders and rng.random() < 0.5:
                act(app, rng.choice(orders))
                act(app, widget(app, "confirm"))
            else:
                act(app, widget(app, "no-order"))
            return True
        if d.kind == "draw":
            opts = [w for w in top.focus.widgets if w.name.startswith("draw-")]
            act(app, rng.choice(opts))
            return True
        return False
    if isinstance(top, RevealScene):
        d = top.my_decision()
        if d is None:
            return False
        buttons = [w for w in top.focus.widgets if w.focusable and w.visible and (
            w.name.startswith(("choice", "fill")) or w.name == "more")]
        if not buttons:
            return False
        go = [w for w in buttons if w.name in ("fill-confirm", "fill-go")]
        # A picker's tiles only rearrange: its Confirm gets every other click.
        w = go[0] if go and rng.random() < 0.5 else rng.choice(buttons)
        act(app, w)
        return True
    return False


def _click_on(app: App, w: Any) -> None:
    click(app, w.rect)


def press(app: App, w: Any) -> None:
    """Choose ``w`` from the keyboard alone: Tab until it has the focus, then Enter."""
    top = app.manager.top
    name = w.name
    current = next((x for x in top.focus.widgets if x.name == name), None)
    if current is None or not top.focus._usable(current):
        return  # as a click on a grey button: nothing happens
    for _ in range(len(top.focus.widgets) + 1):
        f = top.focus.focused
        if f is not None and f.name == name:
            break
        key(app, pygame.K_TAB)
        top = app.manager.top
    else:
        raise RuntimeError(f"Tab never reaches {name!r}")
    key(app, pygame.K_RETURN)


def play_until(app: App, done: Callable[[], bool], rng: random.Random, dt: float = 0.5,
               max_steps: int = 200000, draw_every: int = 0,
               act: Callable[[App, Any], None] | None = None) -> int:
    """Step the app (people's moves by clicks, or ``act``) until ``done()``; returns the
    steps taken."""
    steps = 0
    while not done():
        if steps >= max_steps:
            raise RuntimeError(f"no progress after {steps} steps; top={app.manager.top!r}")
        if not person_move(app, rng, act):
            wait_thinker(app)
            app.step([], dt, draw=bool(draw_every and steps % draw_every == 0))
        steps += 1
    return steps


def click_widget(app: App, w: Any) -> None:
    """A click on a part of ``w`` that shows (a fanned hand's cards overlap: the centre of
    one may lie under the next), as a person clicks what they see."""
    fg = app.manager.top.focus
    i = fg.widgets.index(w)
    r = w.rect
    for fx in (0.5, 0.25, 0.1, 0.75, 0.9):
        for fy in (0.5, 0.2, 0.8):
            pos = (r.x + int(r.w * fx), r.y + int(r.h * fy))
            if fg.at(pos) == i:
                click(app, pygame.Rect(pos, (1, 1)))
                return
    click(app, r)


def guide_move(app: App) -> bool:
    """Make the pending person's decision as a newcomer following the guide would: click
    what it rings (the cards it names, then its button; otherwise its first target);
    False when the guide asks nothing now."""
    top = app.manager.top
    my = getattr(top, "my_decision", None)
    d = my() if my is not None else None
    if d is None or not getattr(top, "guided", False):
        return False
    app.step([], 0.0, draw=False)  # a frame first: the decision's widgets are built in it
    if top is not app.manager.top or my() is None:
        return False
    tip = top.guide_tip()
    if tip is None or not tip.targets:
        return False  # nothing to choose: answered for the person after a pause
    if d.kind in ("play", "order"):
        # The cards it rings (each clicked once: a second click would put it back), then
        # its button (Play, No order).
        names = [w.name for w in top.focus.widgets if w.name.startswith("hand") and any(
            (what == "hand" and w.face[0] == name) or (what == "order" and w.face[1] == name)
            for what, name in tip.targets)]
        for name in names:  # a click rebuilds the hand's widgets: found again by name
            click_widget(app, widget(app, name))
        button = widget(app, next((name for what, name in tip.targets if what == "widget"),
                                  "confirm"))
        if button is not None:
            click(app, button.rect)
        return True
    rects = top.guide_target_rects(tip)
    if not rects:
        return False
    click(app, rects[0])
    return True

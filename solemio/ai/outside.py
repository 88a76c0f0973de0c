"""Agents from a Python file: anyone's bot, seated in the arena beside the built-in levels.

An outside agent is a subclass of ``solemio.ai.base.Agent`` in a file of its
own, named on the command line as ``file:PATH:CLASS``.  ``load_agent_class``
imports it (once per process, so arena worker processes load it too) and
checks it; every problem is an ``OutsideAgentError`` whose message is one
line for the user.

Hidden stays hidden by the interface, not by trust: the game never reaches
an outside agent.  ``OutsideSeat`` is the only door between a game and the
agent; at each of the seat's decisions it builds what the seat may see
(``game.view(seat)``, a frozen view, and ``game.events_for(seat, since)``,
fresh redacted copies) and calls ``choose`` with them.  The agent's own
``decide`` is never called.  If the agent asks for a searcher
(``wants_searcher``), it gets one built on a *re-dealt* copy of the game, so
not even the searcher's closure holds the real hidden cards (re-deals are
canonical: a re-deal of a re-deal gives the same samples).
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import os
import random
import sys
import time
from typing import Any

from solemio.ai.base import Agent, Searcher

PREFIX = "file:"


class OutsideAgentError(Exception):
    """An outside agent that cannot be loaded, built or believed: one line for the user."""


def is_outside(spec: str) -> bool:
    return spec.startswith(PREFIX)


def parse_spec(spec: str) -> tuple[str, str]:
    """``file:PATH:CLASS`` -> (absolute path, class name); the path may hold colons itself."""
    body = spec[len(PREFIX):]
    path, sep, name = body.rpartition(":")
    if not sep or not path or not name:
        raise OutsideAgentError(f"{spec!r}: write an outside agent as file:PATH:CLASS")
    if not name.isidentifier():
        raise OutsideAgentError(f"{spec!r}: {name!r} is not a class name")
    return os.path.abspath(os.path.expanduser(path)), name


def display_name(spec: str) -> str:
    """How reports name an outside agent: ``file:<file name>:<class>``."""
    path, name = parse_spec(spec)
    return f"{PREFIX}{os.path.basename(path)}:{name}"


_LOADED: dict[str, Any] = {}


def _module(path: str) -> Any:
    """Import the file once per process under a name of its own (its path's hash)."""
    mod = _LOADED.get(path)
    if mod is not None:
        return mod
    if not os.path.isfile(path):
        raise OutsideAgentError(f"{path}: no such file")
    stem = os.path.splitext(os.path.basename(path))[0]
    modname = f"solemio_outside_{''.join(c if c.isalnum() else '_' for c in stem)}_" + \
        hashlib.sha1(path.encode()).hexdigest()[:8]
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise OutsideAgentError(f"{path}: not a Python file")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod  # dataclasses and pickling look their module up here
    try:
        spec.loader.exec_module(mod)
    except BaseException as exc:  # noqa: BLE001 - any failure of foreign code is one line
        sys.modules.pop(modname, None)
        raise OutsideAgentError(f"{path}: importing it failed: {_one_line(exc)}") from None
    _LOADED[path] = mod
    return mod


def load_agent_class(spec: str) -> type[Agent]:
    """The agent class named by ``file:PATH:CLASS``, checked to be an ``Agent``."""
    path, name = parse_spec(spec)
    mod = _module(path)
    cls = getattr(mod, name, None)
    if cls is None:
        raise OutsideAgentError(f"{path}: no class {name!r} in it")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise OutsideAgentError(f"{path}: {name} is not a solemio.ai.base.Agent subclass")
    return cls


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class OutsideSeat:
    """An outside agent at one seat, fed only what the seat may see (module docstring)."""

    def __init__(self, spec: str, seat: int, seed: int) -> None:
        cls = load_agent_class(spec)
        self.name = display_name(spec)
        self.seat = seat
        try:
            self.agent = cls(seat, seed)
        except Exception as exc:  # noqa: BLE001 - foreign code: one line
            raise OutsideAgentError(f"{self.name}: building it failed: {_one_line(exc)}") from None
        self.since = 0
        self.last_ms = 0.0

    def receive(self, game: Any) -> tuple[Any, list[dict], Searcher]:
        """What the seat gets for the game's current decision: view, new events, searcher."""
        d = game.decision()
        if d is None or d.seat != self.seat:
            raise ValueError(f"seat {self.seat} does not decide now")
        events = copy.deepcopy(game.events_for(self.seat, self.since))  # nothing shared with the log
        self.since += len(events)
        base = None
        if getattr(self.agent, "wants_searcher", False):
            # a re-deal fixed by the seat's view alone: the searcher cannot reach the real cards
            base = game.redeal(self.seat, random.Random(0))
        return game.view(self.seat), events, Searcher(base, self.seat)

    def decide(self, game: Any, cancel: Any = None) -> tuple:
        t0 = time.perf_counter()
        view, events, searcher = self.receive(game)
        what = getattr(view.decision_kind, "value", view.decision_kind)  # "play", not Phase.PLAY
        try:
            choice = self.agent.choose(view, events, searcher)
        except Exception as exc:  # noqa: BLE001 - foreign code: one line
            raise OutsideAgentError(
                f"{self.name} (seat {self.seat}) failed to decide {what!r}: "
                f"{_one_line(exc)}") from None
        if choice not in view.choices:
            raise OutsideAgentError(
                f"{self.name} (seat {self.seat}) answered {choice!r}, not a legal "
                f"{what!r} choice")
        self.last_ms = (time.perf_counter() - t0) * 1000.0
        return choice

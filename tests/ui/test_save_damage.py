"""A damaged autosave is reported on the title screen in one sentence and set aside.

Each case damages a valid autosave in one way, opens the title screen, and
checks that the screen still works (drawn, a key handled, "Continue" off),
that the sentence names the problem, and that the file's bytes are kept
whole in set-aside/ (nothing is ever deleted).
"""

from __future__ import annotations

import json
import os
import pathlib
import random

import pygame
import pytest

from solemio import savefiles, userdirs
from solemio.engine import load_cardset
from solemio.engine.saves import VERSION
from solemio.show.host import SAVER, GameSession, SeatConfig, autosave_path
from solemio.ui.scenes.title import TitleScene


def _valid_save() -> dict:
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bot", "green", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 3)
    for _ in range(8):
        sess.game.apply(sess.game.decision().choices[0])
    return sess.to_json()


def _text(d: dict) -> bytes:
    return json.dumps(d).encode()


def _edit(fn):
    def make(d: dict) -> bytes:
        d = json.loads(json.dumps(d))
        fn(d)
        return _text(d)
    return make


def _set(key, value):
    return _edit(lambda d: d.__setitem__(key, value))


def _drop(key):
    return _edit(lambda d: d.pop(key))


def _cardset(fn):
    return _edit(lambda d: fn(d["cardset"]))


def _extra(fn):
    return _edit(lambda d: fn(d["extra"]))


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


# (name, the damage, the problem the sentence must name)
DAMAGES = [
    ("truncated-10pc", lambda d: _text(d)[: len(_text(d)) // 10], "corrupt"),
    ("truncated-half", lambda d: _text(d)[: len(_text(d)) // 2], "corrupt"),
    ("truncated-last-byte", lambda d: _text(d)[:-1], "corrupt"),
    ("random-bytes", lambda d: random.Random(1).randbytes(3000), "corrupt"),
    ("random-text", lambda d: "".join(random.Random(2).choice("{}[]:,\"ab1 ")
                                      for _ in range(500)).encode(), "corrupt"),
    ("invalid-utf8", lambda d: b'{"format": "\xff\xfe"}', "corrupt"),
    ("empty-file", lambda d: b"", "empty"),
    ("only-whitespace", lambda d: b"  \n\n\t ", "empty"),
    ("json-null", lambda d: b"null", "not-a-save"),
    ("json-list", lambda d: b"[1, 2, 3]", "not-a-save"),
    ("json-string", lambda d: b'"solemio-save"', "not-a-save"),
    ("deeply-nested", lambda d: _nested(100000), "corrupt"),
    ("wrong-format", _set("format", "another-game"), "not-a-save"),
    ("format-missing", _drop("format"), "not-a-save"),
    ("future-version", _set("version", VERSION + 1), "newer"),
    ("far-future-version", _set("version", 999), "newer"),
    ("older-rules", _set("version", 1), "older"),  # issue 10: choices made under other rules
    ("previous-version", _set("version", VERSION - 1), "older"),
    ("version-zero", _set("version", 0), "unsupported"),
    ("version-as-text", _set("version", str(VERSION)), "unsupported"),
    ("version-missing", _drop("version"), "unsupported"),
    ("cardset-missing", _drop("cardset"), "cardset"),
    ("cardset-by-name", _set("cardset", "sole-mio"), "cardset"),
    ("cardset-orders-missing", _cardset(lambda c: c.pop("orders")), "cardset"),
    ("cardset-rounds-wrong-type", _cardset(lambda c: c.__setitem__("rounds", "three")),
     "cardset"),
    ("cardset-hand-negative", _cardset(
        lambda c: c["starting_hand"].__setitem__("ingredients", -5)), "cardset"),
    ("seats-missing", _drop("seats"), "incomplete"),
    ("seats-wrong-type", _set("seats", "blue,green"), "incomplete"),
    ("seed-missing", _drop("seed"), "incomplete"),
    ("seed-wrong-type", _set("seed", "three"), "incomplete"),
    ("choices-missing", _drop("choices"), "incomplete"),
    ("choices-wrong-type", _set("choices", 17), "incomplete"),
    ("illegal-choice", _edit(lambda d: d["choices"].append(["draw", "nowhere"])), "altered"),
    ("unknown-card-id", _edit(lambda d: d["choices"].__setitem__(1, ["order", "no-such-id"])),
     "altered"),
    ("choices-reordered", _edit(lambda d: d["choices"].reverse()), "altered"),
    ("choice-dropped", _edit(lambda d: d["choices"].pop(2)), "altered"),
    ("seed-changed", _edit(lambda d: d.__setitem__("seed", d["seed"] + 1)), "altered"),
    ("digest-changed", _edit(lambda d: d.__setitem__("digest", "0" * 64)), "altered"),
    ("digest-missing", _drop("digest"), "altered"),
    ("people-missing", _extra(lambda e: e.pop("seats")), "incomplete"),
    ("people-wrong-colours", _extra(lambda e: e["seats"].reverse()), "incomplete"),
    ("people-unknown-level", _extra(lambda e: e["seats"][1].__setitem__("level", "godlike")),
     "incomplete"),
    ("people-name-wrong-type", _extra(lambda e: e["seats"][0].__setitem__("name", 7)),
     "incomplete"),
]


def _open_title(make_app):
    app = make_app((960, 540))
    title = app.manager.push(TitleScene(app))
    app.step([], 0.05, draw=True)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")],
             0.05, draw=True)
    return app, title


def _check(make_app, problem: str, original: bytes | None, is_dir: bool = False) -> None:
    savefiles.dismiss()
    app, title = _open_title(make_app)
    assert app.manager.top is title  # the title screen still works
    assert not title.can_continue
    assert [w for w in title.focus.widgets if w.name == "continue"][0].enabled is False
    notices = savefiles.pending()
    assert len(notices) == 1
    sentence = notices[0].sentence()
    assert savefiles.problem_text(problem) in sentence, sentence
    assert "\n" not in sentence and sentence.count(". ") == 0  # one sentence
    # Nothing is lost: the damaged file is kept whole, under set-aside/.
    moved = notices[0].moved_to
    assert moved is not None and moved.parent == userdirs.data_dir() / "set-aside"
    assert moved.name in sentence
    if is_dir:
        assert moved.is_dir() and (moved / "keep.txt").read_text() == "mine"
    else:
        assert moved.read_bytes() == original
    assert not os.path.lexists(autosave_path())
    # Opened again: the title is calm (nothing left to report).
    savefiles.dismiss()
    app2, title2 = _open_title(make_app)
    assert not savefiles.pending() and not title2.can_continue


@pytest.mark.parametrize("name,damage,problem", DAMAGES, ids=[d[0] for d in DAMAGES])
def test_a_damaged_autosave_is_reported_and_set_aside(make_app, name, damage, problem):
    data = damage(_valid_save())
    SAVER.flush()
    autosave_path().write_bytes(data)
    _check(make_app, problem, data)


def test_a_folder_where_the_autosave_should_be(make_app):
    path = autosave_path()
    path.mkdir(parents=True)
    (path / "keep.txt").write_text("mine")
    _check(make_app, "unreadable", None, is_dir=True)


def test_an_autosave_that_cannot_be_read(make_app, monkeypatch):
    # Tests run as root, which no file mode stops: the refusal is made at the OS call.
    data = _text(_valid_save())
    autosave_path().write_bytes(data)
    real = pathlib.Path.read_text

    def denied(self, *args, **kwargs):
        if self.name.startswith("autosave"):  # a file denied stays denied when moved
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "read_text", denied)
    _check(make_app, "unreadable", data)


def test_a_save_that_cannot_even_be_moved_stays_where_it_is(make_app, monkeypatch):
    autosave_path().write_bytes(b"garbage")
    real = os.rename

    def refuse(src, dst, *a, **k):
        if str(src).endswith("autosave.json"):
            raise PermissionError(13, "Permission denied")
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "rename", refuse)
    savefiles.dismiss()
    app, title = _open_title(make_app)
    notices = savefiles.pending()
    assert notices and notices[0].moved_to is None
    assert savefiles.problem_text("corrupt") in notices[0].sentence()
    assert autosave_path().read_bytes() == b"garbage"  # untouched
    savefiles.dismiss()


def test_a_good_autosave_continues(make_app):
    autosave_path().write_bytes(_text(_valid_save()))
    savefiles.dismiss()
    app, title = _open_title(make_app)
    assert title.can_continue and not savefiles.pending()


def test_an_autosave_of_the_first_format_is_set_aside_as_older(make_app):
    seats = [{"name": "Anna", "colour": "blue", "person": True, "level": "normal"},
             {"name": "Bot", "colour": "green", "person": False, "level": "normal"}]
    old = {"format": 1, "cardset": "sole-mio", "seed": 3, "first": None, "seats": seats,
           "choices": [["play", "olive", 1, 0]]}
    data = json.dumps(old).encode()
    autosave_path().write_bytes(data)
    _check(make_app, "older", data)


def test_an_autosave_of_a_newer_version_comes_back_after_the_upgrade(make_app, monkeypatch):
    """Item 13 for the autosave: a downgrade sets the unfinished game aside (the older game
    cannot continue it, and must not write over it), and says it comes back; after the
    upgrade it is the game to continue again, byte for byte."""
    from solemio.engine import saves

    data = _text(_valid_save())
    SAVER.flush()
    autosave_path().write_bytes(data)
    monkeypatch.setattr(saves, "VERSION", VERSION - 1)  # the player went back a version
    savefiles.dismiss()
    app, title = _open_title(make_app)
    assert not title.can_continue
    (notice,) = savefiles.pending()
    assert notice.problem == "newer" and notice.moved_to.read_bytes() == data
    assert "comes back" in notice.sentence() and notice.moved_to.name in notice.sentence()
    assert not os.path.lexists(autosave_path())
    monkeypatch.setattr(saves, "VERSION", VERSION)  # ... and updated again
    savefiles.dismiss()
    app2, title2 = _open_title(make_app)
    assert title2.can_continue and not savefiles.pending()
    assert autosave_path().read_bytes() == data and not notice.moved_to.exists()


def test_a_set_aside_autosave_never_replaces_the_game_in_progress(make_app):
    """Only when there is no autosave does a set-aside one come back."""
    data = _text(_valid_save())
    folder = userdirs.data_dir() / "set-aside"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave-20260101-000000.json").write_bytes(data)
    current = _valid_save()
    current["extra"]["seats"][0]["name"] = "Berta"
    autosave_path().write_bytes(_text(current))
    savefiles.dismiss()
    app, title = _open_title(make_app)
    assert title.can_continue
    assert b"Berta" in autosave_path().read_bytes()
    assert (folder / "autosave-20260101-000000.json").read_bytes() == data

"""The name fields edit as text fields do everywhere: a caret, a selection, word keys,
a visible length limit, and a seat switched to a person waiting to be typed over."""

from __future__ import annotations

import pygame

from solemio.ui import driver
from solemio.ui.widgets import FocusGroup, TextField

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT


def _field(value: str = "Anna Maria", max_len: int = 16) -> tuple[TextField, FocusGroup, list[str]]:
    seen: list[str] = []
    f = TextField("name", value, seen.append, pygame.Rect(10, 10, 300, 40), max_len=max_len)
    group = FocusGroup([f])
    group.focus = 0
    return f, group, seen


def _key(group: FocusGroup, key: int, mod: int = 0) -> pygame.event.Event | None:
    return group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _type(group: FocusGroup, text: str) -> None:
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_ctrl_a_selects_all_and_typing_replaces_it():
    f, group, seen = _field()
    assert _key(group, pygame.K_a, CTRL) is None
    assert f.selection == (0, len("Anna Maria"))
    _type(group, "Giulia")
    assert f.value == "Giulia" and seen[-1] == "Giulia"


def test_home_end_and_the_caret_in_the_middle():
    f, group, _ = _field("Anna")
    _key(group, pygame.K_HOME)
    _type(group, "X")
    assert f.value == "XAnna"
    _key(group, pygame.K_END)
    _type(group, "!")
    assert f.value == "XAnna!"
    _key(group, pygame.K_LEFT)
    _key(group, pygame.K_BACKSPACE)
    assert f.value == "XAnn!"
    _key(group, pygame.K_DELETE)
    assert f.value == "XAnn"


def test_ctrl_backspace_takes_a_word_and_shift_selects():
    f, group, _ = _field("Anna Maria Rossi")
    _key(group, pygame.K_BACKSPACE, CTRL)
    assert f.value == "Anna Maria "
    _key(group, pygame.K_BACKSPACE, CTRL)
    assert f.value == "Anna "
    _key(group, pygame.K_HOME, SHIFT)
    assert f.selection == (0, 5)
    _key(group, pygame.K_BACKSPACE)
    assert f.value == ""


def test_the_arrows_still_leave_the_field_at_its_ends():
    f, group, _ = _field("Bo")
    other = TextField("other", "x", lambda v: None, pygame.Rect(400, 10, 100, 40))
    group.set([f, other], keep=False)
    group.focus = 0
    _key(group, pygame.K_LEFT)  # the caret moves inside the name first
    assert group.focus == 0 and f.caret == 1
    _key(group, pygame.K_END)
    _key(group, pygame.K_RIGHT)  # at the end the arrow moves on
    assert group.focused is other
    # reached from the keyboard, the other field is ready to be typed over
    assert other.selection == (0, 1)
    _type(group, "Yara")
    assert other.value == "Yara"


def test_the_limit_is_shown_and_a_refused_key_flashes_it():
    f, group, _ = _field("abcdefghijklmno", max_len=16)
    _type(group, "pq")
    assert f.value == "abcdefghijklmnop" and f.refused_at is not None
    surface = pygame.Surface((320, 60))
    before = pygame.Surface((320, 60))
    f.draw(surface, focused=True, hovered=False)
    f.refused_at = None
    f.draw(before, focused=True, hovered=False)
    # the counter is drawn in both; the refused keystroke colours it
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(before, "RGB")
    f.value = f.value[:-1]
    f.caret = f.anchor = len(f.value)
    below = pygame.Surface((320, 60))
    f.draw(below, focused=True, hovered=False)
    assert pygame.image.tobytes(below, "RGB") != pygame.image.tobytes(before, "RGB")


def test_a_seat_switched_to_a_person_waits_to_be_typed_over(make_app):
    app = make_app((1280, 720))
    app.manager.open("new-game")
    app.step([], 0.016, draw=True)
    sc = app.manager.top
    seat = next(i for i in range(sc.n) if sc.rows[i]["type"] != "person")
    sc.set_type(seat, "person")
    field = driver.widget(app, f"name{seat}")
    driver.click(app, field.rect)
    assert field.selection == (0, len(field.value)) and field.value
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Pia")], 0.0)
    assert sc.rows[seat]["name"] == "Pia"

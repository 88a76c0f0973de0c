"""Reduced motion (Settings): flights fly in a third of their time and nothing shakes."""

from __future__ import annotations

import pygame

from solemio.ui import anim


def flight(shake: bool = False) -> anim.Flight:
    return anim.Flight(("k",), pygame.Rect(0, 0, 50, 70), pygame.Rect(500, 0, 50, 70),
                       duration=0.6, shake=shake)


def test_reduced_motion_shortens_flights_and_stops_the_shaking(make_app):
    app = make_app((1280, 720))
    normal = anim.Animations([flight()])
    normal.update(0.25)
    assert normal.busy
    app.settings.reduced_motion = True
    app.settings_changed()
    try:
        short = anim.Animations([flight()])
        short.update(0.25)
        assert not short.busy, "a 0.6 s flight is over after 0.25 s"
        shaking = flight(shake=True)
        shaking.t = 0.1
        straight = flight()
        straight.t = 0.1
        assert shaking.rect() == straight.rect()
    finally:
        app.settings.reduced_motion = False
        app.settings_changed()
    shaking = flight(shake=True)
    shaking.t = 0.1
    straight = flight()
    straight.t = 0.1
    assert shaking.rect() != straight.rect()

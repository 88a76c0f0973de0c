"""The five ingredient kinds and the player colours that own them."""

from __future__ import annotations

KINDS: tuple[str, ...] = ("olive", "pepper", "mushroom", "salami", "pineapple")
COLOURS: tuple[str, ...] = ("blue", "green", "brown", "red", "yellow")
COLOUR_KIND: dict[str, str] = dict(zip(COLOURS, KINDS, strict=True))
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}

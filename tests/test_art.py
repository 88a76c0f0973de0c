"""The card painter renders every face headless, at several sizes, with real properties.

Why these checks: the painter is the only thing that turns card data into
pictures, so a broken SVG, a missing font or a mis-sized surface would show up
as a blank or garbled table; these tests catch that without a display.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from solemio.resources import resource_path  # noqa: E402
from solemio.ui.art import (  # noqa: E402
    COLOUR_KIND,
    COLOURS,
    KINDS,
    SYMBOLS,
    CardPainter,
    card_size,
)

SIZES = [(40, 56), (60, 84), (250, 350)]

ORDERS = [
    ("red", "Four pineapples", [("need", "pineapple", 4)]),
    ("green", "4 salami + 1 pepper", [("need", "salami", 4), ("need", "pepper", 1)]),
    ("blue", "Two of each", [("need", k, 2) for k in KINDS if k != "olive"]),
    ("yellow", "Minimale", [("need", "pineapple", 1), ("symbol", "question", "×3")]),
    ("brown", "An order with a very long name that has to wrap", [("need", "olive", 4)]),
] + [("blue", name, [("symbol", name, None)]) for name in SYMBOLS]


@pytest.fixture(scope="module")
def painter() -> CardPainter:
    return CardPainter()


def _faces(p: CardPainter, size: tuple[int, int]) -> list[pygame.Surface]:
    faces = [p.ingredient(k, u, size) for k in KINDS for u in (1, 2)]
    faces.append(p.ingredient_back(size))
    faces += [p.order_back(c, size) for c in COLOURS]
    faces += [p.scorer("Sole Mio!", size), p.scorer("Mamma Mia!", size)]
    faces += [p.order(c, n, t, size) for c, n, t in ORDERS]
    return faces


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _diff(a: pygame.Surface, b: pygame.Surface) -> int:
    """Number of differing bytes: a cheap 'do these look different' measure."""
    return sum(1 for x, y in zip(_pixels(a), _pixels(b), strict=True) if x != y)


@pytest.mark.parametrize("size", SIZES)
def test_every_face_has_the_exact_size_and_transparent_corners(painter, size):
    w, h = size
    for face in _faces(painter, size):
        assert face.get_size() == size
        assert face.get_flags() & pygame.SRCALPHA
        # Rounded corners (~6% of the width): the outermost corner pixels are clear...
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert face.get_at((x, y)).a < 40, (size, x, y)
        # ...while the middle of the card is solid.
        assert face.get_at((w // 2, h // 2)).a == 255


def test_five_ingredient_pictures_differ(painter):
    for size in ((40, 40), (100, 100)):
        icons = {k: painter.kind_icon(k, size) for k in KINDS}
        for i, a in enumerate(KINDS):
            for b in KINDS[i + 1 :]:
                assert _diff(icons[a], icons[b]) > size[0] * size[1], (a, b, size)


def test_single_and_double_differ_and_each_has_art(painter):
    size = (60, 84)
    blank = painter._svg("cards/frame-single.svg", size)
    for kind in KINDS:
        single = painter.ingredient(kind, 1, size)
        double = painter.ingredient(kind, 2, size)
        assert _diff(single, double) > 60 * 84
        assert _diff(single, blank) > 300  # the picture was drawn on the frame


def test_order_backs_differ_per_colour(painter):
    backs = [painter.order_back(c, (60, 84)) for c in COLOURS]
    for i in range(len(backs)):
        for j in range(i + 1, len(backs)):
            assert _diff(backs[i], backs[j]) > 1000


def test_orders_differ_by_colour_name_and_requirement(painter):
    size = (120, 168)
    base = painter.order("red", "Four olives", [("need", "olive", 4)], size)
    assert _diff(base, painter.order("green", "Four olives", [("need", "olive", 4)], size)) > 500
    assert _diff(base, painter.order("red", "Four pepper", [("need", "olive", 4)], size)) > 50
    assert _diff(base, painter.order("red", "Four olives", [("need", "pepper", 4)], size)) > 500


def test_none_of_mine_strikes_the_owners_ingredient(painter):
    size = (120, 168)
    tokens = [("symbol", "none-of-mine", None)]
    blue = painter.order("blue", "None", tokens, size)
    red = painter.order("red", "None", tokens, size)
    lower = pygame.Rect(0, size[1] // 2, size[0], size[1] // 2)
    assert _diff(blue.subsurface(lower), red.subsurface(lower)) > 500


def test_cache_returns_the_same_object(painter):
    assert painter.ingredient("olive", 2, (60, 84)) is painter.ingredient("olive", 2, (60, 84))
    tokens = [("need", "salami", 4)]
    assert painter.order("red", "X", tokens, (60, 84)) is painter.order(
        "red", "X", list(tokens), (60, 84)
    )
    assert painter.font(14) is painter.font(14)
    assert painter.ingredient("olive", 1, (60, 84)) is not painter.ingredient("olive", 1, (80, 112))


def test_the_full_window_table_is_kept_once(painter):
    """The painter makes the table; the window keeps its one opaque copy (CardImages), so
    the painter keeps none: a second full-window picture was 8 MB at 1920x1080."""
    from solemio.ui.cards import CardImages

    assert painter.table((320, 200)) is not painter.table((320, 200))
    assert pygame.image.tobytes(painter.table((320, 200)), "RGBA") == \
        pygame.image.tobytes(painter.table((320, 200)), "RGBA")
    cards = CardImages(painter)
    assert cards.table((320, 200)) is cards.table((320, 200))
    cards.release()  # a closed window's pictures go at once
    assert cards.bytes == 0 and cards._table is None


def test_colour_blind_mode_changes_faces():
    plain, cb = CardPainter(), CardPainter(colour_blind=True)
    for kind in KINDS:
        assert _diff(plain.ingredient(kind, 1, (60, 84)), cb.ingredient(kind, 1, (60, 84))) > 200


def test_scorer_editions_and_fallback(painter):
    size = (60, 84)
    sun, chef = painter.scorer("Sole Mio!", size), painter.scorer("Mamma Mia!", size)
    assert _diff(sun, chef) > 60 * 84
    fallback = painter.scorer("Mamma Mia! Grande", size)
    assert fallback.get_size() == size


def test_table_covers_any_window(painter):
    for size in ((800, 600), (1280, 720), (300, 900)):
        table = painter.table(size)
        assert table.get_size() == size
        assert table.get_at((0, 0)).a == 255
        assert table.get_at((size[0] - 1, size[1] - 1)).a == 255


def test_bad_input_is_rejected(painter):
    with pytest.raises(ValueError):
        painter.ingredient("anchovy", 1, (60, 84))
    with pytest.raises(ValueError):
        painter.ingredient("olive", 3, (60, 84))
    with pytest.raises(ValueError):
        painter.order_back("purple", (60, 84))
    with pytest.raises(ValueError):
        painter.order("red", "X", [("symbol", "unicorn", None)], (60, 84))


def test_card_size_and_colour_kinds():
    assert card_size(250) == (250, 350)
    assert COLOUR_KIND["blue"] == "olive" and COLOUR_KIND["yellow"] == "pineapple"


def test_every_svg_renders_and_assets_are_bundled():
    cards = resource_path("assets", "cards")
    svgs = sorted(cards.glob("*.svg"))
    assert len(svgs) >= 27
    for path in svgs + [resource_path("assets", "table", "table-felt.svg")]:
        surf = pygame.image.load_sized_svg(str(path), (50, 70))
        assert surf.get_bounding_rect().width > 10, path.name
    for name in ("Cabin-Regular.otf", "Cabin-Bold.otf", "LobsterTwo-Bold.otf"):
        assert resource_path("assets", "fonts", name).stat().st_size > 10_000
    assert list(resource_path("assets", "fonts").glob("OFL*.txt"))
    for name in ("play", "draw", "reveal", "filled", "failed", "click"):
        with wave.open(str(resource_path("assets", "sounds", f"{name}.wav"))) as fh:
            assert 0 < fh.getnframes() / fh.getframerate() < 1.0

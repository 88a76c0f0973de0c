"""How to play, page by page: what each page says and what its picture shows (no pygame).

Each page holds one idea of the rules, in our own words, and a picture made of
the game's own cards. The picture is data here (groups of card faces laid out
as a row, a stack, a column, with a caption), so the pages can be checked
without a window: every face exists in the edition, every page of an
edition's rules that differs (help, doubles, series, block, unfilled orders)
says it for that edition. The window (``solemio.ui.scenes.rules``) paints them
with the card painter, at any size and in any language.

Faces are the engine's: ``(kind, units)`` for an ingredient, ``(colour,
order_id)`` for an order, plus ``("back",)`` for an ingredient card's back,
``("oback", colour)`` for an order card's back and ``("scorer",)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext
from solemio.texts import announcement

#: The player the pages follow (blue plays olives) and an opponent (green, peppers).
ME, OTHER = "blue", "green"

Face = tuple

# Layouts of a group of cards.
ROW, STACK, COLUMN, ARROW, WORD = "row", "stack", "column", "arrow", "word"


@dataclass(frozen=True)
class Group:
    """Cards laid out one way, with a short caption under them.

    ``marks`` (same length as ``faces`` when given) are short labels drawn on
    the cards: an amount in a series, or a tick on the cards an order takes.
    """

    layout: str
    faces: tuple[Face, ...] = ()
    caption: str = ""
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Page:
    key: str
    title: str
    body: str
    picture: tuple[Group, ...] = field(default=())


def _has(cardset: Any, order_id: str) -> bool:
    return order_id in cardset.orders_for(ME)


def _first(cardset: Any, *ids: str) -> str:
    """The first of ``ids`` the edition's blue player holds (an edition's own example)."""
    for oid in ids:
        if _has(cardset, oid):
            return oid
    return cardset.orders_for(ME)[0]


def _announcement(kind: str, singles: int, doubles: int) -> str:
    return announcement(kind, singles, doubles)


def _order_kinds(cardset: Any) -> tuple[str, ...]:
    """The edition's special orders for the last page (those whose card needs reading)."""
    plain = ("four-", "own-plus-four-", "two-each", "one-of-each")
    return tuple(o for o in cardset.orders_for(ME) if not o.startswith(plain))


def pages(cardset: Any) -> list[Page]:
    """The How to play pages for one edition, in reading order."""
    doubles = bool(cardset.doubles)
    helps = bool(cardset.help)
    out: list[Page] = []
    goal = _first(cardset, "four-pepper", "own-plus-four-pepper")
    out.append(Page("goal", _("The goal"), ngettext(
        "Every player holds order cards that ask for ingredients. Fill more orders than "
        "anyone else in {n} round and you win.",
        "Every player holds order cards that ask for ingredients. Fill more orders than "
        "anyone else in {n} rounds and you win.", cardset.rounds),
        (Group(ROW, ((ME, goal),), _("an order")),
         Group(ARROW),
         Group(ROW, (("pepper", 1),) * 4 + ((("olive", 1),) if goal.startswith("own") else ()),
               _("the ingredients it asks for")))))
    play = ((("pineapple", 1), ("pineapple", 2)) if doubles
            else (("pineapple", 1),) * 3)
    said = _announcement("pineapple", 1, 1) if doubles else _announcement("pineapple", 3, 0)
    out.append(Page("turn", _("Your turn"), _(
        "Play one or more ingredient cards, all of one kind, onto the oven, and say what "
        "you played. Then you may put one order card on top of them."),
        (Group(ROW, play, "“" + said + "”"),
         Group(ARROW),
         Group(STACK, (("salami", 1), ("olive", 1), ("mushroom", 1)) + play + ((ME, goal),),
               _("the oven")))))
    out.append(Page("oven", _("The oven"), _(
        "The oven is one face-up stack shared by all. Only its top card can be seen and "
        "nobody may look through it: remember what each player said they played."),
        (Group(STACK, (("olive", 1), ("pepper", 1), ("salami", 1), (OTHER, "two-each")
                       if _has(cardset, "two-each") else (OTHER, "one-of-each"),
                       ("mushroom", 1), ("pepper", 1), ("pepper", 1)), _("the oven")),)))
    out.append(Page("draw", _("Drawing"), _(
        "End your turn by refilling your hand to 7 cards, either from the supply or from "
        "your own order stack, never both. Without ingredient cards in hand you pass."),
        (Group(STACK, (("back",),) * 4, _("the supply")),
         Group(WORD, caption=_("or")),
         Group(STACK, (("oback", ME),) * 3, _("your order stack")),
         Group(ARROW),
         Group(ROW, (("olive", 1), ("pepper", 1), ("pepper", 1), ("salami", 1),
                     ("pineapple", 1), (ME, goal), (ME, _first(cardset, "block", "monotoni"))),
               _("your hand")))))
    out.append(Page("scorer", _("The scorer card"), _(
        "The scorer card is shuffled into the supply. Whoever draws it keeps it and draws "
        "another card. When the last supply card is drawn the round ends, and the scorer "
        "reveals the oven."),
        (Group(STACK, (("back",),) * 5, _("the supply")),
         Group(ARROW),
         Group(ROW, (("scorer",),), _("the scorer")))))
    out.append(Page("reveal", _("Columns filling"), _(
        "The oven is turned over and its cards come out one by one, oldest first. Each "
        "ingredient joins the column of its kind."),
        (Group(COLUMN, (("olive", 1), ("olive", 1))),
         Group(COLUMN, (("pepper", 1), ("pepper", 2) if doubles else ("pepper", 1),
                        ("pepper", 1))),
         Group(COLUMN, (("mushroom", 1),)),
         Group(COLUMN, (("salami", 1), ("salami", 1), ("salami", 1))),
         Group(COLUMN, ()),
         Group(ARROW),
         Group(ROW, (("pineapple", 1),), _("the next card")))))
    fill_body = _(
        "When an order comes out, its owner fills it from the columns as they are at that "
        "moment, and the cards used leave them. If the columns fall short, you may add the "
        "missing cards from your hand.")
    if doubles:
        fill_body += " " + _("Doubles are taken first, even when that gives more than needed.")
    column = ((("pepper", 2), ("pepper", 1), ("pepper", 1), ("pepper", 1)) if doubles
              else (("pepper", 1),) * 5)
    taken = ("✓", "✓", "✓", "") if doubles else ("✓", "✓", "✓", "✓", "")
    out.append(Page("fill", _("Filling an order"), fill_body,
                    (Group(ROW, ((ME, goal),), _("an order")),
                     Group(COLUMN, column, _("the pepper column"), taken),
                     Group(ARROW),
                     Group(COLUMN, column[len(column) - 1:], _("left for later orders")))))
    if helps:
        out.append(Page("help", _("Help and its reward"), _(
            "Still short? Ask the others for exactly what is missing. The first player who "
            "accepts gives those cards, and as a reward moves the top card of their own "
            "order stack, unseen, to their filled orders."),
            (Group(ROW, ((ME, "four-mushroom"),), _("your order")),
             Group(ROW, (("mushroom", 1), ("mushroom", 1)), _("given by a helper")),
             Group(ARROW),
             Group(STACK, (("oback", OTHER),) * 2, _("the helper's reward")))))
    if cardset.unfilled == "out-of-game":
        fail = _("An order that cannot be filled leaves the game.")
    else:
        fail = _("An order that cannot be filled goes back under its owner's order stack.")
    out.append(Page("timing", _("When to play an order"), fail + " " + _(
        "Every order played before yours may take what yours needs: play an order when the "
        "oven already holds enough for it."),
        (Group(STACK, (("pepper", 1), ("pepper", 1), ("pepper", 1), ("pepper", 1),
                       (OTHER, "two-each") if _has(cardset, "two-each")
                       else (OTHER, "one-of-each"), (ME, goal)), _("the oven")),
         Group(ARROW),
         Group(STACK, (("oback", ME),) * 3, _("your order stack")))))
    series = [o for o in ("four-pepper", "four-mushroom", "four-salami") if _has(cardset, o)]
    if len(series) == 3:
        out.append(Page("series", _("A series"), _(
            "When one of your four-of-a-kind orders comes out, you may add up to 3 more from "
            "your hand. Together they ask for 4, 3, 2 and 1 of their kinds, and you decide "
            "which order asks for which amount."),
            (Group(ROW, tuple((ME, o) for o in series), _("one series"), ("4", "3", "2")),)))
    if _has(cardset, "block"):
        out.append(Page("block", _("A block"), _(
            "Block asks for every unit of your own kind in its column, at least 2, and you "
            "may add more from your hand. Then the others show all of your kind they hold: "
            "if together they have as many, the order is blocked."),
            (Group(ROW, ((ME, "block"),), _("your order")),
             Group(COLUMN, (("olive", 1), ("olive", 2) if doubles else ("olive", 1),
                            ("olive", 1)), _("the olive column")),
             Group(ROW, (("olive", 1), ("olive", 1)), _("shown by the others: too few")))))
    specials = _order_kinds(cardset)
    out.append(Page("orders", _("Special orders"), _(
        "Every order card shows what it needs. Point at an order for a reminder; click one "
        "here, or press F1 or right-click one in a game, to read all of it."),
        (Group(ROW, tuple((ME, o) for o in specials)),)))
    out.append(Page("rounds", _("The next round"), _(
        "Ingredients left in the columns stay in the oven and come out first next round. "
        "The scorer starts the next round; hands are not refilled in between."),
        (Group(COLUMN, (("olive", 1), ("olive", 1))),
         Group(COLUMN, (("salami", 1),)),
         Group(ARROW),
         Group(STACK, (("olive", 1), ("olive", 1), ("salami", 1)), _("the new oven")))))
    out.append(Page("winning", _("Winning"), _(
        "After the last round, whoever holds the most filled orders wins. A tie goes to "
        "the most ingredient units in hand (a double counts 2); if still tied, the win "
        "is shared."),
        (Group(STACK, ((ME, goal), (ME, "block" if _has(cardset, "block") else "monotoni"),
                       (OTHER, _first(cardset, "two-each", "one-of-each"))),
               _("filled orders")),)))
    out.append(Page("controls", _("Playing here"), _(
        "Click cards or use the arrows and Enter to select them, then confirm. "
        "Escape opens the menu; F11 switches full screen. With several people at one "
        "screen, the game asks you to pass it on before showing anyone's hand."),
        (Group(ROW, (("olive", 1), ("olive", 1), ("pepper", 1), (ME, goal)),
               _("selected: two olives"), marks=("✓", "✓", "", "")),
         Group(ARROW),
         Group(STACK, (("olive", 1), ("olive", 1)), _("Play: into the oven")))))
    return out


def order_faces(page: Page) -> list[Face]:
    """The order cards a page shows (each opens its full explanation when clicked)."""
    return [f for g in page.picture for f in g.faces if len(f) == 2 and f[0] not in KINDS
            and f[0] not in ("oback",)]

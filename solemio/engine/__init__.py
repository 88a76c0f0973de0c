"""The rules engine: pure Python, never imports pygame.  See docs/engine-api.md."""

from solemio.engine.cardset import CardSet, OrderSpec, list_cardsets, load_cardset
from solemio.engine.game import Decision, Game, IllegalChoice, new_game, replay
from solemio.engine.kinds import COLOUR_KIND, COLOURS, KINDS
from solemio.engine.views import SeatView
from solemio.engine.yamlsource import SourceError

__all__ = [
    "CardSet", "OrderSpec", "list_cardsets", "load_cardset", "Decision", "Game",
    "IllegalChoice", "new_game", "replay", "COLOUR_KIND", "COLOURS", "KINDS", "SeatView",
    "SourceError",
]

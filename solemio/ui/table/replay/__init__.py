"""The replay's painters: the board a moment is painted on (``board.py``) and the
timeline under it (``slider.py``)."""

from solemio.ui.table.replay.board import NEW_PICTURES, ReplayBoard, stand_in
from solemio.ui.table.replay.slider import Slider

__all__ = ["NEW_PICTURES", "ReplayBoard", "Slider", "stand_in"]

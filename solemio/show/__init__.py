"""What the screen may show now, and when: no pygame here.

``state``: the show state built event by event from the viewer's redacted
events.  ``pacing``: how long each event holds the stage.  ``table``: the
per-viewer table object the window talks to (it never holds the engine's
game).  ``director``: which screen is up and what is asked of whom.
"""

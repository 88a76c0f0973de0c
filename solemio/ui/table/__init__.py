"""The painters the game screens share (the table, the reveal, the replay, the pass-to
and round screens): the stage and the seats, the reveal's painting, the pickers' widgets,
the guide's marks and the overlays.  Nothing here holds a scene or imports
``solemio.ui.scenes`` (``tests/test_structure.py``): a painter is given what it shows
and paints it.
"""

"""The reveal's pickers as models (no pygame): the series picker and the fill picker.

The window's widgets for them are in ``solemio/ui/table/pickers/``.
"""

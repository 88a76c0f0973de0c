"""The widgets of the reveal's pickers (series, fill) over their models in
``solemio/show/pickers/`` (no pygame)."""

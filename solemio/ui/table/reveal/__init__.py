"""The reveal's painting: the stage it paints on (``paint``), a decision's prompt and
widgets (``choices``) and the reveal rehearsed off screen (``rehearsal``)."""

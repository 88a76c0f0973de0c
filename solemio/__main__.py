"""Allows ``python -m solemio``."""

from solemio.cli import main

raise SystemExit(main())

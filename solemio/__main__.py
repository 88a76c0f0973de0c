"""Allows ``python -m solemio`` (and is the frozen binary's entry point)."""

import multiprocessing

from solemio.cli import main

if __name__ == "__main__":
    # hard's play-out workers are spawned processes: in a frozen binary a worker
    # starts as this executable, and freeze_support turns it into the worker
    multiprocessing.freeze_support()
    raise SystemExit(main())

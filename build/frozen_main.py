"""The frozen binary's entry point (PyInstaller starts here, not at ``solemio.__main__``).

``freeze_support`` must run first: a worker process started by the computer
players re-runs this executable, and without it the worker would open a
second game instead of doing its work.
"""

import multiprocessing

from solemio.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())

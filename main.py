"""Double-click entry point: parses flags and starts the game (or a headless command)."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    # A frozen build starts its worker processes through this same executable.
    multiprocessing.freeze_support()
    sys.exit(main())

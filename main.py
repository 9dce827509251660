"""Double-click entry point: parses flags and starts the game (or a headless command)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())

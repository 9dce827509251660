"""Double-click entry point: parses flags and starts the game (or a headless command)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # A frozen build starts its worker processes through this same executable.
    multiprocessing.freeze_support()
    try:
        from game.cli import main
    except KeyboardInterrupt:  # Ctrl-C while the game was still loading: nothing to tell
        sys.exit(130)
    sys.exit(main())

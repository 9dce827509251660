"""Child process for the crash and concurrency tests: records rounds and prints each id.

Usage: ``python record_loop.py DB_PATH COUNT NAME [GO_FILE]`` (COUNT < 0: forever).
Prints ``ready`` once the store is open, waits for GO_FILE to exist if given (so two
children start writing together), then prints one id per committed round, flushed at
once, so the parent knows exactly what was committed when it kills this process.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.store import GameRecord, SeatResult, Store


def main() -> int:
    """Record rounds until COUNT are done (or forever) and report each id."""
    path, count, name = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    store = Store.open(path)
    if store.read_only:
        print(f"problem {store.problem}", flush=True)
        return 3
    print("ready", flush=True)
    if len(sys.argv) > 4:
        go = Path(sys.argv[4])
        while not go.exists():
            time.sleep(0.001)
    n = 0
    while count < 0 or n < count:
        now = time.time()
        first = 1 + n % 2
        rec = GameRecord(
            preset=("classic", "polish")[n % 2],
            rules_fingerprint="loop",
            started_at=now - 60,
            ended_at=now,
            results=(
                SeatResult(0, name, False, None, first, biggest_stack=n % 5),
                SeatResult(1, "", True, "easy", 3 - first),
            ),
        )
        game_id = store.record_game(rec)
        if game_id is None:
            print(f"problem {store.problem}", flush=True)
            return 3
        print(game_id, flush=True)
        n += 1
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

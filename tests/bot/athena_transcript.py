"""Writes `data/athena_game.txt`: a whole Battle for Athena game for the local table.

The moves were chosen once by the heuristic players (seed below) and are then fixed in the
file; the test replays the file, so a rule change that makes a move illegal shows up as a
failing line. Regenerate after a deliberate change to Athena's rules or data:

    python tests/bot/athena_transcript.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.harness import play  # noqa: E402

SEED = 7
NAMES = {"p1": "alice", "p2": "bob"}
TARGET = Path(__file__).parent / "data" / "athena_game.txt"


def transcript() -> str:
    game = get_game("athena")
    reveals: list[bool] = []
    record = play(
        game,
        {r: game.players["heuristic"](i) for i, r in enumerate(NAMES)},
        SEED,
        on_step=lambda _before, _role, _cmd, outcome: reveals.append(outcome.reveals),
    )
    moves = [(role, game.notation.format(command)) for role, command in record.log]
    # alice takes back one move of hers that showed nothing (alone: no agreement needed), then plays it again
    undo_at = next(
        n for n, (role, _) in enumerate(moves, start=1) if n > 3 and role == "p1" and not reveals[n - 1]
    )
    lines = [
        f"# Battle for Athena at the local table: a whole game, seed {SEED} (written by tests/bot/athena_transcript.py).",
        "# Lines starting with ! must be refused; the others must be accepted.",
        "! @alice /game new game:athena scenario:athenes structure:x",
        f"@alice /game new game:athena seed:{SEED}",
        "! @bob /game new game:athena",
        "! @bob /game start",
        "@bob /game join",
        "@alice /game start",
        "! @alice /play engage 99",
        "! @carol /play pass",
        "! @bob /game export",
    ]
    for number, (role, move) in enumerate(moves, start=1):
        lines.append(f"@{NAMES[role]} /play {move}")
        if number == 3:
            lines += [
                f"@{NAMES[role]} /game hand",
                "@bob /game status",
                "@bob /game board",
                "@alice /game log last:3",
            ]
        if number == undo_at:
            lines += ["@alice /game undo", f"@alice /play {move}"]
    lines += [
        "! @alice /play pass",
        "@bob /game export",
        "@alice /game status",
        "@bob /game rematch",
        "@bob /game abort",
        "@alice /game abort",
        "@alice /game status",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    TARGET.write_text(transcript(), encoding="utf-8")
    print(f"wrote {TARGET}")

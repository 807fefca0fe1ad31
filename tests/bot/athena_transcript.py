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
    forced: list[bool] = []  # a move that was the only legal one plays itself at the table

    def step(before, role, _cmd, outcome) -> None:
        reveals.append(outcome.reveals)
        forced.append(game.forced(before, role) is not None)

    record = play(game, {r: game.players["heuristic"](i) for i, r in enumerate(NAMES)}, SEED, on_step=step)
    played = [
        (role, game.notation.format(command), reveals[n], forced[n + 1] if n + 1 < len(forced) else False)
        for n, (role, command) in enumerate(record.log)
        if not forced[n]
    ]
    moves = [(role, move) for role, move, _, _ in played]
    # alice takes back one move of hers that showed nothing and that no forced move follows
    # (alone: no agreement needed), then plays it again
    undo_at = next(
        n
        for n, (role, _, shown, then_forced) in enumerate(played, start=1)
        if n > 3 and role == "p1" and not shown and not then_forced
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

"""A Battlelore battle as chains (issue 26): the heuristic player's commands under a fixed
seed, grouped into the interactions a player makes with `/play a; b; c` (engine/pace.py)."""

from __future__ import annotations

from engine.battlelore import GAME
from engine.harness import play
from engine.pace import Interaction, group

USERS = {"p1": "alice", "p2": "bob"}


def chained_battle(seed: int, options: dict[str, object]) -> tuple[list[Interaction], list]:
    """The interactions of a whole battle, and each command's (state before, role, command, outcome)."""
    opts = GAME.Options(**options)
    seats = {r: GAME.players["heuristic"](seed * 10 + i) for i, r in enumerate(("p1", "p2"))}
    steps: list = []
    play(GAME, seats, seed=seed, options=opts, on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
    return group(GAME, steps), steps

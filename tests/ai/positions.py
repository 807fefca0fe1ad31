"""Positions of real games for the AI tests: heuristic self-play, every few decisions."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.athena import GAME as ATHENA
from engine.battlelore.game import GAME as BATTLELORE
from engine.harness import play
from engine.hoplomachus.game import GAME as HOPLOMACHUS
from engine.mythic.game import GAME as MYTHIC

# (name, game, options): Mythic twice, the duel and the four-player teams
GAMES = {
    "athena": (ATHENA, {}),
    "athena_expert": (ATHENA, {"scenario": "expert"}),
    "mythic": (MYTHIC, {}),
    "mythic_teams": (MYTHIC, {"teams": True}),
    "battlelore": (BATTLELORE, {}),
    "hoplomachus": (HOPLOMACHUS, {}),
}


@cache
def positions(name: str, seed: int = 3, every: int = 7, limit: int = 14) -> tuple[tuple[Any, str], ...]:
    """(state, active role) pairs from one heuristic game, spread over the whole game."""
    game, values = GAMES[name]
    options = game.Options(**values)
    roles = game.roles(options)
    players = {r: game.players["heuristic"](seed + i) for i, r in enumerate(roles)}
    seen: list[tuple[Any, str]] = []

    def keep(before: Any, role: str, command: Any, outcome: Any) -> None:
        seen.append((before, role))

    play(game, players, seed, options, on_step=keep)
    picked = seen[::every]
    step = max(1, len(picked) // limit)
    return tuple(picked[::step][:limit])

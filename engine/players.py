"""Players every game shares. Games add their own heuristic player."""

from __future__ import annotations

import random
from typing import Any

from engine.protocol import Game, Role


class RandomPlayer:
    """Plays a uniformly random legal command. Its randomness is its own, not the game's:
    the chosen command is logged, so replays never depend on it."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.random = random.Random(seed)

    def choose(self, state: Any, role: Role) -> Any:
        commands = self.game.legal(state, role)
        if not commands:
            raise RuntimeError(f"{self.game.id}: role {role} is active but has no legal command")
        return self.random.choice(commands)

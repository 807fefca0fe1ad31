"""AI seats: a fresh player per decision, seeded from the game's seed and the move number,
so a game with AI seats replays identically even across restarts."""

from __future__ import annotations

from typing import Any

from engine.protocol import Game, Role

_MASK = (1 << 63) - 1


def ai_seed(game_seed: int, seq: int, role: Role) -> int:
    mixed = (game_seed * 0x9E3779B97F4A7C15 + seq * 0xBF58476D1CE4E5B9 + sum(map(ord, role))) & _MASK
    return mixed ^ (mixed >> 29)


def ai_choose(game: Game, level: str, game_seed: int, seq: int, state: Any, role: Role) -> Any:
    player = game.players[level](ai_seed(game_seed, seq, role))
    return player.choose(state, role)

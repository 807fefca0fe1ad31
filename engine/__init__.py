"""Agora's pure rules engine: one package per game, no I/O beyond reading its own data.

Games are plug-ins found through the `agora.games` entry points (engine/registry.py); the
built-in ones are declared in pyproject.toml like any other.
"""

from __future__ import annotations

from engine import registry
from engine.protocol import Game


def game_ids() -> list[str]:
    """The ids of every game that loaded, sorted."""
    return sorted(registry.plugins(registry.GAMES))


def get_game(game_id: str) -> Game:
    """The `GAME` object registered under that id; KeyError for an unknown id."""
    return registry.plugins(registry.GAMES)[game_id]


def available_games() -> list[Game]:
    return [get_game(gid) for gid in game_ids()]

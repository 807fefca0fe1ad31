"""Agora's pure rules engine: one package per game, no I/O beyond reading its own data."""

from __future__ import annotations

import importlib

from engine.protocol import Game

GAME_IDS = ("athena", "mythic")


def get_game(game_id: str) -> Game:
    """The `GAME` object of `engine/<game_id>/`; KeyError for an unknown id."""
    if game_id not in GAME_IDS:
        raise KeyError(game_id)
    return importlib.import_module(f"engine.{game_id}").GAME


def available_games() -> list[Game]:
    games = []
    for gid in GAME_IDS:
        try:
            games.append(get_game(gid))
        except ModuleNotFoundError:
            continue
    return games

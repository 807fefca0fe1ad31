"""Pillow renderers: engine views in, PNG bytes out. One module per game, `render/<game_id>/`,
exporting `board_png(view, names, locale)` (the public image) and `private_png(view, names,
locale)` (one player's private view). `names` maps each role to its player's display name."""

from __future__ import annotations

import importlib
from typing import Any


def _module(game_id: str) -> Any:
    return importlib.import_module(f"render.{game_id}")


def board_png(game_id: str, view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    return _module(game_id).board_png(view, names, locale)


def private_png(game_id: str, view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    return _module(game_id).private_png(view, names, locale)

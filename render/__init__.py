"""Pillow renderers: engine views in, PNG bytes out. One package per game, `render/<game_id>/`,
registered as the entry point `agora.renderers` under the game's id (engine/registry.py), so a
game installed from another package brings its own. A renderer (a module or any object) has:

- `board_png(view, names, locale) -> bytes`: the public image after each move;
- `private_png(view, names, locale) -> bytes`: one player's private view;
- optional `IMAGES: dict[str, fn(view, role, names, locale) -> bytes]`: extra images a game's
  shortcut commands can show (Mythic Battles' army roster), drawn from the PUBLIC view.

`names` maps each role to its player's display name.
"""

from __future__ import annotations

from typing import Any

from engine import registry


class NoRenderer(LookupError):
    """No renderer (or no such image) is registered for that game."""


def renderer(game_id: str) -> Any:
    found = registry.plugins(registry.RENDERERS).get(game_id)
    if found is None:
        raise NoRenderer(game_id)
    return found


def board_png(game_id: str, view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    return renderer(game_id).board_png(view, names, locale)


def private_png(game_id: str, view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    return renderer(game_id).private_png(view, names, locale)


def image_png(
    game_id: str, image: str, view: Any, role: str, names: dict[str, str], locale: str = "en"
) -> bytes:
    """One of the game's extra images (`IMAGES[image]`)."""
    draw = (getattr(renderer(game_id), "IMAGES", None) or {}).get(image)
    if draw is None:
        raise NoRenderer(f"{game_id}:{image}")
    return draw(view, role, names, locale)

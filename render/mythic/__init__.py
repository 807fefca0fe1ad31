"""Mythic Battles images: the public battlefield, one army's roster, a player's private view
(PNG bytes), and a compact text line of an attack's dice for chat messages."""

from __future__ import annotations

from engine.mythic.view import MythicView
from render.common import png_bytes
from render.mythic.board import board_png as _board_png
from render.mythic.dice import dice_line
from render.mythic.private import private_png as _private_png
from render.mythic.roster import roster_image

__all__ = ["IMAGES", "board_png", "dice_line", "private_png", "roster_png"]


def board_png(view: MythicView, names: dict[str, str], locale: str = "en") -> bytes:
    return _board_png(view, names, locale)


def roster_png(view: MythicView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return png_bytes(roster_image(view, role, names, locale))


def private_png(view: MythicView, names: dict[str, str], locale: str = "en") -> bytes:
    return _private_png(view, names, locale)


IMAGES = {"roster": roster_png}  # extra images for the game's shortcut commands (`/mythic roster`)

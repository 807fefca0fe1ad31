"""Battlelore Mythologie images: the public battlefield, a player's private view (hand,
extra cards, Lore options), a unit card and one side's army, as PNG bytes; and a compact
text line of the last roll's dice for chat messages."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from engine.battlelore.view import BattleloreView  # noqa: E402
from render.battlelore.board import board_png as _board_png  # noqa: E402
from render.battlelore.card import army_image, unit_image  # noqa: E402
from render.battlelore.dice import dice_line  # noqa: E402
from render.battlelore.private import private_png as _private_png  # noqa: E402
from render.common import png_bytes  # noqa: E402

__all__ = ["IMAGES", "army_png", "board_png", "dice_line", "private_png", "unit_png"]


def board_png(view: BattleloreView, names: dict[str, str], locale: str = "en") -> bytes:
    return _board_png(view, names, locale)


def private_png(view: BattleloreView, names: dict[str, str], locale: str = "en") -> bytes:
    return _private_png(view, names, locale)


def unit_png(view: BattleloreView, hex_name: str, names: dict[str, str], locale: str = "en") -> bytes:
    """The card of the unit standing on `hex_name` (the shortcut passes the hex as `role`)."""
    return png_bytes(unit_image(view, hex_name, names, locale))


def army_png(view: BattleloreView, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    return png_bytes(army_image(view, role, names, locale))


IMAGES = {"unit": unit_png, "army": army_png}  # extra images for `/bl unit` and `/bl army`

"""Battle for Athena images: the public board and one player's private view, as PNG bytes."""

from __future__ import annotations

from engine.athena.view import AthenaView
from render.athena.board import board_image
from render.athena.private import private_image
from render.common import png_bytes


def board_png(view: AthenaView, names: dict[str, str], locale: str = "en") -> bytes:
    return png_bytes(board_image(view, names, locale))


def private_png(view: AthenaView, names: dict[str, str], locale: str = "en") -> bytes:
    return png_bytes(private_image(view, names, locale))

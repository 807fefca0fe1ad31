"""Battle for Athena images: the public board and one player's private view, as PNG bytes.

Both are encoded as bands (`render.common.strips_png`): after a move only the bands showing
what changed are drawn and encoded again; the others come from a cache keyed by the parts of
the view they show. Bands are thin and keyed exactly (render/athena/bands.py), cards are pasted
from cached tiles (render/sprites.py), and the duel's rows are one band shared by the board and
both private views."""

from __future__ import annotations

from engine.athena.view import AthenaView
from render.athena.board import WIDTH, board_strips
from render.athena.private import private_strips
from render.common import strips_png


def board_png(view: AthenaView, names: dict[str, str], locale: str = "en") -> bytes:
    return strips_png(WIDTH, board_strips(view, names, locale))


def private_png(view: AthenaView, names: dict[str, str], locale: str = "en") -> bytes:
    return strips_png(WIDTH, private_strips(view, names, locale))

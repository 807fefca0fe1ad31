"""Augury's renderer (entry point `agora.renderers`): the public board, a private view and one
extra image, `sky`, for the `/augury sky` shortcut. Drawn with the bundled font."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.i18n import T, render
from render.common import font, png_bytes

from augury.game import bird_name

SIZE = (360, 140)


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", SIZE, (240, 236, 226))
    return image, ImageDraw.Draw(image)


def board_png(view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    image, draw = _canvas()
    for row, role in enumerate(view.roles):
        line = render(T("augury.board.line", name=names.get(role, role), score=view.scores[role], left=view.left[role]), locale)
        draw.text((12, 12 + 30 * row), line, fill=(20, 20, 20), font=font(18))
    sky = ", ".join(render(bird_name(b), locale) for b in view.sky) or "–"
    draw.text((12, 90), sky, fill=(40, 60, 120), font=font(16))
    return png_bytes(image)


def private_png(view: Any, names: dict[str, str], locale: str = "en") -> bytes:
    image, draw = _canvas()
    flock = ", ".join(render(bird_name(b), locale) for b in view.flock or []) or "–"
    draw.text((12, 12), flock, fill=(20, 20, 20), font=font(18))
    return png_bytes(image)


def sky_png(view: Any, role: str, names: dict[str, str], locale: str = "en") -> bytes:
    image, draw = _canvas()
    for n, bird in enumerate(view.sky):
        draw.ellipse((12 + 40 * n, 40, 44 + 40 * n, 72), fill=(40, 60, 120))
    draw.text((12, 100), names.get(role, role), fill=(20, 20, 20), font=font(16))
    return png_bytes(image)


IMAGES = {"sky": sky_png}

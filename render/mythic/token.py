"""A unit token (001 §I "Unit tokens"): the owner's colour and shape, a short label, the
current Vitality with one pip per card of the stack (dark pips are wounds), and corner badges:
faction initial (top left), ✈ for a flying unit (top right, plus a shadow: it is off the
ground), ✓ for a unit already activated this turn (bottom right)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.mythic.view import UnitView
from render.common import Colour, Ink, draw_fitted, draw_text
from render.mythic.seats import Seat

SHADOW: Colour = (40, 36, 32)


def outline(draw: ImageDraw.ImageDraw, shape: str, centre: tuple[float, float], r: float, fill: Colour | None,
            edge: Colour | None, width: int = 3) -> None:
    """A seat's token shape of radius `r` (the four seats: circle, square, diamond, hexagon)."""
    cx, cy = centre
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=width)
    elif shape == "square":
        q = r * 0.9
        draw.rounded_rectangle((cx - q, cy - q, cx + q, cy + q), radius=r * 0.22, fill=fill, outline=edge,
                               width=width)
    else:
        sides, turn = (4, 0.0) if shape == "diamond" else (6, math.pi / 6)
        reach = r * (1.08 if shape == "diamond" else 1.0)
        points = [(cx + reach * math.sin(turn + 2 * math.pi * k / sides),
                   cy - reach * math.cos(turn + 2 * math.pi * k / sides)) for k in range(sides)]
        draw.polygon(points, fill=fill, outline=edge, width=width)


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: int, glyph: str, fill: Colour,
          ink: Colour) -> None:
    cx, cy = centre
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=Ink.BLACK, width=1)
    draw_text(draw, (cx, cy + 1), glyph, max(11, int(size * 0.62)), ink, bold=True, anchor="mm")


def pips(draw: ImageDraw.ImageDraw, centre: tuple[float, float], width: float, vitality: int, most: int) -> None:
    """One pip per card of the stack: white for the Vitality left, dark for each wound."""
    if most <= 0:
        return
    cx, cy = centre
    pitch = min(width / most, 11.0)
    r = max(2.0, pitch * 0.36)
    x = cx - pitch * (most - 1) / 2
    for i in range(most):
        fill = Ink.WHITE if i < vitality else Ink.BLACK
        draw.ellipse((x - r, cy - r, x + r, cy + r), fill=fill, outline=Ink.WHITE if i >= vitality else None)
        x += pitch


def draw_token(draw: ImageDraw.ImageDraw, unit: UnitView, centre: tuple[float, float], size: int, look: Seat,
               label: str, faction_mark: str) -> None:
    cx, cy = centre
    r = size / 2
    if unit.flying:
        outline(draw, look.shape, (cx + 3, cy + 4), r, SHADOW, None)
    outline(draw, look.shape, centre, r + 1, None, Ink.BLACK, 1)
    outline(draw, look.shape, centre, r, look.fill, Ink.WHITE)
    text_size = max(14, round(size * 0.32))
    draw_fitted(draw, (cx - r * 0.82, cy - r * 0.74, cx + r * 0.82, cy - r * 0.08), label, text_size, look.ink,
                min_size=12, bold=True, condensed=True)
    draw_text(draw, (cx, cy + r * 0.22), str(unit.vitality), max(14, round(size * 0.34)), look.ink, bold=True,
              anchor="mm")
    pips(draw, (cx, cy + r * 0.64), r * 1.2, unit.vitality, unit.max_vitality)
    small = max(16, round(size * 0.36))
    corner = r * 0.8
    badge(draw, (cx - corner, cy - corner), small, faction_mark, Ink.WHITE, Ink.TEXT)
    if unit.flying:
        badge(draw, (cx + corner, cy - corner), small, "✈", Ink.WHITE, Ink.TEXT)
    if unit.activated:
        badge(draw, (cx + corner, cy + corner), small, "✓", Ink.GOLD, Ink.BLACK)

"""A unit token (001 §I "Unit tokens"): the owner's colour and shape, a short label, the
current Vitality and a bar with one segment per card of the stack (black ones are wounds), and corner badges:
faction initial (top left), ✈ for a flying unit (top right, plus a shadow: it is off the
ground), ✓ for a unit already activated this turn (bottom right)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.mythic.view import UnitView
from render.common import Colour, Ink, draw_fitted, draw_text
from render.mythic.seats import Seat

SHADOW: Colour = (40, 36, 32)
# How wide the label may be (in radii, each side of the centre) so it stays inside the shape's
# upper half: a diamond narrows fast towards its top corner.
LABEL_HALF_WIDTH = {"circle": 0.72, "square": 0.72, "hexagon": 0.7, "diamond": 0.62}


def outline(
    draw: ImageDraw.ImageDraw,
    shape: str,
    centre: tuple[float, float],
    r: float,
    fill: Colour | None,
    edge: Colour | None,
    width: int = 3,
) -> None:
    """A seat's token shape of radius `r` (the four seats: circle, square, diamond, hexagon)."""
    cx, cy = centre
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=width)
    elif shape == "square":
        q = r * 0.9
        draw.rounded_rectangle(
            (cx - q, cy - q, cx + q, cy + q), radius=r * 0.22, fill=fill, outline=edge, width=width
        )
    else:
        sides, turn = (4, 0.0) if shape == "diamond" else (6, math.pi / 6)
        reach = r * (1.08 if shape == "diamond" else 1.0)
        points = [
            (
                cx + reach * math.sin(turn + 2 * math.pi * k / sides),
                cy - reach * math.cos(turn + 2 * math.pi * k / sides),
            )
            for k in range(sides)
        ]
        draw.polygon(points, fill=fill, outline=edge, width=width)


def badge(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: int, glyph: str, fill: Colour, ink: Colour
) -> None:
    cx, cy = centre
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=Ink.BLACK, width=1)
    draw_text(draw, (cx, cy + 1), glyph, max(11, int(size * 0.62)), ink, bold=True, anchor="mm")


def vitality_bar(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], width: float, vitality: int, most: int
) -> None:
    """One segment per card of the stack, like a health bar: white for the Vitality left,
    black for each wound (001 §"Evolution of Vitality and Wound Levels")."""
    if most <= 0:
        return
    cx, cy = centre
    seg = width / most
    h = max(8, round(width * 0.17))
    left, top = cx - width / 2, cy - h / 2
    draw.rectangle((left - 2, top - 2, left + width + 2, top + h + 2), fill=Ink.BLACK)
    for i in range(most):
        x0 = left + i * seg
        draw.rectangle(
            (x0 + 1, top, x0 + seg - 1, top + h),
            fill=Ink.WHITE if i < vitality else Ink.BLACK,
            outline=Ink.FAINT if i >= vitality else None,
        )


def draw_token(
    draw: ImageDraw.ImageDraw,
    unit: UnitView,
    centre: tuple[float, float],
    size: int,
    look: Seat,
    label: str,
    faction_mark: str,
) -> None:
    cx, cy = centre
    r = size / 2
    if unit.flying:
        outline(draw, look.shape, (cx + 3, cy + 4), r, SHADOW, None)
    outline(draw, look.shape, centre, r + 1, None, Ink.BLACK, 1)
    outline(draw, look.shape, centre, r, look.fill, Ink.WHITE)
    half = LABEL_HALF_WIDTH[look.shape] * r
    draw_fitted(
        draw,
        (cx - half, cy - r * 0.72, cx + half, cy - r * 0.06),
        label,
        max(14, round(size * 0.33)),
        look.ink,
        min_size=12,
        bold=True,
        condensed=True,
    )
    draw_text(
        draw,
        (cx, cy + r * 0.34),
        str(unit.vitality),
        max(14, round(size * 0.38)),
        look.ink,
        bold=True,
        anchor="mm",
    )
    vitality_bar(draw, (cx, cy + r * 0.92), r * 1.7, unit.vitality, unit.max_vitality)
    small = max(16, round(size * 0.36))
    corner = r * 0.9
    badge(draw, (cx - corner, cy - corner), small, faction_mark, Ink.WHITE, Ink.TEXT)
    if unit.flying:
        badge(draw, (cx + corner, cy - corner), small, "✈", Ink.WHITE, Ink.TEXT)
    if unit.activated:
        badge(draw, (cx + corner, cy + corner * 0.7), small, "✓", Ink.GOLD, Ink.BLACK)

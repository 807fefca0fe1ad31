"""Arrows over the battlefield: a polyline with a head, on a white casing so it shows on any
terrain; dashed or solid, so two arrows differ by more than their colour."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.common import Colour, Ink

Point = tuple[float, float]


def shorten(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point]:
    """The segment a→b with `start` px cut from a and `end` px from b (never reversed)."""
    length = math.dist(a, b)
    if length <= start + end + 1:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return mid, mid
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def dashes(points: list[Point], dash: float, gap: float) -> list[tuple[Point, Point]]:
    out = []
    on, left = True, dash
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            if on:
                p = (a[0] + (b[0] - a[0]) * pos / length, a[1] + (b[1] - a[1]) * pos / length)
                q = (
                    a[0] + (b[0] - a[0]) * (pos + step) / length,
                    a[1] + (b[1] - a[1]) * (pos + step) / length,
                )
                out.append((p, q))
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap
    return out


def head(tip: Point, before: Point, size: float) -> list[Point]:
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    back = (tip[0] - size * math.cos(angle), tip[1] - size * math.sin(angle))
    side = size * 0.6
    nx, ny = -math.sin(angle) * side, math.cos(angle) * side
    return [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)]


def arrow(
    draw: ImageDraw.ImageDraw,
    points: list[Point],
    colour: Colour,
    width: int,
    dashed: bool = False,
    casing: Colour = Ink.WHITE,
) -> None:
    """A path ending in a head at its last point (which the head's tip touches)."""
    if len(points) < 2 or math.dist(points[-2], points[-1]) < 1:
        return
    size = width * 3.2
    tip, before = points[-1], points[-2]
    shaft_end = shorten(before, tip, 0, min(size * 0.8, math.dist(before, tip)))[1]
    shaft = [*points[:-1], shaft_end]
    strokes = dashes(shaft, width * 2.6, width * 1.6) if dashed else [tuple(shaft)]
    for stroke in strokes:
        draw.line(stroke, fill=casing, width=width + 4, joint="curve")
    draw.polygon(head(shorten(before, tip, 0, -2)[1], before, size + 5), fill=casing)
    for stroke in strokes:
        draw.line(stroke, fill=colour, width=width, joint="curve")
    draw.polygon(head(tip, before, size), fill=colour)

"""The last moves and attacks over the arena, as arrows numbered in the order they happened,
so the rivals' automatic turn can be checked against the rules (issue 16 "Rendered").

Read from the optional field `fight.last` of the view (a list of steps, oldest first, each
{"kind": "move" | "attack" | "special", "side": "p" | "r" | "a", "hexes": [from, ..., to]}):
drawn only when the engine provides it. Moves are dashed, attacks solid, both in the side's
colour on a white casing (render/mythic/arrows.py), so they differ by more than colour."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.common import Ink
from render.hoplomachus import kit
from render.mythic.arrows import arrow, shorten


def steps(fight: Any) -> list[dict]:
    last = getattr(fight, "last", None) or []
    plain = [s.model_dump() if hasattr(s, "model_dump") else s for s in last]  # dicts or models
    return [s for s in plain if isinstance(s, dict) and len(s.get("hexes") or []) >= 2]


def draw_arrows(draw: ImageDraw.ImageDraw, fight: Any, centre) -> int:
    """Every step of `fight.last`, numbered; returns how many were drawn."""
    drawn = 0
    for n, step in enumerate(steps(fight), start=1):
        points = [centre(h) for h in step["hexes"]]
        a, b = shorten(points[-2], points[-1], 0, 24)
        points = [*points[:-1], b]
        if step.get("kind") == "move":
            points[0] = shorten(points[0], points[1], 20, 0)[0]
        colour = kit.SIDE_COLOUR.get(step.get("side", "r"), Ink.UNKNOWN)
        arrow(draw, points, colour, 5, dashed=step.get("kind") == "move")
        start = points[0]
        kit.badge(draw, (start[0], start[1]), str(n), Ink.WHITE, Ink.TEXT)
        drawn += 1
    return drawn

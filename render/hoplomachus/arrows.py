"""The last moves and attacks over the arena, as arrows numbered in the order they happened,
so the rivals' automatic turn can be checked against the rules (issue 16 "Rendered").

Read from the field `fight.last` of the view (engine/hoplomachus/state.py `Step`: a list of
steps, oldest first, each {"n", "kind": "move" | "attack" | "special" | "push" | "fury" |
"strike" | "deploy" | "tactic" | "regen", "side": "p" | "r" | "a", "hexes": [from, ..., to]}).
Moves and pushes are dashed, attacks solid, both in the side's colour on a white casing
(render/mythic/arrows.py), so they differ by more than colour. Each carries the number its
side's turn gives it, as the public message lists the rival's turn; a step on one hex (a
deployment, a tactic, a heal) is a numbered badge on that hex."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from render.common import Ink
from render.hoplomachus import kit
from render.mythic.arrows import arrow, shorten


def all_steps(fight: Any) -> list[dict]:
    last = getattr(fight, "last", None) or []
    plain = [s.model_dump() if hasattr(s, "model_dump") else s for s in last]  # dicts or models
    return [s for s in plain if isinstance(s, dict) and s.get("hexes")]


def steps(fight: Any) -> list[dict]:
    """The steps drawn as arrows (two hexes or more)."""
    return [s for s in all_steps(fight) if len(s["hexes"]) >= 2]


def arrow_parts(fight: Any, centre) -> list[tuple[float, float, tuple, Callable]]:
    """Every step of `fight.last` as (top, bottom, key, paint): its arrow, then (on top of
    every arrow) the numbered badges, each with the rows it may touch and what it draws
    (render.layers)."""
    arrows: list[tuple[float, float, tuple, Callable]] = []
    badges: list[tuple[float, float, tuple, Callable]] = []
    for i, step in enumerate(all_steps(fight), start=1):
        n = str(step.get("n") or i)
        colour = kit.SIDE_COLOUR.get(step.get("side", "r"), Ink.UNKNOWN)
        if len(step["hexes"]) < 2:
            x, y = centre(step["hexes"][0])
            badges.append(_badge((x + 30, y + 22), n, colour))
            continue
        points = [centre(h) for h in step["hexes"]]
        a, b = shorten(points[-2], points[-1], 0, 24)
        points = [*points[:-1], b]
        dashed = step.get("kind") in ("move", "push")
        points[0] = shorten(points[0], points[1], 26, 0)[0]  # from the token's edge: over no name
        ys = [p[1] for p in points]
        arrows.append(
            (
                min(ys) - 30,  # the head (5 * 3.2 + 5 px) and the casing reach past the points
                max(ys) + 30,
                ("arrow", tuple(points), colour, dashed),
                lambda d, points=points, colour=colour, dashed=dashed: arrow(
                    d, points, colour, 5, dashed=dashed
                ),
            )
        )
        # the number just outside the starting token (radius 27), never over its name
        start = shorten(centre(step["hexes"][0]), centre(step["hexes"][1]), 38, 0)[0]
        badges.append(_badge(start, n, colour))
    return arrows + badges


def _badge(at: tuple[float, float], n: str, colour) -> tuple[float, float, tuple, Callable]:
    return (
        at[1] - 12,
        at[1] + 12,
        ("badge", at, n, colour),
        lambda d: kit.badge(d, at, n, colour, Ink.WHITE),
    )


def draw_arrows(draw: ImageDraw.ImageDraw, fight: Any, centre) -> int:
    """Every step of `fight.last` with its number; returns how many arrows were drawn."""
    parts = arrow_parts(fight, centre)
    for _top, _bottom, _key, paint in parts:
        paint(draw)
    return sum(1 for part in parts if part[2][0] == "arrow")

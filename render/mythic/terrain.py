"""Battlefield squares by terrain (001 §"Terrain"): a fill of its own lightness plus a
pattern, so each terrain reads without colour: contour arcs for a Hill, trees for a Forest,
broken columns for Ruins, cross-hatching for Impassable Terrain, a jagged crack for a Crevasse.

Each square is drawn once per (terrain, size) and pasted: a board repeats a handful of
squares a hundred times."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import Colour

TERRAINS = ("hill", "forest", "ruins", "impassable", "crevasse")  # in rulebook order (001 §I)
FILL: dict[str, Colour] = {
    "open": (238, 231, 210),
    "hill": (221, 190, 128),
    "forest": (170, 204, 150),
    "ruins": (196, 192, 186),
    "impassable": (62, 56, 54),
    "crevasse": (150, 118, 92),
}
MARK: dict[str, Colour] = {
    "hill": (120, 82, 30),
    "forest": (28, 92, 44),
    "ruins": (84, 80, 76),
    "impassable": (200, 194, 186),
    "crevasse": (20, 16, 14),
}
GRID: Colour = (176, 162, 128)


def _hill(d: ImageDraw.ImageDraw, s: int, ink: Colour) -> None:
    w = max(2, s // 22)
    for k, (cx, cy) in enumerate(((0.36, 0.62), (0.66, 0.42))):
        for r in (0.26, 0.15):
            r = r * (0.8 if k else 1)
            box = (s * (cx - r), s * (cy - r), s * (cx + r), s * (cy + r))
            d.arc(box, 190, 350, fill=ink, width=w)


def _forest(d: ImageDraw.ImageDraw, s: int, ink: Colour) -> None:
    for cx, cy, r in ((0.3, 0.42, 0.17), (0.68, 0.36, 0.15), (0.52, 0.7, 0.16)):
        top, base = s * (cy - r), s * (cy + r * 0.8)
        d.polygon([(s * cx, top), (s * (cx + r * 0.8), base), (s * (cx - r * 0.8), base)], fill=ink)
        d.line((s * cx, base, s * cx, base + s * 0.07), fill=ink, width=max(2, s // 20))


def _ruins(d: ImageDraw.ImageDraw, s: int, ink: Colour) -> None:
    w = s * 0.12
    for x, top in ((0.24, 0.34), (0.46, 0.52), (0.68, 0.28)):
        d.rectangle((s * x, s * top, s * x + w, s * 0.78), fill=ink)
    d.polygon([(s * 0.2, s * 0.26), (s * 0.5, s * 0.22), (s * 0.48, s * 0.3), (s * 0.2, s * 0.32)], fill=ink)
    d.rectangle((s * 0.16, s * 0.78, s * 0.84, s * 0.84), fill=ink)


def _impassable(d: ImageDraw.ImageDraw, s: int, ink: Colour) -> None:
    step = max(8, s // 5)
    w = max(2, s // 24)
    for off in range(-s, s, step):
        d.line((off, 0, off + s, s), fill=ink, width=w)
        d.line((off + s, 0, off, s), fill=ink, width=w)


def _crevasse(d: ImageDraw.ImageDraw, s: int, ink: Colour) -> None:
    points = [(0.1, 0.15), (0.35, 0.35), (0.28, 0.5), (0.6, 0.62), (0.52, 0.78), (0.9, 0.9)]
    d.line([(s * x, s * y) for x, y in points], fill=ink, width=max(4, s // 9), joint="curve")


PATTERNS = {
    "hill": _hill,
    "forest": _forest,
    "ruins": _ruins,
    "impassable": _impassable,
    "crevasse": _crevasse,
}


@lru_cache(maxsize=64)
def square(terrain: str, size: int, grid: bool = True) -> Image.Image:
    """One square of `terrain`, `size` px wide, with a grid line on its top and left edges."""
    image = Image.new("RGB", (size, size), FILL.get(terrain, FILL["open"]))
    d = ImageDraw.Draw(image)
    pattern = PATTERNS.get(terrain)
    if pattern is not None:
        pattern(d, size, MARK[terrain])
    if grid:
        d.line((0, 0, size, 0), fill=GRID, width=1)
        d.line((0, 0, 0, size), fill=GRID, width=1)
    return image

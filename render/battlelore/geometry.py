"""Where each hex of the battlefield is drawn. The engine's doubled coordinates (engine/
battlelore/hexes.py: x = 1..25, rows 1..9 from the south edge) map to pointy-top hexes:
a hex's centre is x half-widths from the left and (9 - row) three-quarter heights from
the top, so the odd rows hold 13 whole hexes and the even rows 12, shifted half a hex."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.battlelore import hexes

Point = tuple[float, float]


@dataclass(frozen=True)
class Grid:
    left: int  # the hexes' bounding box, inside the coordinate gutters
    top: int
    w: int  # a hex's width, flat side to flat side

    @property
    def h(self) -> float:
        return self.w * 2 / math.sqrt(3)

    @property
    def right(self) -> int:
        return self.left + 13 * self.w

    @property
    def bottom(self) -> int:
        return round(self.top + self.h + (hexes.ROWS - 1) * 0.75 * self.h)

    def centre_xy(self, x: int, r: int) -> Point:
        return self.left + x * self.w / 2, self.top + self.h / 2 + (hexes.ROWS - r) * 0.75 * self.h

    def centre(self, name: str | None) -> Point | None:
        h = hexes.to_hex(name) if name else None
        return None if h is None else self.centre_xy(*h)

    def corners(self, x: int, r: int, inset: float = 0) -> list[Point]:
        cx, cy = self.centre_xy(x, r)
        return corners((cx, cy), self.h / 2 - inset)

    def sector_line(self, x: int) -> float:
        return self.left + x * self.w / 2


def corners(c: Point, radius: float) -> list[Point]:
    return [
        (c[0] + radius * math.cos(math.radians(a)), c[1] + radius * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


@lru_cache(maxsize=1)
def board_hexes() -> tuple[tuple[str, int, int], ...]:
    return tuple((hexes.name(h), h[0], h[1]) for h in hexes.all_hexes())

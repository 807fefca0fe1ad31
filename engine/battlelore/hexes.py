"""The battlefield's geometry: hex names, neighbours, distance, rows, sectors, line of sight.

The rulebook (seed 002 l.23-24) assumes Battlelore's board without describing it. Reading
(RULES-NOTES B1 "Missing: board size, sectors"): Battlelore's published shape, 13 hexes
across and 9 rows deep; odd rows hold 13 whole hexes (a-m), even rows 12 (a-l), the half
hexes at their ends are not playable (002 l.243). Row 1 is the south edge. Two lines cut
the hexes e and i of the odd rows: those hexes lie in two sectors at once (002 l.238).

Internally a hex is (x, r) in "doubled" coordinates: x = 2*col + 1 on odd rows and
2*col + 2 on even rows, so that x and r have the same parity and the six neighbours are
(x±2, r) and (x±1, r±1).
"""

from __future__ import annotations

from functools import cache, lru_cache

COLS = "abcdefghijklm"
ROWS = 9
LEFT_LINE, RIGHT_LINE = 9, 17  # x of the sector lines (through hexes e and i of odd rows)
DIRS = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))

Hex = tuple[int, int]


def row_width(r: int) -> int:
    return 13 if r % 2 else 12


def to_hex(name: str) -> Hex | None:
    """'e5' -> (x, r), or None when there is no such whole hex."""
    name = name.strip().lower()
    if len(name) < 2 or name[0] not in COLS or not name[1:].isdigit():
        return None
    c, r = COLS.index(name[0]), int(name[1:])
    if not 1 <= r <= ROWS or c >= row_width(r):
        return None
    return (2 * c + (1 if r % 2 else 2), r)


def name(h: Hex) -> str:
    x, r = h
    c = (x - 1) // 2 if r % 2 else (x - 2) // 2
    return f"{COLS[c]}{r}"


@lru_cache(maxsize=1)
def all_hexes() -> tuple[Hex, ...]:
    return tuple((2 * c + (1 if r % 2 else 2), r) for r in range(1, ROWS + 1) for c in range(row_width(r)))


@lru_cache(maxsize=1)
def _valid() -> frozenset[Hex]:
    return frozenset(all_hexes())


def on_board(h: Hex) -> bool:
    return h in _valid()


@cache
def neighbours(h: Hex) -> tuple[Hex, ...]:
    x, r = h
    return tuple(n for n in ((x + dx, r + dr) for dx, dr in DIRS) if n in _valid())


def distance(a: Hex, b: Hex) -> int:
    dx, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + max(0, (dx - dr) // 2)


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def row_from(h: Hex, edge: int) -> int:
    """The hex's row counted from a player's own edge (1 = the edge row); edge is 1 or 9."""
    return h[1] if edge == 1 else ROWS + 1 - h[1]


def toward_edge(h: Hex, edge: int) -> tuple[Hex, ...]:
    """The two hexes one row nearer the player's own edge (a retreat step, 002 l.277)."""
    step = -1 if edge == 1 else 1
    return tuple(n for n in ((h[0] - 1, h[1] + step), (h[0] + 1, h[1] + step)) if n in _valid())


def sectors(h: Hex, edge: int) -> frozenset[str]:
    """'l', 'c', 'r' seen from the player whose edge is `edge` (the north player's left is
    the east). A hex cut by a sector line is in both sectors (002 l.238)."""
    x = h[0]
    out = set()
    if x <= LEFT_LINE:
        out.add("l")
    if LEFT_LINE <= x <= RIGHT_LINE:
        out.add("c")
    if x >= RIGHT_LINE:
        out.add("r")
    if edge != 1:
        out = {{"l": "r", "r": "l"}.get(s, s) for s in out}
    return frozenset(out)


def _cube(h: Hex) -> tuple[float, float, float]:
    x, r = h
    q = (x - r) / 2
    return (q, float(r), -q - r)


def _round(c: tuple[float, float, float]) -> Hex:
    q, r, s = c
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (2 * rq + rr, rr)


_SQ3 = 3**0.5 / 2  # x step of the doubled coordinates in a unit-radius pointy hex layout
_SAMPLES = 48  # points per hex of distance: far more than a line needs to meet every hex


def _at(px: float, py: float) -> Hex:
    x, r = px / _SQ3, py / 1.5
    q = (x - r) / 2
    return _round((q, r, -q - r))


@cache
def crossed(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes a centre-to-centre line from a to b passes through, ends excluded (002
    l.253-254). An item of one hex is traversed; an item of two is an edge the line runs
    along, with the hexes on both sides. A line that crosses an edge, even at its midpoint
    (the "knight" lines at distance 4), goes from one hex into the other: it traverses both.

    The line is walked in small steps; at each point it is nudged a hair to either side:
    both nudges in one hex means the line is inside it; in two hexes, it is on their
    common edge. Only a line lying along an edge stays on it between two points."""
    n = distance(a, b)
    if n < 2:
        return ()
    ax, ay, bx, by = a[0] * _SQ3, a[1] * 1.5, b[0] * _SQ3, b[1] * 1.5
    dx, dy = bx - ax, by - ay
    norm = (dx * dx + dy * dy) ** 0.5
    ex, ey = -dy / norm * 1e-7, dx / norm * 1e-7
    singles: list[Hex] = []
    pairs: list[tuple[Hex, Hex]] = []
    steps = _SAMPLES * n
    for i in range(1, steps):
        t = i / steps
        px, py = ax + dx * t, ay + dy * t
        h1, h2 = _at(px + ex, py + ey), _at(px - ex, py - ey)
        if h1 == h2:
            if h1 not in (a, b) and h1 not in singles:
                singles.append(h1)
        elif (h1, h2) not in pairs and a not in (h1, h2) and b not in (h1, h2):
            pairs.append((h1, h2))
    along = [p for p in pairs if p[0] not in singles and p[1] not in singles]
    return tuple((h,) for h in singles) + tuple(along)


def line_blocked(a: Hex, b: Hex, blocks) -> bool:
    """`blocks(hex)` says whether a unit or terrain there stops sight (002 l.253-254)."""
    for item in crossed(a, b):
        if all(blocks(h) for h in item):
            return True
    return False

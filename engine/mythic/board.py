"""Battlefield geometry: squares and their names, tiles laid in a square, adjacency,
distance and the line of fire.

Squares are numbered `y * width + x`; x runs west to east (letters a, b, ...), y south to
north (numbers 1, 2, ...), so `a1` is the south-west corner, as on a chessboard.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pydantic import BaseModel

from engine.mythic import readings
from engine.mythic.content import Content, TilePlacement

LETTERS = "abcdefghijklmnopqrstuvwxyz"
OBSTACLES = frozenset("hfrx")  # 001 §"OBSTACLES": Hills, Forests, Ruins, Impassable; not Crevasses
EDGES = ("n", "s", "e", "w")
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


class Board(BaseModel):
    width: int
    height: int
    terrain: str  # one character per square, index y * width + x (see content.TERRAINS)
    tiles: list[str] = []  # the placements row by row from the north-west (4, or 6 with teams)

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def at(self, x: int, y: int) -> int | None:
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None


@lru_cache(maxsize=8)
def _names(width: int, height: int) -> tuple[str, ...]:
    return tuple(f"{LETTERS[sq % width]}{sq // width + 1}" for sq in range(width * height))


def name(board: Board, sq: int) -> str:
    return _names(board.width, board.height)[sq]


def parse_square(board: Board, text: str) -> int | None:
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
        return None
    return board.at(LETTERS.index(text[0]), int(text[1:]) - 1)


def rotate(rows: tuple[str, ...], degrees: int) -> tuple[str, ...]:
    """Turn a square grid clockwise by a multiple of 90 degrees."""
    grid = list(rows)
    for _ in range(degrees // 90 % 4):
        n = len(grid)
        grid = ["".join(grid[n - 1 - c][r] for c in range(n)) for r in range(n)]
    return tuple(grid)


def assemble(content: Content, placements: list[TilePlacement], columns: int = 2) -> Board:
    """000 §"Préparer la Bataille": 4 tiles laid in a square (NW, NE, SW, SE); the tiles are
    all one square size, so 6 also make a rectangle (4-player variant: `columns=3`).
    Placements go row by row from the north-west corner."""
    n = content.tile_size
    rows = len(placements) // columns
    width, height = columns * n, rows * n
    cells = ["."] * (width * height)
    origins = [
        (c * n, (rows - 1 - r) * n) for r in range(rows) for c in range(columns)
    ]  # SW corner of each tile
    for (ox, oy), placement in zip(origins, placements, strict=True):
        rows = rotate(content.tiles[placement.tile][placement.side], placement.rotation)
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                cells[(oy + n - 1 - r) * width + ox + c] = ch
    return Board(width=width, height=height, terrain="".join(cells), tiles=[p.code() for p in placements])


@lru_cache(maxsize=8)
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(width * height):
        x, y = sq % width, sq // width
        out.append(
            tuple(
                (y + dy) * width + x + dx
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
            )
        )
    return tuple(out)


def neighbours(board: Board, sq: int) -> tuple[int, ...]:
    """001 §"Adjacent Units": the 8 surrounding squares, diagonals included."""
    return neighbour_table(board.width, board.height)[sq]


def distance(board: Board, a: int, b: int) -> int:
    """Squares counted with diagonals worth 1 (000 §"Attaque à Distance": portée)."""
    w = board.width
    return max(abs(a % w - b % w), abs(a // w - b // w))


def zone(board: Board, edge: str) -> list[int]:
    """000 §"Préparer la Bataille": the two rows of the battlefield nearest a player."""
    w, h = board.width, board.height
    squares = {
        "s": [y * w + x for y in (0, 1) for x in range(w)],
        "n": [y * w + x for y in (h - 2, h - 1) for x in range(w)],
        "w": [y * w + x for y in range(h) for x in (0, 1)],
        "e": [y * w + x for y in range(h) for x in (w - 2, w - 1)],
    }
    return sorted(squares[edge])


@lru_cache(maxsize=4096)
def crossed(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Offsets of the squares whose inside the centre-to-centre line crosses, ends excluded.

    001 §"TIP": a straight line from the centre of the shooter's square to the centre of the
    target's. Exact rational arithmetic; grazing a corner counts per `readings`."""
    half = Fraction(1, 2)
    cells = []
    for i in range(min(0, dx), max(0, dx) + 1):
        for j in range(min(0, dy), max(0, dy) + 1):
            if (i, j) in ((0, 0), (dx, dy)):
                continue
            lo, hi = Fraction(0), Fraction(1)
            for start, step, k in ((half, dx, i), (half, dy, j)):
                if step == 0:
                    if not k < start < k + 1:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                a, b = (k - start) / step, (k + 1 - start) / step
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo < hi or (readings.CORNER_GRAZE_BLOCKS and lo == hi):
                cells.append((i, j))
    return tuple(cells)


def between(board: Board, a: int, b: int) -> list[int]:
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    return [(ay + j) * board.width + ax + i for i, j in crossed(bx - ax, by - ay)]

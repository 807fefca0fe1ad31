"""Army layouts and which cards cover which (004 §V.B "Déploiement des armées", §IX).

Slots are numbered from the bottom row, left to right, 1..N: the rulebook's pyramid
numbering, where 15 covers 13 and 14 and 10 covers 6 and 7 (004 §V.B). Each slot has a
row (0 = bottom, played last) and a horizontal centre x in card widths; a card covers the
cards of the row directly below whose centre is less than one card width from its own.
A card is available when it is still in the army and no present card covers it (§VI.B
"Phase d'Engagement": "non bloquées par une carte du niveau supérieur").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

STRUCTURES = ("pyramid", "inverted", "x", "columns")
MAX_CARDS = 60  # the box holds 60 combatants (004 §II)
COLUMNS = 5


@dataclass(frozen=True)
class Layout:
    structure: str
    rows: tuple[int, ...]  # row of each slot (index = slot - 1)
    xs: tuple[float, ...]
    coverers: tuple[tuple[int, ...], ...]  # slots covering each slot

    @property
    def size(self) -> int:
        return len(self.rows)

    def available(self, present: list[bool]) -> list[int]:
        """Slots (1-based) that may be engaged, given which slots still hold a card."""
        return [
            slot
            for slot in range(1, self.size + 1)
            if present[slot - 1] and not any(present[c - 1] for c in self.coverers[slot - 1])
        ]


def _triangle_side(n: int) -> int | None:
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k if k * (k + 1) // 2 == n else None


def _hourglass_side(n: int) -> int | None:
    k = 1
    while k * (k + 1) - 1 < n:
        k += 1
    return k if k * (k + 1) - 1 == n else None


def _row_sizes(structure: str, n: int) -> list[list[float]] | None:
    """The x centres of each row, bottom row first; None when n cards do not fit."""
    if structure == "pyramid":  # rows k..1 from the bottom, each card over two below
        k = _triangle_side(n)
        return None if k is None else [[r / 2 + i for i in range(k - r)] for r in range(k)]
    if structure == "inverted":  # rows 1..k from the bottom
        k = _triangle_side(n)
        return None if k is None else [[(k - 1 - r) / 2 + i for i in range(r + 1)] for r in range(k)]
    if structure == "x":  # hourglass k..1..k
        k = _hourglass_side(n)
        if k is None:
            return None
        sizes = list(range(k, 0, -1)) + list(range(2, k + 1))
        return [[(k - s) / 2 + i for i in range(s)] for s in sizes]
    if structure == "columns":  # up to 5 columns, the leftmost ones one card taller if uneven
        cols = min(COLUMNS, n)
        heights = [n // cols + (1 if i < n % cols else 0) for i in range(cols)]
        return [[float(i) for i in range(cols) if heights[i] > r] for r in range(max(heights))]
    return None


def fits(structure: str, n: int) -> bool:
    return 1 <= n <= MAX_CARDS and _row_sizes(structure, n) is not None


def sizes(structure: str) -> list[int]:
    """Every army size the structure accepts (for error messages)."""
    return [n for n in range(1, MAX_CARDS + 1) if fits(structure, n)]


@lru_cache(maxsize=64)
def layout(structure: str, n: int) -> Layout:
    rows_x = _row_sizes(structure, n) if 1 <= n <= MAX_CARDS else None
    if rows_x is None:
        raise ValueError(f"{n} cards do not fit the {structure!r} structure")
    rows, xs = [], []
    for r, row in enumerate(rows_x):
        for x in row:
            rows.append(r)
            xs.append(x)
    coverers = tuple(
        tuple(
            up + 1
            for up in range(len(rows))
            if rows[up] == rows[low] + 1 and abs(xs[up] - xs[low]) < 1 - 1e-9
        )
        for low in range(len(rows))
    )
    return Layout(structure, tuple(rows), tuple(xs), coverers)

"""Arena geometry: hex names, neighbours, distances and shortest paths.

Maps are 7 rows of 7 hexes in "odd-r" layout (rows 2, 4, 6 shifted half a hex right), named
column letter + row number (a1 top left). Range ignores obstacles and units (seed 003
l.378): it is the plain hex distance. Movement cannot cross or end on a blocked or occupied
hex (l.335, l.525-526); Flight crosses them but cannot end there (l.594-596).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from engine.hoplomachus.content import SIZE, content

LETTERS = "abcdefg"
# (dcol, drow) per compass direction, for even and odd 0-based rows
DIRS = ("ne", "e", "se", "sw", "w", "nw")
_STEPS = {
    0: {"ne": (0, -1), "e": (1, 0), "se": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)},
    1: {"ne": (1, -1), "e": (1, 0), "se": (1, 1), "sw": (0, 1), "w": (-1, 0), "nw": (0, -1)},
}


def name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def coords(hexname: str) -> tuple[int, int]:
    return LETTERS.index(hexname[0]), int(hexname[1:]) - 1


def is_hex(text: str) -> bool:
    return len(text) == 2 and text[0] in LETTERS and text[1].isdigit() and 1 <= int(text[1]) <= SIZE


def step(hexname: str, direction: str) -> str | None:
    col, row = coords(hexname)
    dc, dr = _STEPS[row & 1][direction]
    c, r = col + dc, row + dr
    return name(c, r) if 0 <= c < SIZE and 0 <= r < SIZE else None


@cache
def neighbours(hexname: str) -> tuple[str, ...]:
    return tuple(n for d in DIRS if (n := step(hexname, d)) is not None)


def _cube(hexname: str) -> tuple[int, int, int]:
    col, row = coords(hexname)
    x = col - (row - (row & 1)) // 2
    return x, -x - row, row


@cache
def distance(a: str, b: str) -> int:
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


ALL = tuple(name(c, r) for r in range(SIZE) for c in range(SIZE))
ORDER = {h: i for i, h in enumerate(ALL)}  # reading order: the tie-break of last resort


@dataclass(frozen=True)
class Board:
    """One arena's fixed layout."""

    arena: str
    blocked: frozenset[str]
    rival_hexes: tuple[str, ...]  # by number: index 0 is rival hex 1
    player_hexes: tuple[str, ...]
    keys: frozenset[str]
    hazards: frozenset[str]


@cache
def board(arena: str) -> Board:
    a = content().arenas[arena]
    blocked, keys, hazards, player, rival = set(), set(), set(), [], {}
    for r, row in enumerate(a.map):
        for c, ch in enumerate(row):
            h = name(c, r)
            if ch == "#":
                blocked.add(h)
            elif ch == "K":
                keys.add(h)
            elif ch == "^":
                hazards.add(h)
            elif ch == "P":
                player.append(h)
            elif ch.isdigit():
                rival[int(ch)] = h
    return Board(
        arena,
        frozenset(blocked),
        tuple(rival[i] for i in sorted(rival)),
        tuple(player),
        frozenset(keys),
        frozenset(hazards),
    )


def reach(start: str, steps: int, closed: set[str] | frozenset[str], flight: bool = False) -> dict[str, int]:
    """Hexes a unit on `start` may end on within `steps` moves, with the moves each costs.
    `closed` holds blocked and occupied hexes; a flier passes them but never stops there."""
    best = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        d = best[h]
        if d >= steps:
            continue
        for n in neighbours(h):
            if n in best or (n in closed and not flight):
                continue
            best[n] = d + 1
            todo.append(n)
    return {h: d for h, d in best.items() if h == start or h not in closed}


def flood(goals: set[str], closed: set[str] | frozenset[str], start: str) -> dict[str, int]:
    """Moves from every hex to the nearest goal hex, through open hexes (`start` counts as open)."""
    best = {g: 0 for g in goals if g not in closed or g == start}
    todo = deque(best)
    while todo:
        h = todo.popleft()
        for n in neighbours(h):
            if n in best or (n in closed and n != start):
                continue
            best[n] = best[h] + 1
            todo.append(n)
    return best


def path(start: str, end: str, closed: set[str] | frozenset[str], flight: bool = False) -> list[str]:
    """A shortest path start..end (both included), the first found in compass order."""
    prev = {start: start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if h == end:
            break
        for n in neighbours(h):
            if n in prev or (n in closed and not flight and n != end):
                continue
            prev[n] = h
            todo.append(n)
    if end not in prev:
        return []
    out = [end]
    while out[-1] != start:
        out.append(prev[out[-1]])
    return out[::-1]

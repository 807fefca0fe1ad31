"""Movement: 000 §"Effectuer un Déplacement" / 001 §"Performing a Movement".

Up to the Movement value in 8 directions, ending on a free square. Ground units are stopped
by every unit and by Impassable and Crevasse squares, and pay for each Forest they pass
through; flying units ignore terrain and pass over ground units, never over flyers.
"""

from __future__ import annotations

from functools import lru_cache

from engine.mythic import readings
from engine.mythic.board import neighbour_table, neighbours
from engine.mythic.content import GROUND_BLOCKED
from engine.mythic.state import State, Unit
from engine.mythic.units import card, flying


@lru_cache(maxsize=64)
def ground_blocked(terrain: str) -> frozenset[int]:
    return frozenset(sq for sq, ch in enumerate(terrain) if ch in GROUND_BLOCKED)


class Mover:
    """What a moving unit may cross and where it may stop, fixed for one movement."""

    def __init__(self, state: State, unit: Unit, scout: bool = False) -> None:
        self.board = state.board
        self.start = unit.sq
        self.flying = flying(unit)
        self.forest_cost = 0 if self.flying else readings.forest_exit_cost(scout)
        occupied = {u.sq: u for u in state.units if u.sq is not None and u.uid != unit.uid}
        self.occupied = set(occupied)
        if self.flying:  # 001 l.439: only other flying units are an obstacle to a flyer
            self.blocked = {sq for sq, u in occupied.items() if flying(u)}
        else:  # 001 l.432 and §"Impassable Terrain", §"Crevasse"
            self.blocked = self.occupied | ground_blocked(self.board.terrain)

    def step_cost(self, frm: int) -> int:
        # 000 §"Forêt": passing through a forest costs the rest of the move 1 point
        if frm != self.start and self.board.terrain[frm] == "f":
            return 1 + self.forest_cost
        return 1

    def reach(self, budget: int) -> dict[int, tuple[int, int]]:
        """Every square reachable within `budget`: square -> (cost, previous square).
        A Dijkstra with one bucket per cost (steps cost 1 or 2)."""
        best: dict[int, tuple[int, int]] = {self.start: (0, -1)}
        buckets: list[list[int]] = [[self.start]] + [[] for _ in range(budget)]
        near, blocked = neighbour_table(self.board.width, self.board.height), self.blocked
        for cost in range(budget + 1):
            for sq in buckets[cost]:
                if best[sq][0] != cost:
                    continue
                c = cost + self.step_cost(sq)
                if c > budget:
                    continue
                for nxt in near[sq]:
                    if nxt not in blocked and (nxt not in best or c < best[nxt][0]):
                        best[nxt] = (c, sq)
                        buckets[c].append(nxt)
        return best

    def destinations(self, budget: int) -> dict[int, int]:
        """001 l.452: the move ends on a free square. Square -> cheapest cost."""
        return {
            sq: c for sq, (c, _) in self.reach(budget).items() if sq != self.start and sq not in self.occupied
        }

    def route(self, dest: int, budget: int) -> list[int] | None:
        reach = self.reach(budget)
        if dest not in reach or dest == self.start or dest in self.occupied:
            return None
        path = [dest]
        while path[-1] != self.start:
            path.append(reach[path[-1]][1])
        return path[::-1]

    def path_cost(self, path: list[int]) -> int | None:
        """Cost of an explicit path, or None if it breaks a rule."""
        if len(path) < 2 or path[0] != self.start or path[-1] in self.occupied:
            return None
        cost = 0
        for a, b in zip(path, path[1:], strict=False):
            if b not in neighbours(self.board, a) or b in self.blocked or b == self.start:
                return None
            cost += self.step_cost(a)
        return cost


def budgets(state: State, unit: Unit, plus: bool) -> tuple[int, int]:
    """(with an attack, without): 001 §"Movement Value", central and right numbers; a bought
    "+" adds 1 to the maneuver (000 §I "Le symbole +")."""
    c, free = card(state, unit).move
    return c + plus, free + plus


def overflown(state: State, unit: Unit, path: list[int]) -> list[Unit]:
    """Enemy units under a flyer's path (Infernal Bombardment), each once, in path order."""
    seen: list[Unit] = []
    for sq in path[1:-1]:
        other = state.unit_at(sq)
        if other is not None and state.hostile(other.owner, unit.owner) and other not in seen:
            seen.append(other)
    return seen


def bombard_routes(state: State, unit: Unit, budget: int) -> dict[int, list[int]]:
    """For each destination, a route flying over as many enemy units as the budget allows."""
    mover = Mover(state, unit)
    enemy = {u.sq for u in state.units if u.sq is not None and state.hostile(u.owner, unit.owner)}
    layer: dict[int, tuple[int, list[int]]] = {mover.start: (0, [mover.start])}
    best: dict[int, tuple[int, list[int]]] = {}
    for _ in range(budget):
        nxt_layer: dict[int, tuple[int, list[int]]] = {}
        for sq, (score, path) in layer.items():
            gain = 1 if sq in enemy and sq != mover.start and sq not in path[:-1] else 0
            for nxt in neighbours(state.board, sq):
                if nxt in mover.blocked or nxt == mover.start:
                    continue
                cand = (score + gain, path + [nxt])
                if nxt not in nxt_layer or cand[0] > nxt_layer[nxt][0]:
                    nxt_layer[nxt] = cand
        for sq, cand in nxt_layer.items():
            if sq not in mover.occupied and (sq not in best or cand[0] > best[sq][0]):
                best[sq] = cand
        layer = nxt_layer
    return {sq: path for sq, (_, path) in best.items()}

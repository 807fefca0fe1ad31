"""Who may attack whom: 000 §II "Attaquer une Unité" / 001 §II "Attacking a Unit".

Close combat needs adjacency. A ranged attack needs a ranged value above 0, a target within
range (diagonals count 1), a shooter no enemy is adjacent to, and a clear straight line from
centre to centre: units and Hill, Forest, Ruins or Impassable squares block it; flyers are
blocked only by flyers (001 l.579-581). With teams, the enemies are both generals of the
other team; a teammate's units are never attacked (001 §"Variant: 4-Player Battle").
"""

from __future__ import annotations

from itertools import combinations

from engine.errors import IllegalCommand
from engine.mythic import readings
from engine.mythic.board import OBSTACLES, between, distance, name, neighbours, parse_square
from engine.mythic.commands import Attack
from engine.mythic.state import State, Unit
from engine.mythic.talents import usable
from engine.mythic.units import card, flying, talent


def enemies_adjacent(state: State, unit: Unit) -> list[Unit]:
    near = set(neighbours(state.board, unit.sq))
    return [u for u in state.enemy_units(unit.owner) if u.sq in near]


def line_clear(state: State, shooter: Unit, target: Unit) -> bool:
    """001 §"TIP": a straight line from centre to centre, uninterrupted."""
    arching = talent(state, shooter, "arching_shot") is not None  # 000 §"Tir en cloche"
    airborne = flying(shooter)
    for sq in between(state.board, shooter.sq, target.sq):
        if not airborne and state.board.terrain[sq] in OBSTACLES:
            return False
        other = state.unit_at(sq)
        if other is None or (arching and readings.allied(other.owner, shooter.owner)):
            continue
        if not airborne or flying(other):
            return False
    return True


def can_shoot(state: State, shooter: Unit, target: Unit) -> bool:
    line = card(state, shooter)
    return (
        line.ra > 0
        and distance(state.board, shooter.sq, target.sq) <= line.range
        and line_clear(state, shooter, target)
    )


def engaged(state: State, unit: Unit) -> bool:
    """001 l.567: a unit adjacent to an enemy is engaged and cannot shoot."""
    return bool(enemies_adjacent(state, unit))


def targets(state: State, unit: Unit) -> tuple[list[Unit], list[Unit]]:
    """(close combat targets, ranged targets)."""
    adjacent = enemies_adjacent(state, unit)
    if adjacent:
        return (adjacent if card(state, unit).cc > 0 else []), []
    line = card(state, unit)
    if line.ra <= 0:
        return [], []
    board = state.board
    shots = [
        u
        for u in state.enemy_units(unit.owner)
        if distance(board, unit.sq, u.sq) <= line.range and line_clear(state, unit, u)
    ]
    return [], shots


def bite_partners(state: State, cerberus: Unit, target: Unit) -> list[Unit]:
    """000 §"Morsures de Cerbère": other enemies adjacent to both Cerberus and the target."""
    near = set(neighbours(state.board, target.sq))
    return [u for u in enemies_adjacent(state, cerberus) if u.uid != target.uid and u.sq in near]


def spread_partners(state: State, shooter: Unit, target: Unit, shots: list[Unit]) -> list[Unit]:
    """000 §"Tir disséminé": two adjacent enemy ground units, both in range and line."""
    if flying(target):
        return []
    near = set(neighbours(state.board, target.sq))
    return [u for u in shots if u.uid != target.uid and not flying(u) and u.sq in near]


def commands(state: State, unit: Unit, forced_target: str | None = None) -> list[Attack]:
    """Every attack the unit may declare now (the activation's own limits are checked by
    the caller). `forced_target`: Assault Support's shared target."""
    cc, ra = targets(state, unit)
    here = name(state.board, unit.sq)
    out: list[Attack] = []
    for t in cc + ra:
        if forced_target and t.uid != forced_target:
            continue
        target = name(state.board, t.sq)
        out.append(Attack(source=here, target=target))
        for talent_id, extra in _talent_variants(state, unit, t, cc, ra):
            out.append(Attack(source=here, target=target, extra=extra, talent=talent_id))
    return out


def _talent_variants(state: State, unit: Unit, target: Unit, cc: list[Unit], ra: list[Unit]):
    """Cerberus' Bite on up to 2 more enemies, Spread Shot on a second one (each pair once)."""
    if target in cc and usable(state, unit, "cerberus_bite") is not None:
        partners = [name(state.board, p.sq) for p in bite_partners(state, unit, target)]
        for k in range(0, min(2, len(partners)) + 1):
            for extra in combinations(partners, k):
                yield "bite", extra
    if target in ra and usable(state, unit, "spread_shot") is not None:
        for p in spread_partners(state, unit, target, ra):
            if p.sq > target.sq:
                yield "spread", (name(state.board, p.sq),)


def resolve(
    state: State, unit: Unit, cmd: Attack, forced_target: str | None = None
) -> tuple[str, list[Unit]]:
    """Check a declared attack; return its kind ("cc"/"ra"/"bite"/"spread") and its targets."""
    board = state.board
    src = parse_square(board, cmd.source)
    if src != unit.sq:
        raise IllegalCommand("mythic.err.attack_from", square=cmd.source)
    found = []
    for text in (cmd.target, *cmd.extra):
        sq = parse_square(board, text)
        other = state.unit_at(sq) if sq is not None else None
        if other is None or not state.hostile(other.owner, unit.owner) or other in found:
            raise IllegalCommand("mythic.err.no_enemy_there", square=text)
        found.append(other)
    target = found[0]
    if forced_target and target.uid != forced_target:
        raise IllegalCommand("mythic.err.assault_same_target")
    cc, ra = targets(state, unit)
    if cmd.talent == "bite":
        if target not in cc or usable(state, unit, "cerberus_bite") is None:
            raise IllegalCommand("mythic.err.bite_impossible")
        partners = bite_partners(state, unit, target)
        if len(found) > 3 or any(p not in partners for p in found[1:]):
            raise IllegalCommand("mythic.err.bite_impossible")
        return "bite", found
    if cmd.talent == "spread":
        if len(found) != 2 or target not in ra or usable(state, unit, "spread_shot") is None:
            raise IllegalCommand("mythic.err.spread_impossible")
        if found[1] not in spread_partners(state, unit, target, ra):
            raise IllegalCommand("mythic.err.spread_impossible")
        return "spread", found
    if cmd.extra:
        raise IllegalCommand("mythic.err.one_target")
    if target in cc:
        return "cc", found
    if target in ra:
        return "ra", found
    if engaged(state, unit):
        raise IllegalCommand("mythic.err.engaged")
    raise IllegalCommand("mythic.err.cannot_reach_target", square=cmd.target)

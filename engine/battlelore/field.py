"""What a unit is worth on the field right now, and what the ground does to it.

Stats come from the unit's card and stat bar (002 l.120-161), changed by artefacts
(002 l.434-438); terrain rules are 002 l.376-408 (RULES-NOTES B1 rules 14, 16, 25).
"""

from __future__ import annotations

from functools import cache

from engine.battlelore import hexes
from engine.battlelore.content import Bar, Terrain, UnitCard, content, weapons_of
from engine.battlelore.state import State, Unit

SITE = "site"  # a sacred site's hex: impassable for every unit (002 l.405)


def card(u: Unit) -> UnitCard:
    return content().units[u.card]


def bar(u: Unit) -> Bar:
    return content().units[u.card].bars[u.bar]


def _arts(u: Unit, effect: str) -> int:
    if not u.arts:
        return 0
    arts = content().artefacts
    return sum(1 for a in u.arts if arts[a].effect == effect)


def resistance(u: Unit) -> int:
    return bar(u).res + _arts(u, "res")


def left(u: Unit) -> int:
    """Figures (troops) or wounds still to take before elimination (002 l.269)."""
    return resistance(u) - u.hits


def wounds(u: Unit) -> bool:
    return card(u).cls != "troop"


def movement(u: Unit) -> int:
    return bar(u).mv + _arts(u, "move")


def mobility(u: Unit) -> int:
    return bar(u).mob


def dice(u: Unit) -> int:
    return bar(u).dice + _arts(u, "dice")


def courage(u: Unit) -> int:
    return bar(u).cour - _arts(u, "cour")


def flies(u: Unit) -> bool:
    return bar(u).fly


def mounted(u: Unit) -> bool:
    return card(u).type == "mounted"


def has(u: Unit, ability: str) -> bool:
    return ability in card(u).abil


def mana_cap(u: Unit) -> int:
    """002 l.199: no more mana than all its triggered abilities need at once."""
    base = _trigger_total(u.card)
    return base + _arts(u, "mana") if base else 0


@cache
def _trigger_total(card_id: str) -> int:
    return sum(content().units[card_id].trig.values())


def weapons(u: Unit) -> tuple[str, ...]:
    return weapons_of(content(), bar(u))


def ranged_weapon(u: Unit) -> str | None:
    ws = content().weapons
    best = [w for w in weapons(u) if ws[w].range]
    return max(best, key=lambda w: ws[w].range) if best else None


def melee_weapon(u: Unit) -> str | None:
    """002 l.250: a unit whose only weapons shoot always shoots, even when adjacent."""
    ws = content().weapons
    for w in weapons(u):
        if ws[w].melee:
            return w
    return None


def weakened(u: Unit, target: Unit | None = None) -> bool:
    """002 l.82, l.261: a troop down to one figure; foot with a basic weapon against mounted."""
    if card(u).cls == "troop" and left(u) == 1:
        return True
    if target is not None and card(u).type == "foot" and mounted(target):
        w = melee_weapon(u)
        if w is not None and content().weapons[w].basic:
            return True
    return False


def terrain_at(state: State, h: str) -> Terrain | None:
    t = state.terrain.get(h)
    return content().terrain[t] if t else None


@cache
def _hex(h: str) -> tuple[int, int]:
    x = hexes.to_hex(h)
    assert x is not None, h
    return x


def xy(h: str) -> tuple[int, int]:
    return _hex(h)


def impassable(state: State, h: str) -> bool:
    if h in state.sites:
        return True
    t = terrain_at(state, h)
    return t is not None and t.impassable


def stops(state: State, u: Unit, h: str) -> bool:
    """Entering this hex ends the move (forest, village, ford; brush for mounted)."""
    if flies(u):
        return False  # 002 l.245: flyers ignore terrain on the move
    t = terrain_at(state, h)
    if t is None:
        return False
    return t.stop == "all" or (t.stop == "mounted" and mounted(u))


def flies_over(state: State, u: Unit, h: str) -> bool:
    """002 l.245: a flyer passes over friendly units, enemy units "qui n'ont pas le Vol" and
    impassable hexes (never over an enemy flyer), on every move including a retreat."""
    if not flies(u):
        return False
    o = state.unit_at(h)
    return o is None or o.owner == u.owner or not flies(o)


def reachable(state: State, u: Unit, start: str, steps: int) -> dict[str, int]:
    """Hexes the unit may end a move on, within `steps` (002 l.240-245), with the distance.
    Never through a unit (flyers may pass over some, `flies_over`, and not stop there),
    never onto impassable ground."""
    occ = state.occupied()
    fly = flies(u)
    seen = {start: 0}
    frontier = [start]
    out: dict[str, int] = {}
    for d in range(1, steps + 1):
        nxt = []
        for h in frontier:
            if h != start and not fly and stops(state, u, h):
                continue
            for n in hexes.neighbours(_hex(h)):
                nn = hexes.name(n)
                if nn in seen:
                    continue
                blocked = impassable(state, nn) or (nn in occ and occ[nn].id != u.id)
                if blocked and not (fly and flies_over(state, u, nn)):
                    continue
                seen[nn] = d
                nxt.append(nn)
                if not blocked:
                    out[nn] = d
        frontier = nxt
    out.pop(start, None)
    return out


def can_stand(state: State, u: Unit, h: str) -> bool:
    occ = state.occupied().get(h)
    return not impassable(state, h) and (occ is None or occ.id == u.id)


def blocks_sight(state: State, h: tuple[int, int], ends: tuple[str, str]) -> bool:
    if not hexes.on_board(h):
        return False
    name = hexes.name(h)
    if name in ends:
        return False
    if state.unit_at(name) is not None or name in state.sites:
        return True  # a sacred site blocks sight: a reading (readings.py, l.318, l.325)
    t = terrain_at(state, name)
    return t is not None and t.los


def line_of_sight(state: State, a: Unit, b: Unit) -> bool:
    """002 l.252-254: centre to centre; never blocked when either unit flies. Heights are
    not defined, so every obstacle counts as tall (RULES-NOTES B1 rule 16)."""
    if flies(a) or flies(b):
        return True
    ends = (a.hex, b.hex)
    return not hexes.line_blocked(_hex(a.hex), _hex(b.hex), lambda h: blocks_sight(state, h, ends))


def supported(state: State, u: Unit) -> bool:
    """002 l.271: at least two adjacent hexes hold friendly units."""
    if has(u, "unruly"):
        return False
    occ = state.occupied()
    friends = 0
    for n in hexes.neighbours(_hex(u.hex)):
        o = occ.get(hexes.name(n))
        if o is not None and o.owner == u.owner:
            friends += 1
    return friends >= 2


def adjacent_units(state: State, h: str) -> list[Unit]:
    occ = state.occupied()
    return [occ[hexes.name(n)] for n in hexes.neighbours(_hex(h)) if hexes.name(n) in occ]


def in_sectors(state: State, u: Unit) -> frozenset[str]:
    return hexes.sectors(_hex(u.hex), state.sides[u.owner].edge)

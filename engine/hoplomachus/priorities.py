"""How a rules-driven unit picks its mark and moves (seed 003 l.218-222, l.337-353, l.542-544).

The arena's priority list is read twice: first for a mark the unit can reach this turn (a
bold priority: an opponent it can attack after moving; a hex priority: a hex it can stand
on), then, if none, for the highest priority it can get closer to. Only opponents it can
reach count in the first pass (l.218-222). Moves take the shortest path; between hexes at
the same distance the reading order (a1, b1, ... g7) decides, a tie the rulebook does not
settle. Ties between marks are the player's to break (l.384).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hoplomachus import hexes
from engine.hoplomachus.combat import (
    can_move,
    foes,
    has,
    is_local,
    isolated,
    move_of,
)
from engine.hoplomachus.content import content
from engine.hoplomachus.state import Fight, Fighter

INF = 10**6


@dataclass
class Plan:
    dest: str
    steps: int
    marks: list[str]  # tied marks (fids or hexes); the first is taken unless the player picks
    reached: bool  # the mark is within reach this turn (else the unit only approaches)
    term: str | None = None  # the priority that drove it (for telling the rival's turn)
    rank: int = 0  # its place in the priority list, from 1
    toward: str | None = None  # the opponent it approaches (second pass), and the moves it
    need: int = 0  # still needs to have it in range: the reason told names both


def closed(f: Fight, u: Fighter) -> set[str]:
    b = hexes.board(f.arena)
    occupied = {o.hex for o in f.units if o.hex and o.fid != u.fid}
    return set(b.blocked) | occupied


def priority_list(f: Fight, u: Fighter) -> tuple[str, ...]:
    a = content().arenas[f.arena]
    if u.side == "a":
        return a.arena_priority
    if u.side == "p":
        return player_priorities(f)
    return a.priority


def player_priorities(f: Fight) -> tuple[str, ...]:
    """The list `auto` plays your units by (authored: the objective first, then the weakest)."""
    if f.kind == "ctf":
        return ("flag", "*weakest", "*closest")
    if f.kind == "koth":
        return ("*weakest", "key", "*closest")
    if f.kind == "scion":
        return ("*hero", "*weakest", "*closest")
    return ("*weakest", "*hero", "*closest")


def _matches(f: Fight, u: Fighter, o: Fighter, term: str) -> bool:
    if u.side == "p" and o.tribune:
        return False  # `auto` never goes after the Tribune (its fall costs your hero's HP)
    if term == "hero":
        return o.elite
    if term == "isolated":
        return isolated(f, o)
    if term == "local":
        return is_local(f, o)
    if term == "carrier":
        return f.carrier == o.fid
    return True


def _key(f: Fight, o: Fighter, term: str, dist: int) -> tuple:
    k = {
        "weakest": o.hp,
        "strongest": -o.hp,
        "slowest": move_of(o),
        "fastest": -move_of(o),
        "deadliest": -len(o.dice),
        "least_deadly": len(o.dice),
        "farthest": -dist,
    }.get(term)
    return (dist,) if k is None else (k,)


def goal_hexes(f: Fight, u: Fighter, term: str) -> set[str]:
    """Hexes where a hex priority is met: a free key hex; for the flag, its hex (your units
    take it) or, for rivals who never take it (l.97-98), the hexes around it."""
    b = hexes.board(f.arena)
    taken = {o.hex for o in f.units if o.hex and o.fid != u.fid}
    if term == "key" and f.kind == "koth":
        return {k for k in b.keys if k not in taken}
    if term == "flag" and f.kind == "ctf":
        if u.side == "p":
            if f.carrier == u.fid:
                return {h for h in b.player_hexes if h not in taken}
            if f.flag:
                return {f.flag} - taken
            return set()
        if f.flag:
            return {n for n in hexes.neighbours(f.flag) if n not in b.blocked and n not in taken} | (
                {f.flag} - taken
            )
    return set()


def plan(f: Fight, u: Fighter, forced: str | None = None) -> Plan:
    """Where this unit moves now, and the marks tied for it."""
    here = u.hex
    stay = Plan(here, 0, [], False)
    if not can_move(u):
        return stay
    shut = closed(f, u)
    flight = has(u, "flight")
    reach = hexes.reach(here, move_of(u), shut, flight)
    prio = [t.lstrip("*") for t in priority_list(f, u)]
    opp = [o for o in foes(f, u)]
    # first pass: a mark within reach
    for rank, term in enumerate(prio, start=1):
        if term in ("key", "flag"):
            goals = goal_hexes(f, u, term)
            if u.side == "p" and term == "flag" and f.carrier == u.fid:
                goals = goals  # the carrier heads home
            hits = [h for h in reach if h in goals]
            if hits:
                best = min(hits, key=lambda h: (reach[h], hexes.ORDER[h]))
                return Plan(best, reach[best], [best], True, term, rank)
            continue
        scored = []
        for o in opp:
            if not _matches(f, u, o, term):
                continue
            spots = [h for h in reach if hexes.distance(h, o.hex) <= u.range]
            if spots:
                scored.append((_key(f, o, term, min(reach[h] for h in spots)), o, spots))
        if forced:
            scored = [s for s in scored if s[1].fid == forced] or scored
        if scored:
            top = min(s[0] for s in scored)
            tied = [s for s in scored if s[0] == top]
            tied.sort(key=lambda s: hexes.ORDER[s[1].hex])
            _, o, spots = tied[0]
            best = min(spots, key=lambda h: (reach[h], hexes.ORDER[h]))
            return Plan(best, reach[best], [s[1].fid for s in tied], True, term, rank)
    # second pass: approach the highest priority it can get closer to
    for rank, term in enumerate(prio, start=1):
        target = None
        if term in ("key", "flag"):
            goals = goal_hexes(f, u, term)
        else:
            cands = [o for o in opp if _matches(f, u, o, term)]
            if not cands:
                continue
            # Closest / Farthest: the least / most movement required to be in range (seed 003
            # l.275), measured to the hexes in range of the opponent, not to its own hex
            target = min(cands, key=lambda o: (_key(f, o, term, moves_to_range(f, u, o)), hexes.ORDER[o.hex]))
            goals = in_range_of(u, target)
        if not goals:
            continue
        dist = hexes.flood(goals, shut if not flight else set(hexes.board(f.arena).blocked), here)
        now = dist.get(here, INF)
        spots = reach
        if u.side == "p" and f.kind not in ("ctf", "koth"):
            # `auto` for your units (authored, not a rule): approach without stepping into
            # an opponent's reach, so your side strikes first (not when an objective calls)
            danger = threatened(f, u)
            spots = {h: d for h, d in reach.items() if h not in danger} or {here: 0}
        best = min(spots, key=lambda h: (dist.get(h, INF), spots[h], hexes.ORDER[h]))
        if dist.get(best, INF) < now:
            need = moves_to_range(f, u, target) if target else 0
            return Plan(best, reach[best], [], False, term, rank, target.fid if target else None, need)
    return stay


def in_range_of(u: Fighter, o: Fighter) -> set[str]:
    """The hexes from which `u` has `o` in range (range ignores obstacles, l.378)."""
    return {h for h in hexes.ALL if hexes.distance(h, o.hex) <= u.range}


def moves_to_range(f: Fight, u: Fighter, o: Fighter) -> int:
    """The movement `u` needs to have `o` in range (seed 003 l.275: what Closest and
    Farthest measure), whatever its Move this turn; INF when no path leads there."""
    shut = set(hexes.board(f.arena).blocked) if has(u, "flight") else closed(f, u)
    return hexes.flood(in_range_of(u, o), shut, u.hex).get(u.hex, INF)


def threatened(f: Fight, u: Fighter) -> set[str]:
    """Hexes some opponent could attack next turn (move + range, obstacles ignored)."""
    out: set[str] = set()
    for o in foes(f, u):
        if not o.hex or o.side == "a":
            continue
        reach = move_of(o) + o.range
        out.update(h for h in hexes.ALL if hexes.distance(h, o.hex) <= reach)
    return out


def blocked_by_allies(f: Fight, u: Fighter) -> bool:
    """A rival blocked by its allies moves once freed (l.337-338): would it get further if
    its allies stood aside?"""
    if not can_move(u):
        return False
    others = {o.hex for o in f.units if o.hex and o.side == u.side and o.fid != u.fid}
    if not others:
        return False
    shut = closed(f, u)
    open_reach = hexes.reach(u.hex, move_of(u), shut - others, has(u, "flight"))
    return len(open_reach) > len(hexes.reach(u.hex, move_of(u), shut, has(u, "flight")))

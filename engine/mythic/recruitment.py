"""Recruiting an army: 000 §"Recruter des Unités" / 001 §"Recruiting Units".

A faction (Athena or Hades) plus neutral units; 100 points of which at least 95 are spent
(2 power points per point left); 5 to 10 units; never the same unit (name, affiliation,
illustration) twice, so a legendary unit at most once. Both generals recruit at the same
time and in secret: an army is revealed only when both are chosen.

`legal()` offers the ready-made armies (data/presets.yaml) that fit the options; any other
valid army is accepted through the notation (`army hades cerberus marauders ...`).
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.i18n import T
from engine.mythic.commands import Recruit
from engine.mythic.content import content
from engine.mythic.context import Ctx
from engine.mythic.setup import roll_first_player
from engine.mythic.state import State, Unit
from engine.mythic.units import unit_name

FACTIONS = ("athena", "hades")
MIN_UNITS, MAX_UNITS = 5, 10
SLACK = 5  # "au moins 95 de ses points": points - 5
PP_PER_POINT = 2


def army_cost(units: tuple[str, ...] | list[str]) -> int:
    return sum(content().units[u].cost for u in units)


def army_refusal(faction: str, units: tuple[str, ...], points: int) -> IllegalCommand | None:
    catalog = content().units
    if faction not in FACTIONS:
        return IllegalCommand("mythic.err.unknown_faction", faction=faction)
    for unit in units:
        if unit not in catalog:
            return IllegalCommand("mythic.err.unknown_unit", unit=unit)
        if catalog[unit].faction not in (faction, "neutral"):
            return IllegalCommand("mythic.err.wrong_faction", unit=unit_name(unit), faction=T(f"mythic.faction.{faction}"))
    if len(set(units)) != len(units):
        dup = next(u for u in units if units.count(u) > 1)
        return IllegalCommand("mythic.err.unit_twice", unit=unit_name(dup))
    if not MIN_UNITS <= len(units) <= MAX_UNITS:
        return IllegalCommand("mythic.err.army_size", count=len(units), low=MIN_UNITS, high=MAX_UNITS)
    cost = army_cost(units)
    if not points - SLACK <= cost <= points:
        return IllegalCommand("mythic.err.army_cost", cost=cost, low=points - SLACK, high=points)
    return None


def check_army(options, faction: str, units: tuple[str, ...] | list[str]) -> IllegalCommand | None:
    """The checks one army passes on its own under `options` (cost, size, faction, no unit
    twice), for the engine and for army builders outside it; the checks between armies
    come when they are revealed."""
    return army_refusal(faction, tuple(units), options.points)


def _search(faction: str, points: int, limit: int = 3) -> list[tuple[str, ...]]:
    """Valid armies for unusual point totals: a depth-first search, dearest units first,
    pruned when even the dearest remaining units could not reach the minimum."""
    pool = sorted(
        (u for u in content().units.values() if u.faction in (faction, "neutral")),
        key=lambda u: (-u.cost, u.id),
    )
    found: list[tuple[str, ...]] = []

    def dfs(start: int, chosen: list[str], cost: int) -> None:
        if len(found) >= limit:
            return
        if points - SLACK <= cost and MIN_UNITS <= len(chosen):
            found.append(tuple(chosen))
            return
        room = MAX_UNITS - len(chosen)
        if room == 0 or cost + sum(u.cost for u in pool[start:start + room]) < points - SLACK:
            return
        for j in range(start, len(pool)):
            if cost + pool[j].cost <= points:
                dfs(j + 1, [*chosen, pool[j].id], cost + pool[j].cost)

    dfs(0, [], 0)
    return found


def suggestions(points: int) -> list[Recruit]:
    """The presets that fit `points`; for a faction with none, a few found by search."""
    out = [
        Recruit(faction=a.faction, units=a.units)
        for a in content().armies.values()
        if army_refusal(a.faction, a.units, points) is None
    ]
    for faction in FACTIONS:
        if not any(r.faction == faction for r in out):
            out.extend(Recruit(faction=faction, units=units) for units in _search(faction, points))
    return out


def legal(state: State, role: str) -> list[Recruit]:
    return suggestions(state.options.points)


def apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    if not isinstance(cmd, Recruit):
        raise IllegalCommand("mythic.err.recruit_first")
    refusal = check_army(state.options, cmd.faction, cmd.units)
    if refusal:
        raise refusal
    side = state.sides[role]
    side.faction, side.army, side.recruited = cmd.faction, list(cmd.units), True
    ctx.tell(role, "mythic.ev.recruited_private", units=[unit_name(u) for u in cmd.units], cost=army_cost(cmd.units))
    ctx.say("mythic.ev.recruited", role=role)
    frame = state.top
    frame.roles.remove(role)
    if not frame.roles:
        state.stack.pop()
        reveal(ctx)


def reveal(ctx: Ctx) -> None:
    """Both armies are public now: unit stacks, power points for unspent points."""
    state = ctx.state
    for role in state.roles:
        side = state.sides[role]
        side.pp = PP_PER_POINT * (state.options.points - army_cost(side.army))
        for unit_id in side.army:
            vit = content().units[unit_id].vitality
            state.units.append(Unit(uid=f"{role}.{unit_id}", owner=role, card=unit_id, vit=vit))
        ctx.say("mythic.ev.army", role=role, faction=T(f"mythic.faction.{side.faction}"), units=[unit_name(u) for u in side.army], pp=side.pp)
    roll_first_player(ctx)

"""Recruiting an army: 000 §"Recruter des Unités" / 001 §"Recruiting Units".

A faction (Athena or Hades) plus neutral units; 100 points of which at least 95 are spent
(2 power points per point left); 5 to 10 units; never the same unit (name, affiliation,
illustration) twice, so a legendary unit at most once. Both generals recruit at the same
time and in secret: an army is revealed only when both are chosen.

Variants: with four players (001 §"Variant: 4-Player Battle") 60 points, at least 55 spent,
and two teammates never field the same unit (readings.teammate_duplicate); in deck building
(001 §"Variant: Deck Building") any unit "regardless of the Factions" (faction `any`, or
none given), and opposing armies never share a unit (readings.clashing).

`legal()` offers the ready-made armies (data/presets.yaml) that fit the options, without the
teammate's units or barred ones (in deck building, from the team's half of the catalogue:
`other_half`); any other valid army is accepted through the notation
(`army hades cerberus marauders ...`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.errors import IllegalCommand
from engine.i18n import T
from engine.mythic import readings
from engine.mythic.commands import Recruit
from engine.mythic.content import content
from engine.mythic.context import Ctx, role_name
from engine.mythic.setup import roll_first_player
from engine.mythic.state import Frame, State, Unit
from engine.mythic.units import unit_name

FACTIONS = ("athena", "hades")
ANY = "any"  # deck building: no faction
MIN_UNITS, MAX_UNITS = 5, 10
SLACK = 5  # "au moins 95 de ses points": points - 5
PP_PER_POINT = 2


def army_cost(units: tuple[str, ...] | list[str]) -> int:
    return sum(content().units[u].cost for u in units)


def army_refusal(
    faction: str, units: tuple[str, ...], points: int, deckbuilding: bool = False
) -> IllegalCommand | None:
    catalog = content().units
    if faction == ANY and not deckbuilding:
        return IllegalCommand("mythic.err.any_needs_deckbuilding")
    if faction not in FACTIONS and faction != ANY:
        return IllegalCommand("mythic.err.unknown_faction", faction=faction)
    for unit in units:
        if unit not in catalog:
            return IllegalCommand("mythic.err.unknown_unit", unit=unit)
        if not deckbuilding and catalog[unit].faction not in (faction, "neutral"):
            return IllegalCommand(
                "mythic.err.wrong_faction", unit=unit_name(unit), faction=T(f"mythic.faction.{faction}")
            )
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
    twice; under deck building any faction), for the engine and for army builders outside
    it; the checks between armies come when they recruit (teammates) or are revealed."""
    return army_refusal(faction, tuple(units), options.points, options.deckbuilding)


def _search(faction: str, points: int, exclude: frozenset[str], limit: int = 3) -> list[tuple[str, ...]]:
    """Valid armies for unusual point totals: a depth-first search, dearest units first,
    pruned when even the dearest remaining units could not reach the minimum."""
    pool = sorted(
        (
            u
            for u in content().units.values()
            if faction in (u.faction, ANY, "neutral") and u.id not in exclude
        ),
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
        if room == 0 or cost + sum(u.cost for u in pool[start : start + room]) < points - SLACK:
            return
        for j in range(start, len(pool)):
            if cost + pool[j].cost <= points:
                dfs(j + 1, [*chosen, pool[j].id], cost + pool[j].cost)

    dfs(0, [], 0)
    return found


def suggestions(
    points: int, deckbuilding: bool = False, exclude: frozenset[str] = frozenset()
) -> list[Recruit]:
    """The presets that fit `points` and use no unit of `exclude`; for a faction with none,
    a few found by search; under deck building also a few drawn from every faction."""
    return list(_suggestions(points, deckbuilding, frozenset(exclude)))


@lru_cache(maxsize=64)
def _suggestions(points: int, deckbuilding: bool, exclude: frozenset[str]) -> tuple[Recruit, ...]:
    out = [
        Recruit(faction=a.faction, units=a.units)
        for a in content().armies.values()
        if army_refusal(a.faction, a.units, points, deckbuilding) is None
        and not exclude.intersection(a.units)
    ]
    for faction in FACTIONS:
        if not any(r.faction == faction for r in out):
            out.extend(Recruit(faction=faction, units=units) for units in _search(faction, points, exclude))
    if deckbuilding:  # the whole catalogue: still an army when clashes have barred many units
        out.extend(Recruit(faction=ANY, units=units) for units in _search(ANY, points, exclude))
    return tuple(out)


def teammate_army(state: State, role: str) -> list[str]:
    """The recruited army of the role's teammate (none with two players)."""
    return [
        u for r in state.allies(role) if r != role and state.sides[r].recruited for u in state.sides[r].army
    ]


@lru_cache(maxsize=2)
def other_half(team: int) -> frozenset[str]:
    """Deck building's suggestions: the catalogue dealt between the teams like cards, dearest
    first, so that generals taking ready-made armies never clash (any army may be typed)."""
    ranked = sorted(content().units.values(), key=lambda u: (-u.cost, u.id))
    return frozenset(u.id for i, u in enumerate(ranked) if i % 2 != team - 1)


def legal(state: State, role: str) -> list[Recruit]:
    exclude = frozenset(state.barred) | frozenset(teammate_army(state, role))
    if state.options.deckbuilding:
        exclude |= other_half(state.team(role))
    return suggestions(state.options.points, state.options.deckbuilding, exclude)


def apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    if not isinstance(cmd, Recruit):
        raise IllegalCommand("mythic.err.recruit_first")
    refusal = check_army(state.options, cmd.faction, cmd.units)
    if refusal:
        raise refusal
    barred = next((u for u in cmd.units if u in state.barred), None)
    if barred:
        raise IllegalCommand("mythic.err.unit_barred", unit=unit_name(barred))
    twin = readings.teammate_duplicate(cmd.units, teammate_army(state, role))
    if twin:  # told to this general only: an IllegalCommand is answered to its sender
        raise IllegalCommand("mythic.err.teammate_has_unit", unit=unit_name(twin))
    side = state.sides[role]
    side.faction, side.army, side.recruited = cmd.faction, list(cmd.units), True
    ctx.tell(
        role,
        "mythic.ev.recruited_private",
        units=[unit_name(u) for u in cmd.units],
        cost=army_cost(cmd.units),
    )
    ctx.say("mythic.ev.recruited", role=role)
    frame = state.top
    frame.roles.remove(role)
    if not frame.roles:
        state.stack.pop()
        if not _refuse_clashes(ctx):
            reveal(ctx)


def _refuse_clashes(ctx: Ctx) -> bool:
    """Deck building: refuse every army sharing a unit with an enemy army, bar those units
    and let those generals recruit again (readings.clashing). True if any was refused."""
    state = ctx.state
    if not state.options.deckbuilding:
        return False
    armies = {r: state.sides[r].army for r in state.roles}
    clashes = {r: readings.clashing(armies[r], [armies[e] for e in state.enemies(r)]) for r in state.roles}
    refused = [r for r in state.roles if clashes[r]]
    if not refused:
        return False
    for role in refused:
        side = state.sides[role]
        state.barred.extend(u for u in clashes[role] if u not in state.barred)
        side.army, side.faction, side.recruited = [], None, False
        ctx.tell(role, "mythic.ev.clash_private", units=[unit_name(u) for u in clashes[role]])
    ctx.say("mythic.ev.clash", data={"refused": refused}, generals=[role_name(r) for r in refused])
    state.stack.append(Frame(kind="recruit", roles=refused))
    return True


def reveal(ctx: Ctx) -> None:
    """All armies are public now: unit stacks, power points for unspent points."""
    state = ctx.state
    for role in state.roles:
        side = state.sides[role]
        side.pp = PP_PER_POINT * (state.options.points - army_cost(side.army))
        for unit_id in side.army:
            vit = content().units[unit_id].vitality
            state.units.append(Unit(uid=f"{role}.{unit_id}", owner=role, card=unit_id, vit=vit))
        ctx.say(
            "mythic.ev.army",
            role=role,
            faction=T(f"mythic.faction.{side.faction}"),
            units=[unit_name(u) for u in side.army],
            pp=side.pp,
        )
    roll_first_player(ctx)

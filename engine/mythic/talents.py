"""Using talents: 000/001 §6 "Utiliser les Talents" / "Using Talents".

Check the conditions, pay the cost printed on the unit card, announce before the step the
talent changes; a talent does not stack and is used once for as long as its effect lasts.
Buying a "+" counts as using a talent. Each talent's own rule is cited where it acts.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.i18n import T, Text
from engine.mythic import readings
from engine.mythic.content import content
from engine.mythic.context import Ctx
from engine.mythic.state import State, Unit
from engine.mythic.units import name_of, talent, udef

GROUP_TALENTS = {"assault_support": 2, "coordinated_assault": 4, "infantry_drill": 3}  # cards fetched
PLUS_TAG = "plus_"


def talent_name(talent_id: str) -> Text:
    names = content().talents[talent_id].name
    return T("mythic.name", en=names.en, fr=names.fr)


def cost_of(state: State, unit: Unit, talent_id: str) -> int | None:
    """The printed cost if the unit's top card carries the talent, else None."""
    use = talent(state, unit, talent_id)
    return None if use is None else use.cost


def usable(state: State, unit: Unit, talent_id: str) -> int | None:
    """The cost when the unit carries the talent and its general can pay it now."""
    cost = cost_of(state, unit, talent_id)
    if cost is None or state.sides[unit.owner].pp < cost:
        return None
    return cost


def pay(ctx: Ctx, unit: Unit, talent_id: str, cost: int) -> None:
    side = ctx.state.sides[unit.owner]
    if side.pp < cost:
        raise IllegalCommand("mythic.err.not_enough_pp", need=cost, have=side.pp)
    side.pp -= cost
    ctx.say("mythic.ev.talent", role=unit.owner, unit=name_of(unit), talent=talent_name(talent_id), pp=cost)


def pay_plus(ctx: Ctx, unit: Unit, stat: str) -> None:
    """000 §I: "+1 pour sa prochaine Manœuvre ou action si son Général paye 1 point de Pouvoir"."""
    side = ctx.state.sides[unit.owner]
    if side.pp < 1:
        raise IllegalCommand("mythic.err.not_enough_pp", need=1, have=side.pp)
    side.pp -= 1
    ctx.say("mythic.ev.plus", role=unit.owner, unit=name_of(unit), stat=T(f"mythic.stat.{stat}"))


def worth_asking(state: State, role: str, costs: list[int]) -> bool:
    """A window opens (and stays open) while one of these costs is affordable on public
    information (`readings.publicly_affordable`: power points, Art of War cards, and the hand
    converted at the army's highest Leadership), never because of the cards held."""
    side = state.sides[role]
    best = max((udef(u).leadership for u in state.units if u.owner == role and u.vit > 0), default=1)
    return any(readings.publicly_affordable(side.pp, side.aow, len(side.hand), best, cost) for cost in costs)


def affordable(state: State, role: str, choices: list[tuple[object, int]]) -> list:
    """The choices the role can pay for with the power points it has now."""
    pp = state.sides[role].pp
    return [cmd for cmd, cost in choices if cost <= pp]


def chosen(cmd: object, choices: list[tuple[object, int]]) -> int:
    """The cost of a choice that is on offer; a clear refusal otherwise."""
    for offered, cost in choices:
        if offered == cmd:
            return cost
    if getattr(cmd, "kind", None) == "use":
        raise IllegalCommand("mythic.err.talent_unavailable", talent=talent_name(cmd.talent))
    raise IllegalCommand("mythic.err.not_now")


def require(cost: int | None, talent_id: str) -> int:
    if cost is None:
        raise IllegalCommand("mythic.err.talent_unavailable", talent=talent_name(talent_id))
    return cost

"""Actions during the opponent's turn: 000/001 §5 (counter-attack, defend, harass), plus the
reactive talents Evasion and Retreat. With teams, either enemy general may harass; the
attacked unit's own general defends and counter-attacks (readings.allied).

Each window opens on public information only (positions, talents, power points, Art of
War cards in front, the number of cards in hand, each worth up to the army's best Leadership:
`readings.publicly_affordable`) and
always offers `pass`; what the player may really do is then computed from their own view.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.mythic import readings
from engine.mythic.board import distance, neighbours
from engine.mythic.cards import spend_maneuver
from engine.mythic.commands import Counter, Defend, Harass, Pass, Use
from engine.mythic.content import GROUND_BLOCKED
from engine.mythic.context import Ctx
from engine.mythic.state import Frame, State, Unit
from engine.mythic.talents import cost_of, pay, require, talent_name, worth_asking
from engine.mythic.units import card, flying, name_of, udef

DEFEND_COST = 2  # 001 §"Defending an Attacked Unit": 2 power points
HARASS_COST = 2  # 001 §"Harass an Enemy Unit": 2 power points


def own_unit(state: State, role: str, unit_id: str) -> Unit:
    for u in state.units:
        if u.owner == role and u.card == unit_id:
            return u
    raise IllegalCommand("mythic.err.no_such_unit", unit=unit_id)


# ------------------------------------------------------------------------------- harass


def harass_options(state: State, target: Unit, role: str | None = None) -> list[tuple[Unit, int]]:
    """001 §"Harass": adjacent, strictly higher CC as printed (no "+"), and a ground unit
    cannot harass a flyer; 2 power points, or Track's own cost (000 §"Traque"). `role`: the
    enemy general whose units may harass; by default the one the open harass window asks."""
    role = state.top.role if role is None else role
    near = set(neighbours(state.board, target.sq))
    base_cc = udef(target).levels[target.vit].cc
    out = []
    for u in state.alive(role):
        if u.sq not in near or (flying(target) and not flying(u)):
            continue
        if udef(u).levels[u.vit].cc <= base_cc:
            continue
        track = cost_of(state, u, "track")
        out.append((u, HARASS_COST if track is None else min(track, HARASS_COST)))
    return out


def open_harass_window(state: State, target: Unit, enemies: list[str] | None = None) -> None:
    """Ask the enemy generals in turn order (with teams, the second only if the first
    passes: one harassment is enough to pin the unit)."""
    todo = state.enemies(target.owner) if enemies is None else enemies
    for i, role in enumerate(todo):
        if worth_asking(state, role, [cost for _, cost in harass_options(state, target, role)]):
            state.stack.append(Frame(kind="harass", role=role, queue=todo[i + 1 :]))
            return


def harass_legal(state: State, role: str) -> list:
    target = state.unit(state.activation.uid)
    pp = state.sides[role].pp
    return [Harass(unit=u.card) for u, cost in harass_options(state, target, role) if cost <= pp] + [Pass()]


def harass_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    target = state.unit(state.activation.uid)
    if isinstance(cmd, Harass):
        unit = own_unit(state, role, cmd.unit)
        options = dict((u.uid, c) for u, c in harass_options(state, target, role))
        if unit.uid not in options:
            raise IllegalCommand("mythic.err.cannot_harass", unit=name_of(unit))
        cost = options[unit.uid]
        if cost != HARASS_COST:
            pay(ctx, unit, "track", cost)
        else:
            _pay_pp(ctx, role, cost)
        state.activation.harassed = True
        ctx.say("mythic.ev.harass", role=role, unit=name_of(unit), target=name_of(target))
        state.stack.pop()
    elif isinstance(cmd, Pass):
        open_harass_window(state, target, state.stack.pop().queue)
    else:
        raise IllegalCommand("mythic.err.not_now")


def _pay_pp(ctx: Ctx, role: str, cost: int) -> None:
    side = ctx.state.sides[role]
    if side.pp < cost:
        raise IllegalCommand("mythic.err.not_enough_pp", need=cost, have=side.pp)
    side.pp -= cost


# ------------------------------------------------------------------------------- react


def defend_options(state: State) -> list[tuple[Unit, int]]:
    """001 §"Defending": an ally adjacent to the target takes its place for 2 power points
    (Sentry: its own cost); a ground unit cannot defend a flyer; reach per `readings`."""
    c = state.combat
    st = c.strike
    if c.defended:
        return []
    target, attacker = state.unit(st.target), state.unit(st.attacker)
    reach = card(state, attacker).range if st.kind == "ra" else 1
    near = set(neighbours(state.board, target.sq))
    out = []
    for u in state.alive(target.owner):
        if u.uid == target.uid or u.sq not in near or (flying(target) and not flying(u)):
            continue
        if st.kind != "bombard" and not readings.defend_in_reach(
            st.kind, distance(state.board, u.sq, attacker.sq), reach
        ):
            continue
        sentry = cost_of(state, u, "sentry")
        out.append((u, DEFEND_COST if sentry is None else min(sentry, DEFEND_COST)))
    return out


def counter_possible(state: State) -> bool:
    """001 §"Counter-attacking": only against close combat, once per turn, not after Retreat."""
    c, turn = state.combat, state.turn
    st = c.strike
    return (
        st.kind == "cc"
        and st.counter_allowed
        and not c.counter
        and not c.retreat
        and st.target not in turn.countered
        and st.target not in turn.no_counter
    )


def evasion_cost(state: State) -> int | None:
    """000 §"Évasion": against a close combat attack by a ground unit."""
    st = state.combat.strike
    if st.kind not in ("cc", "bite") or flying(state.unit(st.attacker)):
        return None
    return cost_of(state, state.unit(st.target), "evasion")


def retreat_square(state: State) -> int | None:
    """000 §"Retraite": one square back, if the unit can stand there."""
    st = state.combat.strike
    target = state.unit(st.target)
    cost = cost_of(state, target, "retreat")
    if cost is None or state.combat.retreat or state.combat.counter:
        return None
    x, y = readings.retreat_step(state.board.xy(target.sq), state.board.xy(st.origin))
    sq = state.board.at(x, y)
    if sq is None or state.unit_at(sq) is not None:
        return None
    if not flying(target) and state.board.terrain[sq] in GROUND_BLOCKED:
        return None
    return sq


def _react_costs(state: State) -> list[int]:
    target = state.unit(state.combat.strike.target)
    costs = [cost for _, cost in defend_options(state)]
    if counter_possible(state) and state.sides[target.owner].hand:
        costs.append(0)
    for cost in (
        evasion_cost(state),
        cost_of(state, target, "retreat") if retreat_square(state) is not None else None,
    ):
        if cost is not None:
            costs.append(cost)
    return costs


def open_react_window(state: State) -> bool:
    role = state.unit(state.combat.strike.target).owner
    if worth_asking(state, role, _react_costs(state)):
        state.stack.append(Frame(kind="react", role=role))
        return True
    return False


def react_legal(state: State, role: str) -> list:
    target = state.unit(state.combat.strike.target)
    side = state.sides[role]
    out: list = [Defend(unit=u.card) for u, cost in defend_options(state) if cost <= side.pp]
    if counter_possible(state) and target.card in side.hand:
        out.append(Counter())
    ev = evasion_cost(state)
    if ev is not None and ev <= side.pp:
        out.append(Use(talent="evasion", unit=target.card))
    if retreat_square(state) is not None and cost_of(state, target, "retreat") <= side.pp:
        out.append(Use(talent="retreat", unit=target.card))
    return out + [Pass()]


def react_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    c = state.combat
    target = state.unit(c.strike.target)
    if isinstance(cmd, Defend):
        unit = own_unit(state, role, cmd.unit)
        options = dict((u.uid, cost) for u, cost in defend_options(state))
        if unit.uid not in options:
            raise IllegalCommand("mythic.err.cannot_defend", unit=name_of(unit), target=name_of(target))
        cost = options[unit.uid]
        if cost != DEFEND_COST:
            pay(ctx, unit, "sentry", cost)
        else:
            _pay_pp(ctx, role, cost)
        c.defended, c.strike.target = True, unit.uid
        ctx.say("mythic.ev.defend", role=role, unit=name_of(unit), target=name_of(target))
        state.stack.pop()
        open_react_window(state)  # the defender may now counter-attack (001 l.750)
        return
    if isinstance(cmd, Counter):
        if not counter_possible(state):
            raise IllegalCommand("mythic.err.cannot_counter")
        if target.card not in state.sides[role].hand:
            raise IllegalCommand("mythic.err.no_maneuver_card", unit=name_of(target))
        spend_maneuver(state.sides[role], target.card)
        state.turn.countered.append(target.uid)
        c.counter = True
        ctx.say("mythic.ev.counter", role=role, unit=name_of(target))
    elif isinstance(cmd, Use) and cmd.talent == "evasion" and cmd.unit == target.card:
        pay(ctx, target, "evasion", require(evasion_cost(state), "evasion"))
        c.step = "evaded"
    elif isinstance(cmd, Use) and cmd.talent == "retreat" and cmd.unit == target.card:
        if retreat_square(state) is None:
            raise IllegalCommand("mythic.err.cannot_retreat", unit=name_of(target))
        pay(ctx, target, "retreat", cost_of(state, target, "retreat"))
        c.retreat = True
        state.turn.no_counter.append(target.uid)
    elif isinstance(cmd, Use):
        raise IllegalCommand("mythic.err.talent_unavailable", talent=talent_name(cmd.talent))
    elif not isinstance(cmd, Pass):
        raise IllegalCommand("mythic.err.not_now")
    state.stack.pop()

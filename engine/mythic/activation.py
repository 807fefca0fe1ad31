"""One activated unit: 000 §4 "Activer les Unités" / 001 §4 "Activating Units".

The unit may move, then attack, do only one, or nothing (the card is spent all the same).
The move declares the attack (readings): within the central Movement value the attack is
kept, beyond it (up to the right value) it is given up.
"""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.mythic import attacks, combat, readings
from engine.mythic.board import name, parse_square
from engine.mythic.cards import spend_maneuver
from engine.mythic.commands import Attack, Done, Move, Plus, Use
from engine.mythic.context import Ctx
from engine.mythic.movement import Mover, bombard_routes, budgets, overflown
from engine.mythic.reactions import open_harass_window
from engine.mythic.state import AOW, Activation, Frame, State, Strike, Unit
from engine.mythic.talents import affordable, chosen, cost_of, pay, pay_plus
from engine.mythic.units import card, name_of, talent

ACTIVATION_TALENTS = ("scout", "infernal_bombardment", "rage_of_the_lion")


def start(ctx: Ctx, unit: Unit, aow: int, pp: int) -> None:
    """001 §4: discard the unit's maneuver card (kept in front), plus the Art of War cost of
    an extra activation (001 §III) or power points with Leader (000 §"Leader")."""
    state = ctx.state
    side = state.sides[unit.owner]
    spend_maneuver(side, unit.card)
    side.aow -= aow
    side.discard.extend([AOW] * aow)
    side.pp -= pp
    state.turn.activations += 1
    state.turn.activated.append(unit.uid)
    state.activation = Activation(uid=unit.uid)
    state.stack.append(Frame(kind="activation", role=unit.owner))
    ctx.say(
        "mythic.ev.activate", role=unit.owner, unit=name_of(unit), aow=aow, pp=pp, n=state.turn.activations
    )
    open_harass_window(state, unit)  # 001 l.768: announced as soon as the unit is activated


def may_move(state: State, act: Activation, unit: Unit) -> bool:
    if act.harassed or act.moved:
        return False
    if not act.attacked:
        return True
    # 000 §"Mobilité": may move after attacking if it did not move before
    return talent(state, unit, "mobility") is not None


def may_attack(act: Activation) -> bool:
    return not act.attacked and act.can_attack and not act.bombard


def move_budget(state: State, act: Activation, unit: Unit) -> int:
    with_attack, without = budgets(state, unit, act.plus_move)
    return with_attack if act.attacked and readings.MOBILITY_MOVE_IS_COMBAT_MOVE else without


def forced_target(state: State, unit: Unit) -> str | None:
    """000 §"Soutien d'Assaut": both units activated must attack the same enemy."""
    group = state.turn.group
    if group and group.talent == "assault_support" and group.target:
        return group.target
    return None


def move_commands(state: State, act: Activation, unit: Unit) -> list[Move]:
    if not may_move(state, act, unit):
        return []
    if act.attacked and (cost_of(state, unit, "mobility") or 0) > state.sides[unit.owner].pp:
        return []  # Mobility's move after the attack is paid when it is made (000 §6)
    budget = move_budget(state, act, unit)
    here = name(state.board, unit.sq)
    if act.bombard:
        routes = bombard_routes(state, unit, budget)
        return [Move(path=tuple(name(state.board, sq) for sq in routes[d])) for d in sorted(routes)]
    dests = Mover(state, unit, act.scout).destinations(budget)
    return [Move(path=(here, name(state.board, d))) for d in sorted(dests)]


def attack_commands(state: State, act: Activation, unit: Unit) -> list[Attack]:
    if not may_attack(act):
        return []
    return attacks.commands(state, unit, forced_target(state, unit))


def talent_choices(state: State, act: Activation, unit: Unit) -> list[tuple[object, int]]:
    out: list[tuple[object, int]] = []
    fresh = not act.moved and not act.attacked
    if fresh and may_move(state, act, unit) and "move" in card(state, unit).plus and not act.plus_move:
        out.append((Plus(stat="move"), 1))
    for tid in ACTIVATION_TALENTS:
        cost = cost_of(state, unit, tid)
        if cost is None or not fresh:
            continue
        taken = {"scout": act.scout, "infernal_bombardment": act.bombard, "rage_of_the_lion": act.rage}[tid]
        if not taken and (tid == "rage_of_the_lion" or may_move(state, act, unit)):
            out.append((Use(talent=tid, unit=unit.card), cost))
    return out


def legal(state: State, role: str) -> list:
    act = state.activation
    unit = state.unit(act.uid)
    out: list = move_commands(state, act, unit) + attack_commands(state, act, unit)
    return out + affordable(state, role, talent_choices(state, act, unit)) + [Done()]


def nothing_left(state: State) -> bool:
    act = state.activation
    unit = state.unit(act.uid)
    if unit.vit <= 0:
        return True
    return not move_commands(state, act, unit) and not attack_commands(state, act, unit)


def finish(ctx: Ctx) -> None:
    ctx.state.activation = None
    ctx.state.stack.pop()


def apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    act = state.activation
    unit = state.unit(act.uid)
    if isinstance(cmd, Done):
        finish(ctx)
    elif isinstance(cmd, Move):
        _move(ctx, act, unit, cmd)
    elif isinstance(cmd, Attack):
        _attack(ctx, act, unit, cmd)
    elif isinstance(cmd, Plus | Use):
        choices = talent_choices(state, act, unit)
        if isinstance(cmd, Plus) and cmd not in dict(choices):
            raise IllegalCommand("mythic.err.cannot_plus")
        cost = chosen(cmd, choices)
        if isinstance(cmd, Plus):
            pay_plus(ctx, unit, "move")
            act.plus_move = True
        else:
            pay(ctx, unit, cmd.talent, cost)
            act.scout |= cmd.talent == "scout"  # 000 §"Éclaireur"
            act.rage |= cmd.talent == "rage_of_the_lion"  # 000 §"Rage du Lion"
            if cmd.talent == "infernal_bombardment":  # 000 §"Bombardement Infernal": no attack
                act.bombard, act.can_attack = True, False
    else:
        raise IllegalCommand("mythic.err.not_now")


def _move(ctx: Ctx, act: Activation, unit: Unit, cmd: Move) -> None:
    state = ctx.state
    if not may_move(state, act, unit):
        raise IllegalCommand("mythic.err.harassed" if act.harassed else "mythic.err.cannot_move_again")
    squares = [parse_square(state.board, s) for s in cmd.path]
    if any(sq is None for sq in squares):
        bad = next(s for s, sq in zip(cmd.path, squares, strict=True) if sq is None)
        raise IllegalCommand("mythic.err.bad_square", square=bad)
    if squares[0] != unit.sq:
        raise IllegalCommand("mythic.err.move_from", square=cmd.path[0])
    mover = Mover(state, unit, act.scout)
    budget = move_budget(state, act, unit)
    path = mover.route(squares[-1], budget) if len(squares) == 2 else squares
    cost = mover.path_cost(path) if path else None
    if cost is None or cost > budget:
        raise IllegalCommand("mythic.err.cannot_reach", square=cmd.path[-1], budget=budget)
    if act.attacked:
        mobility = cost_of(state, unit, "mobility")
        if mobility:
            pay(ctx, unit, "mobility", mobility)
    elif not readings.keeps_attack_after_move(cost, budgets(state, unit, act.plus_move)[0]):
        act.can_attack = False
    unit = state.set_unit(unit.uid, sq=path[-1])
    act.moved, act.scout = True, False
    state.last_move, state.last_move_unit = path, unit.uid
    ctx.say(
        "mythic.ev.move",
        role=unit.owner,
        unit=name_of(unit),
        path="-".join(name(state.board, s) for s in path),
    )
    if act.bombard:
        strikes = [
            Strike(
                kind="bombard",
                attacker=unit.uid,
                target=e.uid,
                original=e.uid,
                origin=path[path.index(e.sq) - 1],
                counter_allowed=False,
                dice=talent(state, unit, "infernal_bombardment").dice,
            )
            for e in overflown(state, unit, path)
        ]
        if strikes:
            combat.begin(ctx, strikes)


def _attack(ctx: Ctx, act: Activation, unit: Unit, cmd: Attack) -> None:
    state = ctx.state
    if not may_attack(act):
        raise IllegalCommand("mythic.err.attack_used" if act.attacked else "mythic.err.attack_given_up")
    kind, found = attacks.resolve(state, unit, cmd, forced_target(state, unit))
    if kind in ("bite", "spread"):
        tid = "cerberus_bite" if kind == "bite" else "spread_shot"
        pay(ctx, unit, tid, cost_of(state, unit, tid))
    act.attacked = True
    group = state.turn.group
    if group and group.talent == "assault_support" and group.target is None:
        group.target = found[0].uid
    strike_kind = {"spread": "ra"}.get(kind, kind)
    dice_count = talent(state, unit, "cerberus_bite").dice if kind == "bite" else 0
    strikes = [
        Strike(
            kind=strike_kind,
            attacker=unit.uid,
            target=t.uid,
            original=t.uid,
            origin=unit.sq,
            counter_allowed=kind == "cc",
            dice=dice_count,
        )
        for t in found
    ]
    combat.begin(ctx, strikes)

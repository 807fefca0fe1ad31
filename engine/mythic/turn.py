"""A general's turn: 000 §2 "Tour de jeu", §3 "Utiliser les cartes", §III "Activer
plusieurs Unités", and the end of the turn.

Draw three cards; activate at least one unit unless no maneuver card is held; the n-th
activation costs n-1 Art of War cards (or power points with Leader); then, optionally, put
three maneuver cards under the deck and draw two, then keep at most 7 maneuver cards.
When both decks are exhausted at the end of a turn, both build a new deck; with four
players, only when all four are (001 §"Variant: 4-Player Battle").
"""

from __future__ import annotations

from itertools import combinations

from engine.errors import IllegalCommand
from engine.mythic import activation, cards, readings
from engine.mythic.board import neighbours
from engine.mythic.commands import Activate, Cycle, Discard, Done, End, Fetch, Use
from engine.mythic.context import Ctx
from engine.mythic.reactions import own_unit
from engine.mythic.state import Frame, Group, State, Turn, Unit
from engine.mythic.talents import GROUP_TALENTS, affordable, chosen, cost_of, pay
from engine.mythic.units import name_of, talent, udef

DRAW_PER_TURN = 3  # 001 §"Game Turn"
HAND_LIMIT = 7  # 001 l.349
CYCLE_OUT = 3  # 001 l.341: three cards under the deck (cards.CYCLE_DRAW: draw two)
GROUP_LIMITS = {"assault_support": 2, "coordinated_assault": 4, "infantry_drill": 3}


def start_turn(ctx: Ctx, role: str) -> None:
    state = ctx.state
    number = state.turn.number + 1 if state.turn else 1
    state.turn = Turn(number=number, current=role)
    state.stack.append(Frame(kind="main", role=role))
    ctx.say("mythic.ev.turn", role=role, number=number)
    cards.draw(ctx, role, DRAW_PER_TURN)


# ------------------------------------------------------------------------------ activating


def activation_cost(state: State) -> int:
    """001 §III: Art of War cards equal to the units already activated this turn; none under
    a group talent (000 §"Assaut Coordonné": "Aucune carte Art de la Guerre n'est requise")."""
    turn = state.turn
    return 0 if turn.group else turn.activations


def has_leader(state: State, role: str) -> bool:
    return any(talent(state, u, "leader") is not None for u in state.alive(role))


def payments(state: State, role: str, cost: int) -> list[int]:
    """Ways to pay `cost`: how many power points (Leader, 1 for 1) besides Art of War cards."""
    side = state.sides[role]
    leader = cost > 0 and side.pp > 0 and has_leader(state, role)
    return [pp for pp in range(cost + 1) if cost - pp <= side.aow and pp <= side.pp and (pp == 0 or leader)]


def activation_refusal(state: State, role: str, unit: Unit) -> IllegalCommand | None:
    turn = state.turn
    group = turn.group
    if unit.vit <= 0 or unit.sq is None:
        return IllegalCommand("mythic.err.unit_destroyed", unit=name_of(unit))
    if unit.uid in turn.activated:
        return IllegalCommand("mythic.err.already_activated", unit=name_of(unit))
    if unit.card not in state.sides[role].hand:
        return IllegalCommand("mythic.err.no_maneuver_card", unit=name_of(unit))
    if group:
        if turn.activations >= group.limit:
            return IllegalCommand("mythic.err.group_full")
        if turn.activations == 0 and unit.uid != group.leader:
            return IllegalCommand("mythic.err.group_leader_first", unit=name_of(state.unit(group.leader)))
        if turn.activations > 0 and group.allowed is not None and unit.uid not in group.allowed:
            return IllegalCommand("mythic.err.group_not_allowed", unit=name_of(unit))
    return None


def activate_commands(state: State, role: str) -> list[Activate]:
    ways = payments(state, role, activation_cost(state))
    out = []
    for unit in state.alive(role):
        if activation_refusal(state, role, unit) is None:
            out.extend(Activate(unit=unit.card, pp=pp) for pp in ways)
    return out


def group_choices(state: State, role: str) -> list[tuple[Use, int]]:
    """The group talents may only be used before activating any unit."""
    if state.turn.activations or state.turn.group:
        return []
    return [
        (Use(talent=tid, unit=u.card), cost)
        for u in state.alive(role)
        for tid in GROUP_TALENTS
        if (cost := cost_of(state, u, tid)) is not None
    ]


def aura_choices(state: State, role: str) -> list[tuple[Use, int]]:
    """000 §"Aura de force": at any time before a roll, lasting until the end of the turn."""
    return [
        (Use(talent="aura_of_strength", unit=u.card), cost)
        for u in state.alive(role)
        if (cost := cost_of(state, u, "aura_of_strength")) is not None and u.uid not in state.turn.aura
    ]


def may_end(state: State, role: str) -> bool:
    """001 l.320: at least one activation, unless no maneuver card is held (readings)."""
    if state.turn.activations:
        return True
    living = {u.card for u in state.alive(role)}
    held = sum(1 for c in state.sides[role].hand if c in living)
    return not readings.obliged_to_activate(held) or not activate_commands(state, role)


def main_legal(state: State, role: str) -> list:
    out: list = activate_commands(state, role)
    out += affordable(state, role, group_choices(state, role) + aura_choices(state, role))
    if may_end(state, role):
        out.append(End())
    return out


def main_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    if isinstance(cmd, Activate):
        unit = own_unit(state, role, cmd.unit)
        refusal = activation_refusal(state, role, unit)
        if refusal:
            raise refusal
        cost = activation_cost(state)
        if cmd.pp not in payments(state, role, cost):
            if cmd.pp and not has_leader(state, role):
                raise IllegalCommand("mythic.err.no_leader")
            raise IllegalCommand("mythic.err.cannot_pay_activation", aow=cost - cmd.pp, pp=cmd.pp)
        activation.start(ctx, unit, cost - cmd.pp, cmd.pp)
    elif isinstance(cmd, Use):
        unit = own_unit(state, role, cmd.unit)
        pay(ctx, unit, cmd.talent, chosen(cmd, group_choices(state, role) + aura_choices(state, role)))
        if cmd.talent == "aura_of_strength":
            state.turn.aura.append(unit.uid)
        else:
            _start_group(ctx, unit, cmd.talent)
    elif isinstance(cmd, End):
        if not may_end(state, role):
            raise IllegalCommand("mythic.err.must_activate")
        state.stack.pop()
        ctx.say("mythic.ev.end_turn", role=role)
        continue_end_of_turn(ctx)
    else:
        raise IllegalCommand("mythic.err.not_now")


def _start_group(ctx: Ctx, unit: Unit, tid: str) -> None:
    """000 §"Soutien d'Assaut", §"Assaut Coordonné", §"Mouvement d'Infanterie": search the
    deck for up to 2/4/3 cards, then activate this unit and others without Art of War."""
    state = ctx.state
    allowed = None
    if tid == "infantry_drill":
        near = set(neighbours(state.board, unit.sq))
        allowed = [u.uid for u in state.alive(unit.owner) if u.sq in near and udef(u).type == "infantry"]
    state.turn.group = Group(
        talent=tid, leader=unit.uid, limit=GROUP_LIMITS[tid], allowed=allowed, fetch_left=GROUP_TALENTS[tid]
    )
    if state.sides[unit.owner].deck:
        state.stack.append(Frame(kind="fetch", role=unit.owner))


def fetch_legal(state: State, role: str) -> list:
    return [Fetch(card=c) for c in sorted(set(state.sides[role].deck))] + [Done()]


def fetch_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    side, group = state.sides[role], state.turn.group
    if isinstance(cmd, Fetch):
        cards.fetch(ctx, role, cmd.card, free=True)
        group.fetch_left -= 1
        if group.fetch_left > 0 and side.deck:
            return
    elif not isinstance(cmd, Done):
        raise IllegalCommand("mythic.err.not_now")
    ctx.shuffle(side.deck)  # 001 l.347: after a search, shuffle the deck
    state.stack.pop()


# ------------------------------------------------------------------------------ end of turn


def continue_end_of_turn(ctx: Ctx) -> None:
    """The end-of-turn steps in the order of `readings.END_OF_TURN_ORDER`, then cleanup."""
    state = ctx.state
    role = state.turn.current
    hand = state.sides[role].hand
    for stage in readings.END_OF_TURN_ORDER:
        if stage == "cycle" and not state.turn.cycled and len(hand) >= CYCLE_OUT:
            state.stack.append(Frame(kind="cycle", role=role))
            return
        if stage == "hand_limit" and len(hand) > HAND_LIMIT:
            state.stack.append(Frame(kind="hand_limit", role=role))
            return
    _cleanup(ctx)


def cycle_legal(state: State, role: str) -> list:
    hand = sorted(state.sides[role].hand)
    return [Cycle(cards=combo) for combo in sorted(set(combinations(hand, CYCLE_OUT)))] + [Done()]


def cycle_apply(ctx: Ctx, role: str, cmd) -> None:
    if isinstance(cmd, Cycle):
        if len(cmd.cards) != CYCLE_OUT:
            raise IllegalCommand("mythic.err.cycle_three")
        cards.cycle(ctx, role, cmd.cards)
    elif not isinstance(cmd, Done):
        raise IllegalCommand("mythic.err.not_now")
    ctx.state.turn.cycled = True
    ctx.state.stack.pop()
    continue_end_of_turn(ctx)


def hand_limit_legal(state: State, role: str) -> list:
    return [Discard(card=c) for c in sorted(set(state.sides[role].hand))]


def hand_limit_apply(ctx: Ctx, role: str, cmd) -> None:
    if not isinstance(cmd, Discard):
        raise IllegalCommand("mythic.err.hand_limit", limit=HAND_LIMIT)
    cards.discard_for_limit(ctx, role, cmd.card)


def hand_limit_met(state: State) -> bool:
    """The hand is down to the limit (by discards or by cards converted meanwhile)."""
    return len(state.sides[state.top.role].hand) <= HAND_LIMIT


def leave_hand_limit(ctx: Ctx) -> None:
    ctx.state.stack.pop()
    continue_end_of_turn(ctx)


def _cleanup(ctx: Ctx) -> None:
    state = ctx.state
    cards.end_of_turn_discards(state)
    if all(not side.deck for side in state.sides.values()):
        state.stack.append(Frame(kind="reshuffle", roles=list(state.roles)))
        ctx.say("mythic.ev.reshuffle_window")
        return
    start_turn(ctx, state.after(state.turn.current)[0])  # 001 §"Variant: 4-Player Battle": teams alternate


# ------------------------------------------------------------------------------ new decks


def reinforcement_choices(state: State, role: str) -> list[tuple[Use, int]]:
    """000 §"Renforts": when both decks are reshuffled, regain one Vitality level, again and again."""
    return [
        (Use(talent="reinforcement", unit=u.card), cost)
        for u in state.alive(role)
        if (cost := cost_of(state, u, "reinforcement")) is not None and u.vit < udef(u).vitality
    ]


def reshuffle_legal(state: State, role: str) -> list:
    return affordable(state, role, reinforcement_choices(state, role)) + [Done()]


def reshuffle_apply(ctx: Ctx, role: str, cmd) -> None:
    state = ctx.state
    frame = state.top
    if isinstance(cmd, Use):
        unit = own_unit(state, role, cmd.unit)
        pay(ctx, unit, cmd.talent, chosen(cmd, reinforcement_choices(state, role)))
        unit = state.set_unit(unit.uid, vit=unit.vit + 1)
        ctx.say("mythic.ev.reinforced", role=role, unit=name_of(unit), vitality=unit.vit)
        return
    if not isinstance(cmd, Done):
        raise IllegalCommand("mythic.err.not_now")
    frame.roles.remove(role)
    if frame.roles:
        return
    state.stack.pop()
    first = readings.resumes_after_new_decks(
        state.roles, {r: state.sides[r].exhausted for r in state.roles}, state.turn.current
    )
    cards.new_decks(ctx)
    start_turn(ctx, first)

"""Power effects (004 §IV.B, §VI.B). Costs, values and parameters are data (powers.yaml);
each effect kind is implemented here. Paying: playing a power cost 1 token in advance, the
rest (cost - 1) is paid at activation (004 §VI.B "Phase de Pouvoir"); a power whose rest
cannot be paid fizzles (RULES-NOTES B3.8)."""

from __future__ import annotations

from engine.athena.content import COLOURS, Power, content
from engine.athena.events import Ctx, card_name, colour_name, power_name, role_name
from engine.athena.state import Activate, Army, Attached, Engaged, State
from engine.athena.structures import Layout, layout
from engine.errors import IllegalCommand
from engine.i18n import T
from engine.protocol import Role


def card(code: str) -> Power:
    return content().powers[code]


def extra_cost(code: str) -> int:
    return max(0, card(code).cost - 1)


def pending(powers: list[Attached], phase: str) -> list[Attached]:
    """Face-down powers of that phase still waiting for activation."""
    return [p for p in powers if not p.active and not p.cancelled and card(p.code).phase == phase]


def payable(army: Army, powers: list[Attached], phase: str) -> list[Attached]:
    return [p for p in pending(powers, phase) if extra_cost(p.code) <= army.tokens]


def pay(army: Army, attached: Attached) -> None:
    army.tokens -= extra_cost(attached.code)
    attached.active = True


def check_payable(army: Army, code: str) -> None:
    if extra_cost(code) > army.tokens:
        raise IllegalCommand(
            "athena.err.cannot_pay", power=power_name(code), need=extra_cost(code), have=army.tokens
        )


def check_own_slot(army: Army, slot: int) -> None:
    """The slot exists and still holds a card of the army."""
    if not 1 <= slot <= len(army.slots):
        raise IllegalCommand("athena.err.no_such_slot", slot=slot, most=len(army.slots))
    if army.slots[slot - 1] is None:
        raise IllegalCommand("athena.err.slot_empty", slot=slot)


def available_slots(state: State, role: Role) -> list[int]:
    army = state.armies[role]
    return layout_of(state, role).available(army.present())


def layout_of(state: State, role: Role) -> Layout:
    army = state.armies[role]
    return layout(structure_of(state), len(army.slots))


def structure_of(state: State) -> str:
    sc = content().scenarios[state.options.scenario]
    return state.options.structure if sc.expert else sc.structure


# ---- engagement (004 §VI.B "Phase d'Engagement") -------------------------------------------


def engage_powers(ctx: Ctx, role: Role, engaged: Engaged) -> None:
    """The engaged card's engagement powers activate at once ("il doit les activer"), then its
    colour is announced truthfully as modified: own colour, Mine de rien / Pas si fort que ça
    shift it, Camouflage hides it. Reading: they stay face down until the reveal, otherwise
    flipping Mine de rien would tell the opponent the true colour."""
    army = ctx.state.armies[role]
    level = COLOURS.index(content().colour(engaged.card))
    hidden = False
    for attached in pending(engaged.powers, "engagement"):
        if extra_cost(attached.code) > army.tokens:
            continue  # fizzles (RULES-NOTES B3.8)
        pay(army, attached)
        effect = card(attached.code).effect
        if effect.kind == "colour_shift":
            level = min(len(COLOURS) - 1, max(0, level + effect.amount))
        elif effect.kind == "camouflage":
            hidden = True
    engaged.announced = None if hidden else COLOURS[level]


# ---- strategy (004 §VI.B "Phase de Stratégie") ---------------------------------------------


def find_attached(army: Army, slot: int, code: str, phase: str) -> Attached:
    check_own_slot(army, slot)
    for attached in army.powers[slot - 1]:
        if attached.code == code and not attached.active and not attached.cancelled:
            if card(code).phase != phase:
                raise IllegalCommand(
                    "athena.err.power_phase", power=power_name(code), phase=T(f"athena.phase.{phase}")
                )
            return attached
    raise IllegalCommand("athena.err.no_power_there", power=power_name(code), slot=slot)


def activate_strategy(ctx: Ctx, role: Role, cmd: Activate) -> None:
    state = ctx.state
    army, foe = state.armies[role], state.armies[state.other(role)]
    attached = find_attached(army, cmd.slot, cmd.power, "strategy")
    check_payable(army, cmd.power)
    effect = card(cmd.power).effect
    if effect.kind == "clairvoyance":
        foe_slots = available_slots(state, state.other(role))
        if cmd.target is None or cmd.target not in foe_slots:
            raise IllegalCommand("athena.err.target_not_available", slot=cmd.target or 0, choices=foe_slots)
    elif cmd.target is not None:
        raise IllegalCommand("athena.err.no_target_needed", power=power_name(cmd.power))
    if effect.kind == "swap":
        _check_swap(army, cmd.swap)
    elif cmd.swap is not None:
        raise IllegalCommand("athena.err.no_target_needed", power=power_name(cmd.power))

    pay(army, attached)
    ctx.reveals = True  # the power is flipped: its identity is now public
    data = {"role": role, "power": cmd.power, "slot": cmd.slot}
    ctx.public("athena.ev.activated", data, who=role_name(role), power=power_name(cmd.power), slot=cmd.slot)
    if effect.kind == "anticipate":
        _anticipate(ctx, role)
    elif effect.kind == "clairvoyance":
        seen = foe.slots[cmd.target - 1]
        army.known_cards[cmd.target] = seen
        ctx.private(
            role,
            "athena.ev.clairvoyance",
            {"slot": cmd.target, "card": seen},
            slot=cmd.target,
            card=card_name(seen),
        )
    elif effect.kind == "draw":
        ctx.draw_powers(role, effect.amount)
    elif effect.kind == "swap":
        _swap(ctx, role, *cmd.swap)


def _anticipate(ctx: Ctx, role: Role) -> None:
    """Anticipation: the threat colour of each of the opponent's available cards, privately."""
    state = ctx.state
    foe_role = state.other(role)
    foe, army = state.armies[foe_role], state.armies[role]
    colours = {}
    for slot in available_slots(state, foe_role):
        colours[slot] = content().colour(foe.slots[slot - 1])
        army.known_colours[slot] = colours[slot]
    ctx.private(
        role,
        "athena.ev.anticipation",
        {"colours": colours},
        colours=[T("athena.ev.slot_colour", slot=slot, colour=colour_name(c)) for slot, c in colours.items()],
    )


def _check_swap(army: Army, swap: tuple[int, int] | None) -> None:
    if swap is None:
        raise IllegalCommand("athena.err.swap_needs_two")
    a, b = swap
    if a == b:
        raise IllegalCommand("athena.err.swap_needs_two")
    for slot in (a, b):
        check_own_slot(army, slot)


def _swap(ctx: Ctx, role: Role, a: int, b: int) -> None:
    """Réorganisation: two army cards trade places with their powers; what the opponent
    learned about them follows the cards, since the swap is done in plain sight."""
    state = ctx.state
    army, foe = state.armies[role], state.armies[state.other(role)]
    i, j = a - 1, b - 1
    army.slots[i], army.slots[j] = army.slots[j], army.slots[i]
    army.powers[i], army.powers[j] = army.powers[j], army.powers[i]
    for known in (foe.known_cards, foe.known_colours):
        va, vb = known.pop(a, None), known.pop(b, None)
        if vb is not None:
            known[a] = vb
        if va is not None:
            known[b] = va
    ctx.public("athena.ev.swapped", {"role": role, "slots": [a, b]}, who=role_name(role), a=a, b=b)


# ---- reveal (004 §VI.B "Phase de Révélation") ------------------------------------------------


def activate_reveal(ctx: Ctx, role: Role, code: str, slot: int) -> None:
    state = ctx.state
    army, engaged = state.armies[role], state.engaged.get(role)
    if engaged is None or engaged.slot != slot:
        raise IllegalCommand("athena.err.not_engaged_slot", slot=slot, engaged=engaged.slot if engaged else 0)
    choices = pending(engaged.powers, "reveal")
    attached = next((p for p in choices if p.code == code), None)
    if attached is None:
        raise IllegalCommand("athena.err.no_power_there", power=power_name(code), slot=slot)
    check_payable(army, code)
    pay(army, attached)
    ctx.public(
        "athena.ev.activated",
        {"role": role, "power": code, "slot": slot},
        who=role_name(role),
        power=power_name(code),
        slot=slot,
    )
    if card(code).effect.kind == "annihilate":
        foe_role = state.other(role)
        cancelled = []
        for other in state.engaged[foe_role].powers:
            if not other.active and not other.cancelled:
                other.cancelled = True
                cancelled.append(other.code)
        ctx.public(
            "athena.ev.annihilated",
            {"role": foe_role, "powers": cancelled},
            who=role_name(foe_role),
            count=len(cancelled),
        )


# ---- resolution (004 §VI.B "Phase de Résolution") ---------------------------------------------


def _effects(engaged: Engaged, attacking: bool):
    for attached in engaged.powers:
        if attached.active:
            effect = card(attached.code).effect
            if effect.when == "any" or (effect.when == "attacker") == attacking:
                yield effect


def combat_value(state: State, role: Role) -> int:
    """Twice the combat value (004 §VI.B "Phase de Résolution": "L'attaquant additionne la valeur
    d'attaque de sa carte avec la moitié de la valeur de défense", the defender the other way
    round; "Chaque joueur applique les effets éventuels des cartes pouvoirs"), then powers."""
    engaged = state.engaged[role]
    stats = content().combatants[engaged.card]
    attacking = role == state.attacker
    effects = list(_effects(engaged, attacking))
    if any(e.kind == "full_value" for e in effects):  # Coup critique: attack and defence in full
        value = 2 * (stats.attack + stats.defense)
    elif attacking:
        value = 2 * stats.attack + stats.defense
    else:
        value = 2 * stats.defense + stats.attack
    value += sum(2 * e.amount for e in effects if e.kind == "bonus")
    return value + 2 * state.armies[role].support


def wins_ties(state: State, role: Role) -> bool:
    """Riposte (authored, powers.yaml): a tie is won instead of discarding everything, as 004
    §VI.B allows ("sauf si un pouvoir indique le contraire")."""
    return any(e.wins_ties for e in _effects(state.engaged[role], role == state.attacker))


def immune(state: State, role: Role) -> bool:
    """Immunité (authored): the loser's card is discarded, not captured (004 §VI.B "sauf si un
    pouvoir indique le contraire")."""
    return any(e.kind == "immunity" for e in _effects(state.engaged[role], role == state.attacker))


def support_gained(state: State, role: Role) -> int:
    """Soutien is lasting: it helps each later duel of the round, not this one."""
    return sum(e.amount for e in _effects(state.engaged[role], role == state.attacker) if e.kind == "support")

"""`legal` and `apply` for every frame of the decision stack, and the automatic steps between.

Each frame kind has a pair (legal, apply) in its own module. Cards may be converted at any
time (001 §3: "at any time"), so while a role is active in the battle it may also convert
maneuver or Art of War cards into power points, or search its deck with an Art of War card.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import IllegalCommand
from engine.mythic import activation, cards, combat, reactions, recruitment, setup, turn
from engine.mythic.commands import COMMAND, Convert, Fetch
from engine.mythic.context import Ctx
from engine.mythic.state import AOW, State, clone
from engine.protocol import Outcome, Role

FRAMES = {
    "recruit": (recruitment.legal, recruitment.apply),
    "battlefield": (setup.battlefield_legal, setup.battlefield_apply),
    "zones": (setup.zones_legal, setup.zones_apply),
    "deploy": (setup.deploy_legal, setup.deploy_apply),
    "main": (turn.main_legal, turn.main_apply),
    "fetch": (turn.fetch_legal, turn.fetch_apply),
    "activation": (activation.legal, activation.apply),
    "harass": (reactions.harass_legal, reactions.harass_apply),
    "react": (reactions.react_legal, reactions.react_apply),
    "talents": (combat.talents_legal, combat.talents_apply),
    "dice": (combat.dice_legal, combat.dice_apply),
    "wounds": (combat.wounds_legal, combat.wounds_apply),
    "cycle": (turn.cycle_legal, turn.cycle_apply),
    "hand_limit": (turn.hand_limit_legal, turn.hand_limit_apply),
    "reshuffle": (turn.reshuffle_legal, turn.reshuffle_apply),
}
NO_CARD_PLAY = ("fetch",)  # the group search has its own free Fetch


def active(state: State) -> frozenset[Role]:
    top = state.top
    if state.winners is not None or top is None:
        return frozenset()
    return frozenset(top.roles) if top.roles else frozenset({top.role})


def card_commands(state: State, role: Role) -> list:
    side = state.sides[role]
    out: list = [Convert(card=c) for c in sorted(set(side.hand))]
    if side.aow:
        out.append(Convert(card=AOW))
        out.extend(Fetch(card=c) for c in sorted(set(side.deck)))
    return out


def _plays_cards(state: State) -> bool:
    return state.phase == "battle" and state.top.kind not in NO_CARD_PLAY


def legal(state: State, role: Role) -> list:
    if role not in active(state):
        return []
    out = FRAMES[state.top.kind][0](state, role)
    if _plays_cards(state):
        out = out + card_commands(state, role)
    return out


def apply(state: State, role: Role, command: Any) -> Outcome:
    if state.winners is not None:
        raise IllegalCommand("core.err.game_over")
    if role not in active(state):
        raise IllegalCommand("core.err.not_your_turn")
    try:
        cmd = COMMAND.validate_python(command) if isinstance(command, dict) else command
    except ValidationError:
        raise IllegalCommand("mythic.err.bad_command") from None
    ctx = Ctx(clone(state))
    if isinstance(cmd, Convert | Fetch) and _plays_cards(ctx.state):
        (cards.convert if isinstance(cmd, Convert) else cards.fetch)(ctx, role, cmd.card)
    else:
        FRAMES[ctx.state.top.kind][1](ctx, role, cmd)
    settle(ctx)
    return Outcome(state=ctx.state, events=ctx.events, reveals=ctx.reveals)


def settle(ctx: Ctx) -> None:
    """Run the automatic steps until someone must decide (or the battle is over)."""
    state = ctx.state
    while state.winners is None:
        top = state.top
        if state.combat is not None and (top is None or top.kind not in combat.COMBAT_FRAMES):
            combat.step(ctx)
        elif (
            top is not None
            and top.kind == "activation"
            and state.combat is None
            and activation.nothing_left(state)
        ):
            activation.finish(ctx)
        elif top is not None and top.kind == "hand_limit" and turn.hand_limit_met(state):
            turn.leave_hand_limit(ctx)
        else:
            return

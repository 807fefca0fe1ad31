"""000 l.21 / 001 §"Victory": a general left with 3 units or fewer on the battlefield loses."""

from __future__ import annotations

from engine.mythic import readings
from engine.mythic.context import Ctx

ROUTED_AT = 3


def check_victory(ctx: Ctx) -> bool:
    state = ctx.state
    routed = {r for r in state.roles if len(state.alive(r)) <= ROUTED_AT}
    winners = readings.routed_winners(state.roles, routed)
    if winners is None:
        return False
    state.winners = winners
    state.phase = "over"
    state.stack, state.combat, state.activation = [], None, None
    if winners:
        ctx.say("mythic.ev.victory", role=winners[0], loser=sorted(routed)[0])
    else:
        ctx.say("mythic.ev.draw_game")
    return True

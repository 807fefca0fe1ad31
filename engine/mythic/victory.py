"""000 l.21 / 001 §"Victory": a general left with 3 units or fewer on the battlefield loses.
With teams (001 §"Variant: 4-Player Battle" §"Victory"): the team whose two armies are down
to 3 units in all loses."""

from __future__ import annotations

from engine.mythic import readings
from engine.mythic.context import Ctx

ROUTED_AT = 3


def check_victory(ctx: Ctx) -> bool:
    state = ctx.state
    # with two players allies(r) is [r]: the same count serves both
    routed = {r for r in state.roles if sum(len(state.alive(a)) for a in state.allies(r)) <= ROUTED_AT}
    winners = readings.routed_winners(state.roles, routed)
    if winners is None:
        return False
    state.winners = winners
    state.phase = "over"
    state.stack, state.combat, state.activation = [], None, None
    if winners and state.options.teams:
        ctx.say(
            "mythic.ev.team_victory",
            role=winners[0],
            other=winners[1],
            loser=sorted(routed)[0],
            mate=sorted(routed)[1],
        )
    elif winners:
        ctx.say("mythic.ev.victory", role=winners[0], loser=sorted(routed)[0])
    else:
        ctx.say("mythic.ev.draw_game")
    return True

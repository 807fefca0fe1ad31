"""`legal` and `apply`: the campaign's phases and the fight (ARCHITECTURE §2)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import IllegalCommand
from engine.hoplomachus import campaign, playerturn
from engine.hoplomachus.commands import COMMAND
from engine.hoplomachus.ctx import Ctx
from engine.hoplomachus.state import ROLE, State, clone
from engine.protocol import Outcome, Role


def active(state: State) -> frozenset[Role]:
    return frozenset() if state.outcome else frozenset({ROLE})


def legal(state: State, role: Role) -> list:
    if role != ROLE or state.outcome:
        return []
    if state.phase == "fight":
        return playerturn.fight_legal(state)
    return campaign.campaign_legal(state)


def apply(state: State, role: Role, command: Any) -> Outcome:
    if state.outcome:
        raise IllegalCommand("core.err.game_over")
    if role != ROLE:
        raise IllegalCommand("core.err.not_your_turn")
    try:
        cmd = COMMAND.validate_python(command) if isinstance(command, dict) else command
    except ValidationError:
        raise IllegalCommand("hop.err.bad_command") from None
    ctx = Ctx(clone(state))
    if ctx.state.phase == "fight":
        playerturn.apply_fight(ctx, cmd)
    else:
        campaign.campaign_apply(ctx, cmd)
    return Outcome(state=ctx.state, events=ctx.events, reveals=ctx.reveals)

"""A Hoplomachus Victorum fight turn and campaign week in a couple of interactions (issue 26;
engine/plugins.py TurnPlans).

003: a fight turn is deploy, move, attack, then `end` (the rivals act by the rules); a week is
travel, then the event there and its reward. Each is one `/play` chain (`dep hero c7; mv
c7-c5; c5xc4; end`, `go klb; fight`); `end` may close a turn planned before its dice, and the
rules play the rest of a turn with `auto`; "finish the week" is offered first in `/play`."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalCommand
from engine.hoplomachus import rules
from engine.hoplomachus.notation import format_command
from engine.hoplomachus.players import PLAYERS
from engine.i18n import T, Text
from engine.plugins import TurnPlans

AHEAD = ("end", "auto")
WEEK = 8  # at most this many steps in one "finish the week" entry


def finish_week(state: Any, role: str) -> list[tuple[Text, str]]:
    """ "Finish the week" (issue 26): outside a fight, the steps the rules' own player would
    take until the week is marked, something is drawn or rolled (the player looks first),
    or a fight begins; offered first in `/play`, each step checked again when sent."""
    if state.fight is not None or state.ask is not None or role not in rules.active(state):
        return []
    chooser, steps, week = PLAYERS["heuristic"](0), [], state.weeks
    try:
        while len(steps) < WEEK and role in rules.active(state) and state.fight is None:
            command = chooser.choose(state, role)
            outcome = rules.apply(state, role, command)
            steps.append(format_command(command))
            state = outcome.state
            if outcome.reveals or state.weeks != week:
                break
    except IllegalCommand:
        return []
    if len(steps) < 2:
        return []  # one step is an ordinary move of the list
    chain = "; ".join(steps)
    return [(T("hopbot.plan.week"), chain)]


def turn(state: Any) -> Any:
    """The fight's turn, else the campaign's week (a new one needs a new look)."""
    return (state.weeks, state.fight.turn if state.fight is not None else None)


PLANS = TurnPlans(entries=finish_week, ahead=lambda notation: notation.split(" ", 1)[0] in AHEAD, turn=turn)

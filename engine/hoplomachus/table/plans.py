"""A Hoplomachus Victorum fight turn and campaign week in a couple of interactions (issue 26;
engine/plugins.py TurnPlans).

003: a fight turn is deploy, move, attack, then `end` (the rivals act by the rules); a week is
travel, then the event there and its reward. Each is one `/play` chain (`dep hero c7; mv
c7-c5; c5xc4; end`, `go klb; fight`); `end` may close a turn planned before its dice, and the
rules play the rest of a turn with `auto`."""

from __future__ import annotations

from typing import Any

from engine.plugins import TurnPlans

AHEAD = ("end", "auto")


def turn(state: Any) -> Any:
    """The fight's turn, else the campaign's week (a new one needs a new look)."""
    return (state.weeks, state.fight.turn if state.fight is not None else None)


PLANS = TurnPlans(ahead=lambda notation: notation.split(" ", 1)[0] in AHEAD, turn=turn)

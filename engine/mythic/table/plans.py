"""A Mythic Battles activation in one interaction (issue 26; engine/plugins.py TurnPlans).

001 §"Activation": activate a unit, move it, attack with it. `/play act marauders; mv c3-d5;
atk d5xe6` is one interaction (chains: each step checked as a single `/play`); the dice
choices after the roll may be planned with it: `optimal` takes the best choices for the
roller (ARCHITECTURE §2), `done` keeps the dice, `end` ends the turn."""

from __future__ import annotations

from typing import Any

from engine.plugins import TurnPlans

AHEAD = ("optimal", "done", "end")


def turn(state: Any) -> Any:
    return (state.turn.number, state.turn.current) if state.turn is not None else None


PLANS = TurnPlans(ahead=lambda notation: notation.split(" ", 1)[0] in AHEAD, turn=turn)

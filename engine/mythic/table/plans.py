"""A Mythic Battles activation in one interaction (issue 26; engine/plugins.py TurnPlans).

001 §"Activation": activate a unit, move it, attack with it. `/play act marauders; mv c3-d5;
atk d5xe6` is one interaction (chains: each step checked as a single `/play`); the dice
choices after the roll may be planned with it: `optimal` takes the best choices for the
roller (ARCHITECTURE §2), `done` keeps the dice, `end` ends the turn."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalCommand
from engine.i18n import T, Text
from engine.mythic import commands as c
from engine.mythic import rules
from engine.mythic.notation import format_command
from engine.mythic.players import PLAYERS
from engine.plugins import TurnPlans

AHEAD = ("optimal", "done", "end")
MAX_ENTRIES = 6
STEPS = (c.Move, c.Attack, c.Use, c.Plus)  # what an activation does after `act`


def activations(state: Any, role: str) -> list[tuple[Text, str]]:
    """For each unit the player may activate now, the activation the rules' own player would
    make with it, up to its attack (a roll: the player looks before going on); offered first
    in `/play`, each step checked again when sent."""
    if role not in rules.active(state):
        return []
    acts = [m for m in rules.legal(state, role) if isinstance(m, c.Activate)][:MAX_ENTRIES]
    out: list[tuple[Text, str]] = []
    chooser = PLAYERS["heuristic"](0)
    for act in acts:
        try:
            outcome = rules.apply(state, role, act)
            after, steps = outcome.state, [format_command(act)]
            while not outcome.reveals and role in rules.active(after) and len(steps) < 6:
                pick = chooser.choose(after, role)
                if not isinstance(pick, STEPS):
                    break
                outcome = rules.apply(after, role, pick)
                after = outcome.state
                steps.append(format_command(pick))
        except IllegalCommand:
            continue
        if len(steps) > 1:
            out.append((T("mythicbot.plan.activation"), "; ".join(steps)))
    return out


def turn(state: Any) -> Any:
    return (state.turn.number, state.turn.current) if state.turn is not None else None


PLANS = TurnPlans(entries=activations, ahead=lambda notation: notation.split(" ", 1)[0] in AHEAD, turn=turn)

"""Chains: several moves in one `/play` (`play c2; act d2; act d3; go`), issue 26.

A player who checks in once a day plays their turn in one or two interactions. Each step
of a chain goes through exactly the checks of a single `/play` (parse, `apply`, the same
refusals and hints), one after the other on the state the previous step left; the steps
accepted are stored in ONE store transaction, one action per engine command (so replay,
undo and exports see ordinary moves), and the channel gets one message and one board
image for the whole chain.

A chain stops, keeping what was done, at the first step that no longer fits (a die made a
unit retreat, a target is gone): the player is told which step was refused and why, the
steps left unplayed, and what the game asks now. It also stops when the decision passes to
someone else (the turn ends, a reaction window opens for the opponent): a plan never plays
into a position its author has not seen decided by another player.

A forced move or a standing order of the chain's own player (the game's `forced`, the
seat's orders) plays itself between steps, as it would between two `/play`s.

`/game undo` after a chain takes back its last step (with any replies after it), as after
a single `/play`: each step is an ordinary move in the log, so a player fixes the one step
they got wrong without replaying the others; repeating `/game undo` steps further back.

Autocomplete of a chain (`legal_after`) completes its last step against the state the
typed steps lead to, simulated in memory and never stored. It stops at a step that
consumed randomness or revealed hidden information (`Outcome.reveals`): suggestions must
never let a player probe a die roll or a card draw before committing to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.context import Table
from engine.errors import IllegalCommand
from engine.i18n import T, Text
from engine.protocol import Outcome, Role

SEPARATOR = ";"
MAX_STEPS = 40  # a whole turn of the longest game fits; more is a paste gone wrong


def split_chain(text: str) -> list[str]:
    """The steps of a chain, trimmed; empty steps (`a;;b`, a trailing `;`) are ignored."""
    return [step.strip() for step in text.split(SEPARATOR) if step.strip()]


def join_chain(steps: list[str]) -> str:
    return f"{SEPARATOR} ".join(steps)


@dataclass
class Step:
    """One accepted engine command of a chain, still to store."""

    role: Role
    user_id: str | None
    command: Any
    outcome: Outcome
    auto: Text | None = None  # a forced move or standing order played between the steps


def keeps_going(before: frozenset[Role], after: frozenset[Role], role: Role) -> bool:
    """The chain's author still decides, and nobody else newly does (a reaction window for
    the opponent, the next turn): otherwise the chain stops there."""
    return role in after and (after - {role}) <= (before - {role})


def parse_step(table: Table, role: Role, text: str) -> Any:
    """A step's command, as `/play` parses it."""
    return table.game.notation.parse(text, table.state, role)


def simulate(table: Table, role: Role, steps: list[str]) -> Table | None:
    """The table after `steps` played by `role` in memory (nothing stored), or None when a
    step is refused, hands the decision to someone else, or consumed randomness or revealed
    hidden information (autocomplete must not foretell it)."""
    for text in steps:
        before = table.active()
        if role not in before:
            return None
        try:
            outcome = table.game.apply(table.state, role, parse_step(table, role, text))
        except IllegalCommand:
            return None
        if outcome.reveals:
            return None
        table = table.moved(table.record, outcome.state)
        if not keeps_going(before, table.active(), role):
            return None
    return table


def stop_lines(
    done: int, total: int, step: str, reason: Text, hint: Text | None, left: list[str], asked: list[Text]
) -> list[Text]:
    """What the chain's author reads when it stopped part-way: how far it went, the step
    refused and why, the steps left, and what the game asks now."""
    lines = [T("bot.chain.stopped", done=done, total=total, step=step), reason]
    if hint is not None:
        lines.append(hint)
    if left:
        lines.append(T("bot.chain.left", steps=join_chain(left)))
    return lines + asked

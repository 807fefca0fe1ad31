"""Out-of-turn choices and button labels (ARCHITECTURE §2, RULES-NOTES C "Battlelore"):
riposte, the post-roll windows (triggered abilities, Lore), the opponent's Lore window,
the choice of deity for an Offering and the retreat path. A window opens on public
information only (face-up Lore cards, deity and unit mana are public) and always has a
closing command the table plays when time runs out."""

from __future__ import annotations

from typing import Any

from engine.battlelore import commands as c
from engine.battlelore import rules
from engine.battlelore.state import State
from engine.i18n import T
from engine.protocol import Role, Window

WINDOWS = ("window", "olore", "riposte", "offer", "retreat")


def timeout_command(state: State, role: Role) -> Any:
    step = state.step
    legal = rules.legal(state, role)
    if step == "window":
        return c.Done()
    if step in ("olore", "riposte"):
        return c.Pass()
    if step == "retreat":
        # the least damage, then the shortest retreat: what a careful player does
        opts = state.extra_data["retreat"]
        best = min(sorted(opts), key=lambda h: (opts[h], h != state.units[state.attack.dfd].hex))
        return c.Retreat(to=best)
    return legal[0]


def window(state: State, role: Role) -> Window | None:
    if state.step not in WINDOWS or role not in rules.active(state):
        return None
    if state.step in ("window", "offer", "retreat") and state.turn and role == state.turn.role:
        if state.step != "retreat":
            return None  # the active player's own attack: part of the turn, not a window
    legal = rules.legal(state, role)
    return Window(
        kind=state.step,
        timeout=timeout_command(state, role),
        prompt=T(f"bl.window.{state.step}"),
        choices=legal,
    )

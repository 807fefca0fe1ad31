"""Standing orders (`GAME.orders`, `GAME.standing`, engine/protocol.py): answers a player
gives once for the small choices of the opponent's turn, so a battle over days does not
wait on every riposte. They act only in the windows the engine opens
(engine/battlelore/windows.py) and only on public information, and always play one of
`legal()`: riposte or not (002 l.285-289), retreat on the path that costs least (l.276-283,
the engine's own timeout choice), let the opponent's turn pass without Lore (l.419-424)."""

from __future__ import annotations

from typing import Any

from engine.battlelore import commands as c
from engine.battlelore import rules, windows
from engine.i18n import T
from engine.protocol import Order, Role

ASK = "ask"
ORDERS = [
    Order(
        key="riposte",
        label=T("blt.order.riposte"),
        values={ASK: T("blt.order.ask"), "always": T("blt.order.always"), "never": T("blt.order.never")},
    ),
    Order(
        key="retreat",
        label=T("blt.order.retreat"),
        values={ASK: T("blt.order.ask"), "least": T("blt.order.least")},
    ),
    Order(
        key="lore",
        label=T("blt.order.lore"),
        values={ASK: T("blt.order.ask"), "never": T("blt.order.never_lore")},
    ),
]


def standing(state: Any, role: Role, orders: dict[str, str]) -> Any:
    """The command the role's standing orders play now, or None to ask the player."""
    if windows.window(state, role) is None:
        return None
    legal = rules.legal(state, role)
    step = state.step
    if step == "riposte":
        wanted = orders.get("riposte", ASK)
        if wanted == "always":
            return next((m for m in legal if isinstance(m, c.Riposte) and not m.ranged), None) or next(
                (m for m in legal if isinstance(m, c.Riposte)), c.Pass()
            )
        return c.Pass() if wanted == "never" else None
    if step == "retreat" and orders.get("retreat") == "least":
        found = windows.timeout_command(state, role)
        return found if found in legal else None
    if orders.get("lore") == "never":
        if step == "olore":
            return c.Pass()
        if step == "window" and not any(isinstance(m, c.Use) for m in legal):
            return c.Done()
    return None

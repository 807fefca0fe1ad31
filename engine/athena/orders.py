"""What the table may decide for a Battle for Athena player (optional `GAME` members,
engine/protocol.py): forced moves, standing orders, the small choices shown as windows, and
the decision a player faces (so a new one pings them).

- `forced`: a decision with a single legal command plays itself, announced (issue 12), but
  only where being forced is public knowledge: a discard with an empty purse and one card in
  hand (004 §VI.B "Phase de Pouvoir"), which public counts already show. Most single-move
  decisions of a measured game were strategy and reveal steps whose only move was "pass";
  those are NOT forced: the step opens whenever face-down powers lie on the army (rules.py
  docstring) precisely so the opponent cannot tell whether any of them is usable, and an
  automatic, announced pass would tell them (private information in a public message). The
  player answers them with one button, or once and for all with a standing order below.
- `standing`: orders for the strategy step (activate the powers that need no target; or
  always pass) and for the reveal step (pay every reveal power's extra cost; or never), 004
  §VI.B "Phase de Stratégie", "Phase de Révélation". No order deploys the army: its public
  announcement would tell the opponent how the cards lie.
- `window`: the strategy and reveal steps are small choices with a "pass" (buttons, and
  an optional time limit after which the table passes).
"""

from __future__ import annotations

from typing import Any

from engine.athena import rules
from engine.athena.state import Activate, Command, Pass, Reveal, State
from engine.i18n import T
from engine.protocol import Order, Role, Window

ASK = "ask"
ORDER_VALUES = {
    "strategy": (ASK, "use", "pass"),
    "reveal": (ASK, "always", "never"),
}
ORDERS = [
    Order(
        key=key,
        label=T(f"athena.order.{key}"),
        values={v: T(f"athena.order.{key}.{v}") for v in values},
    )
    for key, values in ORDER_VALUES.items()
]
WINDOW_KINDS = ("strategy", "reveal")


def _frame(state: State, role: Role) -> str | None:
    """The kind of decision the role faces now, or None when it has none."""
    if role not in rules.active(state):
        return None
    return state.stack[-1].kind


def forced(state: State, role: Role) -> Command | None:
    """The role's only legal command, which the table plays at once, when that it is the only
    one follows from public information (never on the strategy and reveal steps)."""
    kind = _frame(state, role)
    if kind is None or kind in WINDOW_KINDS:
        return None
    legal = rules.legal(state, role)
    return legal[0] if len(legal) == 1 else None


def standing(state: State, role: Role, orders: dict[str, str]) -> Command | None:
    """The command the role's standing orders play now (one of `legal()`), or None to ask."""
    kind = _frame(state, role)
    if kind not in WINDOW_KINDS:
        return None
    order = orders.get(kind, ASK)
    if order in ("pass", "never"):
        return Pass()
    if order == ASK:
        return None
    legal = rules.legal(state, role)
    if kind == "reveal":  # "always": pay for each reveal power in turn, then pass
        return next((c for c in legal if isinstance(c, Reveal)), Pass())
    # "use": activate the strategy powers that need no choice; one that needs a target
    # (Clairvoyance, Réorganisation) is asked about
    plain = [c for c in legal if isinstance(c, Activate) and c.target is None and c.swap is None]
    if plain:
        return plain[0]
    return None if any(isinstance(c, Activate) for c in legal) else Pass()


def window(state: State, role: Role) -> Window | None:
    kind = _frame(state, role)
    if kind not in WINDOW_KINDS:
        return None
    legal = rules.legal(state, role)
    return Window(
        kind=kind,
        timeout=Pass(),
        prompt=T(f"athena.window.{kind}"),
        choices=[c for c in legal if not isinstance(c, Pass)] + [Pass()],
    )


def decision(state: State, role: Role) -> Any:
    """What the role is deciding: a new duel, step or round is a new decision, even for a
    player who was already to play (the winner of a duel opens the next one)."""
    kind = _frame(state, role)
    return None if kind is None else (state.round, state.duel, kind)

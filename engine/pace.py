"""The fastest path a player has through the table's chains (issue 26): a game's log of
engine commands grouped into interactions, each one `/play a; b; c`. Pure and synchronous,
like engine/harness.py: used by bench/pace.py and the end-to-end tests of chains.

A player's consecutive commands join one chain, exactly where the table would let the chain
go on (bot/service/chains.py: the author still decides and nobody else newly does), and a
new interaction begins where the player must first look:
- after a command that consumed randomness or revealed hidden information (`reveals`),
  unless the next command was already legal before it (it could be planned blind: a
  second attack after a first) or the game's plans say it may be chosen ahead
  (`GAME.plans.ahead`, e.g. "take the optimal dice", "no more reactions");
- when the game's turn changes (`GAME.plans.turn`): the rivals' or opponent's moves are seen first;
- a command the table plays by itself (the game's `forced` move, or the answer of a standing
  order the player set) is nobody's interaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.protocol import Game, Role


@dataclass
class Interaction:
    role: Role
    steps: list[str] = field(default_factory=list)  # notations, in order
    turn: Any = None  # the game's turn number when it began (the plans' `turn(state)`)


def planned_ahead(game: Game, notation: str) -> bool:
    plans = getattr(game, "plans", None)
    ahead = getattr(plans, "ahead", None)
    return bool(ahead and ahead(notation))


class FollowingOrders:
    """A seat that plays what its standing orders answer when they answer (as the table would
    for a player who set them: `GAME.standing`), and its player's choice otherwise."""

    def __init__(self, game: Game, player: Any, orders: dict[str, str]) -> None:
        self.game, self.player, self.orders = game, player, orders

    def choose(self, state: Any, role: Role) -> Any:
        hook = getattr(self.game, "standing", None)
        command = hook(state, role, self.orders) if hook is not None and self.orders else None
        return command if command is not None else self.player.choose(state, role)


def group(
    game: Game, steps: Iterable[tuple[Any, Role, Any, Any]], orders: dict[Role, dict[str, str]] | None = None
) -> list[Interaction]:
    """`steps` are (state before, role, command, outcome) in play order; `orders` the standing
    orders each role set (the table plays their answers: nobody's interaction)."""
    forced = getattr(game, "forced", None)
    standing = getattr(game, "standing", None) if orders else None
    turn_of = getattr(getattr(game, "plans", None), "turn", None)
    out: list[Interaction] = []
    open_chain: Interaction | None = None
    look_from: Any = None  # the state before the last revealing step of the open chain
    for before, role, command, outcome in steps:
        notation = game.notation.format(command)
        auto = forced is not None and forced(before, role) is not None
        mine = (orders or {}).get(role)  # the table reads orders only when some are set
        auto = auto or (standing is not None and bool(mine) and standing(before, role, mine) == command)
        if auto:
            open_chain = None  # the table played it; whatever follows is a new interaction
            continue
        turn = turn_of(before) if turn_of else None
        fresh = open_chain is None or open_chain.role != role or turn != open_chain.turn
        if not fresh and look_from is not None:
            planned = notation in {game.notation.format(c) for c in game.legal(look_from, role)}
            fresh = not (planned or planned_ahead(game, notation))
        if fresh:
            open_chain = Interaction(role, turn=turn)
            out.append(open_chain)
            look_from = None
        open_chain.steps.append(notation)
        if outcome.reveals and look_from is None:
            look_from = before
        before_active, after_active = frozenset(game.active(before)), frozenset(game.active(outcome.state))
        if role not in after_active or not (after_active - {role}) <= (before_active - {role}):
            open_chain = None  # the table stops a chain here (bot/service/chains.py)
    return out

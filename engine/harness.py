"""Self-play and replay, pure and synchronous: used by tests, benchmarks and `selfplay`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engine.protocol import Game, Player, Result, Role


class GameTooLong(RuntimeError):
    pass


@dataclass
class Record:
    game: Game
    options: BaseModel
    roles: list[Role]
    seed: int
    state: Any
    log: list[tuple[Role, Any]] = field(default_factory=list)
    result: Result | None = None


def play(
    game: Game,
    players: dict[Role, Player],
    seed: int,
    options: BaseModel | None = None,
    max_steps: int = 20_000,
    on_step: Any = None,
) -> Record:
    """Play a whole game. `on_step(before, role, command, outcome)` may check invariants."""
    options = options or game.Options()
    roles = game.roles(options)
    state = game.setup(options, roles, seed)
    record = Record(game, options, roles, seed, state)
    for _ in range(max_steps):
        if game.result(state) is not None:
            break
        active = sorted(game.active(state))
        if not active:
            raise RuntimeError(f"{game.id}: nobody is active but the game is not over")
        role = active[0]
        command = players[role].choose(state, role)
        outcome = game.apply(state, role, command)
        if on_step is not None:
            on_step(state, role, command, outcome)
        record.log.append((role, command))
        state = outcome.state
    else:
        raise GameTooLong(f"{game.id}: seed {seed} did not finish in {max_steps} steps")
    record.state = state
    record.result = game.result(state)
    return record


def replay(game: Game, options: BaseModel, roles: list[Role], seed: int, log: list[tuple[Role, Any]]) -> Any:
    state = game.setup(options, roles, seed)
    for role, command in log:
        state = game.apply(state, role, command).state
    return state

"""Honest AI seats: a player never reads the real state, only a determinization of it.

`GameAI.determinize(state, role, rng)` returns a full state that agrees with everything
`role` may see (its view: its own hand and army, public facts, what it learned) and whose
hidden parts (the opponents' hands, face-down cards, deck orders, a hidden deployment, the
game's generator, which would foretell the dice) are sampled from what the seat knows. So
a player handed that state cannot read a hidden value: two real states that look the same
to the seat give the same determinization, hence the same decision
(tests/ai/test_honesty.py proves it on positions of real games, for every level).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.protocol import Player, Role

Determinize = Callable[[Any, Role, random.Random], Any]


@dataclass
class GameAI:
    """What a game adds for its AI seats (`GAME.ai`), all but `determinize` optional:

    - `determinize(state, role, rng) -> state`: a copy whose hidden parts are sampled from
      what `role` may know (never read from `state`'s hidden values).
    - `evaluate(state, role) -> float`: how good the position is for `role`, about -1..1;
      the search scores its playouts' cut-offs with it.
    - `candidates(state, role, legal) -> list`: the commands worth searching, best first
      (move ordering and pruning: Battlelore and Mythic offer many commands a turn).
    - `searching(state, role) -> bool`: whether this decision is worth a search; small
      choices and set-up steps are answered by the heuristic at once.
    - `playout`: the level whose player plays the playouts (default "heuristic").
    - `horizon(state) -> object`: the search cuts a playout off once this value changed
      `depth` times (e.g. the turn number): the rest is the evaluation's job.
    - `iterations`: the `strong` level's default budget in worlds per decision (cut at 2 s
      of CPU), chosen per game so that the level beats the heuristic (bench/ai.py).
    - `rounds`: the search's halving shares the worlds equally between its rounds (True), or
      cuts after 1, 2, 4... worlds (False: cheaper, where the rounds measured no better).
    - `muster(legal) -> command | None`: the `strong` level's choice of army (people,
      preset, recruits) where the matchups measured by bench/musters.py rank the legal
      commands; None leaves the decision to the heuristic. It sees the legal commands alone
      (the seat's own knowledge). A search cannot weigh a choice whose worth shows only at
      the end of a whole game; a strong player knows which armies win.
    """

    determinize: Determinize
    evaluate: Callable[[Any, Role], float] | None = None
    candidates: Callable[[Any, Role, list], list] | None = None
    searching: Callable[[Any, Role], bool] | None = None
    horizon: Callable[[Any], Any] | None = None
    depth: int = 2
    playout: str = "heuristic"
    iterations: int = 32
    rounds: bool = True
    muster: Callable[[list], Any] | None = None


def rated_muster(rate: Callable[[Any], float | None]) -> Callable[[list], Any]:
    """A `muster` from a rating of commands (None: not an army the table knows): the legal
    command rated highest, the first of equals; None when none is rated."""

    def muster(legal: list) -> Any:
        rated = [(value, -i) for i, cmd in enumerate(legal) if (value := rate(cmd)) is not None]
        return legal[-max(rated)[1]] if rated else None

    return muster


def sample_rng_seed(rng: random.Random) -> int:
    """A fresh seed for the determinized game generator: future dice are unknown."""
    return rng.getrandbits(63)


class HonestPlayer:
    """Wraps a level's player: it decides on a determinization drawn with its own seed.
    The command must be legal in the real state too (legal moves are the seat's own
    knowledge: autocomplete shows them); otherwise the first real legal command is played."""

    def __init__(self, game: Any, inner: Player, seed: int) -> None:
        self.game, self.inner = game, inner
        self.random = random.Random(seed ^ 0x5DEECE66D)
        self.misses = 0  # decisions whose command was not legal in the real state

    def choose(self, state: Any, role: Role) -> Any:
        sample = self.game.ai.determinize(state, role, self.random)
        command = self.inner.choose(sample, role)
        legal = self.game.legal(state, role)
        if command in legal:
            return command
        self.misses += 1
        return legal[0]


def honest_players(
    levels: dict[str, Callable[[int], Player]], game: Callable[[], Any]
) -> dict[str, Callable[[int], Player]]:
    """Every level of `levels` made honest through `GAME.ai.determinize`. `game()` returns
    the GAME object, looked up when a player is made (a GAME's class body may call this)."""

    def make(factory: Callable[[int], Player]) -> Callable[[int], Player]:
        def build(seed: int = 0) -> Player:
            inner = factory(seed)
            if getattr(inner, "honest", False):  # a search player determinizes by itself
                return inner
            return HonestPlayer(game(), inner, seed)

        return build

    return {level: make(factory) for level, factory in levels.items()}

"""The `strong` level: one search for every game, over the protocol (`legal`, `apply` on
copies; the game as its own forward model, as the TAG framework writes agents once).

Determinized flat Monte Carlo with sequential halving:
- the candidates are the legal commands, pruned and ordered (the game's `candidates`, or a
  one-step look-ahead with its evaluation), the heuristic's own choice always among them;
- each iteration draws a world (`GAME.ai.determinize`: the seat's view with its hidden
  parts sampled, engine/ai/honest.py) and plays every surviving candidate in that same world
  (common random numbers: the same hidden cards, the same dice), then lets the heuristic
  play on for every seat until the game's `horizon` moved `depth` times, where the game's
  evaluation scores the position;
- the worse half of the candidates is dropped, never the heuristic's choice, in rounds
  that share the worlds equally (`_cuts`: 5 candidates and 8 worlds are cut after the 3rd
  and the 5th), so no candidate goes on one world's dice (a game may keep the cheaper cuts
  after 1, 2, 4... worlds: GameAI.rounds);
- the best mean wins; the heuristic's choice keeps ties (a search never plays worse for
  lack of evidence).

Deterministic for a seed and a budget in iterations. The default budget (`default_budget`)
is the game's `iterations` (GameAI), cut at 2 s of CPU (`time.process_time`: a busy machine
slows the search, never cuts it short unfairly) whichever ends first: a decision stops once
more worlds would not change it much, and a phone user does not wait for nothing.
Decisions a game does not search (`searching`), and a single legal command, are answered
by the heuristic at once; the choice of army by the game's `muster` (measured matchups).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from engine.ai.honest import HonestPlayer
from engine.protocol import Role

MAX_PLAYOUT_STEPS = 400  # a guard: the horizon ends playouts long before
DEFAULT_SECONDS = 2.0  # issue 27: at most 2 s of CPU per decision on this machine


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: `iterations` (worlds sampled; deterministic) or
    `seconds` of CPU. With both, whichever ends first."""

    iterations: int | None = None
    seconds: float | None = DEFAULT_SECONDS

    def scaled(self, factor: float) -> Budget:
        return Budget(
            iterations=None if self.iterations is None else max(1, round(self.iterations * factor)),
            seconds=None if self.seconds is None else self.seconds * factor,
        )


def default_budget(game: Any) -> Budget:
    """The `strong` level's budget unless told otherwise: the game's iterations, at most
    2 s of CPU."""
    return Budget(iterations=game.ai.iterations, seconds=DEFAULT_SECONDS)


@dataclass
class Thought:
    """What the last search expected: its choice, that choice's mean score (-1..1) over
    `iterations` worlds, and how many candidates it weighed."""

    command: Any
    value: float
    iterations: int
    candidates: int
    searched: bool


class SearchPlayer:
    """An AI seat that looks ahead. `honest`: it determinizes by itself."""

    honest = True

    def __init__(self, game: Any, seed: int = 0, budget: Budget | None = None, width: int = 8) -> None:
        self.game, self.seed = game, seed
        self.budget = budget or default_budget(game)
        self.width = width
        self.thought: Thought | None = None
        self.stumbles = 0  # playouts cut short by an error in a sampled world (bench/ai.py counts)

    # -- the players the search leans on --------------------------------------------------

    def _policy(self, seed: int) -> Any:
        """The playout player with full sight of a sampled world (no second sampling)."""
        player = self.game.players[self.game.ai.playout](seed)
        return player.inner if isinstance(player, HonestPlayer) else player

    def choose(self, state: Any, role: Role) -> Any:
        game, ai = self.game, self.game.ai
        legal = game.legal(state, role)
        rng = random.Random(self.seed)
        if ai.muster is not None and len(legal) > 1:
            chosen = ai.muster(legal)  # the army, from the legal commands alone
            if chosen is not None:
                self.thought = Thought(chosen, 0.0, 0, len(legal), False)
                return chosen
        # the heuristic's own (honest) choice: the answer when nothing is searched
        fallback = game.players[ai.playout](self.seed).choose(state, role)
        if len(legal) == 1 or (ai.searching is not None and not ai.searching(state, role)):
            self.thought = Thought(fallback, 0.0, 0, 1, False)
            return fallback
        world = ai.determinize(state, role, rng)
        candidates = self._candidates(world, role, legal, fallback)
        if len(candidates) == 1:
            self.thought = Thought(fallback, 0.0, 0, 1, False)
            return fallback
        return self._search(state, role, candidates, fallback, rng)

    def _candidates(self, world: Any, role: Role, legal: list, fallback: Any) -> list:
        ai = self.game.ai
        if ai.candidates is not None:
            ordered = list(ai.candidates(world, role, legal))
        else:  # one step ahead, scored by the evaluation: a cheap, general move ordering
            scored = []
            for i, cmd in enumerate(legal):
                try:
                    after = self.game.apply(world, role, cmd).state
                except Exception:  # refused in this world: not worth a search
                    continue
                scored.append((-self._score(after, role), i, cmd))
            ordered = [cmd for _, _, cmd in sorted(scored, key=lambda t: (t[0], t[1]))]
        picked = [fallback] + [c for c in ordered if c != fallback]
        return picked[: self.width]

    # -- the search -----------------------------------------------------------------------

    def _search(self, state: Any, role: Role, candidates: list, fallback: Any, rng: random.Random) -> Any:
        ai, budget = self.game.ai, self.budget
        started = time.process_time()
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        cuts = _cuts(len(candidates), budget.iterations or ai.iterations, ai.rounds)
        iteration = 0
        while True:
            if budget.iterations is not None and iteration >= budget.iterations:
                break
            if budget.seconds is not None and iteration and time.process_time() - started >= budget.seconds:
                break
            world = ai.determinize(state, role, rng)
            policy_seed = rng.getrandbits(32)
            for i in alive:
                totals[i] += self._playout(world, role, candidates[i], policy_seed)
                counts[i] += 1
            iteration += 1
            if iteration in cuts and len(alive) > 2:
                # the heuristic's choice (0) stays: a noisy world or two must not drop the reference
                alive.sort(key=lambda i: (i != 0, -totals[i] / counts[i], i))
                alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        means = [totals[i] / counts[i] if counts[i] else -2.0 for i in range(len(candidates))]
        best = max(alive, key=lambda i: (means[i], counts[i], -i))
        if means[best] <= means[0]:
            best = 0  # the heuristic's choice (index 0) keeps ties
        self.thought = Thought(candidates[best], means[best], iteration, len(candidates), True)
        return candidates[best]

    def _playout(self, world: Any, role: Role, command: Any, seed: int) -> float:
        game, ai = self.game, self.game.ai
        try:
            state = game.apply(world, role, command).state
        except Exception:  # this world does not allow it (a sample the real game rules out)
            return -1.0
        policies: dict[Role, Any] = {}
        mark = ai.horizon(state) if ai.horizon is not None else None
        moved = 0
        for _ in range(MAX_PLAYOUT_STEPS):
            if game.result(state) is not None:
                break
            active = sorted(game.active(state))
            if not active:
                break
            actor = active[0]
            player = policies.get(actor)
            if player is None:
                player = policies[actor] = self._policy(seed + len(policies))
            try:
                state = game.apply(state, actor, player.choose(state, actor)).state
            except Exception:  # a sampled world the rules trip on: judged where it stands
                self.stumbles += 1
                break
            if ai.horizon is not None:
                now = ai.horizon(state)
                if now != mark:
                    mark, moved = now, moved + 1
                    if moved >= ai.depth:
                        break
        return self._score(state, role)

    def _score(self, state: Any, role: Role) -> float:
        result = self.game.result(state)
        if result is not None:
            if role in result.winners:
                return 1.0
            return -1.0 if result.winners or role in result.losers else 0.0
        return self.game.ai.evaluate(state, role)


def _cuts(width: int, iterations: int, shared: bool = True) -> set[int]:
    """After which worlds the worse half of the candidates goes. Halving `width` down to 2
    takes `rounds` cuts; each round gets an equal share of the worlds, so no candidate is
    dropped on the dice of a single world. Not `shared` (a game's GameAI.rounds): after 1,
    2, 4... worlds, the first challenger of the heuristic's choice picked on one world."""
    if not shared:
        return {1 << k for k in range(21)}  # a budget in seconds may go on past `iterations`
    rounds, alive = 0, width
    while alive > 2:
        alive, rounds = (alive + 1) // 2, rounds + 1
    return {max(1, round(iterations * (k + 1) / (rounds + 1))) for k in range(rounds)}


def strong_level(game: Any, budget: Budget | None = None) -> Any:
    """The `strong` entry of a GAME's `players`: `game()` returns the GAME object."""

    def build(seed: int = 0) -> SearchPlayer:
        return SearchPlayer(game(), seed, budget)

    return build

"""AI seats for Mythic Battles: a random-legal player and a heuristic player."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.rules import legal
from engine.protocol import Role

CARD_KINDS = ("convert", "fetch")  # legal almost always: cashing cards in
CARD_PLAY_CHANCE = 0.05


class RandomPlayer:
    """Plays a random legal command: first a kind of command at random, then one of that
    kind, so that the many moves of a unit do not drown the rest (ending the turn,
    attacking); cards are cashed in only now and then. Its randomness is its own: the
    game's generator is never touched."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, state: Any, role: Role) -> Any:
        by_kind: dict[str, list] = defaultdict(list)
        for cmd in legal(state, role):
            by_kind[cmd.kind].append(cmd)
        kinds = sorted(k for k in by_kind if k not in CARD_KINDS)
        if not kinds or self.random.random() < CARD_PLAY_CHANCE:
            kinds = sorted(by_kind)
        return self.random.choice(by_kind[self.random.choice(kinds)])


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}

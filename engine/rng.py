"""The seeded generator whose whole state lives inside the game state.

Never Python's global `random`: `setup(seed)` plus the action log must replay to the
identical state, so every draw, shuffle and die roll comes from here. SplitMix64 is
small, fast, and its single 64-bit integer serializes as plain JSON.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

_MASK = (1 << 64) - 1
X = TypeVar("X")


class Rng(BaseModel):
    version: int = 1
    state: int = 0
    draws: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self.draws += 1
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[X]) -> X:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[X]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

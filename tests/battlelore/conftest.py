"""Fixtures for the Battlelore Mythologie tests."""

from __future__ import annotations

import pytest

from engine.battlelore.context import Ctx


@pytest.fixture
def dice(monkeypatch):
    """Script the combat dice: `dice(1, 4, 4)` (1 strike, 2 bonus, 3 shot, 4 flag,
    5 supplication, 6 offering, as seed 002 l.176-182 numbers them)."""
    queue: list[int] = []

    def die(self) -> int:
        self.reveals = True
        assert queue, "the test rolled more dice than it scripted"
        return queue.pop(0)

    monkeypatch.setattr(Ctx, "die", die)

    def script(*faces: int) -> list[int]:
        queue.extend(faces)
        return queue

    return script

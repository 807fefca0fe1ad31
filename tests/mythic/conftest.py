"""Fixtures for the Mythic Battles tests."""

from __future__ import annotations

import pytest

from engine.mythic.context import Ctx


@pytest.fixture
def dice(monkeypatch):
    """Script the faces the special dice show: `dice(5, 2, 4, 1, 3, 1)`."""
    queue: list[int] = []

    def face(self) -> int:
        self.reveals = True
        assert queue, "the test rolled more dice than it scripted"
        return queue.pop(0)

    monkeypatch.setattr(Ctx, "face", face)

    def script(*faces: int) -> list[int]:
        queue.extend(faces)
        return queue

    return script

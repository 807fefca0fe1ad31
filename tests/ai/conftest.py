"""Fixtures of the AI tests."""

from __future__ import annotations

import pytest

from bot.service import thinking

ITERATIONS = 3  # the worker's budget in these tests: deterministic, and quick


@pytest.fixture
def iterations(monkeypatch):
    """Searches in the worker processes budgeted in ITERATIONS; the workers closed after."""
    monkeypatch.setenv("AGORA_AI_ITERATIONS", str(ITERATIONS))
    yield ITERATIONS
    for _, pool in list(thinking._BY_LOOP.values()):
        pool.close()
    thinking._BY_LOOP.clear()

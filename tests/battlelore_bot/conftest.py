"""Battlelore Mythologie's entry points for these tests: a test-only distribution
(dist/agora_battlelore_table-1.0.dist-info) put on the import path, as tests/plugin does for
Augury, so the registry finds the game and its renderer whether or not pyproject.toml
declares them yet (a second declaration is only logged: the first wins)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from engine import get_game, registry

DIST = Path(__file__).parent / "dist"


@pytest.fixture(autouse=True)
def battlelore():
    sys.path.insert(0, str(DIST))
    importlib.invalidate_caches()
    registry.reset()
    try:
        yield get_game("battlelore")
    finally:
        sys.path.remove(str(DIST))
        importlib.invalidate_caches()
        registry.reset()

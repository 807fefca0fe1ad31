"""`hoplomachus`: Hoplomachus Victorum found by the bot through entry points, as any game is.

Until pyproject.toml declares its entry points, a test-only distribution (dist/: a
.dist-info with entry_points.txt) is put on the import path; once it does, the same name
is found twice and the registry keeps the first, the same objects either way."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from engine import get_game, registry

DIST = Path(__file__).parent / "dist"


@pytest.fixture
def hoplomachus():
    sys.path.insert(0, str(DIST))
    importlib.invalidate_caches()
    registry.reset()
    try:
        yield get_game("hoplomachus")
    finally:
        sys.path.remove(str(DIST))
        importlib.invalidate_caches()
        registry.reset()

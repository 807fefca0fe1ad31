"""The plug-in seam's fixtures: `augury` installs the test-only distribution `agora-augury`
(tests/plugin/dist: a package and its .dist-info with entry points) on the import path, so
Agora finds the game exactly as it finds one installed with pip, and removes it after."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from engine import get_game, registry

DIST = Path(__file__).parent / "dist"


@pytest.fixture
def augury():
    sys.path.insert(0, str(DIST))
    importlib.invalidate_caches()
    registry.reset()
    try:
        yield get_game("augury")
    finally:
        sys.path.remove(str(DIST))
        importlib.invalidate_caches()
        registry.reset()

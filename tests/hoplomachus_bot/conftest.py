"""`hoplomachus`: Hoplomachus Victorum as the bot finds it, through its entry points
(pyproject.toml), as any game is."""

from __future__ import annotations

import pytest

from engine import get_game


@pytest.fixture
def hoplomachus():
    return get_game("hoplomachus")

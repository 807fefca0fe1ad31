"""Battlelore Mythologie as the bot finds it, through its entry points (pyproject.toml)."""

from __future__ import annotations

import pytest

from engine import get_game


@pytest.fixture(autouse=True)
def battlelore():
    return get_game("battlelore")

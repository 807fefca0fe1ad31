"""Fixtures shared by every test folder: a fresh SQLite store in a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import open_store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "agora.db"


@pytest.fixture
async def store(db_path: Path):
    opened = await open_store(db_path)
    yield opened
    await opened.close()

"""Fixtures for the store and table-service tests: a temporary SQLite file, a fake clock,
a service hosting the toy game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bot_helpers import FakeClock, make_service  # noqa: E402

from bot.store import open_store  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "agora.db"


@pytest.fixture
async def store(db_path: Path):
    s = await open_store(db_path)
    yield s
    await s.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(store, clock):
    return make_service(store, clock)

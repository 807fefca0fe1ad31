from __future__ import annotations

import pytest

from bot.mythic import MythicService
from bot.store import open_store


@pytest.fixture
async def store(tmp_path):
    opened = await open_store(tmp_path / "agora.db")
    yield opened
    await opened.close()


@pytest.fixture
async def mythic(store) -> MythicService:
    return MythicService(store, clock=lambda: 1000.0)

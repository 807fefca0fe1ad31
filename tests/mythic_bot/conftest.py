from __future__ import annotations

import pytest

from bot.mythic import MythicService


@pytest.fixture
async def mythic(store) -> MythicService:
    return MythicService(store, clock=lambda: 1000.0)

from __future__ import annotations

import pytest
from mythic_bot_helpers import MythicCommands


@pytest.fixture
async def mythic(store) -> MythicCommands:
    return MythicCommands(store, clock=lambda: 1000.0)

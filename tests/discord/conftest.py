"""The fake Discord fixture: one per test module (module-scoped event loop), checked at the
end for anything Discord would have refused (`FakeDiscord.all_failures`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from discord_harness import start_bot, stop_bot, stop_everything
from fakediscord.server import FakeDiscord

__all__ = ["fake", "start_bot", "stop_bot"]  # tests/leagues loads this file for these


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await stop_everything()
    await server.stop()
    assert server.all_failures == [], server.all_failures

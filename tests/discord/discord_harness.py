"""Running the real bot against the fake Discord: start, stop, restart on the same database.

Importing `fakediscord` works because pytest puts this folder on `sys.path` (rootdir-relative,
no `__init__.py`: a package named `discord` here would shadow discord.py). Helpers live here
rather than in conftest.py, since several test folders have a conftest module.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakediscord.server import FakeDiscord

from bot.discord.client import AgoraBot
from bot.discord.endpoints import point_at
from bot.service import TableService
from bot.store import Store, open_store

RUNNING: list[AgoraBot] = []  # bots a failed test left running; the fixture stops them
OPEN_STORES: list[Store] = []  # and the databases of their processes, which it closes


async def start_bot(fake: FakeDiscord, service: Any, **options: Any) -> AgoraBot:
    """Log the real bot into the fake Discord and wait until it is ready."""
    point_at(fake.api_base, fake.gateway_url)
    options.setdefault("guild_ready_timeout", 0.05)
    options.setdefault("tick_seconds", None)  # tests tick by hand (bot.tick_once)
    bot = AgoraBot(service, **options)
    task = asyncio.create_task(bot.start(fake.token))
    bot.runner_task = task  # type: ignore[attr-defined]
    RUNNING.append(bot)
    for _ in range(200):
        if bot.is_ready():
            return bot
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    raise AssertionError("the bot did not become ready")


async def stop_bot(bot: AgoraBot) -> None:
    if bot in RUNNING:
        RUNNING.remove(bot)
    await bot.close()
    with contextlib.suppress(asyncio.CancelledError):
        await bot.runner_task  # type: ignore[attr-defined]


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, service: Any, **options: Any) -> AsyncIterator[AgoraBot]:
    bot = await start_bot(fake, service, **options)
    try:
        yield bot
    finally:
        await stop_bot(bot)


@dataclass
class BotProcess:
    """What one run of `python -m bot` holds: the store, the service on it, the bot."""

    store: Store
    bot: AgoraBot

    async def stop(self) -> None:
        await stop_bot(self.bot)
        if self.store in OPEN_STORES:
            OPEN_STORES.remove(self.store)
        await self.store.close()


async def stop_everything() -> None:
    """What a failed test left behind: its bots, then their databases (an open aiosqlite
    connection would keep the test run from exiting)."""
    for bot in list(RUNNING):
        await stop_bot(bot)
    for store in list(OPEN_STORES):
        OPEN_STORES.remove(store)
        await store.close()


async def start_process(
    fake: FakeDiscord, db: Path, clock: Callable[[], float] = time.time, **options: Any
) -> BotProcess:
    """A bot on the real service and a SQLite file; start another on the same file to restart."""
    store = await open_store(db)
    OPEN_STORES.append(store)
    return BotProcess(store, await start_bot(fake, TableService(store, clock=clock), now=clock, **options))

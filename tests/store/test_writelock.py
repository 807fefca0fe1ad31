"""The SQLite store's write lock lets the "thinking" rows an acknowledgement waits on go
before the writes already queued (bot/store/writelock.py, issue 28), one holder at a time."""

from __future__ import annotations

import asyncio

from bot.store import SqliteStore, open_store
from bot.store.outbox import Thinking
from bot.store.records import GuildSettings
from bot.store.writelock import WriteLock


async def test_waiters_asking_first_are_handed_the_lock_before_the_others():
    lock, order, inside = WriteLock(), [], []

    async def hold(name: str, first: bool) -> None:
        async with lock.first() if first else lock:
            inside.append(name)
            assert len(inside) == 1  # one holder at a time
            order.append(name)
            await asyncio.sleep(0.001)
            inside.remove(name)

    await lock.acquire()
    tasks = [
        asyncio.create_task(hold(n, n.startswith("urgent"))) for n in ("a", "b", "urgent1", "c", "urgent2")
    ]
    await asyncio.sleep(0.01)
    assert order == []  # all wait while the lock is held
    lock.release()
    await asyncio.gather(*tasks)
    assert order == ["urgent1", "urgent2", "a", "b", "c"] and not lock.locked()


async def test_a_cancelled_waiter_passes_the_lock_on():
    lock = WriteLock()
    await lock.acquire()
    gone = asyncio.create_task(lock.acquire(first=True))
    later = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0.001)
    gone.cancel()
    lock.release()
    await asyncio.wait_for(later, 1)  # handed on past the cancelled one
    assert lock.locked()
    lock.release()
    assert not lock.locked()


async def test_thinking_rows_overtake_the_writes_queued_before_them(tmp_path):
    store = await open_store(tmp_path / "agora.db")
    assert isinstance(store, SqliteStore)
    done: list[str] = []
    try:
        release = asyncio.Event()

        async def long_write() -> None:
            async with store.transaction():
                await release.wait()

        async def settings() -> None:
            await store.put_guild_settings(GuildSettings("g", "fr"), 1.0)
            done.append("settings")

        async def thinking() -> None:
            await store.settle_thinking([Thinking("tok", "42", "g", "c", True, 1.0, "fr")], [])
            done.append("thinking")

        holder = asyncio.create_task(long_write())
        await asyncio.sleep(0.01)
        queued = [asyncio.create_task(settings())]
        await asyncio.sleep(0.01)
        queued.append(asyncio.create_task(thinking()))
        await asyncio.sleep(0.01)
        release.set()
        await asyncio.gather(holder, *queued)
        assert done == ["thinking", "settings"]
        assert [i.token for i in await store.thinking()] == ["tok"]
        async with store.transaction() as conn, conn.execute("PRAGMA synchronous") as cursor:
            assert (await cursor.fetchone())[0] == 2  # FULL again for the moves after it
    finally:
        await store.close()

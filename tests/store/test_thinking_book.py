"""The "thinking..." rows of a burst of interactions in one commit (bot/discord/thinking.py,
issue 28), on both databases: each waiter is released once its own row is committed, and a
failed commit reaches every waiter of that commit."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.thinking import ThinkingBook
from bot.store.outbox import Thinking


def item(n: int) -> Thinking:
    return Thinking(f"tok{n}", "42", "g", "c", True, float(n), "fr")


async def test_a_burst_is_committed_once_and_released_after_the_commit(store):
    book, real, seen = ThinkingBook(store), store.settle_thinking, []
    waiters: list[asyncio.Task] = []

    async def settle(put, drop):
        await real(put, drop)
        seen.append((len(put), len(drop), [w.done() for w in waiters]))

    store.settle_thinking = settle
    waiters += [asyncio.create_task(book.remember(item(n))) for n in range(40)]
    await asyncio.gather(*waiters)
    assert seen == [(40, 0, [False] * 40)]  # one commit, nobody released before it
    assert [i.token for i in await store.thinking()] == [f"tok{n}" for n in range(40)]
    await asyncio.gather(book.forget("tok1"), book.forget("tok2"), book.remember(item(99)))
    assert seen[1][:2] == (1, 2) and book.commits == 2
    assert len(await store.thinking()) == 39


async def test_rows_arriving_during_a_commit_go_in_the_next_one(store):
    book, real, gate, sizes = ThinkingBook(store), store.settle_thinking, asyncio.Event(), []

    async def slow_settle(put, drop):
        sizes.append(len(put))
        await gate.wait()  # a slow disk
        await real(put, drop)

    store.settle_thinking = slow_settle
    first = asyncio.create_task(book.remember(item(0)))
    while not sizes:
        await asyncio.sleep(0.001)
    later = [asyncio.create_task(book.remember(item(n))) for n in range(1, 6)]
    await asyncio.sleep(0.02)
    assert not first.done() and not any(t.done() for t in later)
    gate.set()
    await asyncio.gather(first, *later)
    assert sizes == [1, 5] and len(await store.thinking()) == 6


async def test_a_failed_commit_reaches_each_of_its_waiters(store):
    book = ThinkingBook(store)

    async def broken(put, drop):
        raise RuntimeError("disk full")

    store.settle_thinking = broken
    results = await asyncio.gather(*(book.remember(item(n)) for n in range(3)), return_exceptions=True)
    assert [type(r) for r in results] == [RuntimeError] * 3
    with pytest.raises(RuntimeError):
        await book.forget("tok0")

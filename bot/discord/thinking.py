"""The book of interactions answered "thinking..." (issue 28), written by group commit.

An interaction is deferred only once its "thinking" row is durable: a process killed right
after the defer leaves a row its successor finds and resolves (bot/discord/delivery.py),
never a "thinking..." nobody knows of. One commit per row would queue a burst of commands
behind one disk sync each (SQLite syncs every commit); so the rows that arrive while a
commit is under way, or within `GATHER` of the first, go in the next commit together, and
each waiter is released when its own row is on disk. Forgetting a row (its answer is out)
rides in the same commits; a row forgotten too late is harmless (the successor sees the
answer through the token and drops it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from bot.store.outbox import Thinking

log = logging.getLogger(__name__)
GATHER = 0.003  # seconds the first row of a commit waits for the rest of its burst


class ThinkingStore(Protocol):
    async def settle_thinking(self, put: Sequence[Thinking], drop: Sequence[str]) -> None: ...


class ThinkingBook:
    def __init__(self, store: ThinkingStore) -> None:
        self.store = store
        self._put: list[tuple[Thinking, asyncio.Future[None]]] = []
        self._drop: list[tuple[str, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0  # how many commits the rows took (a bench reads it)

    async def remember(self, item: Thinking) -> None:
        """Returns once `item` is committed; raises what the commit raised."""
        await self._queue(self._put, item)

    async def forget(self, token: str) -> None:
        await self._queue(self._drop, token)

    async def _queue(self, queue: list[tuple[Any, asyncio.Future[None]]], value: Any) -> None:
        done = asyncio.get_running_loop().create_future()
        queue.append((value, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write(), name="agora-thinking")
        await done

    async def _write(self) -> None:
        while self._put or self._drop:
            await asyncio.sleep(GATHER)
            put, self._put = self._put, []
            drop, self._drop = self._drop, []
            waiters = [f for _, f in put] + [f for _, f in drop]
            try:
                await self.store.settle_thinking([i for i, _ in put], [t for t, _ in drop])
            except Exception as exc:  # each waiter decides what a failed commit means to it
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_exception(exc)
            else:
                self.commits += 1
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_result(None)

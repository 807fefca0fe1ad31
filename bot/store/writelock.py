"""The SQLite store's write lock, with a way past the queue for the writes an
acknowledgement waits on (issue 28).

A slash command is deferred only once its "thinking" row is committed (bot/discord/thinking.py),
and Discord wants that within 3 seconds. Behind a FIFO lock that row waited for every move,
outbox mark and timer write queued before it, each with its disk sync: bench/discord.py at 20
games on a loaded machine measured the row's commit at p99 766 ms. Waiters that ask with
`first()` are handed the lock before the others (still one holder at a time, and the holder
is never interrupted).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class WriteLock:
    def __init__(self) -> None:
        self._held = False
        self._first: deque[asyncio.Future[None]] = deque()
        self._rest: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._held

    async def acquire(self, *, first: bool = False) -> None:
        if not self._held and not self._first and not self._rest:
            self._held = True
            return
        waiter = asyncio.get_running_loop().create_future()
        queue = self._first if first else self._rest
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed the lock just as it was cancelled: pass it on
            elif waiter in queue:
                queue.remove(waiter)
            raise

    def release(self) -> None:
        """Hand the lock to the next waiter (those asking `first` before the others)."""
        for queue in (self._first, self._rest):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(None)  # it holds the lock now: `_held` stays True
                    return
        self._held = False

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()

    @asynccontextmanager
    async def first(self) -> AsyncIterator[None]:
        await self.acquire(first=True)
        try:
            yield
        finally:
            self.release()

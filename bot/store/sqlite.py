"""The embedded store: one aiosqlite connection in WAL mode (ARCHITECTURE §4).

All access to the connection is serialized by one asyncio lock, so a reader never sees
another task's uncommitted writes; a task that holds the lock (inside `transaction()`)
re-enters it for the store's own methods. Writes use `BEGIN IMMEDIATE` and are conditional
on the game's revision: two processes on the same file can never both win. The SQL itself
is shared with PostgreSQL (bot/store/sql.py).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.migrate import migrate
from bot.store.sql import SqlStore


class SqliteStore(SqlStore):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(
            f"store_owner_{id(self)}", default=None
        )

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Path | None = None,
        upto: int | None = None,
        durable: bool = True,
    ) -> SqliteStore:
        """Open (creating the file and its folder) and apply pending migrations.

        `durable` syncs every commit to disk (survives a power cut, ~0.5 ms more per
        command); throw-away databases (self-play) pass False: WAL then still survives a
        crash of the process, not of the machine."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            sync = "FULL" if durable else "NORMAL"
            for pragma in (
                "journal_mode = WAL",
                "foreign_keys = ON",
                "busy_timeout = 10000",
                f"synchronous = {sync}",
            ):
                await conn.execute(f"PRAGMA {pragma}")
            await migrate(conn, time.time(), migrations, upto)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    @property
    def connection(self) -> aiosqlite.Connection:
        return self._conn

    async def close(self) -> None:
        await self._conn.close()

    # --- serialization ------------------------------------------------------------------

    def _holding(self) -> bool:
        return self._owner.get() is not None and self._owner.get() is asyncio.current_task()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._holding():
            yield self._conn
            return
        async with self._lock:
            token = self._owner.set(asyncio.current_task())
            try:
                yield self._conn
            finally:
                self._owner.reset(token)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._holding():  # nested: part of the caller's transaction
            yield self._conn
            return
        async with self._lock:
            token = self._owner.set(asyncio.current_task())
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    await asyncio.shield(self._conn.execute("ROLLBACK"))
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._owner.reset(token)

    def _write(self):
        return self.transaction()

    def _read(self):
        return self.reading()

    # Each statement is one trip to aiosqlite's thread (execute, fetch and close there at once),
    # not three (execute, fetchall, close): a trip costs both threads a wake-up, and the event
    # loop a self-pipe read, which added up to several ms of CPU per move. `_execute` and `_conn`
    # are aiosqlite's own (unpublished) names: pyproject pins the versions that have them.

    async def _rows(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return await conn._execute(_fetch_all, conn._conn, sql, tuple(params))

    async def _count(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> int:
        return await conn._execute(_row_count, conn._conn, sql, tuple(params))

    def _violates(self, exc: BaseException, rule: str) -> bool:
        # SQLite names the columns of the broken index, not the index
        columns = {"games_one_active_per_channel": "games.guild"}
        return isinstance(exc, sqlite3.IntegrityError) and columns.get(rule, rule) in str(exc)


def _fetch_all(db: sqlite3.Connection, sql: str, params: tuple) -> list[Sequence[Any]]:
    cursor = db.execute(sql, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


def _row_count(db: sqlite3.Connection, sql: str, params: tuple) -> int:
    cursor = db.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()

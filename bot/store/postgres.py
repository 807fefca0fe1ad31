"""The PostgreSQL store, for installations that outgrow one process (ARCHITECTURE §4).

asyncpg with a pool. The SQL is the SQLite store's (bot/store/sql.py); what differs is how
connections and transactions are had:
- the store's own writes each run in a transaction of their own (or the caller's), and are
  made safe between processes by the revision compare-and-swap and the unique indexes;
- `transaction()` opened by a caller (lobby, leagues, set-ups...) also takes one
  transaction-scoped advisory lock, so those read-then-write blocks are serialized across
  processes exactly as SQLite's `BEGIN IMMEDIATE` serializes them: behaviour does not change
  with the database;
- `reading()` is a pooled connection without a transaction, as a SQLite reader is between
  processes.
A task's connection is remembered in a context variable, so the store's methods called inside
a caller's `transaction()` join it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.base import StoreError
from bot.store.migrate import migrate_postgres, postgres_schema
from bot.store.pgconn import Catalog, IntegrityError, PgConnection
from bot.store.sql import SqlStore

WRITE_LOCK = 0x41474F5241  # "AGORA": the advisory lock callers' transactions take


class PostgresStore(SqlStore):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, catalog: Catalog) -> None:
        self._pool, self._catalog = pool, catalog
        self._current: ContextVar[tuple[asyncio.Task[Any] | None, PgConnection] | None] = ContextVar(
            f"pg_store_{id(self)}", default=None
        )

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrations: Path | None = None,
        upto: int | None = None,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect, apply pending migrations (one process at a time) and read the catalog."""
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        try:
            catalog = Catalog(schema=postgres_schema(migrations))
            async with pool.acquire() as conn:
                await migrate_postgres(conn, time.time(), migrations, upto)
                await catalog.load(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, catalog)

    @property
    def pool(self) -> asyncpg.Pool:
        return self._pool

    @property
    def connection(self) -> PgConnection:
        held = self._held()
        if held is None:
            raise StoreError("PostgreSQL: use the connection given by store.transaction() or store.reading()")
        return held

    async def close(self) -> None:
        await self._pool.close()

    # --- connections --------------------------------------------------------------------

    def _held(self) -> PgConnection | None:
        current = self._current.get()
        if current is None or current[0] is not asyncio.current_task():
            return None
        return current[1]

    @asynccontextmanager
    async def _connection(self, *, transaction: bool, lock: bool = False) -> AsyncIterator[PgConnection]:
        held = self._held()
        if held is not None:  # nested: part of the caller's block
            held.depth += 1
            try:
                yield held
            finally:
                held.depth -= 1
            return
        async with self._pool.acquire() as raw:
            conn = PgConnection(raw, self._catalog, in_transaction=transaction)
            token = self._current.set((asyncio.current_task(), conn))
            try:
                if not transaction:
                    yield conn
                    return
                async with raw.transaction():
                    if lock:
                        await raw.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                    yield conn
            finally:
                self._current.reset(token)

    def transaction(self):
        return self._connection(transaction=True, lock=True)

    def reading(self):
        return self._connection(transaction=False)

    def _write(self):
        return self._connection(transaction=True)

    def _read(self):
        return self.reading()

    async def _rows(self, conn: PgConnection, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        # inside a caller's transaction a refused INSERT must not abort it (they may go on)
        return await (await conn.run(sql, params, guard=conn.depth > 0)).fetchall()

    async def _count(self, conn: PgConnection, sql: str, params: Sequence[Any] = ()) -> int:
        return (await conn.run(sql, params, guard=conn.depth > 0)).rowcount

    def _violates(self, exc: BaseException, rule: str) -> bool:
        return isinstance(exc, IntegrityError) and exc.constraint == rule

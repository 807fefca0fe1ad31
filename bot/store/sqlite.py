"""The embedded store: one aiosqlite connection in WAL mode (ARCHITECTURE §4).

All writes go through one connection, serialized by one asyncio lock; a task that holds
the lock (inside `transaction()`) re-enters it for the store's own methods and reads there.
Writes use `BEGIN IMMEDIATE` and are conditional on the game's revision: two processes on
the same file can never both win. The SQL itself is shared with PostgreSQL (bot/store/sql.py).

Reads outside a transaction go through a second, read-only connection (a file database):
WAL lets it read the last committed state while the writer works, so autocomplete and the
other reads never queue behind the writes. Through the one connection, at 20 busy games a
channel's one-statement read waited ~110 ms (median) for its turn behind the moves' and the
outbox's writes, each turn an event-loop hop and a trip to the connection's thread. Like
PostgreSQL's `reading()`, a read block sees each statement's committed state, never another
task's uncommitted writes.
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

from bot.store import outbox
from bot.store.base import StaleRevision
from bot.store.migrate import migrate
from bot.store.outbox import Thinking
from bot.store.records import ActionRecord, GameRecord
from bot.store.sql import (
    GAME_COLUMNS,
    OUTBOX_OWED,
    SqlStore,
    _assignments,
    _cas_statement,
    action_statements,
    game_from_row,
    thinking_statements,
)
from bot.store.writelock import WriteLock


class SqliteStore(SqlStore):
    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None = None) -> None:
        self._conn = conn
        self._lock = WriteLock()  # `first()`: the "thinking" rows acknowledgements wait on
        self._owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(
            f"store_owner_{id(self)}", default=None
        )
        self._reader = reader  # None (":memory:", whose second connection is another database)
        self._read_lock = asyncio.Lock()  # one read block at a time on the reader: no cursor left open
        self._reader_owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(
            f"store_reader_{id(self)}", default=None
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
        reader = None
        if str(path) != ":memory:":
            try:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                for pragma in ("query_only = ON", "busy_timeout = 10000"):
                    await reader.execute(f"PRAGMA {pragma}")
            except BaseException:
                await conn.close()
                if reader is not None:
                    await reader.close()
                raise
        return cls(conn, reader)

    @property
    def connection(self) -> aiosqlite.Connection:
        return self._conn

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._conn.close()

    # --- serialization ------------------------------------------------------------------

    def _holding(self) -> bool:
        return self._owner.get() is not None and self._owner.get() is asyncio.current_task()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._holding():
            yield self._conn
            return
        if self._reader is not None:
            task = asyncio.current_task()
            if self._reader_owner.get() is task:  # nested read block: the same connection
                yield self._reader
                return
            async with self._read_lock:
                token = self._reader_owner.set(task)
                try:
                    yield self._reader
                finally:
                    self._reader_owner.reset(token)
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

    async def _write_one(self, sql: str, params: Sequence[Any] = (), *, rows: bool = False) -> Any:
        """One trip: a single statement is a transaction of its own in autocommit mode (a
        write statement takes the write lock when it starts, as BEGIN IMMEDIATE does), so
        no BEGIN and COMMIT trips around it. Inside the caller's transaction it joins it."""
        run = _fetch_all if rows else _row_count
        if self._holding():
            return await self._conn._execute(run, self._conn._conn, sql, tuple(params))
        async with self._lock:
            return await self._conn._execute(run, self._conn._conn, sql, tuple(params))

    async def record_action(
        self,
        game_id,
        expected_rev,
        action: ActionRecord,
        state_json: str,
        now,
        *,
        unchanged_since=None,
        **fields,
    ) -> GameRecord:
        """The move's whole transaction (compare-and-swap, action, state, outbox row) in one
        trip to the connection's thread, instead of one per statement; inside the caller's
        transaction, statement by statement as every backend does."""
        await outbox.acknowledged()  # the interaction first: its move is then always answerable
        if self._holding():
            return await super().record_action(
                game_id, expected_rev, action, state_json, now, unchanged_since=unchanged_since, **fields
            )
        sets, params = _assignments(fields)
        cas = _cas_statement(game_id, expected_rev, now, sets, params, seq=action.seq, since=unchanged_since)
        owed = outbox.CURRENT.get()
        async with self._lock:
            row = await self._conn._execute(
                _record,
                self._conn._conn,
                cas,
                action_statements(game_id, action, state_json, now),
                None if owed is None else (action.seq, owed.token),
            )
        if row is None:
            raise StaleRevision(game_id, expected_rev)
        record = game_from_row(row)
        if owed is not None:
            owed.moves.append((record.id, action.seq))
        return record

    async def settle_thinking(self, put: Sequence[Thinking], drop: Sequence[str]) -> None:
        """In one trip, ahead of the other writes waiting for the connection (a slash command's
        acknowledgement waits on it: bot/store/writelock.py), and without a disk sync of its
        own: a commit in WAL mode survives the process being killed as soon as it returns; the
        next synced commit (the command's move, if it gets that far) syncs it with its own."""
        if not put and not drop:
            return
        if self._holding():
            await super().settle_thinking(put, drop)
            return
        async with self._lock.first():
            await self._conn._execute(_unsynced, self._conn._conn, thinking_statements(put, drop))

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


def _record(
    db: sqlite3.Connection,
    cas: tuple[str, tuple],
    statements: list[tuple[str, tuple]],
    owed: tuple[int, str | None] | None,
) -> Sequence[Any] | None:
    """In the connection's thread: BEGIN IMMEDIATE, the compare-and-swap (None, rolled back,
    when another write won), the action's statements, its outbox row if owed, COMMIT; any
    failure rolls back and is raised."""
    db.execute("BEGIN IMMEDIATE").close()
    try:
        row = _fetch_all(db, *cas)
        if not row:
            db.execute("ROLLBACK").close()
            return None
        for sql, params in statements:
            db.execute(sql, params).close()
        if owed is not None:
            seq, token = owed
            game = dict(zip(GAME_COLUMNS, row[0], strict=True))
            db.execute(
                OUTBOX_OWED, (game["id"], seq, game["guild"], game["channel"], token, game["updated_at"])
            ).close()
        db.execute("COMMIT").close()
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK").close()
        raise
    return row[0]


def _unsynced(db: sqlite3.Connection, statements: list[tuple[str, Any]]) -> None:
    """In the connection's thread: the statements in one transaction committed without a
    disk sync (PRAGMA synchronous = NORMAL for it), the connection's setting restored."""
    setting = _fetch_all(db, "PRAGMA synchronous", ())[0][0]
    db.execute("PRAGMA synchronous = NORMAL").close()
    try:
        db.execute("BEGIN IMMEDIATE").close()
        try:
            for sql, params in statements:
                db.execute(sql, params).close()
            db.execute("COMMIT").close()
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK").close()
            raise
    finally:
        db.execute(f"PRAGMA synchronous = {int(setting)}").close()

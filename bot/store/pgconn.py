"""An asyncpg connection that answers like the aiosqlite one the store hands to modules with
their own tables (leagues, saved set-ups, standing orders, timers).

Those modules write SQLite SQL with `?` and use `conn.execute(...)` as an awaitable or an
`async with` block, `cursor.fetchone/fetchall/rowcount/lastrowid` and `conn.executemany`.
This adapter translates each statement once (bot/store/dialect.py) and keeps SQLite's habits
where PostgreSQL differs:
- a constraint violation raises `IntegrityError`, a `sqlite3.IntegrityError`, so existing
  `except sqlite3.IntegrityError` clauses keep working; inside a transaction each INSERT or
  UPDATE runs under a savepoint, so (as in SQLite) the transaction goes on after the caller
  caught the error instead of being aborted;
- a value of another type than the column's (an int for a TEXT column) is converted as
  SQLite's column affinity would, instead of refused;
- rows are plain tuples, and NUMERIC results (PostgreSQL's SUM of integers) plain numbers.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import asyncpg

from bot.store.dialect import Schema, translate_query


class IntegrityError(sqlite3.IntegrityError):
    """A PostgreSQL constraint violation, catchable as SQLite's."""

    def __init__(self, exc: asyncpg.PostgresError) -> None:
        super().__init__(str(exc))
        self.constraint = getattr(exc, "constraint_name", None)
        self.original = exc


@dataclass
class Catalog:
    """Per-database facts the translation needs, read once after migrating."""

    schema: Schema = field(default_factory=Schema)
    primary_keys: dict[str, list[str]] = field(default_factory=dict)
    identity: dict[str, str] = field(default_factory=dict)  # table -> its generated id column
    _translated: dict[str, tuple[str, bool, bool]] = field(default_factory=dict)
    _coercions: dict[str, list[Any]] = field(default_factory=dict)

    async def load(self, conn: asyncpg.Connection) -> None:
        rows = await conn.fetch(
            "SELECT c.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid"
            " JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()"
            " JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, pos) ON true"
            " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
            " WHERE i.indisprimary ORDER BY c.relname, k.pos"
        )
        self.primary_keys = {}
        for table, column in rows:
            self.primary_keys.setdefault(table, []).append(column)
        rows = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        self.identity = {table: column for table, column in rows}
        self._translated.clear()
        self._coercions.clear()

    def translate(self, sql: str) -> tuple[str, bool, bool]:
        """(PostgreSQL text, returns rows, appended RETURNING for lastrowid)"""
        found = self._translated.get(sql)
        if found is None:
            text = translate_query(sql, self.schema, self.primary_keys)
            head = text.lstrip().split(None, 1)[0].upper() if text.strip() else ""
            returning = re.search(r"\bRETURNING\b", text, re.I) is not None
            added = False
            insert = re.match(r"\s*INSERT\s+INTO\s+(\w+)", text, re.I)
            if insert and not returning and insert.group(1).lower() in self.identity:
                text += f" RETURNING {self.identity[insert.group(1).lower()]}"
                returning = added = True
            rows = head in {"SELECT", "WITH", "VALUES", "SHOW"} or returning
            found = self._translated[sql] = (text, rows, added)
        return found


def _plain(value: Any) -> Any:
    if type(value) is Decimal:
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _coerce(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind in {"text", "varchar", "bpchar", "name"} and not isinstance(value, str):
        return str(value)
    if kind in {"int2", "int4", "int8"} and not isinstance(value, int):
        return int(value)
    if kind in {"float4", "float8", "numeric"} and isinstance(value, bool):
        return float(value)
    if kind == "bool" and not isinstance(value, bool):
        return bool(value)
    return value


class Cursor:
    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int, lastrowid: int | None) -> None:
        self._rows, self._next = rows, 0
        self.rowcount, self.lastrowid = rowcount, lastrowid

    async def fetchone(self) -> tuple[Any, ...] | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[tuple[Any, ...]]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    async def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        rest = self._rows[self._next : self._next + size]
        self._next += len(rest)
        return rest

    async def close(self) -> None:
        return None

    def __aiter__(self) -> Cursor:
        return self

    async def __anext__(self) -> tuple[Any, ...]:
        row = await self.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row


class _Pending:
    """What `execute` returns: awaitable, or an `async with` block, like aiosqlite's."""

    def __init__(self, coro: Any) -> None:
        self._coro = coro

    def __await__(self) -> Any:
        return self._coro.__await__()

    async def __aenter__(self) -> Cursor:
        return await self._coro

    async def __aexit__(self, *exc: object) -> None:
        return None


class PgConnection:
    def __init__(self, raw: asyncpg.Connection, catalog: Catalog, *, in_transaction: bool) -> None:
        self.raw, self.catalog, self.in_transaction = raw, catalog, in_transaction
        self._savepoints = 0
        self.depth = 0  # > 0 while the store's own methods run inside the caller's block

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Pending:
        return _Pending(self.run(sql, params, guard=True))

    async def executemany(self, sql: str, seq_of_params: Iterable[Sequence[Any]]) -> Cursor:
        count = 0
        for params in seq_of_params:
            count += (await self.run(sql, params, guard=True)).rowcount
        return Cursor([], count, None)

    async def executescript(self, script: str) -> None:
        await self.raw.execute(script)

    async def run(self, sql: str, params: Sequence[Any] = (), *, guard: bool = False) -> Cursor:
        text, returns_rows, added_returning = self.catalog.translate(sql)
        args = self._coerced(text, params)
        guarded = guard and self.in_transaction and text.lstrip()[:6].upper() in {"INSERT", "UPDATE"}
        if guarded:
            self._savepoints += 1
            name = f"agora_sp{self._savepoints}"
            await self.raw.execute(f"SAVEPOINT {name}")
        try:
            try:
                cursor = await self._send(text, args, returns_rows, added_returning)
            except asyncpg.DataError:
                args = await self._learn_coercion(text, params)
                cursor = await self._send(text, args, returns_rows, added_returning)
        except asyncpg.IntegrityConstraintViolationError as exc:
            if guarded:
                await self.raw.execute(f"ROLLBACK TO SAVEPOINT {name}")
            raise IntegrityError(exc) from exc
        finally:
            if guarded:
                self._savepoints -= 1
        if guarded:
            await self.raw.execute(f"RELEASE SAVEPOINT {name}")
        return cursor

    async def _send(self, text: str, args: list[Any], returns_rows: bool, added_returning: bool) -> Cursor:
        if returns_rows:
            records = await self.raw.fetch(text, *args)
            rows = [tuple(_plain(v) for v in r) for r in records]
            lastrowid = rows[-1][0] if added_returning and rows else None
            return Cursor([] if added_returning else rows, len(rows), lastrowid)
        status = await self.raw.execute(text, *args)
        tail = status.rsplit(" ", 1)[-1]
        return Cursor([], int(tail) if tail.isdigit() else -1, None)

    def _coerced(self, text: str, params: Sequence[Any]) -> list[Any]:
        kinds = self.catalog._coercions.get(text)
        if kinds is None:
            return list(params)
        return [_coerce(k, v) for k, v in zip(kinds, params, strict=True)]

    async def _learn_coercion(self, text: str, params: Sequence[Any]) -> list[Any]:
        statement = await self.raw.prepare(text)
        self.catalog._coercions[text] = [t.name for t in statement.get_parameters()]
        return self._coerced(text, params)

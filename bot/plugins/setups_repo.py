"""SQL for saved set-ups (migrations/0006_saved_setups.sql) on the store's connection.
Callers hold `store.transaction()` or `store.reading()`; every query is scoped to one owner
and one game, which is what keeps saved set-ups private."""

from __future__ import annotations

import json
from typing import Any

Row = tuple[str, dict[str, Any]]  # (name, data)


def _row(row: Any) -> Row:
    return row[0], json.loads(row[1])


async def all_of(conn: Any, user_id: str, game: str) -> list[Row]:
    async with conn.execute(
        "SELECT name, data FROM saved_setups WHERE user_id = ? AND game = ? ORDER BY name COLLATE NOCASE",
        (user_id, game),
    ) as cursor:
        return [_row(r) for r in await cursor.fetchall()]


async def one(conn: Any, user_id: str, game: str, name: str) -> Row | None:
    async with conn.execute(
        "SELECT name, data FROM saved_setups WHERE user_id = ? AND game = ? AND name = ?",
        (user_id, game, name),
    ) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row else None


async def count(conn: Any, user_id: str, game: str) -> int:
    async with conn.execute(
        "SELECT COUNT(*) FROM saved_setups WHERE user_id = ? AND game = ?", (user_id, game)
    ) as cursor:
        return (await cursor.fetchone())[0]


async def put(conn: Any, user_id: str, game: str, name: str, data: dict[str, Any], now: float) -> None:
    """Insert, or replace the data of the owner's set-up of that name (any case)."""
    await conn.execute(
        "INSERT INTO saved_setups (user_id, game, name, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id, game, name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
        (user_id, game, name, json.dumps(data, sort_keys=True), now, now),
    )


async def delete(conn: Any, user_id: str, game: str, name: str) -> bool:
    async with conn.execute(
        "DELETE FROM saved_setups WHERE user_id = ? AND game = ? AND name = ?", (user_id, game, name)
    ) as cursor:
        return cursor.rowcount > 0

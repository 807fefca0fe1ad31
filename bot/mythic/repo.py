"""SQL for saved armies (migrations/0005_armies.sql) on the store's aiosqlite connection.
Callers hold `store.transaction()` or `store.reading()`; every query is scoped to one
owner, which is what keeps saved armies private."""

from __future__ import annotations

from typing import Any

from bot.mythic.armies import Army

_COLUMNS = "name, faction, units"


def _army(row: Any) -> Army:
    return Army(row[0], row[1], tuple(row[2].split()))


async def armies(conn: Any, user_id: str) -> list[Army]:
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM mythic_armies WHERE user_id = ? ORDER BY name COLLATE NOCASE", (user_id,)
    ) as cursor:
        return [_army(r) for r in await cursor.fetchall()]


async def army(conn: Any, user_id: str, name: str) -> Army | None:
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM mythic_armies WHERE user_id = ? AND name = ?", (user_id, name)
    ) as cursor:
        row = await cursor.fetchone()
    return _army(row) if row else None


async def count(conn: Any, user_id: str) -> int:
    async with conn.execute("SELECT COUNT(*) FROM mythic_armies WHERE user_id = ?", (user_id,)) as cursor:
        return (await cursor.fetchone())[0]


async def put(conn: Any, user_id: str, army: Army, now: float) -> None:
    """Insert, or replace the units of the owner's army of that name (any case)."""
    await conn.execute(
        "INSERT INTO mythic_armies (user_id, name, faction, units, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id, name) DO UPDATE SET faction = excluded.faction, units = excluded.units,"
        " updated_at = excluded.updated_at",
        (user_id, army.key, army.faction, " ".join(army.units), now, now),
    )


async def delete(conn: Any, user_id: str, name: str) -> bool:
    async with conn.execute(
        "DELETE FROM mythic_armies WHERE user_id = ? AND name = ?", (user_id, name)
    ) as cursor:
        return cursor.rowcount > 0

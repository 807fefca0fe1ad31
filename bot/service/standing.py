"""Standing orders in the store: `standing_orders` (migrations/0004_windows.sql), one row
per game, role and order key, on the store's connection like `game_timers`."""

from __future__ import annotations

from bot.store import Store
from engine.protocol import Role


async def load_orders(store: Store, game_id: int) -> dict[Role, dict[str, str]]:
    async with (
        store.reading() as conn,
        conn.execute(
            "SELECT role, key, value FROM standing_orders WHERE game_id = ? ORDER BY role, key", (game_id,)
        ) as cursor,
    ):
        rows = await cursor.fetchall()
    out: dict[Role, dict[str, str]] = {}
    for role, key, value in rows:
        out.setdefault(role, {})[key] = value
    return out


async def has_orders(store: Store, game_id: int) -> bool:
    async with (
        store.reading() as conn,
        conn.execute("SELECT 1 FROM standing_orders WHERE game_id = ? LIMIT 1", (game_id,)) as cursor,
    ):
        return await cursor.fetchone() is not None


async def save_order(store: Store, game_id: int, role: Role, key: str, value: str) -> None:
    """Inside the caller's transaction when one is open."""
    async with store.transaction() as conn:
        await conn.execute(
            "INSERT OR REPLACE INTO standing_orders (game_id, role, key, value) VALUES (?, ?, ?, ?)",
            (game_id, role, key, value),
        )

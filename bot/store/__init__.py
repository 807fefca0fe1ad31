"""Persistence of games, seats, action logs and settings (ARCHITECTURE §4).

`await open_store(path_or_url)` returns a migrated `Store`; SQLite is the embedded default.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.base import SNAPSHOT_EVERY, ChannelBusy, StaleRevision, Store, StoreError
from bot.store.migrate import MigrationError, discover, migrate, migrations_folder
from bot.store.records import ActionRecord, GameRecord, GuildSettings, SeatRecord
from bot.store.sqlite import SqliteStore

__all__ = [
    "SNAPSHOT_EVERY",
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "GuildSettings",
    "MigrationError",
    "SeatRecord",
    "SqliteStore",
    "StaleRevision",
    "Store",
    "StoreError",
    "discover",
    "migrate",
    "migrations_folder",
    "open_store",
]


async def open_store(
    path_or_url: str | Path, *, migrations: Path | None = None, durable: bool = True
) -> Store:
    """Open the store named by `AGORA_DB`: a file path, `sqlite:///path` or `:memory:`.
    `durable=False` is for throw-away databases (see `SqliteStore.open`)."""
    target = str(path_or_url)
    if target.startswith(("postgres://", "postgresql://")):
        raise StoreError("PostgreSQL is the planned path for sharded servers; this build ships only SQLite")
    if target.startswith("sqlite:///"):
        target = target[len("sqlite:///") :]
    return await SqliteStore.open(target, migrations=migrations, durable=durable)

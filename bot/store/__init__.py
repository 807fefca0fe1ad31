"""Persistence of games, seats, action logs and settings (ARCHITECTURE §4).

`await open_store(path_or_url)` returns a migrated `Store`: SQLite (the embedded default) for
a file path, PostgreSQL (bot/store/postgres.py) for a `postgresql://` URL. Both run the same
SQL (bot/store/sql.py) and the same numbered migrations.

Migrations: the hand-written runner (bot/store/migrate.py), not a migration tool. Alembic
would bring SQLAlchemy and Python revision scripts for a history that is ten plain SQL
files; yoyo-migrations keeps SQL files but one set per database (or its own Python steps)
and its own bookkeeping tables, so every installation would need a conversion of its
`schema_version`. The runner is ~150 lines: it reads the same files for both databases,
rewrites the handful of SQLite-only constructs for PostgreSQL (bot/store/dialect.py, each
rewrite tested) and takes a per-file PostgreSQL twin where a rewrite cannot say the same
(`migrations/postgresql/NNNN_name.sql`, none needed so far). Both are tested from every
earlier version (tests/store/test_migrations.py).

Several processes on one database: games are safe by the revision compare-and-swap and the
unique indexes; timers are claimed through row leases (`claim_timer`, migration 0007); every
move's announcement is owed in an outbox row written in the move's own transaction
(migration 0008, bot/store/outbox.py) until the adapter marks it delivered; a move is written
only once the adapter says its interaction is acknowledged (`outbox.acknowledged`), and the
interactions answered "thinking..." are kept in `thinking` (0008, their language since 0009).
"""

from __future__ import annotations

from pathlib import Path

from bot.store.base import SNAPSHOT_EVERY, ChannelBusy, StaleRevision, Store, StoreError
from bot.store.migrate import MigrationError, discover, migrate, migrations_folder
from bot.store.records import ActionRecord, GameRecord, GuildSettings, SeatRecord
from bot.store.sqlite import SqliteStore


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgres://", "postgresql://"))


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
    "is_postgres_url",
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
    if is_postgres_url(target):
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(target, migrations=migrations)
    if target.startswith("sqlite:///"):
        target = target[len("sqlite:///") :]
    return await SqliteStore.open(target, migrations=migrations, durable=durable)

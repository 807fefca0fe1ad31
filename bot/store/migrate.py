"""Schema migrations: `migrations/NNNN_name.sql`, applied in order, recorded in `schema_version`.

One numbered history for both databases. The files are SQLite SQL; on PostgreSQL each
statement is rewritten by bot/store/dialect.py (types, NOCASE), and a file whose meaning cannot
be rewritten may have a PostgreSQL twin of the same name in `migrations/postgresql/`.

SQLite: each migration runs in its own `BEGIN IMMEDIATE` transaction that re-reads the
applied versions first, so two processes starting together apply each file exactly once.
PostgreSQL: the same, each in a transaction (PostgreSQL's DDL is transactional), while the
migrating process holds a session advisory lock.
"""

from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store.dialect import Schema, translate_ddl

_NAME = re.compile(r"^(\d{4})_([A-Za-z0-9_]+)\.sql$")

SCHEMA_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)"""


class MigrationError(RuntimeError):
    pass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path

    def statements(self) -> list[str]:
        return split_statements(self.path.read_text(encoding="utf-8"), self.path)

    def postgres_statements(self, schema: Schema) -> list[str]:
        """This migration for PostgreSQL: its twin in `postgresql/` if any (taken as written),
        else each statement rewritten."""
        twin = self.path.parent / "postgresql" / self.path.name
        if twin.is_file():
            return [s for s in split_statements(twin.read_text(encoding="utf-8"), twin) if s.strip(" ;\n")]
        return [pg for statement in self.statements() for pg in translate_ddl(statement, schema)]


def migrations_folder() -> Path:
    """`AGORA_MIGRATIONS` if set, else the repository's `migrations/`."""
    env = os.environ.get("AGORA_MIGRATIONS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "migrations"


def discover(folder: Path | None = None) -> list[Migration]:
    folder = folder or migrations_folder()
    if not folder.is_dir():
        raise MigrationError(f"migrations folder not found: {folder}")
    found: dict[int, Migration] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise MigrationError(f"{path.name}: migration files are named NNNN_name.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"{path.name}: version {version} also in {found[version].path.name}")
        found[version] = Migration(version, match.group(2), path)
    return [found[v] for v in sorted(found)]


def split_statements(sql: str, origin: Path | str = "<sql>") -> list[str]:
    """Cut a script into complete statements (sqlite3 knows where triggers end)."""
    statements, buffer = [], ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    leftover = "\n".join(ln for ln in buffer.splitlines() if not ln.strip().startswith("--")).strip()
    if leftover:
        raise MigrationError(f"{origin}: unterminated statement: {leftover[:60]!r}")
    return statements


async def applied_versions(conn: Any) -> set[int]:
    async with conn.execute("SELECT version FROM schema_version") as cursor:
        return {row[0] for row in await cursor.fetchall()}


async def migrate(conn: Any, now: float, folder: Path | None = None, upto: int | None = None) -> list[int]:
    """Apply the pending migrations (those <= `upto` if given); returns the versions applied.

    `conn` is an aiosqlite connection in autocommit mode (isolation_level=None).
    """
    await conn.execute(SCHEMA_TABLE)
    known = discover(folder)
    newest = max((m.version for m in known), default=0)
    stray = {v for v in await applied_versions(conn) if v > newest}
    if stray:
        raise MigrationError(f"the database has schema versions {sorted(stray)} this code does not know")
    done = []
    for migration in known:
        if upto is not None and migration.version > upto:
            break
        await conn.execute("BEGIN IMMEDIATE")
        try:
            if migration.version in await applied_versions(conn):
                await conn.execute("ROLLBACK")
                continue
            for statement in migration.statements():
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, now),
            )
            await conn.execute("COMMIT")
        except Exception as exc:
            await conn.execute("ROLLBACK")
            raise MigrationError(f"{migration.path.name}: {exc}") from exc
        done.append(migration.version)
    return done


MIGRATION_LOCK = 0x41474F524D  # "AGORM": one migrating process at a time


def postgres_schema(folder: Path | None = None) -> Schema:
    """What the queries' rewrite must know of the whole history (NOCASE columns)."""
    schema = Schema()
    for migration in discover(folder):
        migration.postgres_statements(schema)
    return schema


async def migrate_postgres(
    conn: Any, now: float, folder: Path | None = None, upto: int | None = None
) -> list[int]:
    """`migrate` for an asyncpg connection (outside any transaction)."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute(translate_ddl(SCHEMA_TABLE, Schema())[0])
        known = discover(folder)
        newest = max((m.version for m in known), default=0)
        applied = {r[0] for r in await conn.fetch("SELECT version FROM schema_version")}
        stray = {v for v in applied if v > newest}
        if stray:
            raise MigrationError(f"the database has schema versions {sorted(stray)} this code does not know")
        done, schema = [], Schema()
        for migration in known:
            statements = migration.postgres_statements(schema)
            if upto is not None and migration.version > upto:
                break
            if migration.version in applied:
                continue
            try:
                async with conn.transaction():
                    for statement in statements:
                        await conn.execute(statement)
                    await conn.execute(
                        "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                        migration.version,
                        migration.name,
                        now,
                    )
            except Exception as exc:
                raise MigrationError(f"{migration.path.name}: {exc}") from exc
            done.append(migration.version)
        return done
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

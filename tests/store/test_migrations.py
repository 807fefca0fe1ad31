"""Migrations on both databases: the schema builds from zero and from every older version to
the same result, data carried by a migration survives it, and SQLite's dialect is rewritten
for PostgreSQL as bot/store/dialect.py says."""

from __future__ import annotations

import json
import shutil

import aiosqlite
import asyncpg
import pytest

from bot.store import MigrationError, SqliteStore, discover, is_postgres_url, open_store
from bot.store.dialect import Schema, translate_ddl, translate_query
from bot.store.migrate import split_statements
from bot.store.postgres import PostgresStore

EXPECTED_TABLES = {
    "games",
    "seats",
    "actions",
    "snapshots",
    "guild_settings",
    "game_timers",
    "schema_version",
}


async def open_at(target: str, upto: int | None = None, migrations=None):
    kind = PostgresStore if is_postgres_url(target) else SqliteStore
    return await kind.open(target, upto=upto, migrations=migrations)


async def query(target: str, sql: str, *params) -> list[tuple]:
    """Rows straight from the database, around the store."""
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            return [tuple(r) for r in await conn.fetch(sql, *params)]
        finally:
            await conn.close()
    async with aiosqlite.connect(target) as conn, conn.execute(sql.replace("$1", "?"), params) as cur:
        rows = [tuple(r) for r in await cur.fetchall()]
        await conn.commit()
        return rows


async def schema(target: str) -> dict[str, str]:
    if not is_postgres_url(target):
        rows = await query(
            target,
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        return dict(rows)
    found: dict[str, str] = {}
    for table, column, kind, nullable, default in await query(
        target,
        "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
    ):
        found[table] = found.get(table, "") + f"{column} {kind} {nullable} {default};"
    for name, definition in await query(
        target, "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
    ):
        found[name] = definition
    for name, definition in await query(
        target,
        "SELECT conname, pg_get_constraintdef(c.oid) FROM pg_constraint c JOIN pg_namespace n"
        " ON n.oid = c.connamespace WHERE n.nspname = current_schema()",
    ):
        found[f"constraint {name}"] = definition
    return found


async def versions(target: str) -> list[int]:
    return [r[0] for r in await query(target, "SELECT version FROM schema_version ORDER BY version")]


async def test_schema_from_zero_has_every_table_and_records_every_version(db_target):
    await (await open_store(db_target)).close()
    assert EXPECTED_TABLES <= set(await schema(db_target))
    assert await versions(db_target) == [m.version for m in discover()]


async def fresh_target(backend, tmp_path, pg_server_url, name):
    if backend == "sqlite":
        return str(tmp_path / f"{name}.db")
    from pg_server import fresh_database

    return await fresh_database(pg_server_url, name)


@pytest.fixture
def pg_server_url(backend, request):
    return request.getfixturevalue("pg_server") if backend == "postgresql" else None


async def test_schema_from_every_older_version_equals_schema_from_zero(backend, tmp_path, pg_server_url):
    fresh = await fresh_target(backend, tmp_path, pg_server_url, "fresh")
    await (await open_store(fresh)).close()
    expected = await schema(fresh)
    known = [m.version for m in discover()]
    for older in [0, *known[:-1]]:
        target = await fresh_target(backend, tmp_path, pg_server_url, f"from_{older}")
        if older:
            await (await open_at(target, upto=older)).close()
            assert await versions(target) == [v for v in known if v <= older]
        await (await open_store(target)).close()  # upgrade to the newest
        assert await schema(target) == expected, f"upgrading from version {older}"
        assert await versions(target) == known


async def test_saved_armies_move_to_saved_setups_and_names_stay_caseless(db_target):
    """0006 carries every saved army over; set-up names stay unique whatever their case."""
    await (await open_at(db_target, upto=5)).close()
    await query(
        db_target,
        "INSERT INTO mythic_armies (user_id, name, faction, units, created_at, updated_at)"
        " VALUES ('u1', 'Mine', 'hades', 'cerberus legion', 1.5, 2.5)",
    )
    store = await open_store(db_target)
    try:
        async with (
            store.reading() as conn,
            conn.execute(
                "SELECT game, name, data, updated_at FROM saved_setups WHERE user_id = ? AND name = ?",
                ("u1", "MINE"),
            ) as cursor,
        ):
            game, name, data, updated = await cursor.fetchone()
        assert (game, name, json.loads(data), updated) == (
            "mythic",
            "Mine",
            {"faction": "hades", "units": "cerberus legion"},
            2.5,
        )
        with pytest.raises(Exception, match="(?i)unique|duplicate"):
            async with store.transaction() as conn:
                await conn.execute(
                    "INSERT INTO saved_setups (user_id, game, name, data, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    ("u1", "mythic", "mINE", "{}", 3, 3),
                )
    finally:
        await store.close()


async def test_a_later_migration_applies_on_top_and_keeps_the_data(
    backend, tmp_path, pg_server_url, monkeypatch
):
    folder = tmp_path / "migrations"
    shutil.copytree(discover()[0].path.parent, folder)
    db = await fresh_target(backend, tmp_path, pg_server_url, "later")
    store = await open_store(db, migrations=folder)
    await store.create_game(guild="g", channel="c", game="toy", options={}, seed=1, creator="u", now=1.0)
    await store.close()
    (folder / "0099_notes.sql").write_text(
        "-- a test migration\nCREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);\n"
    )
    monkeypatch.setenv("AGORA_MIGRATIONS", str(folder))
    store = await open_store(db)
    assert (await store.get_game(1)).game == "toy"
    await store.close()
    assert "notes" in await schema(db) and (await versions(db))[-1] == 99


async def test_a_failing_migration_changes_nothing(backend, tmp_path, pg_server_url):
    folder = tmp_path / "migrations"
    shutil.copytree(discover()[0].path.parent, folder)
    db = await fresh_target(backend, tmp_path, pg_server_url, "failing")
    await (await open_store(db, migrations=folder)).close()
    before = await schema(db), await versions(db)
    (folder / "0098_broken.sql").write_text(
        "CREATE TABLE half (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match="0098_broken.sql"):
        await open_store(db, migrations=folder)
    assert (await schema(db), await versions(db)) == before


async def test_a_database_newer_than_the_code_is_refused(db_target):
    await (await open_store(db_target)).close()
    await query(db_target, "INSERT INTO schema_version VALUES (9999, 'future', 0)")
    with pytest.raises(MigrationError, match="9999"):
        await open_store(db_target)


async def test_a_postgresql_twin_replaces_a_file_whose_meaning_cannot_be_rewritten(tmp_path, pg_server):
    from pg_server import fresh_database

    folder = tmp_path / "migrations"
    shutil.copytree(discover()[0].path.parent, folder)
    (folder / "0097_view.sql").write_text("CREATE VIEW v AS SELECT julianday('now') AS day;\n")
    (folder / "postgresql").mkdir(exist_ok=True)
    (folder / "postgresql" / "0097_view.sql").write_text("CREATE VIEW v AS SELECT now() AS day;\n")
    db = await fresh_database(pg_server, "twin")
    await (await open_store(db, migrations=folder)).close()
    assert len(await query(db, "SELECT day FROM v")) == 1
    await (await open_store(tmp_path / "twin.db", migrations=folder)).close()
    assert len(await query(str(tmp_path / "twin.db"), "SELECT day FROM v")) == 1


async def test_badly_named_migration_files_are_refused(tmp_path):
    (tmp_path / "1_oops.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="NNNN_name.sql"):
        discover(tmp_path)


def test_statements_split_where_sqlite_says_they_end():
    sql = """-- comment
CREATE TABLE a (x INTEGER);
CREATE TRIGGER t AFTER INSERT ON a BEGIN
    UPDATE a SET x = x + 1; -- inside the trigger
END;
INSERT INTO a VALUES (';');
"""
    parts = split_statements(sql)
    assert len(parts) == 3 and parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")
    with pytest.raises(MigrationError, match="unterminated"):
        split_statements("CREATE TABLE b (x INTEGER)")


async def test_open_store_accepts_sqlite_urls_and_postgresql_urls(tmp_path, pg_url):
    store = await open_store(f"sqlite:///{tmp_path / 'url.db'}")
    await store.close()
    assert (tmp_path / "url.db").exists()
    store = await open_store(pg_url)
    assert isinstance(store, PostgresStore)
    await store.close()


def test_ddl_rewrites_types_caseless_names_and_reserved_words():
    schema = Schema()
    [table, index] = translate_ddl(
        "CREATE TABLE t (\n  id INTEGER PRIMARY KEY AUTOINCREMENT, -- the key, unique\n"
        "  name TEXT NOT NULL COLLATE NOCASE, at REAL, left INTEGER,\n  UNIQUE (id, name)\n);",
        schema,
    )
    assert "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" in table
    assert "at DOUBLE PRECISION" in table and '"left" BIGINT' in table and "NOCASE" not in table
    assert "UNIQUE" not in table and index == "CREATE UNIQUE INDEX t_id_name_key ON t (id, lower(name))"
    assert schema.nocase == {"t": {"name"}}
    assert translate_ddl("CREATE INDEX i ON u (g, name COLLATE NOCASE)", schema) == [
        "CREATE INDEX i ON u (g, lower(name))"
    ]


def test_queries_get_numbered_parameters_upserts_and_caseless_comparisons():
    schema = Schema(nocase={"t": {"name"}})
    keys = {"t": ["id"], "o": ["game_id", "role"]}
    assert translate_query("SELECT a FROM t WHERE x = '?' AND y = ? AND name = ?", schema, keys) == (
        "SELECT a FROM t WHERE x = '?' AND y = $1 AND lower(name) = lower($2)"
    )
    assert translate_query("SELECT a FROM u WHERE g = ? AND name = ? COLLATE NOCASE", schema, keys) == (
        "SELECT a FROM u WHERE g = $1 AND lower(name) = lower($2)"
    )
    assert translate_query("SELECT name FROM u ORDER BY name COLLATE NOCASE", schema, keys) == (
        "SELECT name FROM u ORDER BY lower(name)"
    )
    assert translate_query("INSERT OR REPLACE INTO o (game_id, role, v) VALUES (?, ?, ?)", schema, keys) == (
        "INSERT INTO o (game_id, role, v) VALUES ($1, $2, $3) ON CONFLICT (game_id, role) DO UPDATE SET v = EXCLUDED.v"
    )
    assert translate_query(
        "INSERT INTO t (id, name) VALUES (?, ?) ON CONFLICT (id, name) DO NOTHING", schema, keys
    ) == ("INSERT INTO t (id, name) VALUES ($1, $2) ON CONFLICT (id, lower(name)) DO NOTHING")

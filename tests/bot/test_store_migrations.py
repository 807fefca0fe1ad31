"""Migrations: the schema builds from zero and from every older version to the same result."""

from __future__ import annotations

import shutil

import aiosqlite
import pytest

from bot.store import MigrationError, SqliteStore, discover, open_store
from bot.store.migrate import split_statements

EXPECTED_TABLES = {
    "games",
    "seats",
    "actions",
    "snapshots",
    "guild_settings",
    "game_timers",
    "schema_version",
}


async def schema(path) -> dict[str, str]:
    async with (
        aiosqlite.connect(path) as conn,
        conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) as cur,
    ):
        return {name: sql for name, sql in await cur.fetchall()}


async def versions(path) -> list[int]:
    async with (
        aiosqlite.connect(path) as conn,
        conn.execute("SELECT version FROM schema_version ORDER BY version") as cur,
    ):
        return [r[0] for r in await cur.fetchall()]


async def test_schema_from_zero_has_every_table_and_records_every_version(tmp_path):
    store = await open_store(tmp_path / "fresh.db")
    await store.close()
    assert EXPECTED_TABLES <= set(await schema(tmp_path / "fresh.db"))
    assert await versions(tmp_path / "fresh.db") == [m.version for m in discover()]


async def test_schema_from_every_older_version_equals_schema_from_zero(tmp_path):
    fresh = tmp_path / "fresh.db"
    await (await open_store(fresh)).close()
    expected = await schema(fresh)
    known = [m.version for m in discover()]
    for older in [0, *known[:-1]]:
        path = tmp_path / f"from-{older}.db"
        if older:
            await (await SqliteStore.open(path, upto=older)).close()
            assert await versions(path) == [v for v in known if v <= older]
        await (await open_store(path)).close()  # upgrade to the newest
        assert await schema(path) == expected, f"upgrading from version {older}"
        assert await versions(path) == known


async def test_a_later_migration_applies_on_top_and_keeps_the_data(tmp_path, monkeypatch):
    folder = tmp_path / "migrations"
    shutil.copytree(discover()[0].path.parent, folder)
    db = tmp_path / "agora.db"
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


async def test_a_failing_migration_changes_nothing(tmp_path):
    folder = tmp_path / "migrations"
    shutil.copytree(discover()[0].path.parent, folder)
    db = tmp_path / "agora.db"
    await (await open_store(db, migrations=folder)).close()
    before = await schema(db), await versions(db)
    (folder / "0098_broken.sql").write_text(
        "CREATE TABLE half (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match="0098_broken.sql"):
        await open_store(db, migrations=folder)
    assert (await schema(db), await versions(db)) == before


async def test_a_database_newer_than_the_code_is_refused(tmp_path):
    db = tmp_path / "agora.db"
    await (await open_store(db)).close()
    async with aiosqlite.connect(db) as conn:
        await conn.execute("INSERT INTO schema_version VALUES (9999, 'future', 0)")
        await conn.commit()
    with pytest.raises(MigrationError, match="9999"):
        await open_store(db)


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


async def test_open_store_accepts_sqlite_urls_and_names_the_postgres_gap(tmp_path):
    store = await open_store(f"sqlite:///{tmp_path / 'url.db'}")
    await store.close()
    assert (tmp_path / "url.db").exists()
    with pytest.raises(Exception, match="PostgreSQL"):
        await open_store("postgresql://localhost/agora")

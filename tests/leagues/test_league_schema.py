"""Migration 0002 stands alone: it refers to games only by a text id, so it applies with or
without the core schema, and its unique indexes are what keep results single."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import aiosqlite
import pytest

from bot.store import migrate

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


async def test_0002_applies_without_the_core_schema(tmp_path):
    shutil.copy(MIGRATIONS / "0002_leagues.sql", tmp_path / "0002_leagues.sql")
    async with aiosqlite.connect(tmp_path / "alone.db", isolation_level=None) as conn:
        await conn.execute("PRAGMA foreign_keys = ON")
        assert await migrate(conn, time.time(), tmp_path) == [2]
        async with conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        ) as cursor:
            tables = {row[0] for row in await cursor.fetchall()}
    assert {
        "leagues",
        "league_members",
        "league_seasons",
        "league_matches",
        "league_seats",
        "league_steps",
        "league_ratings",
        "league_archive",
    } <= tables
    assert "games" not in tables


async def test_unique_indexes_refuse_a_second_copy(tmp_path):
    shutil.copy(MIGRATIONS / "0002_leagues.sql", tmp_path / "0002_leagues.sql")
    async with aiosqlite.connect(tmp_path / "alone.db", isolation_level=None) as conn:
        await migrate(conn, time.time(), tmp_path)
        await conn.execute(
            "INSERT INTO leagues (guild_id, channel_id, name, game, rating_model, created_by, created_at)"
            " VALUES ('g', 'c', 'Cup', 'athena', 'plackett_luce', 'o', 0)"
        )
        await conn.execute("INSERT INTO league_seasons (league_id, number, opened_at) VALUES (1, 1, 0)")
        insert = (
            "INSERT INTO league_matches (league_id, season_id, source, status, game_id, dedupe_key, channel_id,"
            " played_at, recorded_at) VALUES (1, 1, ?, ?, ?, ?, 'c', 0, 0)"
        )
        await conn.execute(insert, ("game", "accepted", "7", None))
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute(insert, ("game", "void", "7", None))  # a game is recorded once, ever
        await conn.execute(insert, ("report", "void", None, "k"))
        await conn.execute(insert, ("report", "pending", None, "k"))  # a voided report frees its key
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute(insert, ("report", "accepted", None, "k"))
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute("INSERT INTO league_seasons (league_id, number, opened_at) VALUES (1, 2, 0)")
        with pytest.raises(sqlite3.IntegrityError):  # names are unique per server, whatever the case
            await conn.execute(
                "INSERT INTO leagues (guild_id, channel_id, name, game, rating_model, created_by,"
                " created_at) VALUES ('g', 'd', 'CUP', 'mythic', 'plackett_luce', 'o', 0)"
            )

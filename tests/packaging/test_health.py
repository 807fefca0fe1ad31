"""`python -m bot health`, the Docker HEALTHCHECK: the database opens at the current schema and,
with a token, the running bot's gateway heartbeat is fresh (issue 12 §4)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.health import STALE_SECONDS, Heartbeat, check_database, check_gateway, health
from bot.settings import load_settings
from bot.store import open_store
from bot.store.migrate import discover

ROOT = Path(__file__).resolve().parents[2]


async def migrated(path: Path) -> Path:
    store = await open_store(path)
    await store.close()
    return path


async def test_the_database_check_needs_the_file_at_the_current_schema(tmp_path):
    missing = check_database(str(tmp_path / "none.db"))
    assert not missing.ok and "does not exist" in missing.detail
    assert not (tmp_path / "none.db").exists()  # a probe never creates a database
    db = await migrated(tmp_path / "agora.db")
    latest = discover()[-1].version
    ok = check_database(str(db))
    assert ok.ok and ok.line() == f"ok database: {db} (schema {latest})"
    assert check_database(f"sqlite:///{db}").ok
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM schema_version WHERE version = ?", (latest,))
    old = check_database(str(db))
    assert not old.ok and f"needs {latest}" in old.detail
    (tmp_path / "junk.db").write_text("not a database", encoding="utf-8")
    assert not check_database(str(tmp_path / "junk.db")).ok


def test_the_gateway_check_reads_the_heartbeat_only_with_a_token(tmp_path):
    beat = tmp_path / "beat"
    assert check_gateway(load_settings(env={"AGORA_HEARTBEAT": str(beat)}, dotenv=None)) is None
    settings = load_settings(env={"DISCORD_TOKEN": "t", "AGORA_HEARTBEAT": str(beat)}, dotenv=None)
    absent = check_gateway(settings)
    assert absent is not None and not absent.ok and "not connected" in absent.detail
    beat.write_text("1\n", encoding="utf-8")
    fresh = check_gateway(settings)
    assert fresh is not None and fresh.ok
    stale = check_gateway(settings, now=beat.stat().st_mtime + STALE_SECONDS + 1)
    assert stale is not None and not stale.ok and "connection lost" in stale.detail


async def test_health_is_zero_only_when_every_check_passes(tmp_path):
    db = await migrated(tmp_path / "agora.db")
    lines: list[str] = []
    local = load_settings(env={"AGORA_DB": str(db)}, dotenv=None)
    assert health(local, lines.append) == 0 and len(lines) == 1
    bot = load_settings(
        env={"AGORA_DB": str(db), "DISCORD_TOKEN": "t", "AGORA_HEARTBEAT": str(tmp_path / "b")}, dotenv=None
    )
    lines.clear()
    assert (
        health(bot, lines.append) == 1 and lines[0].startswith("ok database") and "FAIL gateway" in lines[1]
    )


class FakeSocket:
    open = True


class FakeClient:
    def __init__(self) -> None:
        self.ready, self.closed, self.ws = False, False, FakeSocket()

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return self.closed


def test_the_heartbeat_is_written_only_while_connected_and_removed_on_stop(tmp_path):
    client = FakeClient()
    beat = Heartbeat(client, tmp_path / "sub" / "beat")
    assert not beat.beat() and not beat.path.exists()
    client.ready = True
    assert beat.beat() and beat.path.exists()
    client.ws.open = False
    os.utime(beat.path, (0, 0))
    assert not beat.beat() and beat.path.stat().st_mtime == 0  # a dropped gateway lets it age
    beat.stop()
    assert not beat.path.exists()


class FakeShard:
    def __init__(self) -> None:
        self.closed = False

    def is_closed(self) -> bool:
        return self.closed


def test_a_sharded_bot_beats_while_every_shard_is_connected(tmp_path):
    client = FakeClient()  # discord.py's AutoShardedClient: no `ws`, a connection per shard
    client.ready, client.ws, client.shards = True, None, {0: FakeShard(), 1: FakeShard()}
    beat = Heartbeat(client, tmp_path / "beat")
    assert beat.beat()
    client.shards[1].closed = True
    assert not beat.beat()


def test_python_m_bot_health_reads_dotenv_and_exits_non_zero_when_unhealthy(tmp_path):
    (tmp_path / ".env").write_text(
        f"AGORA_DB={tmp_path / 'agora.db'}\nDISCORD_TOKEN=t\nAGORA_HEARTBEAT={tmp_path / 'beat'}\n",
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_"))}
    env["PYTHONPATH"] = str(ROOT)

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", "health"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    first = run()
    assert first.returncode == 1 and "FAIL database" in first.stdout and "FAIL gateway" in first.stdout
    import asyncio

    asyncio.run(migrated(tmp_path / "agora.db"))
    (tmp_path / "beat").write_text(f"{time.time():.0f}\n", encoding="utf-8")
    second = run()
    assert second.returncode == 0, second.stdout + second.stderr
    assert second.stdout.splitlines()[0].startswith("ok database") and "ok gateway" in second.stdout


def test_a_database_url_is_checked_through_the_store_without_showing_its_password(monkeypatch):
    import bot.store

    opened: list[str] = []

    class Store:
        async def close(self) -> None:
            opened.append("closed")

    async def works(url: str) -> Store:
        opened.append(url)
        return Store()

    async def refuses(url: str) -> Store:
        raise ConnectionRefusedError(f"cannot reach {url}")

    url = "postgresql://agora:s3cret@db.example:5432/agora"
    monkeypatch.setattr(bot.store, "open_store", works)
    ok = check_database(url)
    assert ok.ok and opened == [url, "closed"] and "s3cret" not in ok.line()
    monkeypatch.setattr(bot.store, "open_store", refuses)
    down = check_database(url)
    assert not down.ok and "ConnectionRefusedError" in down.detail and "s3cret" not in down.line()

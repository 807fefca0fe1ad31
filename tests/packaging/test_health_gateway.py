"""The heartbeat end to end: `python -m bot` with a token, connected to the fake Discord of
tests/discord, keeps a fresh heartbeat file, so `python -m bot health` passes; once the bot
stops, the file is gone and the check fails."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import fake_discord as _fakes  # tests/discord on the import path, its fixtures
import pytest

ROOT = Path(__file__).resolve().parents[2]
fake = _fakes.fake  # the module-scoped fake Discord fixture
pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_the_running_bot_keeps_the_health_check_green(fake, tmp_path):
    fake.world.add_guild("Olympus")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGORA_", "DISCORD_", "LOG_"))}
    env |= {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": fake.token,
        "AGORA_DB": str(tmp_path / "agora.db"),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    beat = tmp_path / "agora.db.heartbeat"  # beside the database by default
    log = tmp_path / "bot.log"

    def health() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot", "health"], cwd=tmp_path, env=env, capture_output=True, text=True
        )

    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        await fake.wait_for(lambda: beat.exists() or process.poll() is not None, timeout=30)
        assert process.poll() is None, log.read_text()
        result = await asyncio.to_thread(health)
        assert result.returncode == 0, result.stdout + log.read_text()
        assert "ok gateway: connected" in result.stdout
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(process.wait, 10)
    assert not beat.exists()
    result = await asyncio.to_thread(health)
    assert result.returncode == 1 and "FAIL gateway" in result.stdout

"""What an admin does: set DISCORD_TOKEN and run `python -m bot`. The real entry point, in its
own process, pointed at the fake Discord by DISCORD_API_BASE and DISCORD_GATEWAY_URL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tablehelp import Table

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = Path(__file__).resolve().parents[2]


async def test_python_m_bot_connects_registers_and_logs_each_guild(fake, tmp_path):
    guilds = [fake.world.add_guild(name) for name in ("Olympus", "Delos")]
    table = Table(fake, fake.world.add_channel(guilds[0], "agora"))
    reader = fake.world.add_user("Reader", locale="fr")
    env = os.environ | {
        "DISCORD_TOKEN": fake.token,
        "AGORA_DB": str(tmp_path / "agora.db"),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
    }
    log = tmp_path / "bot.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        await fake.wait_for(
            lambda: fake.gateway.sockets and fake.command_syncs or process.poll() is not None, timeout=30
        )
        assert process.poll() is None, log.read_text()
        await fake.wait_for(lambda: log.read_text().count("serving guild") == 2, timeout=10)
        rules = await table.slash(reader, "game rules")
        assert rules.public == [] and "athena" in rules.ephemeral_text and "Jeux" in rules.ephemeral_text
        game_id = next(c["id"] for c in fake.commands if c["name"] == "game")
        assert (
            f"</game rules:{game_id}>" in rules.ephemeral_text
        )  # a command mention, shown in each reader's language
    finally:
        process.send_signal(signal.SIGTERM)  # what `docker stop` sends
        await asyncio.to_thread(process.wait, 10)
    text = log.read_text()
    for guild in guilds:
        assert text.count(f"serving guild {guild.name!r}") == 1, text
    assert f"registered {len(fake.commands)} slash commands" in text and "Traceback" not in text
    assert process.returncode == 0, text
    assert {c["name"] for c in fake.commands} >= {"game", "play"}  # and /league with the leagues package

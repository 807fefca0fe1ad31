"""`/game rematch` pressed in two bot processes at once, through the fake Discord: two real
bot clients, each with its own store on one PostgreSQL database, each receiving one of the
two presses (as while a shard moves from a dead process to its successor, or a rematch
from a DM reaches shard 0). One rematch is made; the other player is told clearly, in their
own language, that the channel has its game, never "Something went wrong"."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import fake_discord as _fakes  # noqa: E402
from discord_harness import start_process  # noqa: E402
from pg_server import fresh_database  # noqa: E402
from tablehelp import Table  # noqa: E402

from engine.i18n import t  # noqa: E402

fake = _fakes.fake
pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_rematch_pressed_in_two_bot_processes_makes_one_game_and_a_clear_answer(fake, pg_server):
    db = await fresh_database(pg_server, "rematch_two_bots")
    guild = fake.world.add_guild("Argos")
    table = Table(fake, fake.world.add_channel(guild, "agora"))
    alice, bob = fake.world.add_user("Alice"), fake.world.add_user("Bruno", locale="fr")
    processes = [await start_process(fake, db)]
    processes.append(await start_process(fake, db))
    try:
        await fake.wait_for(lambda: len(fake.gateway.sockets) == 2)
        await table.slash(alice, "game new", game="athena", scenario="initiation")
        await table.slash(bob, "game join")
        await table.slash(alice, "game start")
        await table.slash(alice, "game resign")
        store = processes[0].store
        (finished,) = await store.games()
        assert finished.status != "running"

        presses = await asyncio.gather(
            *(
                fake.slash(user, table.channel, "game rematch", via=ws)
                for user, ws in zip((alice, bob), list(fake.gateway.sockets), strict=True)
            )
        )
        for inter in presses:
            await asyncio.wait_for(inter.resolved.wait(), 15)
        await fake.settle()

        running = await store.games(status="running")
        assert len(running) == 1 and running[0].id != finished.id
        made = [i for i in presses if i.public]
        refused = [i for i in presses if not i.public]
        assert len(made) == 1 and len(refused) == 1, [(i.user.name, i.ephemeral_text) for i in presses]
        loser = refused[0]
        locale = "fr" if loser.user is bob else "en"
        busy = t("bot.err.channel_busy", locale, game="x", id=0, status="y").split("x")[0]
        assert loser.ephemeral_text.startswith(busy), loser.ephemeral_text
        assert f"{running[0].id}" in loser.ephemeral_text
        assert t("bot.err.internal", locale) not in loser.ephemeral_text
    finally:
        for process in processes:
            await process.stop()

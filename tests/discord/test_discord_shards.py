"""The fake Discord's gateway is sharded as Discord's is: each connection names its shard at
IDENTIFY and gets only its own guilds and their events; DMs go to shard 0; an event whose
shard has no connection reaches nobody. Two real sharded bots on one database each answer
their own guild's commands, once."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from discord_harness import OPEN_STORES, RUNNING, stop_bot
from fakediscord.gateway import shard_of

from bot.discord.endpoints import point_at
from bot.discord.shards import ShardedAgoraBot, make_bot
from bot.service import TableService
from bot.store import open_store

pytestmark = pytest.mark.asyncio(loop_scope="module")


class Connection:
    """A bare gateway client: identifies with a shard and collects what it is sent."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[tuple[str, dict]] = []

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, fake, shard: list[int] | None) -> Connection:
        conn = cls(await session.ws_connect(fake.gateway_url))
        identify = {"token": fake.token, "intents": 0, "properties": {}}
        if shard is not None:
            identify["shard"] = shard
        await conn.ws.send_str(json.dumps({"op": 2, "d": identify}))
        await conn.read_until(lambda: any(e == "READY" for e, _ in conn.events))
        await asyncio.sleep(0.05)
        await conn.drain()
        return conn

    async def drain(self) -> None:
        while True:
            try:
                msg = await self.ws.receive(timeout=0.05)
            except TimeoutError:
                return
            self._keep(msg)

    async def read_until(self, done, timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while not done():
                self._keep(await self.ws.receive())

    def _keep(self, msg: aiohttp.WSMessage) -> None:
        if msg.type == aiohttp.WSMsgType.TEXT:
            frame = json.loads(msg.data)
            if frame.get("op") == 0:
                self.events.append((frame["t"], frame["d"]))

    def named(self, event: str) -> list[dict]:
        return [d for e, d in self.events if e == event]


async def test_each_connection_gets_its_shards_guilds_and_their_events_only(fake):
    guilds = [fake.world.add_guild(f"Shard {n}", shard=(n, 2)) for n in (0, 1, 0, 1)]
    assert [shard_of(g.id, 2) for g in guilds] == [0, 1, 0, 1]
    async with aiohttp.ClientSession() as session:
        conns = [await Connection.open(session, fake, [n, 2]) for n in (0, 1)]
        for n, conn in enumerate(conns):
            ready = conn.named("READY")[0]
            assert ready["shard"] == [n, 2]
            mine = {g.id for g in fake.world.guilds.values() if shard_of(g.id, 2) == n}
            assert {g["id"] for g in ready["guilds"]} == mine
            assert {g["id"] for g in conn.named("GUILD_CREATE")} == mine
            conn.events.clear()

        for n, guild in enumerate(guilds):
            await fake.gateway.dispatch("INTERACTION_CREATE", {"id": str(n), "guild_id": guild.id})
        await fake.gateway.dispatch("INTERACTION_CREATE", {"id": "dm"})  # no guild: shard 0
        for conn in conns:
            await conn.drain()
        assert [d["id"] for d in conns[0].named("INTERACTION_CREATE")] == ["0", "2", "dm"]
        assert [d["id"] for d in conns[1].named("INTERACTION_CREATE")] == ["1", "3"]

        await conns[1].ws.close()  # shard 1's process is gone: its guild's events reach nobody
        await fake.wait_for(lambda: len(fake.gateway.sockets) == 1)
        await fake.gateway.dispatch("INTERACTION_CREATE", {"id": "lost", "guild_id": guilds[1].id})
        await fake.gateway.dispatch("INTERACTION_CREATE", {"id": "kept", "guild_id": guilds[0].id})
        await conns[0].drain()
        assert [d["id"] for d in conns[0].named("INTERACTION_CREATE")][-1] == "kept"
        assert [d["id"] for _, d in fake.gateway.dropped] == ["lost"]
        await conns[0].ws.close()
        await fake.wait_for(lambda: not fake.gateway.sockets)


async def test_an_unsharded_connection_gets_every_guild(fake):
    async with aiohttp.ClientSession() as session:
        conn = await Connection.open(session, fake, None)
        assert conn.named("READY")[0]["shard"] == [0, 1]
        guild = fake.world.add_guild("Any", shard=(1, 2))
        await fake.gateway.dispatch("INTERACTION_CREATE", {"id": "x", "guild_id": guild.id})
        await conn.drain()
        assert [d["id"] for d in conn.named("INTERACTION_CREATE")] == ["x"]
        await conn.ws.close()
        await fake.wait_for(lambda: not fake.gateway.sockets)


async def start_sharded(fake, db, shard: int) -> ShardedAgoraBot:
    point_at(fake.api_base, fake.gateway_url)
    store = await open_store(db)
    OPEN_STORES.append(store)
    settings = {"agora_shard_count": 2, "agora_shard_ids": str(shard)}
    bot = make_bot(TableService(store), settings, guild_ready_timeout=0.05, tick_seconds=None)
    bot.runner_task = asyncio.create_task(bot.start(fake.token))  # type: ignore[attr-defined]
    RUNNING.append(bot)
    async with asyncio.timeout(10):
        while not bot.is_ready():
            if bot.runner_task.done():  # type: ignore[attr-defined]
                bot.runner_task.result()  # type: ignore[attr-defined]
            await asyncio.sleep(0.02)
    return bot


async def test_two_sharded_bots_each_answer_their_own_guilds_commands_once(fake, tmp_path):
    guilds = [fake.world.add_guild(f"Table {n}", shard=(n, 2)) for n in (0, 1)]
    channels = [fake.world.add_channel(g, "agora") for g in guilds]
    alice = fake.world.add_user("alice")
    bots = [await start_sharded(fake, tmp_path / "agora.db", n) for n in (0, 1)]
    try:
        await fake.wait_for(lambda: fake.command_syncs and len(fake.gateway.sockets) == 2)
        for n, bot in enumerate(bots):
            assert guilds[n].id in {str(g.id) for g in bot.guilds}
            assert guilds[1 - n].id not in {str(g.id) for g in bot.guilds}
        asked = [await fake.slash(alice, ch, "game status") for ch in channels]
        for inter in asked:
            await asyncio.wait_for(inter.resolved.wait(), 10)
        await fake.settle()
        for inter in asked:  # answered once: a second answer would be a recorded failure
            assert inter.ack_type is not None and inter.messages
        assert not fake.all_failures
    finally:
        for bot in bots:
            await stop_bot(bot)

"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, and dispatch.

Sharded as Discord is: a connection names its shard at IDENTIFY (`shard: [id, count]`,
none for an unsharded bot: [0, 1]); it is told its shard in READY, gets only its own
guilds, and receives only their events: a guild's events go to the connection of shard
(guild_id >> 22) % count, events without a guild (DMs) to shard 0. An event whose shard
has no connection (its process is down) reaches nobody and is kept in `dropped`, as
Discord's user would then read "the application did not respond".

Frames are sent as uncompressed text, which discord.py accepts even when it asked for
zlib-stream compression.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from fakediscord.rest import dumps  # json.dumps, its encoder made once

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, HELLO, HEARTBEAT_ACK, INVALID_SESSION = 0, 1, 2, 6, 10, 11, 9


def shard_of(guild_id: str | int | None, count: int) -> int:
    """Discord's rule: a guild's shard; DMs (no guild) are shard 0's."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % count


class Gateway:
    def __init__(
        self, token: str, ready: Callable[[], dict[str, Any]], guilds: Callable[[], list[dict[str, Any]]]
    ):
        self.token = token
        self._ready = ready
        self._guilds = guilds
        self.sockets: list[web.WebSocketResponse] = []
        self.shards: dict[web.WebSocketResponse, tuple[int, int]] = {}  # connection -> (id, count)
        self.sequence = 0
        self.identified = asyncio.Event()
        self.identify_count = 0
        self.failures: list[str] = []
        self.dropped: list[tuple[str, dict[str, Any]]] = []  # events whose shard was not connected

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": 30_000}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._on_frame(ws, json.loads(msg.data))
        finally:
            if ws in self.sockets:
                self.sockets.remove(ws)
            self.shards.pop(ws, None)
        return ws

    def owner(self, guild_id: str | int | None) -> web.WebSocketResponse | None:
        """The connection serving this guild's shard (the latest to identify for it)."""
        for ws in reversed(self.sockets):
            shard, count = self.shards.get(ws, (0, 1))
            if shard_of(guild_id, count) == shard:
                return ws
        return None

    def _mine(self, ws: web.WebSocketResponse, guild_id: str) -> bool:
        shard, count = self.shards.get(ws, (0, 1))
        return shard_of(guild_id, count) == shard

    async def _on_frame(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        if op == HEARTBEAT:
            await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
        elif op == IDENTIFY:
            if frame["d"].get("token") != self.token:
                self.failures.append("IDENTIFY with a wrong token")
                await ws.close(code=4004)
                return
            shard = frame["d"].get("shard") or [0, 1]
            shard_id, count = int(shard[0]), int(shard[1])
            if not 0 <= shard_id < count:
                self.failures.append(f"IDENTIFY with an invalid shard {shard}")
                await ws.close(code=4010)
                return
            self.identify_count += 1
            self.shards[ws] = (shard_id, count)
            self.sockets.append(ws)
            ready = self._ready() | {"session_id": uuid.uuid4().hex, "shard": [shard_id, count]}
            ready["guilds"] = [g for g in ready.get("guilds", []) if self._mine(ws, g["id"])]
            await self._send(ws, "READY", ready)
            for guild in self._guilds():
                if self._mine(ws, guild["id"]):
                    await self._send(ws, "GUILD_CREATE", guild)
            self.identified.set()
        elif op == RESUME:
            # Sessions are not kept: ask for a fresh IDENTIFY, as Discord does for a stale session.
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await ws.send_str(dumps({"op": DISPATCH, "t": event, "s": self.sequence, "d": data}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the connection owning its guild's shard."""
        if not self.sockets:
            raise AssertionError(f"no bot is connected to receive {event}")
        ws = self.owner(data.get("guild_id"))
        if ws is None or ws.closed:
            self.dropped.append((event, data))
            return
        try:
            await self._send(ws, event, data)
        except ConnectionError:  # the connection's process died just now: lost with it
            self.dropped.append((event, data))

"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, and dispatch.

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

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, HELLO, HEARTBEAT_ACK, INVALID_SESSION = 0, 1, 2, 6, 10, 11, 9


class Gateway:
    def __init__(
        self, token: str, ready: Callable[[], dict[str, Any]], guilds: Callable[[], list[dict[str, Any]]]
    ):
        self.token = token
        self._ready = ready
        self._guilds = guilds
        self.sockets: list[web.WebSocketResponse] = []
        self.sequence = 0
        self.identified = asyncio.Event()
        self.identify_count = 0
        self.failures: list[str] = []

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
        return ws

    async def _on_frame(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        if op == HEARTBEAT:
            await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
        elif op == IDENTIFY:
            if frame["d"].get("token") != self.token:
                self.failures.append("IDENTIFY with a wrong token")
                await ws.close(code=4004)
                return
            self.identify_count += 1
            self.sockets.append(ws)
            ready = self._ready() | {"session_id": uuid.uuid4().hex}
            await self._send(ws, "READY", ready)
            for guild in self._guilds():
                await self._send(ws, "GUILD_CREATE", guild)
            self.identified.set()
        elif op == RESUME:
            # Sessions are not kept: ask for a fresh IDENTIFY, as Discord does for a stale session.
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await ws.send_str(json.dumps({"op": DISPATCH, "t": event, "s": self.sequence, "d": data}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if not self.sockets:
            raise AssertionError(f"no bot is connected to receive {event}")
        for ws in list(self.sockets):
            await self._send(ws, event, data)

"""A fake Discord on 127.0.0.1 that the real discord.py client logs into (ARCHITECTURE §7).

It serves the REST routes the bot uses and a gateway, keeps every message, and lets tests act
as Discord users: run slash commands, ask for autocomplete, click buttons. Any route it does
not know, any malformed command registration, any late or double acknowledgement is
recorded in `failures`, which the test fixtures assert empty. Like Discord, it refuses a
callback that comes more than 3 seconds after the interaction (error 10062), and like Discord
it honours a message's `nonce` with `enforce_nonce` (which discord.py always sends): a second
message with a nonce the bot (the same author) used in the last few minutes is not posted, the
first one is returned instead (404 if it was deleted since).
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from fakediscord import httpserver
from fakediscord import interactions as ix
from fakediscord.commands import CommandError, invocation_data, validate_commands
from fakediscord.gateway import Gateway
from fakediscord.httpserver import Reply
from fakediscord.rest import Body, error, json_response, read_body
from fakediscord.world import Channel, Message, User, World, snowflake

API = "/api/v10"
NONCE_WINDOW = 180.0  # Discord dedupes enforced nonces over "the past few minutes"
NONCE_LENGTH = 25
MAX_BODY = 32 * 1024 * 1024  # bytes of a request body
POLL = 0.05  # seconds: how often wait_for re-checks predicates when no request comes
Handler = Callable[..., Awaitable[Reply]]


class FakeDiscord:
    def __init__(self, token: str = "fake-token") -> None:
        self.token = token
        self.world = World()
        self.commands: list[dict[str, Any]] = []
        self.command_syncs = 0
        self.interactions: dict[str, ix.Interaction] = {}
        self._by_token: dict[str, ix.Interaction] = {}  # an index of `interactions` (see below)
        self.failures: list[str] = []
        self.requests: list[tuple[str, str]] = []
        self.in_flight = 0
        self.last_request = time.monotonic()
        # wait_for's waiters: (predicate, future), checked after every request (see wait_for)
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        self._ticker: asyncio.TimerHandle | None = None
        self.nonces: dict[str, tuple[Message, float]] = {}  # the bot's nonce -> its first message
        self.nonce_hits = 0  # messages not posted twice thanks to their nonce
        self.gateway = Gateway(token, self._ready_payload, self._guild_payloads)
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._add_routes()
        self._runner: web.AppRunner | None = None
        self._rest: asyncio.Server | None = None
        self._connections: set[httpserver.HTTPProtocol] = set()
        self.port = 0  # the REST API's
        self.gateway_port = 0

    # ---- life cycle -------------------------------------------------------------------

    async def start(self) -> None:
        # The REST API on the fake's own HTTP server (httpserver.py: aiohttp's cost a fifth of
        # the fake's CPU), the gateway's websocket on aiohttp, on a port of its own (which
        # serves the REST routes too, as the one port used to).
        self._rest, self._connections = await httpserver.serve(self._serve, "127.0.0.1", MAX_BODY)
        self.port = self._rest.sockets[0].getsockname()[1]
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self._serve_aiohttp)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.gateway_port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self.gateway.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._rest is not None:
            self._rest.close()
            for connection in list(self._connections):
                connection.close()
            await self._rest.wait_closed()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.gateway_port}/gateway"

    @property
    def all_failures(self) -> list[str]:
        return self.failures + self.gateway.failures

    # ---- routing ----------------------------------------------------------------------

    def _route(self, method: str, pattern: str, handler: Handler) -> None:
        regex = re.compile("^" + API + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "$")
        self._routes.append((method, regex, handler))

    def _add_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self._get_me)
        r("GET", "/oauth2/applications/@me", self._get_application)
        r("GET", "/applications/{app}/commands", self._get_commands)
        r("PUT", "/applications/{app}/commands", self._put_commands)
        r("POST", "/interactions/{iid}/{token}/callback", self._callback)
        r("POST", "/webhooks/{app}/{token}", self._followup)
        r("GET", "/webhooks/{app}/{token}/messages/{mid}", self._get_webhook_message)
        r("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self._edit_webhook_message)
        r("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self._delete_webhook_message)
        r("POST", "/users/@me/channels", self._open_dm)
        r("GET", "/users/{uid}", self._get_user)
        r("GET", "/channels/{cid}", self._get_channel)
        r("POST", "/channels/{cid}/messages", self._post_message)
        r("PATCH", "/channels/{cid}/messages/{mid}", self._edit_channel_message)

    async def _serve(self, request: web.Request) -> Reply:
        self.in_flight += 1
        self.requests.append((request.method, request.path))
        try:
            for method, regex, handler in self._routes:  # the method first: cheaper than the regex
                if method == request.method and (match := regex.match(request.path)):
                    if not self._authorized(request, match.groupdict()):
                        self.failures.append(f"unauthorized {request.method} {request.path}")
                        return error(401, 0, "401: Unauthorized")
                    response = await handler(request, **match.groupdict())
                    break
            else:
                self.failures.append(f"unknown route {request.method} {request.path}")
                response = error(404, 0, "404: Not Found")
        except CommandError as exc:
            self.failures.append(str(exc))
            response = error(400, 50035, f"Invalid Form Body: {exc}")
        finally:
            self.in_flight -= 1
            self.last_request = time.monotonic()
        self._check_waiters()
        return response

    async def _serve_aiohttp(self, request: web.Request) -> web.Response:
        return (await self._serve(request)).response()

    def _authorized(self, request: web.Request, params: dict[str, str]) -> bool:
        if "token" in params:  # interaction and webhook routes authenticate by their token
            return True
        return request.headers.get("Authorization") == f"Bot {self.token}"

    # ---- identity and commands --------------------------------------------------------

    def _ready_payload(self) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self.world.bot.payload(),
            "guilds": [{"id": g.id, "unavailable": True} for g in self.world.guilds.values()],
            "resume_gateway_url": self.gateway_url,
            "application": {"id": self.world.application_id, "flags": 0},
            "private_channels": [],
        }

    def _guild_payloads(self) -> list[dict[str, Any]]:
        members = [self.world.bot, *self.world.users.values()]
        return [g.payload(members) for g in self.world.guilds.values()]

    async def _get_me(self, request: web.Request) -> Reply:
        return json_response(self.world.bot.payload())

    async def _get_application(self, request: web.Request) -> Reply:
        return json_response(
            {
                "id": self.world.application_id,
                "name": "Agora",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.world.bot.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "team": None,
                "rpc_origins": [],
                "interactions_endpoint_url": None,
            }
        )

    async def _get_commands(self, request: web.Request, app: str) -> Reply:
        return json_response(self.commands)

    async def _put_commands(self, request: web.Request, app: str) -> Reply:
        commands = await request.json()
        validate_commands(commands)
        known = {c["name"]: c["id"] for c in self.commands}
        self.commands = [
            c | {"id": known.get(c["name"], snowflake()), "application_id": app, "version": snowflake()}
            for c in commands
        ]
        self.command_syncs += 1
        return json_response(self.commands)

    # ---- users, channels, messages ----------------------------------------------------

    async def _get_user(self, request: web.Request, uid: str) -> Reply:
        user = self.world.users.get(uid)
        return json_response(user.payload()) if user else error(404, 10013, "Unknown User")

    async def _get_channel(self, request: web.Request, cid: str) -> Reply:
        channel = self.world.channels.get(cid)
        return json_response(channel.payload()) if channel else error(404, 10003, "Unknown Channel")

    async def _open_dm(self, request: web.Request) -> Reply:
        user = self.world.users.get(str((await request.json())["recipient_id"]))
        if user is None:
            return error(400, 50035, "Invalid Form Body")
        return json_response(self.world.dm_channel(user).payload())

    def _message_from(self, body: Body, channel: Channel) -> Message:
        payload = body.payload
        self._check_message(payload, body.files)
        return Message(
            id=snowflake(),
            channel_id=channel.id,
            author=self.world.bot,
            content=payload.get("content") or "",
            files=dict(body.files),
            components=payload.get("components") or [],
            embeds=payload.get("embeds") or [],
            allowed_mentions=payload.get("allowed_mentions"),
            ephemeral=bool((payload.get("flags") or 0) & 64),
        )

    def _check_message(self, payload: dict[str, Any], files: dict[str, bytes]) -> None:
        content = payload.get("content") or ""
        if len(content) > 2000:
            self.failures.append(f"message content of {len(content)} characters (max 2000)")
        for name, blob in files.items():
            if len(blob) > 8 * 1024 * 1024:
                self.failures.append(f"file {name} of {len(blob)} bytes")
        for row in payload.get("components") or []:
            buttons = row.get("components", [])
            if len(buttons) > 5:
                self.failures.append(f"action row with {len(buttons)} components (max 5)")
            for button in buttons:
                if len(button.get("custom_id", "")) > 100 or len(button.get("label", "")) > 80:
                    self.failures.append(f"button too long: {button}")

    async def _post_message(self, request: web.Request, cid: str) -> Reply:
        channel = self.world.channels.get(cid)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        body = await read_body(request)
        if channel.recipient is not None and channel.recipient.refuses_dms:
            return error(403, 50007, "Cannot send messages to this user")
        if not channel.bot_can_post:
            return error(403, 50013, "Missing Permissions")
        once = body.payload.get("nonce")
        if once is not None and body.payload.get("enforce_nonce"):
            once = str(once)
            if len(once) > NONCE_LENGTH:
                self.failures.append(f"nonce {once!r} longer than {NONCE_LENGTH} characters")
                return error(400, 50035, "Invalid Form Body")
            earlier = self.nonces.get(once)
            if earlier is not None and time.monotonic() - earlier[1] < NONCE_WINDOW:
                self.nonce_hits += 1
                if earlier[0].deleted:
                    return error(404, 10008, "Unknown Message")
                return json_response(earlier[0].payload(channel.guild_id))
        else:
            once = None
        message = self._message_from(body, channel)
        message.nonce = once
        self.world.post(channel, message)
        if once is not None:
            self.nonces[once] = (message, time.monotonic())
        return json_response(message.payload(channel.guild_id))

    async def _edit_channel_message(self, request: web.Request, cid: str, mid: str) -> Reply:
        message = self.world.messages.get(mid)
        if message is None or message.channel_id != cid:
            return error(404, 10008, "Unknown Message")
        self._apply_edit(message, await read_body(request))
        return json_response(message.payload(self.world.channels[cid].guild_id))

    @staticmethod
    def _apply_edit(message: Message, body: Body) -> None:
        payload = body.payload
        if "content" in payload:
            message.content = payload["content"] or ""
        if "components" in payload:
            message.components = payload["components"] or []
        if "embeds" in payload:
            message.embeds = payload["embeds"] or []
        if "attachments" in payload or body.files:
            message.files = dict(body.files)
        if "allowed_mentions" in payload:
            message.allowed_mentions = payload["allowed_mentions"]
        message.loading = False

    # ---- interaction callbacks and webhooks ------------------------------------------

    def _interaction_by_token(self, token: str) -> ix.Interaction | None:
        # from the index, when it still says what `interactions` says: a scan of all of them
        # on every webhook call was a twentieth of the fake's CPU in bench/discord.py
        inter = self._by_token.get(token)
        if inter is not None and inter.token == token and self.interactions.get(inter.id) is inter:
            return inter
        return next((i for i in self.interactions.values() if i.token == token), None)

    async def _callback(self, request: web.Request, iid: str, token: str) -> Reply:
        inter = self.interactions.get(iid)
        if inter is None or inter.token != token:
            return error(404, 10062, "Unknown interaction")
        received_at = time.monotonic()  # before reading an uploaded image: the bot answered now
        body = await read_body(request)
        kind, data = body.payload["type"], body.payload.get("data") or {}
        deliberately_expired = inter.expired
        refusal = inter.acknowledge(kind, received_at)
        if inter.expired:
            if not deliberately_expired:
                self.failures.append(f"interaction {iid} answered after {received_at - inter.sent_at:.2f}s")
            return error(404, 10062, refusal or "Unknown interaction")
        if refusal is not None:
            self.failures.append(f"interaction {iid}: {refusal}")
            return error(400, 40060, refusal)
        resource: dict[str, Any] = {"type": kind}
        channel = inter.channel
        if kind == ix.AUTOCOMPLETE_RESULT:
            inter.choices = data.get("choices", [])
            if len(inter.choices) > 25:
                self.failures.append(f"autocomplete with {len(inter.choices)} choices")
        elif kind in (ix.MESSAGE, ix.DEFERRED_MESSAGE):
            message = self._message_from(Body(data, body.files), channel)
            message.interaction_id, message.loading = iid, kind == ix.DEFERRED_MESSAGE
            inter.original = self.world.post(channel, message)
            resource["message"] = message.payload(channel.guild_id)
        elif kind == ix.UPDATE_MESSAGE and inter.source is not None:
            self._apply_edit(inter.source, Body(data, body.files))
            resource["message"] = inter.source.payload(channel.guild_id)
        original = inter.original or inter.source
        return json_response(
            {
                "interaction": {
                    "id": iid,
                    "type": inter.kind,
                    "response_message_id": original.id if original else None,
                    "response_message_loading": kind == ix.DEFERRED_MESSAGE,
                    "response_message_ephemeral": bool(inter.original and inter.original.ephemeral),
                },
                "resource": resource,
            }
        )

    async def _followup(self, request: web.Request, app: str, token: str) -> Reply:
        inter = self._interaction_by_token(token)
        if inter is None or app != self.world.application_id:
            return error(404, 10015, "Unknown Webhook")
        if inter.ack_type is None:
            if not inter.expired:
                self.failures.append(f"follow-up before the interaction {inter.id} was acknowledged")
            return error(404, 10015, "Unknown Webhook")
        body = await read_body(request)
        channel = inter.channel
        if inter.original is not None and inter.original.loading and not inter.original.deleted:
            # The first follow-up after a deferred answer replaces it, ephemeral or not.
            self._apply_edit(inter.original, body)
            inter.resolved.set()
            return json_response(inter.original.payload(channel.guild_id))
        message = self._message_from(body, channel)
        message.interaction_id = inter.id
        inter.followups.append(self.world.post(channel, message))
        return json_response(message.payload(channel.guild_id))

    def _webhook_message(self, token: str, mid: str) -> tuple[ix.Interaction | None, Message | None]:
        inter = self._interaction_by_token(token)
        if inter is None:
            return None, None
        if mid == "@original":
            return inter, inter.original or inter.source
        return inter, next((m for m in inter.followups if m.id == mid), None)

    async def _get_webhook_message(self, request: web.Request, app: str, token: str, mid: str) -> Reply:
        inter, message = self._webhook_message(token, mid)
        if inter is None or message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        return json_response(message.payload(inter.channel.guild_id))

    async def _edit_webhook_message(self, request: web.Request, app: str, token: str, mid: str) -> Reply:
        inter, message = self._webhook_message(token, mid)
        if inter is None or message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        self._apply_edit(message, await read_body(request))
        if mid == "@original":
            inter.resolved.set()
        return json_response(message.payload(inter.channel.guild_id))

    async def _delete_webhook_message(self, request: web.Request, app: str, token: str, mid: str) -> Reply:
        inter, message = self._webhook_message(token, mid)
        if inter is None or message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        message.deleted = True
        if mid == "@original":
            inter.resolved.set()
        return Reply(204, None)

    # ---- acting as users --------------------------------------------------------------

    def _interaction_payload(
        self, kind: int, user: User, channel: Channel, data: dict[str, Any]
    ) -> dict[str, Any]:
        guild = self.world.guild_of(channel)
        payload: dict[str, Any] = {
            "id": snowflake(),
            "application_id": self.world.application_id,
            "type": kind,
            "token": uuid.uuid4().hex,
            "version": 1,
            "data": data,
            "channel_id": channel.id,
            "channel": channel.payload(),
            "locale": user.locale,
            "app_permissions": str((1 << 53) - 1),
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
        }
        if guild is not None:
            payload |= {
                "guild_id": guild.id,
                "guild_locale": "en-US",
                "member": user.member_payload(guild),
                "context": 0,
                "authorizing_integration_owners": {"0": guild.id},
            }
        else:
            payload |= {
                "user": user.payload(),
                "context": 1,
                "authorizing_integration_owners": {"0": user.id},
            }
        return payload

    async def _send(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None = None,
        expire: bool = False,
        via: Any = None,
    ) -> ix.Interaction:
        payload = self._interaction_payload(kind, user, channel, data)
        if source is not None:
            payload["message"] = source.payload(channel.guild_id)
        inter = ix.Interaction(payload["id"], payload["token"], kind, user, channel, payload, source=source)
        inter.expired = expire
        self.interactions[inter.id] = inter
        self._by_token[inter.token] = inter
        if via is None:
            await self.gateway.dispatch("INTERACTION_CREATE", payload)
        else:  # a test's choice of connection (as while a shard moves from a dead process)
            await self.gateway._send(via, "INTERACTION_CREATE", payload)
        return inter

    async def slash(
        self, user: User, channel: Channel, path: str, *, expire: bool = False, via: Any = None, **values: Any
    ) -> ix.Interaction:
        """`/path option:value ...` as `user` typed it in `channel`; returns once dispatched.
        With `expire`, Discord has given up on it before the bot answers (error 10062); with
        `via` (one of `gateway.sockets`), that connection receives it whatever its shard."""
        data = invocation_data(self.commands, path, values)
        return await self._send(ix.APPLICATION_COMMAND, user, channel, data, expire=expire, via=via)

    async def autocomplete(
        self, user: User, channel: Channel, path: str, focused: str, **values: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while `user` types the `focused` option."""
        data = invocation_data(self.commands, path, values, focused=focused)
        inter = await self._send(ix.AUTOCOMPLETE, user, channel, data)
        async with asyncio.timeout(ix.ACK_DEADLINE):  # a timeout scope: no task made per call
            await inter.acked.wait()
        return inter.choices or []

    async def click(self, user: User, message: Message, custom_id: str) -> ix.Interaction:
        if custom_id not in message.custom_ids:
            raise AssertionError(f"{custom_id!r} is not a button of message {message.id}")
        channel = self.world.channels[message.channel_id]
        return await self._send(
            ix.COMPONENT, user, channel, {"custom_id": custom_id, "component_type": 2}, message
        )

    # ---- waiting ----------------------------------------------------------------------

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until `predicate()` is truthy (re-checked after every request the bot makes, and
        every 50 ms for what changes without one: time, the gateway, files)."""
        value = predicate()
        if value:
            return value
        # The predicates are checked where the change happens (after each request, and by one
        # shared 50 ms ticker), and only a waiter whose predicate holds is woken: waking every
        # waiter on every request to re-check its own predicate was a sixth of the fake's CPU.
        entry = (predicate, asyncio.get_running_loop().create_future())
        self._waiters.append(entry)
        if self._ticker is None:
            self._ticker = asyncio.get_running_loop().call_later(POLL, self._tick)
        try:
            async with asyncio.timeout(timeout):
                return await entry[1]
        finally:
            self._waiters.remove(entry)
            if not self._waiters and self._ticker is not None:  # no ticking between waits
                self._ticker.cancel()
                self._ticker = None

    def _check_waiters(self) -> None:
        for predicate, future in list(self._waiters):
            if future.done():
                continue
            try:
                value = predicate()
            except Exception as exc:  # raised in the waiter, as if it had checked it itself
                future.set_exception(exc)
                continue
            if value:
                future.set_result(value)

    def _tick(self) -> None:
        self._ticker = None
        self._check_waiters()
        if self._waiters:
            self._ticker = asyncio.get_running_loop().call_later(POLL, self._tick)

    async def settle(self, quiet: float = 0.1, timeout: float = 10.0) -> None:
        """Wait until the bot has made no request for `quiet` seconds."""

        def calm() -> bool:
            return self.in_flight == 0 and time.monotonic() - self.last_request >= quiet

        await self.wait_for(calm, timeout)

"""The fake Discord's REST server: HTTP/1.1 on a bare asyncio protocol.

aiohttp's server (its parser feeding a stream reader, request and response objects, router,
writer, a task per request) cost about 140 microseconds of CPU per request more than this
one (an aiohttp client posting small JSON bodies: 245 against 103), some 0.8 ms per move of
the fake in bench/discord.py, which shares the machine with the bot it measures. This one
reads what discord.py's aiohttp client sends (keep-alive connections, Content-Length or
chunked bodies) into the small request interface the routes use (`method`, `path`,
`headers.get`, `read`, `json`, `can_read_body`) and writes back the bytes aiohttp's server
wrote for the same `web.Response`: its status line, headers, Content-Length, Date and
Server, `Connection: close` when it closes. Errors are aiohttp's too: 400 for a request it
cannot parse, 413 for a body over the size limit (raised by `read`, as aiohttp does), 500
for a route that raised.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from email.utils import formatdate
from http import HTTPStatus
from typing import Any
from urllib.parse import unquote

from aiohttp import web
from aiohttp.http import SERVER_SOFTWARE

log = logging.getLogger("fakediscord.http")
MAX_HEAD = 64 * 1024  # bytes of request line and headers
_date = [0, ""]


def http_date() -> str:
    """The Date header, formatted once a second (as aiohttp does)."""
    now = int(time.time())
    if now != _date[0]:
        _date[:] = [now, formatdate(now, usegmt=True)]
    return _date[1]


class Headers(dict[str, str]):
    """Request headers by lower-cased name, the first of repeated ones (as CIMultiDict.get)."""

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        return dict.get(self, name.lower(), default)

    def __getitem__(self, name: str) -> str:
        return dict.__getitem__(self, name.lower())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and dict.__contains__(self, name.lower())


class Request:
    """A request read in full: what the fake's routes use of aiohttp's `web.Request`."""

    __slots__ = ("method", "path", "version", "headers", "body", "max_body")

    def __init__(
        self, method: str, path: str, version: str, headers: Headers, body: bytes, max_body: int
    ) -> None:
        self.method, self.path, self.version = method, path, version
        self.headers, self.body, self.max_body = headers, body, max_body

    @property
    def can_read_body(self) -> bool:
        return bool(self.body)

    async def read(self) -> bytes:
        if len(self.body) > self.max_body:
            raise web.HTTPRequestEntityTooLarge(max_size=self.max_body, actual_size=len(self.body))
        return self.body

    async def json(self) -> Any:
        return json.loads(await self.read())


class BadRequest(Exception):
    pass


class Reply:
    """A response as the fake's routes make them: a status and a JSON body, or no body. Written
    here as aiohttp wrote the `web.Response` it stands for (`response()`, for the aiohttp port):
    making a web.Response per request and reading it back cost a few percent of the fake's CPU."""

    __slots__ = ("status", "body")

    def __init__(self, status: int, body: bytes | None) -> None:
        self.status, self.body = status, body

    def response(self) -> web.Response:
        if self.body is None:
            return web.Response(status=self.status)
        return web.Response(status=self.status, body=self.body, headers={"Content-Type": "application/json"})


REASONS = {status.value: status.phrase for status in HTTPStatus}  # aiohttp's reason phrases


def serialize(response: Reply | web.Response, version: str, close: bool) -> bytes:
    """The bytes aiohttp's server writes for `response` (a web.Response: its body set as bytes,
    or none)."""
    connection = ""
    if close and version == "1.1":
        connection = "Connection: close\r\n"
    elif not close and version == "1.0":
        connection = "Connection: keep-alive\r\n"
    if isinstance(response, Reply):
        status, body = response.status, response.body
        if body is None:
            head = f"HTTP/{version} {status} {REASONS[status]}\r\n"
            body = b""
        else:
            head = (
                f"HTTP/{version} {status} {REASONS[status]}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n"
            )
        return f"{head}Date: {http_date()}\r\nServer: {SERVER_SOFTWARE}\r\n{connection}\r\n".encode() + body
    body = response.body if isinstance(response.body, bytes | bytearray) else b""
    lines = [f"HTTP/{version} {response.status} {response.reason}\r\n"]
    lines += [f"{name}: {value}\r\n" for name, value in response.headers.items()]
    if response.status not in (204, 304) and response.status >= 200:
        lines.append(f"Content-Length: {len(body)}\r\n")
    lines.append(f"Date: {http_date()}\r\nServer: {SERVER_SOFTWARE}\r\n{connection}\r\n")
    return "".join(lines).encode("latin-1") + bytes(body)


def plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", charset="utf-8")


class HTTPProtocol(asyncio.Protocol):
    """One client connection: requests answered one after the other, in order."""

    def __init__(
        self,
        handler: Callable[[Request], Awaitable[Reply | web.Response]],
        max_body: int,
        connections: set[HTTPProtocol],
    ) -> None:
        self._handler = handler
        self._max_body = max_body
        self._connections = connections
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._head: tuple[str, str, str, Headers] | None = None  # a request whose body is awaited
        self._length = 0  # its body's length, -1 when chunked
        self._queue: deque[Request] = deque()  # complete requests not answered yet
        self._busy = False  # a request is being answered
        self._task: asyncio.Task[None] | None = None  # the task finishing one that waits
        self._closing = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        self._connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._transport = None
        self._queue.clear()
        self._connections.discard(self)

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while self._transport is not None and not self._closing:
            try:
                request = self._next_request()
            except (BadRequest, ValueError, UnicodeDecodeError) as exc:
                self._closing = True
                self._transport.write(serialize(plain(400, f"Bad Request: {exc}"), "1.0", True))
                self._transport.close()
                return
            if request is None:
                return
            self._queue.append(request)
            if not self._busy:
                self._answer_next()

    def _next_request(self) -> Request | None:
        buffer = self._buffer
        if self._head is None:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(buffer) > MAX_HEAD:
                    raise BadRequest("headers too long")
                return None
            lines = buffer[:end].decode("latin-1").split("\r\n")
            del buffer[: end + 4]
            method, target, protocol = lines[0].split(" ")
            if not protocol.startswith("HTTP/"):
                raise BadRequest(f"invalid protocol {protocol!r}")
            headers = Headers()
            for line in lines[1:]:
                name, colon, value = line.partition(":")
                if not colon or not name.strip():
                    raise BadRequest(f"invalid header {line!r}")
                headers.setdefault(name.strip().lower(), value.strip())
            path = target.partition("?")[0]
            self._head = (method, unquote(path) if "%" in path else path, protocol[5:], headers)
            chunked = "chunked" in headers.get("transfer-encoding", "").lower()
            self._length = -1 if chunked else int(headers.get("content-length") or 0)
            if self._length < -1:
                raise BadRequest("negative Content-Length")
        if self._length >= 0:
            if len(buffer) < self._length:
                return None
            with memoryview(buffer) as view:  # one copy of an uploaded image, not two
                body = bytes(view[: self._length])
            del buffer[: self._length]
        else:
            found = dechunk(buffer)
            if found is None:
                return None
            body, used = found
            del buffer[:used]
        method, path, version, headers = self._head
        self._head = None
        return Request(method, path, version, headers, body, self._max_body)

    def _answer_next(self) -> None:
        request = self._queue.popleft()
        self._busy = True
        # The route runs right here, not in a task of its own (a task and its first step per
        # request, a few percent of the fake's CPU): every route answers without waiting, the
        # body being read already. One that does wait (on a future it yields) is finished in
        # a task.
        answer = self._answer(request)
        try:
            awaited = answer.send(None)
        except StopIteration:
            return
        self._task = asyncio.get_running_loop().create_task(finish(answer, awaited))

    async def _answer(self, request: Request) -> None:
        connection = request.headers.get("connection", "").lower()
        close = "close" in connection or (request.version == "1.0" and "keep-alive" not in connection)
        try:
            response = await self._handler(request)
        except web.HTTPException as exc:  # as aiohttp: the exception is the response
            response = exc
        except Exception:
            log.exception("Error handling request")
            response, close = plain(500, "500 Internal Server Error\n\nServer got itself in trouble"), True
        self._busy, self._task = False, None
        if self._transport is None:
            return
        self._transport.write(serialize(response, request.version, close))
        if close:
            self._closing = True
            self._transport.close()
        elif self._queue:
            self._answer_next()


async def finish(coroutine: Coroutine[Any, Any, None], awaited: Any) -> None:
    """Run to its end, as a task would, a coroutine that suspended outside any task on
    `awaited` (the future it yielded, or None for a bare yield)."""
    while True:
        try:
            if awaited is None:
                await asyncio.sleep(0)
            else:
                awaited._asyncio_future_blocking = False  # as a task does with what it was given
                await awaited
        except BaseException:
            pass  # resumed, the coroutine gets the outcome from `awaited` itself
        try:
            awaited = coroutine.send(None)
        except StopIteration:
            return


def dechunk(buffer: bytearray) -> tuple[bytes, int] | None:
    """A chunked body at the start of `buffer` and the bytes it takes, or None if incomplete."""
    parts, at = [], 0
    while True:
        eol = buffer.find(b"\r\n", at)
        if eol < 0:
            return None
        size = int(bytes(buffer[at:eol]).split(b";", 1)[0], 16)
        at = eol + 2
        if size == 0:
            while True:  # trailers, up to an empty line
                eol = buffer.find(b"\r\n", at)
                if eol < 0:
                    return None
                empty, at = eol == at, eol + 2
                if empty:
                    return b"".join(parts), at
        if len(buffer) < at + size + 2:
            return None
        parts.append(bytes(buffer[at : at + size]))
        at += size + 2


async def serve(
    handler: Callable[[Request], Awaitable[Reply | web.Response]], host: str, max_body: int
) -> tuple[asyncio.Server, set[HTTPProtocol]]:
    """Listen on `host`, a free port; the server and its open connections (to close them)."""
    connections: set[HTTPProtocol] = set()
    server = await asyncio.get_running_loop().create_server(
        lambda: HTTPProtocol(handler, max_body, connections), host, 0
    )
    return server, connections

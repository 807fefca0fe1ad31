"""Parsing what discord.py sends to the REST API, and answering the way Discord does.

Discord answers JSON with `Content-Type: application/json` exactly (discord.py compares the
header as a string), errors as `{"code", "message"}`, and receives files as multipart
(`payload_json` plus `files[n]` parts).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"code": code, "message": message}, status)


@dataclass
class Body:
    """A message-shaped request body: the JSON payload and the uploaded files by name."""

    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)


async def read_body(request: web.Request) -> Body:
    if request.content_type == "multipart/form-data":
        reader = await request.multipart()
        payload: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.name and part.name.startswith("files["):
                files[part.filename or part.name] = bytes(await part.read())
        return Body(payload, files)
    if request.can_read_body:
        return Body(await request.json())
    return Body({})

"""Parsing what discord.py sends to the REST API, and answering the way Discord does.

Discord answers JSON with `Content-Type: application/json` exactly (discord.py compares the
header as a string), errors as `{"code", "message"}`, and receives files as multipart
(`payload_json` plus `files[n]` parts).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

from aiohttp import web

from fakediscord.httpserver import Reply


def _not_serializable(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


# json.dumps's C encoder made once: dumps builds one per call (its Python wrappers were a
# sixth of the encoding time, and encoding a tenth of the fake's CPU). Same text as dumps
# with default arguments, without its check for circular references (payloads are trees).
_encoder = (
    c_make_encoder(None, _not_serializable, encode_basestring_ascii, None, ": ", ", ", False, False, True)
    if c_make_encoder is not None
    else None
)


def dumps(data: Any) -> str:
    """json.dumps(data)."""
    if _encoder is None:  # a Python without the _json accelerator
        return json.dumps(data)
    return "".join(_encoder(data, 0))


def json_response(data: Any, status: int = 200) -> Reply:
    return Reply(status, dumps(data).encode())


def error(status: int, code: int, message: str) -> Reply:
    return json_response({"code": code, "message": message}, status)


@dataclass
class Body:
    """A message-shaped request body: the JSON payload and the uploaded files by name."""

    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)


async def read_body(request: web.Request) -> Body:
    # the header read as a string: aiohttp parses `request.content_type` (and `json()` its
    # charset) with the email package, a tenth of the fake's CPU per move
    kind = request.headers.get("Content-Type", "")
    if kind.split(";", 1)[0].strip().lower() == "multipart/form-data":
        return multipart_body(await request.read(), kind)
    data = await request.read() if request.can_read_body else b""
    return Body(json.loads(data) if data else {})


DISPOSITION = re.compile(rb'(name|filename)="([^"]*)"')


def multipart_body(data: bytes, content_type: str) -> Body:
    """The parts of a multipart body, split on its boundary in one go: aiohttp's part reader
    scans a 100 KB image chunk by chunk in Python, a tenth of a move's CPU in the fake (which
    shares the machine with the bot it measures)."""
    boundary = content_type.split("boundary=", 1)[1].split(";", 1)[0].strip().strip('"').encode()
    delimiter = b"--" + boundary
    payload: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    # What `data.split(delimiter)[1:]` gives, part by part, found with `find` and sliced once
    # (split, partition and strip copied each image three times).
    start = data.find(delimiter)
    while start >= 0:
        start += len(delimiter)
        following = data.find(delimiter, start)
        end = len(data) if following < 0 else following
        if data.startswith(b"--", start, end):  # the closing delimiter
            break
        blank = data.find(b"\r\n\r\n", start, end)
        head_end, content_start = (end, end) if blank < 0 else (blank, blank + 4)
        content_end = end - 2 if data.endswith(b"\r\n", content_start, end) else end
        head = data[start:head_end]
        found = {key.decode(): value.decode() for key, value in DISPOSITION.findall(head)}
        name = found.get("name", "")
        if name == "payload_json":
            payload = json.loads(data[content_start:content_end])
        elif name.startswith("files["):
            files[found.get("filename") or name] = data[content_start:content_end]
        start = following
    return Body(payload, files)

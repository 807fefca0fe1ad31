"""Turning the service's `Message`s into Discord sends.

`render` gives the keyword arguments of one or more sends (Discord caps a message at 2000
characters; files and buttons ride on the last part). Only the users a message names in
`mentions` are pinged: every send carries explicit `allowed_mentions`, so a player called
"@everyone" pings nobody.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import Any

import discord

from bot.discord.buttons import view_for
from bot.service.api import Image, Message
from engine.i18n import DEFAULT_LOCALE, render

CONTENT_LIMIT = 2000
SILENT = discord.AllowedMentions.none()


def split_content(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """Split at line ends when possible, never exceeding `limit` characters per part."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current or not parts:
        parts.append(current)
    return parts


def link_commands(text: str, command_ids: dict[str, int]) -> str:
    """`/game hand` in a service text becomes a command mention, which every reader's client
    shows under its own language's name (`/partie main`) and which runs on a click. Discord
    shows a mention inside a code span as raw text, so a span that starts with a command
    ("`/game new game:<id>`") becomes the mention followed by the span of the rest."""
    if not command_ids or "/" not in text:
        return text
    command, spanned = _patterns(tuple(command_ids))

    def mention(name: str) -> str:
        return f"</{name}:{command_ids[name]}>"

    def span(match: re.Match[str]) -> str:
        rest = match[2].strip()
        return mention(match[1]) + (f" `{rest}`" if rest else "")

    pieces = re.split(r"(`[^`\n]*`)", text)
    return "".join(
        spanned.sub(span, piece) if piece.startswith("`") else command.sub(lambda m: mention(m[1]), piece)
        for piece in pieces
    )


@lru_cache(maxsize=8)
def _patterns(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A command, and a code span starting with one, for these command names (longest first,
    so `/game hand` wins over `/game`): built once per set of commands, not per message."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(r"(?<![<\w])/(" + alternatives + r")\b"), re.compile(
        r"`/(" + alternatives + r")\b([^`]*)`"
    )


def _file(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename)


def render_message(
    message: Message,
    locale: str | None = None,
    command_ids: dict[str, int] | None = None,
    button_kinds: list[Any] | None = None,
) -> list[dict[str, Any]]:
    """Send kwargs for `message` rendered in `locale` (default: the message's own)."""
    loc = locale or message.locale or DEFAULT_LOCALE
    lines = [link_commands(render(line, loc), command_ids or {}) for line in message.lines]
    if message.mentions:
        lines.insert(0, " ".join(f"<@{uid}>" for uid in message.mentions))
    parts = [{"content": part} for part in split_content("\n".join(lines))]
    last = parts[-1]
    files = [_file(img) for img in (message.image, message.attachment) if img is not None]
    if files:
        last["files"] = files
    view = view_for(message.buttons, loc, button_kinds)
    if view is not None:
        last["view"] = view
    mentions = (
        discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(int(u)) for u in message.mentions],
        )
        if message.mentions
        else SILENT
    )
    for part in parts:
        part["allowed_mentions"] = mentions
        if not part["content"] and "files" not in part:
            part["content"] = "\u200b"  # Discord refuses an empty message
    return parts

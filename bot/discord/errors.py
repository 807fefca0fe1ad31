"""The one error mapper: any failure becomes a short ephemeral reply in the user's language.

Refusals (the service's `UserError`, the engine's `IllegalCommand`, Discord-side checks) are
explained. Anything else is a bug: it is logged with the game it happened in and the
traceback, but not the exception's message, which could quote hidden cards; the user gets
a polite apology and the game is unchanged (the service commits nothing that failed).
"""

from __future__ import annotations

import logging
import traceback

import discord
import pydantic
from discord import app_commands

from bot.service.api import Message, Reply, UserError, explained
from engine.errors import IllegalCommand
from engine.i18n import T, Text

log = logging.getLogger("agora.discord")


def user_text(exc: BaseException) -> Text | None:
    """The explanation of a refusal, or None for an unexpected error."""
    if isinstance(exc, UserError | IllegalCommand):
        return explained(exc)
    if isinstance(exc, app_commands.CommandInvokeError | app_commands.TransformerError) and exc.__cause__:
        found = user_text(exc.__cause__)
        if found is not None:
            return found
    if isinstance(exc, app_commands.NoPrivateMessage):
        return T("discord.err.guild_only")
    if isinstance(exc, app_commands.MissingPermissions):
        return T("discord.err.manage_server")
    if isinstance(exc, app_commands.TransformerError):
        return T("discord.err.bad_value", value=str(exc.value)[:50])
    if isinstance(exc, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return T("discord.err.outdated")
    if isinstance(exc, pydantic.ValidationError):
        fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
        return T("discord.err.bad_options", fields=fields)
    return None


def log_unexpected(exc: BaseException, doing: str, game: str | None) -> None:
    detail = str(exc) if isinstance(exc, discord.HTTPException) else ""
    stack = "".join(traceback.format_tb(exc.__traceback__))
    log.error("game %s: %s failed with %s %s\n%s", game or "-", doing, type(exc).__name__, detail, stack)


def error_reply(exc: BaseException, doing: str, game: str | None = None) -> Reply:
    """An ephemeral reply explaining `exc`; unexpected errors are logged first."""
    if isinstance(exc, app_commands.CommandInvokeError):
        exc = exc.original
    text = user_text(exc)
    if text is None:
        log_unexpected(exc, doing, game)
        text = T("discord.err.unexpected")
    return Reply([Message(lines=[text], ephemeral=True)])

"""Service failures that are not the user's fault, and how they are logged.

Logs carry the game id and the exception's type and stack, never its message or any state:
messages of validation errors can quote hidden cards.
"""

from __future__ import annotations

import logging
import traceback

from bot.service.api import UserError

log = logging.getLogger("agora.service")


class InternalError(UserError):
    """Something broke on our side; the user gets a polite apology, the log gets the details."""

    def __init__(self) -> None:
        super().__init__("bot.err.internal")


def log_unexpected(exc: BaseException, game_id: int | None, doing: str) -> None:
    stack = "".join(traceback.format_tb(exc.__traceback__))
    log.error(
        "game %s: %s failed with %s\n%s",
        game_id if game_id is not None else "-",
        doing,
        type(exc).__name__,
        stack,
    )

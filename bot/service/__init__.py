"""The table service (ARCHITECTURE §1, §5): lobby, seats, turns, AI seats, undo, clocks.
Async, no Discord types; adapters call `TableService` and present its `Reply`."""

from pathlib import Path

from bot.service.api import Actor, Button, Image, Message, Reply, UserError, Where
from bot.service.errors import InternalError
from bot.service.service import TableService
from engine.i18n import register_catalog

register_catalog(Path(__file__).resolve().parents[1] / "locales")

__all__ = [
    "Actor",
    "Button",
    "Image",
    "InternalError",
    "Message",
    "Reply",
    "TableService",
    "UserError",
    "Where",
]

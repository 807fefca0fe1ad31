"""`MythicService(store)`: saved armies (`/army`) and the typed Mythic Battles commands
(`/mythic`), for the Discord cog (bot/mythic/cog.py) and tests."""

from __future__ import annotations

from bot.mythic.table import TableCommands


class MythicService(TableCommands):
    pass

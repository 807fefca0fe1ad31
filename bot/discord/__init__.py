"""The Discord adapter: slash commands, buttons, DMs and reminders on top of the table service.

`run(settings)` is what `python -m bot` calls when `DISCORD_TOKEN` is set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")


def run(settings: Any) -> None:
    from bot.discord.run import run as _run  # discord.py loads only when the bot really runs

    _run(settings)


__all__ = ["run"]

"""Mythic Battles at the table (issue 5): saved armies per user with a builder, starter
armies, recruiting one in a game, and typed commands that map to the notation.

`MythicService(store)` serves `/army` and `/mythic`; `bot/mythic/cog.py` installs them in
the Discord adapter. Saved armies live in `mythic_armies` (migrations/0005_armies.sql).
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from bot.mythic.service import MythicService  # noqa: E402  (the catalog first)

__all__ = ["MythicService"]

"""Leagues: seasons, standings, openskill ratings, reported and disputed results (issue 6).

`LeagueService(store)` serves the `/league` commands and is also the table service's
finished-game listener; `bot/leagues/cog.py` is its Discord cog.
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import register_catalog

register_catalog(Path(__file__).parent / "locales")

from bot.leagues.service import LeagueService  # noqa: E402  (the catalog first)

__all__ = ["LeagueService"]

"""Bounds on `/league` options, shared by the Discord cog (which types them) and the local
table (which checks typed text against them)."""

from __future__ import annotations

TEXT_LIMIT = 40  # league names, factions, scenarios
DAY_LENGTH = 10  # YYYY-MM-DD
SEASON_MAX = 10_000
MATCH_MAX = 2**53 - 1

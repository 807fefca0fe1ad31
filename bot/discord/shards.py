"""Several bot processes, each serving its Discord shards (issue 17).

Settings: `AGORA_SHARD_COUNT` (how many shards the bot has in all) and `AGORA_SHARD_IDS`
(this process's, e.g. "0,1"; default: all of them). Discord sends a guild's events on shard
(guild_id >> 22) % shard_count, so each game's commands reach the process owning its
guild's shard; the same rule tells the timers which games are this process's
(bot/service/timers.py `TimerClaims`), and another process takes a shard's timers and owed
announcements over when its own process is gone. Without these settings the process is
the only one and serves every shard discord.py gives it.
"""

from __future__ import annotations

import os
from typing import Any

import discord

from bot.discord.client import AgoraBot
from bot.service.timers import TimerClaims


class ShardSettingError(ValueError):
    pass


class ShardedAgoraBot(AgoraBot, discord.AutoShardedClient):
    """AgoraBot over several gateway connections (discord.py's `shard_ids`/`shard_count`)."""


def _read(settings: Any, name: str) -> str | None:
    """From the settings (`agora_shard_count`, `shard_count` or the variable's own name), else
    the process environment."""
    for key in (name.lower(), name, name.lower().removeprefix("agora_")):
        value = settings.get(key) if isinstance(settings, dict) else getattr(settings, key, None)
        if value not in (None, ""):
            return str(value)
    value = os.environ.get(name)
    return value if value else None


def shard_settings(settings: Any) -> tuple[list[int], int] | None:
    """(this process's shard ids, the shard count), or None for a single process."""
    count_text, ids_text = _read(settings, "AGORA_SHARD_COUNT"), _read(settings, "AGORA_SHARD_IDS")
    if count_text is None:
        if ids_text is not None:
            raise ShardSettingError("AGORA_SHARD_IDS needs AGORA_SHARD_COUNT")
        return None
    try:
        count = int(count_text)
        ids = (
            list(range(count))
            if ids_text is None
            else [int(p) for p in ids_text.replace(" ", "").split(",") if p]
        )
    except ValueError as exc:
        raise ShardSettingError(f"shard settings must be whole numbers: {exc}") from None
    if count < 1 or not ids or any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        raise ShardSettingError(
            f"AGORA_SHARD_IDS {ids_text!r} must be distinct numbers from 0 to {count - 1}"
        )
    return sorted(ids), count


def make_bot(service: Any, settings: Any, **options: Any) -> AgoraBot:
    """The bot for these settings; with shards, the service's timer claims follow them."""
    shards = shard_settings(settings)
    if shards is None:
        return AgoraBot(service, **options)
    ids, count = shards
    service.claims = TimerClaims(frozenset(ids), count)
    return ShardedAgoraBot(service, shard_ids=ids, shard_count=count, **options)

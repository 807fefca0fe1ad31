"""`python -m bot` with a token: open the store, build the service, run the bot until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from typing import Any

import discord

from bot.discord.endpoints import point_at
from bot.discord.shards import make_bot

log = logging.getLogger("agora.discord")
# Images are drawn in worker processes by default, two where the host has the cores: drawing
# holds the GIL, so in threads it shares one core with the event loop. bench/discord.py, 20
# games on 2 quiet cores: 36.4 moves/s with 2 workers, 33.1 with 1, 22.5 in threads.
# AGORA_RENDER_PROCESSES=0 keeps threads (one core, or several bot processes on few cores).
DEFAULT_RENDER_PROCESSES = min(2, os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0


def _setting(settings: Any, name: str, default: Any = None) -> Any:
    """Settings objects name fields in lower case; environment-like mappings in upper case."""
    for key in (name, name.upper()):
        if isinstance(settings, dict) and key in settings:
            return settings[key]
        if hasattr(settings, key):
            return getattr(settings, key)
    return default


def league_parts(store: Any) -> tuple[list[Any], list[Any]]:
    """Leagues (`/league`, recording finished games) when the package loads: the service's
    listeners and the bot's extensions. A broken leagues package is logged, not fatal."""
    try:
        from bot.leagues import LeagueService
        from bot.leagues.cog import install
    except Exception:
        log.exception("leagues cannot be loaded; the bot runs without /league")
        return [], []
    leagues = LeagueService(store)
    return [leagues], [lambda bot: install(bot, leagues)]


async def serve(settings: Any) -> None:
    from bot.service import TableService
    from bot.store import open_store

    point_at(_setting(settings, "discord_api_base"), _setting(settings, "discord_gateway_url"))
    store = await open_store(_setting(settings, "db") or _setting(settings, "agora_db", "agora.db"))
    service = None
    try:
        listeners, extensions = league_parts(store)
        # images drawn in worker processes (AGORA_RENDER_PROCESSES, 0: threads): see bot/service/images.py
        processes = _setting(settings, "render_processes", None)
        processes = DEFAULT_RENDER_PROCESSES if processes is None else int(processes)
        service = TableService(store, listeners=listeners, render_processes=max(processes, 0))
        await service.renderer.start()
        tick = float(_setting(settings, "tick_seconds", 60.0))
        # AGORA_SHARD_COUNT / AGORA_SHARD_IDS: this process's shards, and the timers that follow them
        async with make_bot(service, settings, tick_seconds=tick, extensions=extensions) as bot:
            # `docker stop` sends SIGTERM: close the gateway and the database cleanly
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                asyncio.get_running_loop().add_signal_handler(
                    signal.SIGTERM, lambda: asyncio.ensure_future(bot.close())
                )
            await bot.start(_setting(settings, "discord_token"))
    finally:
        if service is not None:
            service.renderer.close()
        await store.close()


def let_info_through() -> None:
    """Lower the root logger to INFO so our INFO lines reach the handler, which filters by
    LOG_LEVEL itself; never raise it, or LOG_LEVEL=DEBUG would lose its DEBUG lines."""
    root = logging.getLogger()
    if root.getEffectiveLevel() > logging.INFO:
        root.setLevel(logging.INFO)


def run(settings: Any) -> None:
    if logging.getLogger().handlers:  # `python -m bot` configured logging (LOG_LEVEL) already
        let_info_through()
    else:
        discord.utils.setup_logging(level=logging.INFO)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        log.info("stopped")

"""Pointing discord.py at a Discord-compatible server (a fake Discord in tests, a proxy).

discord.py reads the REST base from `discord.http.Route.BASE` (the webhook and interaction
routes use it too) and the gateway from `DiscordWebSocket.DEFAULT_GATEWAY`, which it also
falls back to after an invalidated session.
"""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl


def point_at(api_base: str | None = None, gateway_url: str | None = None) -> None:
    """`api_base` includes the version, e.g. `http://127.0.0.1:8080/api/v10`."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

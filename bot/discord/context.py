"""Who and where an interaction comes from, in the service's vocabulary."""

from __future__ import annotations

import discord

from bot.service.api import Actor, Where
from engine.i18n import normalize_locale


def user_locale(interaction: discord.Interaction) -> str:
    return normalize_locale(interaction.locale.value)


def where_of(interaction: discord.Interaction) -> Where:
    return Where(guild_id=str(interaction.guild_id or ""), channel_id=str(interaction.channel_id))


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    manager = interaction.guild_id is not None and interaction.permissions.manage_guild
    return Actor(
        user_id=str(user.id), name=user.display_name, locale=user_locale(interaction), manager=manager
    )

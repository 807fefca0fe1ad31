"""Sending service messages outside an interaction response: to a channel, or by DM.

A DM Discord refuses (error 50007: the user closed DMs or left the server) never stalls the
game: the service is told (`note_dm_refused`) and its one-time notice goes to the channel.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord.presenter import render_message
from bot.service.api import Message, Reply, Where

log = logging.getLogger(__name__)
CANNOT_DM = 50007


class Delivery:
    def __init__(self, client: discord.Client, service: Any) -> None:
        self.client = client
        self.service = service
        self.command_ids: dict[str, int] = {}  # "game hand" -> id, once the commands are synced
        self.button_kinds: list[Any] = []  # DynamicItem classes the bot registered, newest first

    def render(self, message: Message, locale: str | None = None) -> list[dict[str, Any]]:
        return render_message(message, locale, self.command_ids, self.button_kinds)

    async def to_channel(self, channel_id: str, message: Message, locale: str | None = None) -> bool:
        """Post in a channel; False (and a warning) when the bot may not post there."""
        channel = self.client.get_partial_messageable(int(channel_id))
        try:
            for part in self.render(message, locale):
                await channel.send(**part)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning(
                "cannot post in channel %s (error %s): check the bot's permissions there",
                channel_id,
                exc.code,
            )
            return False
        return True

    async def dm(self, user_id: str, messages: list[Message]) -> bool:
        """Send `messages` to one user in order; False when Discord refuses the DM."""
        try:
            channel = await self.client.create_dm(discord.Object(int(user_id)))
            for message in messages:
                for part in self.render(message):
                    await channel.send(**part)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                raise
            return False
        except discord.NotFound:
            log.warning("cannot DM unknown user %s", user_id)
            return False
        return True

    async def private(self, reply: Reply, channel_id: str) -> list[str]:
        """DM each recipient their messages (concurrently); returns who refused DMs.

        For each refusal the service is told once (on the reply's game), and its notice is
        posted in the channel."""
        recipients = list(dict.fromkeys(m.to_user for m in reply.messages if m.to_user is not None))
        delivered = await asyncio.gather(*(self.dm(uid, reply.private(uid)) for uid in recipients))
        refused = [uid for uid, ok in zip(recipients, delivered, strict=True) if not ok]
        for uid in refused:
            if reply.game_id is None:
                log.warning("DM to %s refused, and the reply names no game to note it on", uid)
                continue
            notice = await self.service.note_dm_refused(reply.game_id, uid)
            if notice is not None:
                target = notice.where.channel_id if notice.where else channel_id
                for message in notice.public():
                    await self.to_channel(target, message)
        return refused

    async def reply_to_channel(self, where: Where, reply: Reply) -> None:
        """A reply with no interaction to answer (reminders, timeouts): public part, then DMs."""
        for message in reply.public():
            await self.to_channel(where.channel_id, message)
        dropped = [m for m in reply.messages if m.ephemeral and m.to_user is None]
        if dropped:
            log.warning("%d ephemeral message(s) with no interaction to answer in %s", len(dropped), where)
        await self.private(reply, where.channel_id)

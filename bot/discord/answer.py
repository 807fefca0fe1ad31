"""Answering one interaction with a service `Reply`.

Discord wants one callback per interaction within 3 seconds. The work races a short timer:
quick work is answered directly (the first public message becomes the command's visible
answer, or the first ephemeral one if there is none); slower work is deferred first and the
answer then edits (or, when only ephemeral messages remain, deletes) the "thinking" message.
Work that stores a move is acknowledged before the move's transaction, however quick
(`acknowledger`, issue 28): a slash command is first remembered as "thinking..." (durable),
then deferred, so whichever process outlives a crash can answer it.
Clicks are acknowledged without a visible answer; their public messages go to the game's
channel, which for a button in a DM is not the channel of the click.

Discord quirk: after a deferred answer, the first follow-up *becomes* the deferred message
with the visibility chosen at defer time; so the deferred message is always resolved by an
edit or a delete before any ephemeral follow-up is sent.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from bot.discord.context import user_locale
from bot.discord.delivery import Delivery, owed_key, send_once
from bot.service.api import Message, Reply, Where
from bot.store.outbox import nonce
from engine.i18n import T

DONE = T("discord.msg.done")
ALREADY_ACKNOWLEDGED = 40060
log = logging.getLogger("agora.discord")


class Answer:
    def __init__(self, interaction: discord.Interaction, delivery: Delivery) -> None:
        self.interaction = interaction
        self.delivery = delivery
        self.locale = user_locale(interaction)
        self.deferred: str | None = None  # "public" | "ephemeral" | "update"
        self.expired = False
        self.remembered = False  # its "thinking..." row is in the store (to forget once answered)
        self._remembering: asyncio.Future[None] | None = None
        self._acknowledging: asyncio.Future[None] | None = None

    @property
    def is_click(self) -> bool:
        return self.interaction.type == discord.InteractionType.component

    async def defer(self, public: bool) -> None:
        response = self.interaction.response
        if response.is_done() or self.expired:
            return
        for attempt in (1, 2):
            try:
                await self._defer(response, public)
                return
            except discord.NotFound:
                log.warning("interaction %s expired before it could be deferred", self.interaction.id)
                self.expired = True
                return
            except aiohttp.ClientConnectionError:
                # the connection dropped under the request: try once more; if the first one had
                # arrived, Discord says so (40060) and the interaction counts as deferred
                log.warning(
                    "deferring interaction %s: connection lost (attempt %d)", self.interaction.id, attempt
                )
            except discord.HTTPException as exc:
                if exc.code != ALREADY_ACKNOWLEDGED:
                    raise
                self.deferred = "update" if self.is_click else ("public" if public else "ephemeral")
                return
        self.expired = True  # never acknowledged: what the service did still reaches the channel

    def acknowledger(self, where: Where, public: bool) -> Callable[[], Awaitable[bool]]:
        """The interaction's acknowledgement, made once however often it is asked for (by the
        timer, by the store before a move): a slash command's "thinking" row committed first,
        then the defer. The callable returns False when Discord no longer takes it.

        The row's commit starts now, beside the work, so an acknowledgement seldom waits for
        it (bench/discord.py, 20 games on a loaded machine: the commit alone took 55 ms
        median, 406 ms p99); a command answered at once forgets it (`row`), in the same
        grouped commits."""
        if not self.is_click:  # a click's deferred update shows no "thinking...": nothing to resolve
            self._remembering = asyncio.ensure_future(self._remember(where, public))

        async def acknowledge() -> bool:
            if self._acknowledging is None:
                self._acknowledging = asyncio.ensure_future(self._acknowledge(where, public))
            await asyncio.shield(self._acknowledging)
            return not self.expired

        return acknowledge

    async def _remember(self, where: Where, public: bool) -> None:
        interaction = self.interaction
        self.remembered = await self.delivery.thinking(
            interaction.token, str(interaction.application_id), where, public, self.locale
        )

    async def row(self) -> bool:
        """Is the interaction's "thinking" row in the store (once its commit is over)?"""
        if self._remembering is not None:
            await asyncio.shield(self._remembering)
        return self.remembered

    async def _acknowledge(self, where: Where, public: bool) -> None:
        if self.interaction.response.is_done() or self.expired:
            return
        await self.row()  # durable before the defer: a crash after it always finds the row
        await self.defer(public)

    async def _defer(self, response: discord.InteractionResponse, public: bool) -> None:
        if self.is_click:
            await response.defer()
            self.deferred = "update"
        else:
            await response.defer(ephemeral=not public, thinking=True)
            self.deferred = "public" if public else "ephemeral"

    def _parts(self, message: Message, ephemeral: bool) -> list[dict[str, Any]]:
        return self.delivery.render(message, self.locale if ephemeral else None)

    async def send(self, reply: Reply, channel_id: str) -> None:
        """Deliver `reply`: the interaction answer, the channel, ephemeral follow-ups, DMs."""
        public = [p for m in reply.public() for p in self._parts(m, False)]
        ephemeral = [
            p for m in reply.messages if m.ephemeral and m.to_user is None for p in self._parts(m, True)
        ]
        here = str(self.interaction.channel_id) == channel_id
        count = len(public)
        try:
            if not self.expired:
                # the command's own answer carries the first public message only in the game's channel
                answered, ephemeral = await self._resolve(public if here else [], ephemeral)
                public = answered if here else public
        except discord.NotFound:
            self.expired = True
        # the channel posts carry nonces from the outbox rows: posted again after a crash, they dedupe
        key = owed_key(reply.game_id)
        first = count - len(public)
        if self.expired:
            # Discord gave up on this interaction (answered too late): what the service did
            # still reaches the channel and the DMs; only the answers for the user alone are lost.
            log.warning(
                "interaction %s expired before its answer; posting in the channel", self.interaction.id
            )
            ephemeral = []
        for index, part in enumerate(public, first):
            await self._post(channel_id, part, None if key is None else nonce(key, reply.game_id, index))
        for part in ephemeral:
            await self.interaction.followup.send(ephemeral=True, **part)
        refused = await self.delivery.private(reply, channel_id)
        me = str(self.interaction.user.id)
        if me in refused and not self.expired:  # the invoker still sees their private messages here
            for message in reply.private(me):
                for part in self._parts(message, True):
                    await self.interaction.followup.send(ephemeral=True, **part)

    async def _post(self, channel_id: str, part: dict[str, Any], once: str | None = None) -> None:
        """A public message in the game's channel (with the nonce `once`, if given); where the
        bot may not post but the user just interacted, the interaction's follow-up (which
        needs no channel permission)."""
        try:
            await send_once(self.delivery.client.get_partial_messageable(int(channel_id)), part, once)
        except discord.Forbidden:
            if str(self.interaction.channel_id) != channel_id or self.expired:
                raise
            await self.interaction.followup.send(**part)

    async def _resolve(
        self, public: list[dict[str, Any]], ephemeral: list[dict[str, Any]]
    ) -> tuple[list, list]:
        """Settle the interaction response; returns the parts still to send."""
        response, interaction = self.interaction.response, self.interaction

        def done_part() -> dict[str, Any]:  # a short "done" where nothing else answers
            return self._parts(Message(lines=[DONE]), True)[0]

        if self.is_click:
            if not response.is_done():
                if ephemeral and not public:
                    await response.send_message(ephemeral=True, **ephemeral[0])
                    return public, ephemeral[1:]
                await response.defer()
            return public, ephemeral
        if not response.is_done():
            if public:
                await response.send_message(**public[0])
                return public[1:], ephemeral
            await response.send_message(ephemeral=True, **(ephemeral[0] if ephemeral else done_part()))
            return public, ephemeral[1:]
        if self.deferred == "public":
            if public:
                await interaction.edit_original_response(**_as_edit(public[0]))
                return public[1:], ephemeral
            await interaction.delete_original_response()
            return public, ephemeral
        # deferred ephemeral: the first ephemeral part (or a short "done") fills it
        await interaction.edit_original_response(**_as_edit(ephemeral[0] if ephemeral else done_part()))
        return public, ephemeral[1:]


def _as_edit(part: dict[str, Any]) -> dict[str, Any]:
    """Send kwargs to edit kwargs: files become the message's attachments."""
    edit = dict(part)
    edit["attachments"] = edit.pop("files", [])
    edit.setdefault("view", None)
    return edit

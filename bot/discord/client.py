"""The Discord client: registers the commands (en + fr), routes buttons, runs the reminders.

The bot needs no privileged intent: slash commands, buttons and DMs arrive as interactions
or are sent over REST; the `guilds` intent keeps the guild and channel cache for the logs.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.discord.buttons import GameButton
from bot.discord.commands import all_commands
from bot.discord.commands.plugins import plugin_groups
from bot.discord.context import user_locale
from bot.discord.delivery import Delivery
from bot.discord.errors import error_reply, log_unexpected
from bot.discord.handlers import answer_unknown_click, press
from bot.discord.translator import CatalogTranslator
from bot.health import Heartbeat
from bot.plugins import PluginService, plugin_commands
from bot.store.outbox import TICK, begin
from engine import available_games

log = logging.getLogger("agora.discord")


def command_ids(synced: list[app_commands.AppCommand]) -> dict[str, int]:
    """Qualified names ("play", "game hand", "league season new") to the id Discord mentions
    them by (a subcommand is mentioned with its top-level command's id)."""
    found = {}

    def walk(prefix: str, options: list[Any], top: int) -> None:
        for option in options:
            if isinstance(option, app_commands.AppCommandGroup):
                found[f"{prefix} {option.name}"] = top
                walk(f"{prefix} {option.name}", option.options, top)

    for command in synced:
        found[command.name] = command.id
        walk(command.name, command.options, command.id)
    return found


class AgoraTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Failures before our handler ran (checks, conversions, unknown commands)."""
        name = interaction.command.qualified_name if interaction.command else "?"
        message = error_reply(error, f"/{name}").messages[0]
        delivery: Delivery = interaction.client.delivery  # type: ignore[attr-defined]
        part = delivery.render(message, user_locale(interaction))[0]
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **part)
        else:
            await interaction.response.send_message(ephemeral=True, **part)


class AgoraBot(discord.Client):
    # The file `python -m bot health` reads; `python -m bot` sets it from the settings. None: no file.
    heartbeat_file: Path | None = None

    def __init__(
        self,
        service: Any,
        *,
        tick_seconds: float | None = 60.0,
        now: Callable[[], float] | None = None,
        sync_commands: bool = True,
        extensions: list[Callable[[AgoraBot], None]] = (),  # e.g. leagues' install: more commands, buttons
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("guild_ready_timeout", 2.0)
        super().__init__(intents=intents, **options)
        self.service = service
        self.delivery = Delivery(self, service)
        self.plugins = PluginService(service)  # what games declare beyond /play
        self.tree = AgoraTree(self)
        self.tick_seconds = tick_seconds
        self.now = now
        self.sync_commands = sync_commands
        self.extensions = list(extensions)
        self._reminders: asyncio.Task[None] | None = None
        self._announced: set[int] = set()
        self._heartbeat: Heartbeat | None = None
        self._recovered = False  # the outbox is recovered at the first tick

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GameButton)
        games = available_games()  # engine/registry.py leaves out (and logs) a broken one
        for command in [*all_commands(games), *plugin_groups(plugin_commands(games))]:
            self.tree.add_command(command)
        for extend in self.extensions:
            extend(self)
        await self.tree.set_translator(CatalogTranslator())
        if self.sync_commands:
            synced = await self.tree.sync()
            self.delivery.command_ids = command_ids(synced)
            log.info("registered %d slash commands (English and French)", len(synced))
        if self.tick_seconds is not None:
            self._reminders = asyncio.create_task(self._reminder_loop(), name="agora-reminders")
        if self.heartbeat_file is not None:
            self._heartbeat = Heartbeat(self, self.heartbeat_file).start()

    async def close(self) -> None:
        if self._reminders is not None:
            self._reminders.cancel()
        if self._heartbeat is not None:
            self._heartbeat.stop()
        await super().close()

    def add_dynamic_items(self, *items: Any) -> None:
        """Also lets the presenter build messages' buttons from these classes (by template)."""
        super().add_dynamic_items(*items)
        self.delivery.button_kinds = [*items, *(k for k in self.delivery.button_kinds if k not in items)]

    # --- guilds -------------------------------------------------------------------------

    def _announce(self, guild: discord.Guild, how: str) -> None:
        if guild.id in self._announced:
            return
        self._announced.add(guild.id)
        log.info("%s guild %r (id %s, %s members)", how, guild.name, guild.id, guild.member_count)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        self._announce(guild, "serving")

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self._announce(guild, "joined")

    # --- buttons and timers -------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unknown_click(interaction, self.delivery.button_kinds)

    async def on_game_button(self, interaction: discord.Interaction, custom_id: str) -> None:
        await press(interaction, custom_id)

    async def tick_once(self) -> int:
        """Moves a crash left unannounced (the outbox), then reminders and clock timeouts now
        due; returns how many replies were posted."""
        await self.delivery.recover(starting=not self._recovered)
        self._recovered = True
        owed = begin(TICK + uuid.uuid4().hex)  # timeouts and AI moves owe their announcement too
        due = await (self.service.tick() if self.now is None else self.service.tick(now=self.now()))
        failed: set[int | None] = set()
        replies = Counter(reply.game_id for _, reply in due)
        for where, reply in due:
            try:  # nonces from the outbox rows only where one reply announces the game's moves
                await self.delivery.reply_to_channel(where, reply, once=replies[reply.game_id] == 1)
            except discord.HTTPException as exc:
                failed.add(reply.game_id)
                log.warning("could not post a reminder in channel %s: %s", where.channel_id, exc)
        owed.moves = [m for m in owed.moves if m[0] not in failed]  # the outbox retries those
        await self.delivery.delivered(owed)
        return len(due)

    async def _reminder_loop(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.tick_once()
            except Exception as exc:  # logged without its message, which could quote a hidden card
                log_unexpected(exc, "reminder tick", None)
            await asyncio.sleep(self.tick_seconds or 60.0)

"""Looking at a game and leaving it: status, board, hand, log, rules, export, undo, resign;
and a player's standing orders."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.common import subcommand
from bot.discord.context import actor_of, user_locale, where_of
from bot.discord.errors import log_unexpected
from bot.discord.handlers import run_command
from bot.discord.translator import named
from bot.service.api import UserError
from engine.protocol import Game


def _order_completer(order_of: Any) -> Any:
    """Autocomplete from the channel game's own orders, so `/game orders` does not grow with
    every installed game (Discord caps a command at 4000 characters and 25 choices)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            found = await interaction.client.service.order_choices(  # type: ignore[attr-defined]
                where_of(interaction), actor_of(interaction), order_of(interaction), current
            )
        except Exception as exc:  # autocomplete cannot show an error
            log_unexpected(exc, "autocomplete /game orders", None)
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in found]

    return complete


async def _complete_explain(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The channel's (or the chosen) game's glossary entries matching what is typed, in the
    asker's language, with a few words of each."""
    try:
        found = await interaction.client.service.glossary_choices(  # type: ignore[attr-defined]
            where_of(interaction),
            actor_of(interaction),
            current,
            getattr(interaction.namespace, "game", None) or None,
        )
    except UserError:  # an unknown `game:`: the command itself will say so
        return []
    except Exception as exc:  # autocomplete cannot show an error
        log_unexpected(exc, "autocomplete /game explain", None)
        return []
    return [app_commands.Choice(name=name, value=value) for name, value in found]


def _look(group: app_commands.Group, name: str, method: str) -> None:
    """A subcommand without options that only shows something to the asker."""

    @subcommand(group, name)
    async def look(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: getattr(s, method)(w, a), public=False)


def add_table(group: app_commands.Group, games: list[Game]) -> None:
    looks = (
        ("mine", "mine"),
        ("list", "listing"),
        ("status", "status"),
        ("board", "board"),
        ("hand", "hand"),
    )
    for name, method in looks:
        _look(group, name, method)

    halls = [g for g in games if getattr(g, "hall", None) is not None]
    if halls:

        @subcommand(group, "hall", "game", "export", "players")
        @app_commands.choices(game=[app_commands.Choice(name=named(g.names), value=g.id) for g in halls])
        async def hall(
            interaction: discord.Interaction,
            game: str | None = None,
            export: bool = False,
            players: bool = False,
        ) -> None:
            await run_command(interaction, lambda s, w, a: s.hall(w, a, game, export, players), public=False)

    @subcommand(group, "log", "last")
    async def log(interaction: discord.Interaction, last: app_commands.Range[int, 1, 200] = 20) -> None:
        await run_command(interaction, lambda s, w, a: s.log(w, a, last=last), public=False)

    @subcommand(group, "rules", "game")
    @app_commands.choices(game=[app_commands.Choice(name=named(g.names), value=g.id) for g in games])
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        await run_command(interaction, lambda s, w, a: s.rules(w, a, game_id=game), public=False)

    explained = [g for g in games if getattr(g, "glossary", None) is not None]
    if explained:

        async def which_game(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            """The games with a glossary, by name (autocomplete: no choice list weighs on the
            4000 characters /game may hold)."""
            typed = current.strip().casefold()
            found = [(g.names.get(user_locale(interaction)) or g.id, g.id) for g in explained]
            return [
                app_commands.Choice(name=n, value=v) for n, v in found if typed in n.casefold() or typed in v
            ]

        @subcommand(group, "explain", "name", "game")
        @app_commands.autocomplete(name=_complete_explain, game=which_game)
        async def explain(interaction: discord.Interaction, name: str, game: str | None = None) -> None:
            await run_command(interaction, lambda s, w, a: s.explain(w, a, name, game), public=False)

    @subcommand(group, "export")
    async def export(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.export(w, a), public=False)

    @subcommand(group, "undo")
    async def undo(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.undo(w, a))

    @subcommand(group, "resign")
    async def resign(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.resign(w, a))

    if any(getattr(g, "orders", None) for g in games):

        @subcommand(group, "orders", "order", "value")
        @app_commands.autocomplete(
            order=_order_completer(lambda i: None),
            value=_order_completer(lambda i: getattr(i.namespace, "order", None) or ""),
        )
        async def standing(
            interaction: discord.Interaction, order: str | None = None, value: str | None = None
        ) -> None:
            await run_command(interaction, lambda s, w, a: s.orders(w, a, order, value), public=False)

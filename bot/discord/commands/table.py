"""Looking at a game and leaving it: status, board, hand, log, rules, export, undo, resign;
and a player's standing orders."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.commands.common import subcommand
from bot.discord.handlers import run_command
from bot.discord.translator import named
from engine.i18n import LOCALES, render
from engine.protocol import Game


def order_choices(games: list[Game]) -> tuple[list[app_commands.Choice[str]], list[app_commands.Choice[str]]]:
    """The standing orders every game offers (optional `GAME.orders`) and their values,
    labelled by the first game that offers each; the service checks the pair."""
    orders: dict[str, app_commands.Choice[str]] = {}
    values: dict[str, app_commands.Choice[str]] = {}
    for game in games:
        for order in getattr(game, "orders", None) or []:
            orders.setdefault(order.key, _choice(order.key, order.label))
            for value, text in order.values.items():
                values.setdefault(value, _choice(value, text))
    return list(orders.values())[:25], list(values.values())[:25]


def _choice(value: str, text) -> app_commands.Choice[str]:
    return app_commands.Choice(name=named({loc: render(text, loc)[:100] for loc in LOCALES}), value=value)


def add_table(group: app_commands.Group, games: list[Game]) -> None:
    @subcommand(group, "status")
    async def status(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.status(w, a), public=False)

    @subcommand(group, "board")
    async def board(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.board(w, a), public=False)

    @subcommand(group, "hand")
    async def hand(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.hand(w, a), public=False)

    @subcommand(group, "log", "last")
    async def log(interaction: discord.Interaction, last: app_commands.Range[int, 1, 200] = 20) -> None:
        await run_command(interaction, lambda s, w, a: s.log(w, a, last=last), public=False)

    @subcommand(group, "rules", "game")
    @app_commands.choices(game=[app_commands.Choice(name=named(g.names), value=g.id) for g in games])
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        await run_command(interaction, lambda s, w, a: s.rules(w, a, game_id=game), public=False)

    @subcommand(group, "export")
    async def export(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.export(w, a), public=False)

    @subcommand(group, "undo")
    async def undo(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.undo(w, a))

    @subcommand(group, "resign")
    async def resign(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.resign(w, a))

    orders, values = order_choices(games)
    if orders:

        @subcommand(group, "orders", "order", "value")
        @app_commands.choices(order=orders, value=values)
        async def standing(
            interaction: discord.Interaction, order: str | None = None, value: str | None = None
        ) -> None:
            await run_command(interaction, lambda s, w, a: s.orders(w, a, order, value), public=False)

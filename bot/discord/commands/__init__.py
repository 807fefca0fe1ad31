"""The slash commands: `/game <subcommand>` for tables, `/play move:` for moves.

Commands are built per bot (not at import) because `/game new` and `/game rules` take their
parameters from the games available when the bot starts.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.command_size import LIMIT, size
from bot.discord.commands.common import localized
from bot.discord.commands.lobby import add_lobby
from bot.discord.commands.table import add_table
from bot.discord.game_options import MAX_OPTIONS, OWN, OptionParam, option_params
from bot.discord.handlers import complete_move, play_move, run_command
from bot.discord.translator import label
from bot.plugins import plugin_commands
from engine.protocol import Game

GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


def _game_group(games: list[Game], params: list[OptionParam], written: bool) -> app_commands.Group:
    group = app_commands.Group(
        name=label("discord.cmd.game.name"),
        description=label("discord.cmd.game.desc"),
        allowed_contexts=GUILD_ONLY,
    )
    add_lobby(group, games, params, written)
    add_table(group, games)
    return group


def game_group(games: list[Game]) -> app_commands.Group:
    """`/game`, with every game's options typed on `/game new` while they fit Discord's 4000
    characters. When they no longer do, `/game new options:` takes any option written out
    ("scenario:expert points:300", suggested as you type) and typed ones give way, one at a
    time from the game with the most typed options (its last first), so every game keeps
    its main options typed and installing another game never makes the command too large."""
    params = option_params(games)
    if OWN + len(params) <= MAX_OPTIONS:
        group = _game_group(games, params, written=False)
        if size(group) <= LIMIT:
            return group
    while OWN + 1 + len(params) > MAX_OPTIONS:  # Discord's 25 options, `options:` included
        params = _without_one(params)
    group = _game_group(games, params, written=True)
    while params and size(group) > LIMIT:
        params = _without_one(params)
        group = _game_group(games, params, written=True)
    return group


def _without_one(params: list[OptionParam]) -> list[OptionParam]:
    """Drop the last option of the game that has the most typed (ties: the later game id)."""
    counts: dict[str, int] = {}
    for param in params:
        for game_id in param.fields:
            counts[game_id] = counts.get(game_id, 0) + 1
    crowded = max(counts, key=lambda g: (counts[g], g))
    drop = next(p for p in reversed(params) if crowded in p.fields)
    return [p for p in params if p is not drop]


def play_command() -> app_commands.Command:
    @localized("move")
    @app_commands.autocomplete(move=complete_move)
    async def play(interaction: discord.Interaction, move: str) -> None:
        await run_command(interaction, lambda s, w, a: play_move(s, w, a, move))

    return app_commands.Command(
        name=label("discord.cmd.play.name"),
        description=label("discord.cmd.play.desc"),
        callback=play,
        allowed_contexts=GUILD_ONLY,
    )


def help_command(games: list[Game]) -> app_commands.Command:
    """`/help`: what Agora is, how to start, the commands, each game and its own groups."""
    groups = sorted({f"/{c.group}" for c in plugin_commands(games)})

    async def help(interaction: discord.Interaction) -> None:
        async def call(service, where, actor):  # type: ignore[no-untyped-def]
            return service.help(actor, groups)

        await run_command(interaction, call, public=False)

    return app_commands.Command(
        name=label("discord.cmd.help.name"), description=label("discord.cmd.help.desc"), callback=help
    )


def all_commands(games: list[Game]) -> list[app_commands.Command | app_commands.Group]:
    return [game_group(games), play_command(), help_command(games)]

"""Setting a table up and tearing it down: new, join, leave, addbot, start, abort, rematch,
and the guild's settings (Manage Server)."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.common import subcommand
from bot.discord.errors import log_unexpected
from bot.discord.game_options import (
    OptionParam,
    decorate,
    merge_written,
    options_for,
    signature,
    written_options,
)
from bot.discord.handlers import run_command
from bot.discord.translator import label, named
from bot.service.api import Actor, UserError, Where
from bot.service.timers import MAX_CLOCK_DAYS, MAX_REMINDER_HOURS, MAX_WINDOW_MINUTES
from engine.protocol import Game

LEVELS = ("random", "heuristic", "strong")  # strong: the search (engine/ai/search.py), where a game has it
# the service's bounds (bot/service/timers.py); 0 turns the timer off
CLOCK_DAYS = app_commands.Range[int, 0, MAX_CLOCK_DAYS]
REMINDER_HOURS = app_commands.Range[int, 0, MAX_REMINDER_HOURS]
WINDOW_MINUTES = app_commands.Range[int, 0, MAX_WINDOW_MINUTES]
LANGUAGES = {"en": "English", "fr": "Français"}


async def league_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's leagues, when the bot runs with leagues (`bot.leagues`)."""
    leagues = getattr(interaction.client, "leagues", None)
    if leagues is None:
        return []
    try:
        names = await leagues.league_names(str(interaction.guild_id or ""))
    except Exception as exc:  # autocomplete cannot show an error
        log_unexpected(exc, "autocomplete /game new league", None)
        return []
    wanted = current.casefold()
    return [app_commands.Choice(name=n, value=n) for n in names if wanted in n.casefold()][:25]


def add_new(group: app_commands.Group, games: list[Game], params: list[OptionParam], written: bool) -> None:
    """`/game new game:<choice> [seed] [league] [clock_days] [reminder_hours] [window_minutes]
    [the games' options, typed]`, and `[options:]` (any option written out) when `written`."""
    by_id = {g.id: g for g in games}

    async def new(interaction: discord.Interaction, **values: Any) -> None:
        game = by_id[values.pop("game")]
        seed, league = values.pop("seed", None), values.pop("league", None)
        spelled = values.pop("options", None)  # options written out, when `written`
        timers = {key: values.pop(key, None) for key in ("clock_days", "reminder_hours", "window_minutes")}

        leagues = getattr(interaction.client, "leagues", None)

        async def call(service: Any, where: Where, actor: Actor) -> Any:
            options = merge_written(options_for(game, params, values), spelled)
            if seed is not None:  # the service makes a game with an explicit seed reproducible
                options["seed"] = seed
            league_id = None
            if league is not None:
                if leagues is None:
                    raise UserError("discord.err.no_leagues")
                league_id = await leagues.league_id(where, league)
            return await service.new_game(where, actor, game.id, options, league=league_id, **timers)

        await run_command(interaction, call)

    kw = inspect.Parameter.POSITIONAL_OR_KEYWORD
    head = [
        inspect.Parameter("interaction", kw, annotation=discord.Interaction),
        inspect.Parameter("game", kw, annotation=str),
        inspect.Parameter("seed", kw, default=None, annotation=app_commands.Range[int, 0, 2**53 - 1] | None),
        inspect.Parameter("league", kw, default=None, annotation=app_commands.Range[str, 1, 40] | None),
        inspect.Parameter("clock_days", kw, default=None, annotation=CLOCK_DAYS | None),
        inspect.Parameter("reminder_hours", kw, default=None, annotation=REMINDER_HOURS | None),
        inspect.Parameter("window_minutes", kw, default=None, annotation=WINDOW_MINUTES | None),
    ]
    if written:
        head.append(
            inspect.Parameter("options", kw, default=None, annotation=app_commands.Range[str, 1, 400] | None)
        )
    new.__signature__ = signature(params, head)  # type: ignore[attr-defined]
    decorate(new, params, [p.name for p in head[1:]])
    new.__discord_app_commands_param_choices__["game"] = [  # type: ignore[attr-defined]
        app_commands.Choice(name=named(g.names), value=g.id) for g in games
    ]
    new.__discord_app_commands_param_autocomplete__ = {"league": league_names}  # type: ignore[attr-defined]
    if written:
        new.__discord_app_commands_param_autocomplete__["options"] = written_options(by_id)  # type: ignore[attr-defined]
    group.add_command(
        app_commands.Command(
            name=label("discord.cmd.new.name"), description=label("discord.cmd.new.desc"), callback=new
        )
    )


def add_lobby(group: app_commands.Group, games: list[Game], params: list[OptionParam], written: bool) -> None:
    add_new(group, games, params, written)

    @subcommand(group, "join", "role")
    async def join(interaction: discord.Interaction, role: str | None = None) -> None:
        await run_command(interaction, lambda s, w, a: s.join(w, a, role=role))

    @subcommand(group, "leave")
    async def leave(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.leave(w, a))

    @subcommand(group, "addbot", "level", "role")
    @app_commands.choices(
        level=[app_commands.Choice(name=label(f"discord.level.{lv}"), value=lv) for lv in LEVELS]
    )
    async def addbot(
        interaction: discord.Interaction, level: str = "heuristic", role: str | None = None
    ) -> None:
        await run_command(interaction, lambda s, w, a: s.add_bot(w, a, level=level, role=role))

    @subcommand(group, "start")
    async def start(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.start_game(w, a))

    @subcommand(group, "abort")
    async def abort(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.abort(w, a))

    @subcommand(group, "rematch")
    async def rematch(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: s.rematch(w, a))

    @subcommand(group, "settings", "language", "reminder_hours", "clock_days")
    @app_commands.choices(language=[app_commands.Choice(name=n, value=c) for c, n in LANGUAGES.items()])
    async def settings(
        interaction: discord.Interaction,
        language: str | None = None,
        reminder_hours: REMINDER_HOURS | None = None,
        clock_days: CLOCK_DAYS | None = None,
    ) -> None:
        """Manage Server only; the service checks it (Actor.manager), so no setting can slip by."""
        await run_command(
            interaction,
            lambda s, w, a: s.settings(
                w, a, locale=language, reminder_hours=reminder_hours, clock_days=clock_days
            ),
            public=False,
        )

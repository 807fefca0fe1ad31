"""Slash-command groups for what games declare beyond `/play` (bot/plugins/commands.py):
one group per declared group (a game's `/army`, say), built from the table, named and described
from the game's catalog in English and French.

Discord reads a command's options from its callback's signature, so each callback is given
one (`__signature__`) made from the declared options; the values arrive as keyword
arguments. Commands go through `run_command`, so replies are presented, deferred and mapped
to errors exactly as for `/play`. Autocomplete cannot show an error: a refusal is an empty
list.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import actor_of, where_of
from bot.discord.handlers import run_command
from bot.discord.translator import label
from bot.plugins import PluginCommand
from bot.plugins.commands import groups
from bot.service.api import UserError
from engine.errors import IllegalCommand
from engine.plugins import Param

log = logging.getLogger("agora.plugins")
GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


def _service(interaction: discord.Interaction) -> Any:
    return interaction.client.plugins  # type: ignore[attr-defined]


def _annotation(param: Param) -> Any:
    if param.kind == "flag":
        return bool
    if param.kind == "int":
        return app_commands.Range[int, param.low, param.high]
    return app_commands.Range[str, 1, param.max_length]


def _values(interaction: discord.Interaction, command: PluginCommand) -> dict[str, Any]:
    """The options typed so far, from the interaction (for autocomplete)."""
    return {p.name: getattr(interaction.namespace, p.name, None) for p in command.params}


def _completer(command: PluginCommand, param: str) -> Any:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            found = await _service(interaction).complete(
                command,
                param,
                where_of(interaction),
                actor_of(interaction),
                _values(interaction, command),
                current,
            )
        except (UserError, IllegalCommand):
            return []
        except Exception:
            log.exception("autocomplete of /%s %s failed", command.path, param)
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in found][:25]

    return complete


def _command(group: app_commands.Group, command: PluginCommand) -> None:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).run(command, w, a, values),
            public=not command.private,
        )

    first = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            first,
            *(
                inspect.Parameter(
                    p.name,
                    inspect.Parameter.KEYWORD_ONLY,
                    annotation=_annotation(p),
                    default=inspect.Parameter.empty if p.required else None,
                )
                for p in command.params
            ),
        ]
    )
    prefix, params = command.prefix, command.params
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        p.name: label(f"{prefix}.opt.{p.name}.desc") for p in params
    }
    callback.__discord_app_commands_param_rename__ = {  # type: ignore[attr-defined]
        p.name: label(f"{prefix}.opt.{p.name}.name") for p in params
    }
    callback.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        p.name: [app_commands.Choice(name=label(key), value=value) for value, key in p.choices]
        for p in params
        if p.choices
    }
    callback.__discord_app_commands_param_autocomplete__ = {  # type: ignore[attr-defined]
        p.name: _completer(command, p.name) for p in params if p.complete is not None and not p.choices
    }
    group.command(
        name=label(f"{prefix}.cmd.{command.name}.name"),
        description=label(f"{prefix}.cmd.{command.name}.desc"),
    )(callback)


def plugin_groups(commands: list[PluginCommand]) -> list[app_commands.Group]:
    out = []
    for name, members in groups(commands).items():
        prefix = members[0].prefix
        group = app_commands.Group(
            name=label(f"{prefix}.cmd.{name}.name"),
            description=label(f"{prefix}.cmd.{name}.desc"),
            allowed_contexts=GUILD_ONLY,
        )
        for command in members:
            _command(group, command)
        out.append(group)
    return out

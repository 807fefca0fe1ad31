"""Declaring a localized subcommand in one line: names and descriptions from our catalog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from discord import app_commands

from bot.discord.translator import label


def localized(*params: str) -> Callable[[Any], Any]:
    """Give each parameter its catalog name and description (`discord.opt.<param>.name|desc`)."""

    def decorate(fn: Any) -> Any:
        if params:
            fn = app_commands.describe(**{p: label(f"discord.opt.{p}.desc") for p in params})(fn)
            fn = app_commands.rename(**{p: label(f"discord.opt.{p}.name") for p in params})(fn)
        return fn

    return decorate


def subcommand(group: app_commands.Group, name: str, *params: str) -> Callable[[Any], Any]:
    """`@subcommand(group, "join", "role")`: `/game join role:` with en/fr names and help."""

    def decorate(fn: Any) -> Any:
        fn = localized(*params)(fn)
        return group.command(
            name=label(f"discord.cmd.{name}.name"), description=label(f"discord.cmd.{name}.desc")
        )(fn)

    return decorate

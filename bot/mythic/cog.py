"""`/army` and `/mythic` for the Discord adapter: `install(bot, mythic)` adds both groups
(call it in `setup_hook`, before the command tree syncs; bot/discord/run.py does).

Commands go through the adapter's `run_command`, so replies are presented, deferred and
mapped to errors exactly as for `/play`; moves go through the table service's `play`.
Autocomplete cannot show an error: a refusal there is an empty list.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import actor_of, where_of
from bot.discord.handlers import run_command
from bot.discord.translator import label
from bot.mythic.armies import options_for
from bot.mythic.saved import MAX_NAME, MAX_POINTS, MIN_POINTS
from bot.service.api import UserError
from engine.errors import IllegalCommand
from engine.i18n import render

log = logging.getLogger("agora.mythic")
GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
Choices = list[app_commands.Choice[str]]
Name = app_commands.Range[str, 1, MAX_NAME]
Points = app_commands.Range[int, MIN_POINTS, MAX_POINTS]
FACTIONS = [
    app_commands.Choice(name=label(f"mythicbot.faction.choice.{f}"), value=f) for f in ("athena", "hades")
]


def _service(interaction: discord.Interaction) -> Any:
    return interaction.client.mythic  # type: ignore[attr-defined]


def _sub(group: app_commands.Group, name: str, *params: str) -> Callable[[Any], Any]:
    """A subcommand named and described from our catalog (`mythicbot.cmd.*`, `mythicbot.opt.*`)."""

    def decorate(fn: Any) -> Any:
        if params:
            fn = app_commands.describe(**{p: label(f"mythicbot.opt.{p}.desc") for p in params})(fn)
            fn = app_commands.rename(**{p: label(f"mythicbot.opt.{p}.name") for p in params})(fn)
        return group.command(
            name=label(f"mythicbot.cmd.{name}.name"), description=label(f"mythicbot.cmd.{name}.desc")
        )(fn)

    return decorate


def _group(name: str) -> app_commands.Group:
    return app_commands.Group(
        name=label(f"mythicbot.cmd.{name}.name"),
        description=label(f"mythicbot.cmd.{name}.desc"),
        allowed_contexts=GUILD_ONLY,
    )


def _completer(find: Callable[[discord.Interaction, str], Awaitable[list[tuple[str, str]]]]) -> Any:
    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        try:
            found = await find(interaction, current)
        except (UserError, IllegalCommand):
            return []
        except Exception:
            log.exception("mythic autocomplete failed")
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in found][:25]

    return complete


def _spot(interaction: discord.Interaction) -> tuple[Any, Any, Any]:
    return _service(interaction), where_of(interaction), actor_of(interaction)


def _builder(options_of: Callable[[discord.Interaction], Awaitable[Any]]) -> Any:
    """Units autocomplete: the next unit under the options `options_of` gives."""

    async def find(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        service, _, actor = _spot(interaction)
        faction = getattr(interaction.namespace, "faction", None)
        return service.unit_choices(await options_of(interaction), faction, current, actor.locale)

    return _completer(find)


async def _duel(interaction: discord.Interaction) -> Any:
    return options_for({})


async def _checked(interaction: discord.Interaction) -> Any:
    ns = interaction.namespace
    return options_for(
        {
            "points": getattr(ns, "points", None),
            "teams": bool(getattr(ns, "teams", False)),
            "deckbuilding": bool(getattr(ns, "deckbuilding", False)),
        }
    )


async def _armies(
    interaction: discord.Interaction, current: str, saved_only: bool = False
) -> list[tuple[str, str]]:
    service, _, actor = _spot(interaction)
    wanted = current.strip().casefold()
    return [
        (render(a.title(), actor.locale)[:100], a.key)
        for a in await service.army_names(actor)
        if not (saved_only and a.starter) and wanted in render(a.title(), actor.locale).casefold()
    ]


def army_group() -> app_commands.Group:
    group = _group("army")

    @_sub(group, "save", "name", "faction", "units")
    @app_commands.choices(faction=FACTIONS)
    @app_commands.autocomplete(units=_builder(_duel))
    async def save(
        interaction: discord.Interaction, name: Name, units: str, faction: str | None = None
    ) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).save(w, a, name, faction, units), public=False
        )

    @_sub(group, "list")
    async def listing(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).list_armies(w, a), public=False)

    @_sub(group, "show", "name")
    @app_commands.autocomplete(name=_completer(_armies))
    async def show(interaction: discord.Interaction, name: Name) -> None:
        await run_command(interaction, lambda _s, w, a: _service(interaction).show(w, a, name), public=False)

    @_sub(group, "delete", "name")
    @app_commands.autocomplete(name=_completer(lambda i, c: _armies(i, c, saved_only=True)))
    async def delete(interaction: discord.Interaction, name: Name) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).delete(w, a, name), public=False
        )

    @_sub(group, "check", "faction", "units", "points", "teams", "deckbuilding")
    @app_commands.choices(faction=FACTIONS)
    @app_commands.autocomplete(units=_builder(_checked))
    async def check(
        interaction: discord.Interaction,
        units: str,
        faction: str | None = None,
        points: Points | None = None,
        teams: bool = False,
        deckbuilding: bool = False,
    ) -> None:
        await run_command(
            interaction,
            lambda _s, w, a: _service(interaction).check(
                w, a, faction, units, points=points, teams=teams, deckbuilding=deckbuilding
            ),
            public=False,
        )

    return group


def _legal_choices(kind: str, companion: str | None = None) -> Any:
    async def find(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        service, where, actor = _spot(interaction)
        other = getattr(interaction.namespace, companion, None) if companion else None
        return await service.move_choices(interaction.client.service, where, actor, kind, current, other)  # type: ignore[attr-defined]

    return _completer(find)


def mythic_group() -> app_commands.Group:
    group = _group("mythic")

    async def recruit_armies(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        service, where, actor = _spot(interaction)
        return await service.army_choices(where, actor, current)

    async def recruit_units(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        """The builder under this game's options (60 points in teams, any faction in deck building)."""
        service, where, actor = _spot(interaction)
        return await service.recruit_unit_choices(
            where, actor, getattr(interaction.namespace, "faction", None), current
        )

    @_sub(group, "recruit", "army", "faction", "units")
    @app_commands.choices(faction=FACTIONS)
    @app_commands.autocomplete(army=_completer(recruit_armies), units=_completer(recruit_units))
    async def recruit(
        interaction: discord.Interaction,
        army: str | None = None,
        faction: str | None = None,
        units: str | None = None,
    ) -> None:
        await run_command(
            interaction, lambda s, w, a: _service(interaction).recruit(s, w, a, army, faction, units)
        )

    @_sub(group, "activate", "unit")
    @app_commands.autocomplete(unit=_legal_choices("activate"))
    async def activate(interaction: discord.Interaction, unit: str) -> None:
        await run_command(interaction, lambda s, w, a: _service(interaction).activate(s, w, a, unit))

    @_sub(group, "move", "to", "unit")
    @app_commands.autocomplete(to=_legal_choices("to", "unit"), unit=_legal_choices("mover"))
    async def move(interaction: discord.Interaction, to: str, unit: str | None = None) -> None:
        await run_command(interaction, lambda s, w, a: _service(interaction).move(s, w, a, to, unit))

    @_sub(group, "attack", "target", "attacker")
    @app_commands.autocomplete(
        target=_legal_choices("target", "attacker"), attacker=_legal_choices("attacker")
    )
    async def attack(interaction: discord.Interaction, target: str, attacker: str | None = None) -> None:
        await run_command(
            interaction, lambda s, w, a: _service(interaction).attack(s, w, a, target, attacker)
        )

    @_sub(group, "convert", "card")
    @app_commands.autocomplete(card=_legal_choices("convert"))
    async def convert(interaction: discord.Interaction, card: str) -> None:
        await run_command(interaction, lambda s, w, a: _service(interaction).convert(s, w, a, card))

    async def players(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        service, where, _ = _spot(interaction)
        return await service.player_choices(where, current)

    @_sub(group, "roster", "player")
    @app_commands.autocomplete(player=_completer(players))
    async def roster(interaction: discord.Interaction, player: str | None = None) -> None:
        await run_command(
            interaction, lambda _s, w, a: _service(interaction).roster(w, a, player), public=False
        )

    for word in ("pass", "done", "end"):
        _simple(group, word)
    return group


def _simple(group: app_commands.Group, word: str) -> None:
    @_sub(group, word)
    async def simple(interaction: discord.Interaction) -> None:
        await run_command(interaction, lambda s, w, a: _service(interaction).simple(s, w, a, word))


def install(bot: Any, mythic: Any) -> None:
    """Add `/army` and `/mythic` to `bot` (from its `setup_hook`)."""
    bot.mythic = mythic
    bot.tree.add_command(army_group())
    bot.tree.add_command(mythic_group())


__all__ = ["army_group", "install", "mythic_group"]

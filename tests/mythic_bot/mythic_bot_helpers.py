"""Who, where and the armies the saved-army tests use; reading a reply as its reader does;
and `MythicCommands`, the `/army` and `/mythic` commands as the bot runs them (the generic
PluginService over what Mythic Battles declares), called by name."""

from __future__ import annotations

from typing import Any

from bot.plugins import PluginService, plugin_commands
from bot.service import TableService
from bot.service.api import Actor, Reply, UserError, Where
from engine import get_game
from engine.errors import IllegalCommand
from engine.i18n import render
from engine.mythic.table.shortcuts import unit_choices

WHERE = Where("g1", "c1")
ALICE = Actor("alice", "Alice")
BOB = Actor("bob", "Bob", locale="fr")
NICK = "cerberus rhadamanthus auditors marauders legion-acheron legion-phlegethon artillerymen"
REFUSED = (UserError, IllegalCommand)  # the bot's refusals and the game's


def text(reply: Reply, locale: str = "en") -> str:
    """Everything the reply says, rendered as its reader sees it."""
    return "\n".join(render(line, m.locale or locale) for m in reply.messages for line in m.lines)


def command(path: str) -> Any:
    return {c.path: c for c in plugin_commands([get_game("mythic")])}[path]


class MythicCommands:
    def __init__(self, store: Any, clock: Any) -> None:
        self.store, self.clock = store, clock

    def _service(self, tables: Any = None) -> PluginService:
        return PluginService(tables or TableService(self.store, render_images=False), clock=self.clock)

    async def _run(self, path: str, where: Where, actor: Actor, tables: Any = None, **values: Any) -> Reply:
        return await self._service(tables).run(command(path), where, actor, values)

    # /army
    async def save(self, where: Where, actor: Actor, name: str, faction: str | None, units: str) -> Reply:
        return await self._run("army save", where, actor, name=name, faction=faction, units=units)

    async def list_armies(self, where: Where, actor: Actor) -> Reply:
        return await self._run("army list", where, actor)

    async def show(self, where: Where, actor: Actor, name: str) -> Reply:
        return await self._run("army show", where, actor, name=name)

    async def delete(self, where: Where, actor: Actor, name: str) -> Reply:
        return await self._run("army delete", where, actor, name=name)

    async def check(
        self, where: Where, actor: Actor, faction: str | None, units: str, **options: Any
    ) -> Reply:
        return await self._run("army check", where, actor, faction=faction, units=units, **options)

    async def find_army(self, actor: Actor, name: str) -> Any:
        game = get_game("mythic")
        return await self._service().setups.find(game.id, game.setups, actor, name)

    def unit_choices(
        self, options: Any, faction: str | None, typed: str, locale: str
    ) -> list[tuple[str, str]]:
        return unit_choices(options, faction, typed, locale)

    # /mythic
    async def army_choices(self, where: Where, actor: Actor, typed: str) -> list[tuple[str, str]]:
        return await self._service().complete(command("mythic recruit"), "army", where, actor, {}, typed)

    async def recruit_unit_choices(
        self, where: Where, actor: Actor, faction: str | None, typed: str
    ) -> list[tuple[str, str]]:
        found = command("mythic recruit")
        return await self._service().complete(found, "units", where, actor, {"faction": faction}, typed)

    async def recruit(
        self,
        tables: Any,
        where: Where,
        actor: Actor,
        army: Any = None,
        faction: Any = None,
        units: Any = None,
    ) -> Reply:
        return await self._run(
            "mythic recruit", where, actor, tables, army=army, faction=faction, units=units
        )

    async def activate(self, tables: Any, where: Where, actor: Actor, unit: str) -> Reply:
        return await self._run("mythic activate", where, actor, tables, unit=unit)

    async def move(self, tables: Any, where: Where, actor: Actor, to: str, unit: str | None = None) -> Reply:
        return await self._run("mythic move", where, actor, tables, to=to, unit=unit)

    async def deploy(self, tables: Any, where: Where, actor: Actor, unit: str, square: str) -> Reply:
        return await self._run("mythic deploy", where, actor, tables, unit=unit, square=square)

    async def deploy_choices(
        self, where: Where, actor: Actor, param: str, typed: str, **values: Any
    ) -> list[tuple[str, str]]:
        return await self._service().complete(command("mythic deploy"), param, where, actor, values, typed)

    async def simple(self, tables: Any, where: Where, actor: Actor, word: str) -> Reply:
        return await self._run(f"mythic {word}", where, actor, tables)

    async def player_choices(self, where: Where, typed: str) -> list[tuple[str, str]]:
        spectator = Actor("nobody", "Nobody")
        return await self._service().complete(command("mythic roster"), "player", where, spectator, {}, typed)

    async def roster(self, where: Where, actor: Actor, player: str | None = None) -> Reply:
        return await self._run("mythic roster", where, actor, player=player)

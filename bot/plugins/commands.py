"""Every command games declare beyond `/play`, as one flat table both adapters read
(Discord: bot/discord/plugin_commands.py; the local table: bot/console_commands.py).

A game's saved set-ups give the group `{setups.command}` with `save`, `list`, `show`,
`delete` and `check`; each of its shortcut groups gives `/{group.name} ...`. A group name
that another game or the bot already uses is refused (logged once) rather than merged:
names are the one thing plug-ins must not share.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from engine.plugins import Param, Shortcut

log = logging.getLogger("agora.plugins")

RESERVED = frozenset({"game", "play", "league", "help", "press", "moves", "quit", "exit"})
SETUP_COMMANDS = ("save", "list", "show", "delete", "check")


@dataclass(frozen=True)
class PluginCommand:
    game_id: str
    group: str  # "army": `/army ...`
    prefix: str  # the game's catalog prefix for labels
    name: str  # "save", "activate"
    params: tuple[Param, ...]
    kind: Literal["setup", "shortcut"]
    shortcut: Shortcut | None = None

    @property
    def path(self) -> str:
        return f"{self.group} {self.name}"

    @property
    def private(self) -> bool:
        """Answered only to the asker (set-ups, images), and deferred as such."""
        return self.kind == "setup" or (self.shortcut is not None and self.shortcut.private)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def _setup_commands(game_id: str, setups: Any) -> list[PluginCommand]:
    name = Param("name", required=True, max_length=setups.max_name)
    named = Param("name", required=True, max_length=setups.max_name, complete=lambda ctx, typed: [])
    params = {
        "save": (name, *setups.fields),
        "list": (),
        "show": (named,),
        "delete": (named,),
        "check": (*setups.fields, *setups.check_params),
    }
    return [
        PluginCommand(game_id, setups.command, setups.prefix, sub, _required_first(params[sub]), "setup")
        for sub in SETUP_COMMANDS
    ]


def _required_first(params: Iterable[Param]) -> tuple[Param, ...]:
    """Discord refuses a required option after an optional one."""
    return tuple(sorted(params, key=lambda p: not p.required))


def plugin_commands(games: Iterable[Any]) -> list[PluginCommand]:
    """The declared commands of these games, required options first (Discord's rule)."""
    found: list[PluginCommand] = []
    owners: dict[str, str] = {}

    def claim(group: str, game_id: str) -> bool:
        if group in RESERVED or owners.get(group, game_id) != game_id:
            log.error("game %s: the command group /%s is taken; it is left out", game_id, group)
            return False
        owners[group] = game_id
        return True

    for game in sorted(games, key=lambda g: g.id):
        setups = getattr(game, "setups", None)
        if setups is not None and claim(setups.command, game.id):
            found += _setup_commands(game.id, setups)
        for group in getattr(game, "shortcuts", None) or ():
            if not claim(group.name, game.id):
                continue
            for shortcut in group.commands:
                params = tuple(sorted(shortcut.params, key=lambda p: not p.required))
                found.append(
                    PluginCommand(
                        game.id, group.name, group.prefix, shortcut.name, params, "shortcut", shortcut
                    )
                )
    return found


def groups(commands: Iterable[PluginCommand]) -> dict[str, list[PluginCommand]]:
    out: dict[str, list[PluginCommand]] = {}
    for command in commands:
        out.setdefault(command.group, []).append(command)
    return out

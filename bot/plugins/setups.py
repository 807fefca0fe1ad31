"""Saved set-ups per user and game (`GAME.setups`, engine/plugins.py): the command group a
game declares (say `/army save|list|show|delete|check`). The bot stores and
finds them; the game validates, prices and words them. Every reply is private."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from typing import Any

from bot.plugins import setups_repo as repo
from bot.service.api import Actor, Message, Reply, UserError, Where
from engine.i18n import Text
from engine.plugins import Setups


def private(actor: Actor, lines: list[Text]) -> Reply:
    """Only the invoking user sees it, in their language."""
    return Reply([Message(lines=list(lines), ephemeral=True, locale=actor.locale)])


class SavedSetups:
    def __init__(self, store: Any, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def _clean_name(self, kind: Setups, name: str) -> str:
        text = " ".join(name.split())
        if not 1 <= len(text) <= kind.max_name or any(unicodedata.category(c).startswith("C") for c in text):
            raise UserError(f"{kind.prefix}.err.name", limit=kind.max_name)
        return text

    async def mine(self, game_id: str, kind: Setups, actor: Actor) -> list[Any]:
        async with self.store.reading() as conn:
            rows = await repo.all_of(conn, actor.user_id, game_id)
        return [kind.load(name, data) for name, data in rows]

    async def choices(self, game_id: str, kind: Setups, actor: Actor) -> list[Any]:
        """The actor's saved set-ups, then the starters: for autocomplete and recruiting."""
        return [*await self.mine(game_id, kind, actor), *kind.starters()]

    async def find(self, game_id: str, kind: Setups, actor: Actor, name: str) -> Any:
        """The actor's saved set-up of that name (any case), else the starter of that name."""
        async with self.store.reading() as conn:
            found = await repo.one(conn, actor.user_id, game_id, name.strip())
            known = [n for n, _ in await repo.all_of(conn, actor.user_id, game_id)] if found is None else []
        if found is not None:
            return kind.load(*found)
        starter = kind.find_starter(name)
        if starter is None:
            raise UserError(f"{kind.prefix}.err.no_army", name=name, known=", ".join(known) or "–")
        return starter

    async def save(
        self, game_id: str, kind: Setups, where: Where, actor: Actor, values: dict[str, Any]
    ) -> Reply:
        name = self._clean_name(kind, str(values.get("name", "")))
        if kind.find_starter(name) is not None:
            raise UserError(f"{kind.prefix}.err.starter_name", name=name)
        setup = kind.build(name, values)
        async with self.store.transaction() as conn:
            replacing = await repo.one(conn, actor.user_id, game_id, name)
            if replacing is None and await repo.count(conn, actor.user_id, game_id) >= kind.max_saved:
                raise UserError(f"{kind.prefix}.err.limit", limit=kind.max_saved)
            await repo.put(conn, actor.user_id, game_id, name, setup.data(), self.clock())
        return private(actor, kind.saved_lines(setup, replacing is not None))

    async def list(
        self, game_id: str, kind: Setups, where: Where, actor: Actor, values: dict[str, Any]
    ) -> Reply:
        return private(actor, kind.list_lines(await self.mine(game_id, kind, actor)))

    async def show(
        self, game_id: str, kind: Setups, where: Where, actor: Actor, values: dict[str, Any]
    ) -> Reply:
        return private(actor, kind.show_lines(await self.find(game_id, kind, actor, str(values["name"]))))

    async def delete(
        self, game_id: str, kind: Setups, where: Where, actor: Actor, values: dict[str, Any]
    ) -> Reply:
        name = str(values["name"])
        async with self.store.transaction() as conn:
            found = await repo.one(conn, actor.user_id, game_id, name.strip())
            if found is None or not await repo.delete(conn, actor.user_id, game_id, found[0]):
                raise UserError(f"{kind.prefix}.err.no_saved_army", name=name)
        return private(actor, [Text(f"{kind.prefix}.deleted", params={"name": found[0]})])

    async def check(
        self, game_id: str, kind: Setups, where: Where, actor: Actor, values: dict[str, Any]
    ) -> Reply:
        return private(actor, kind.check_lines(values))

"""Running and completing the commands games declare (bot/plugins/commands.py): a set-up
command goes to `SavedSetups`; a playing shortcut becomes notation and goes through the
table service's `play` (same checks, same errors, same public presentation); an image
shortcut draws one of the renderer's extra images from the PUBLIC view, for the asker only;
a text shortcut (a how-to-play) answers the asker alone, game or no game in the channel.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from bot.plugins.commands import PluginCommand
from bot.plugins.setups import SavedSetups
from bot.service.api import Actor, Image, Message, Reply, UserError, Where
from bot.service.images import image_name
from engine.i18n import T, render
from engine.plugins import Choice, Move, TableContext


class PluginService:
    def __init__(self, tables: Any, clock: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.clock = clock

    @property
    def store(self) -> Any:
        return self.tables.store

    @property
    def setups(self) -> SavedSetups:
        return SavedSetups(self.store, self.clock)

    def _game(self, game_id: str) -> Any:
        return self.tables.catalog.get(game_id)

    # ---- context ------------------------------------------------------------------------

    async def _record(self, command: PluginCommand, where: Where) -> Any:
        record = await self.store.channel_game(where.guild_id, where.channel_id)
        if record is None:
            raise UserError("bot.err.no_game")
        if record.game != command.game_id:
            game = self._game(command.game_id)
            raise UserError(
                "bot.err.other_game", game=T("core.named", **_names(game.names)), command=f"/{command.group}"
            )
        return record

    async def context(
        self, command: PluginCommand, where: Where, actor: Actor, values: dict[str, Any]
    ) -> tuple[TableContext, Any]:
        """What the command may read, and the channel's game record (None for set-ups)."""
        game = self._game(command.game_id)
        kind = getattr(game, "setups", None)
        setups = await self.setups.choices(game.id, kind, actor) if kind is not None else []
        if command.kind == "setup":
            return TableContext(locale=actor.locale, values=values, setups=setups), None
        record = await self._record(command, where)
        public = None
        if record.status in ("running", "finished"):
            raw = await self.store.current_state(record.id)
            if raw is not None:
                public = game.view(game.load_state(json.loads(raw)), None)
        seats = await self.store.seats(record.id)
        ctx = TableContext(
            locale=actor.locale,
            values=values,
            options=game.Options.model_validate(record.options),
            public=public,
            role=next((s.role for s in seats if s.user_id == actor.user_id), None),
            names={s.role: s.name for s in seats},
            setups=setups,
            legal=await self.tables.legal_moves(where, actor) if record.status == "running" else [],
            game_id=record.id,
            after=await self.tables.planner(where, actor) if record.status == "running" else None,
        )
        return ctx, record

    # ---- running ------------------------------------------------------------------------

    async def run(self, command: PluginCommand, where: Where, actor: Actor, values: dict[str, Any]) -> Reply:
        values = {k: v for k, v in values.items() if v is not None}
        if command.kind == "setup":
            game = self._game(command.game_id)
            handler = getattr(self.setups, command.name)
            return await handler(game.id, game.setups, where, actor, values)
        shortcut = command.shortcut
        assert shortcut is not None
        if shortcut.text is not None:  # words for the asker alone, with or without a game here
            lines = shortcut.text(TableContext(locale=actor.locale, values=values))
            return Reply([Message(lines=list(lines), ephemeral=True, locale=actor.locale)])
        ctx, record = await self.context(command, where, actor, values)
        if shortcut.image is not None:
            return await self._image(command, ctx, record, actor)
        move = shortcut.play(ctx)  # type: ignore[misc]
        move = Move(move) if isinstance(move, str) else move
        reply = await self.tables.play(where, actor, move.notation)
        if move.notes:
            reply.messages.append(Message(lines=list(move.notes), ephemeral=True, locale=actor.locale))
        return reply

    async def _image(self, command: PluginCommand, ctx: TableContext, record: Any, actor: Actor) -> Reply:
        import render

        shortcut = command.shortcut
        role = shortcut.pick(ctx)  # type: ignore[union-attr,misc]
        name = ctx.names.get(role, role)
        data = await asyncio.to_thread(
            render.image_png, command.game_id, shortcut.image, ctx.public, role, ctx.names, actor.locale
        )
        caption = T(shortcut.caption or "bot.plugins.image", name=name, id=ctx.game_id)
        image = Image(filename=image_name(f"{shortcut.image}-{name}", record.seq), data=data)
        return Reply(
            [Message(lines=[caption], image=image, ephemeral=True, locale=actor.locale)], game_id=record.id
        )

    # ---- autocomplete -------------------------------------------------------------------

    async def complete(
        self,
        command: PluginCommand,
        param: str,
        where: Where,
        actor: Actor,
        values: dict[str, Any],
        typed: str,
    ) -> list[Choice]:
        """Suggestions for one option (labels in the asker's language); refusals are empty."""
        values = {k: v for k, v in values.items() if v is not None and k != param}
        ctx, _ = await self.context(command, where, actor, values)
        if command.kind == "setup" and param == "name":
            wanted = typed.strip().casefold()
            saved_only = command.name == "delete"
            return [
                (render(s.title(), actor.locale)[:100], s.key)
                for s in ctx.setups
                if not (saved_only and s.starter) and wanted in render(s.title(), actor.locale).casefold()
            ][:25]
        found = command.param(param)
        if found is None or found.complete is None:
            return []
        return [(str(label)[:100], str(value)[:100]) for label, value in found.complete(ctx, typed)][:25]


def _names(names: dict[str, str]) -> dict[str, str]:
    en = names.get("en") or next(iter(names.values()))
    return {"en": en, "fr": names.get("fr") or en}

"""Finding games and finding one's way: `/game mine` (every game I am seated in, across
channels, with whose move it is and a link), `/game list` (the server's games), and `/help`
(what Agora is, how to start, the commands, the games installed)."""

from __future__ import annotations

from bot.service.api import Actor, Message, Reply, Where
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.store import GameRecord
from engine.i18n import T, Text, normalize_locale


class DirectoryMixin(ServiceCore):
    async def _line(self, record: GameRecord, actor: Actor, locale: str) -> Text:
        """`#12 Chess in <#channel>: your move` (a channel mention is a link)."""
        table: Table = await self._load(record)
        name = table.game_name(locale)
        if record.status == "lobby":
            state: Text = T("bot.list.lobby", seated=len(table.seats), max=table.game.max_players)
        else:
            active = table.active()
            mine = table.seat_of(actor.user_id)
            if mine is not None and mine.role in active:
                state = T("bot.list.your_move")
            else:
                names = sorted(table.name(r) for r in active)
                state = T("bot.list.waiting", names=names) if names else T("bot.list.running")
        return T("bot.list.line", id=record.id, game=name, channel=record.channel, state=state)

    def _private(self, actor: Actor, lines: list[Text]) -> Reply:
        return Reply([Message(lines=lines, ephemeral=True, locale=normalize_locale(actor.locale))])

    async def mine(self, where: Where, actor: Actor) -> Reply:
        """Every lobby and running game the actor is seated in, on any server's channel."""
        locale = normalize_locale(actor.locale)
        records = await self.store.user_games(actor.user_id)
        lines = [await self._line(r, actor, locale) for r in records]
        return self._private(
            actor, [T("bot.list.mine", count=len(lines)), *lines] if lines else [T("bot.list.mine_none")]
        )

    async def listing(self, where: Where, actor: Actor) -> Reply:
        """The server's lobbies and running games."""
        locale = normalize_locale(actor.locale)
        records = await self.store.guild_games(where.guild_id)
        lines = [await self._line(r, actor, locale) for r in records]
        return self._private(
            actor, [T("bot.list.server", count=len(lines)), *lines] if lines else [T("bot.list.none")]
        )

    def help(self, actor: Actor, extra: list[str] | None = None) -> Reply:
        """What Agora is, how to start a game, the commands, and the games installed with the
        command that explains each; `extra` are the games' own command groups."""
        locale = normalize_locale(actor.locale)
        games = [self.catalog.get(g) for g in self.catalog.ids()]
        lines = [T("bot.help.intro"), T("bot.help.start"), T("bot.help.commands")]
        lines += [
            T("bot.help.about_game", name=g.names.get(locale) or g.names.get("en") or g.id, id=g.id)
            for g in games
        ]
        if extra:
            lines.append(T("bot.help.groups", groups=extra))
        return self._private(actor, lines)

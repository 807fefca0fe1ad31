"""Looking at a game: status, board, private hand, public log, export, rules; guild
settings; and the one-time notice when a player's DMs are closed."""

from __future__ import annotations

import json
import time

from bot.service.api import Actor, Image, Message, Reply, UserError, Where
from bot.service.buttons import button
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.history import export_record, log_lines
from bot.service.images import ImageJob, image_name
from bot.service.option_guide import games_guide, option_lines
from bot.service.orders import order_lines
from bot.service.play import summarize_moves
from bot.service.present import (
    Draft,
    choice_buttons,
    choice_effects,
    result_lines,
    seat_list,
    window_lines,
)
from bot.service.timers import GameTimers
from bot.store import GuildSettings
from engine.i18n import LOCALES, T, Text, normalize_locale, with_names
from engine.protocol import Result

MAX_LOG = 100


def when(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(timestamp))


class InfoMixin(ServiceCore):
    def _mine(self, actor: Actor) -> tuple[Draft, str]:
        """An ephemeral reply in the actor's language."""
        return Draft(), normalize_locale(actor.locale)

    async def status(self, where: Where, actor: Actor) -> Reply:
        async def attempt() -> Draft:
            table = await self._channel_table(where, last=True)
            draft, locale = self._mine(actor)
            record = table.record
            lines = [
                T(
                    "bot.status.header",
                    id=table.id,
                    game=table.game_name(locale),
                    status=T(f"bot.status.{record.status}"),
                )
            ]
            lines += seat_list(table)
            summary = getattr(table.game, "summary", None)  # optional: the public position in words
            if callable(summary) and table.state is not None:
                lines += [
                    with_names(line, table.names()) for line in summary(table.game.view(table.state, None))
                ]
            if record.status == "running":
                lines.append(
                    T(
                        "bot.status.move",
                        seq=record.seq,
                        names=[s.name for s in table.seats if s.role in table.active()] or "-",
                    )
                )
                if record.pending:
                    what = T(f"bot.request.{record.pending['kind']}")
                    name = table.requester_name()
                    lines.append(T("bot.status.request", what=what, name=name, names=table.waiting_names()))
                if record.deadline:
                    lines.append(T("bot.status.deadline", when=when(record.deadline)))
            if record.active:
                lines.append(table.timers.describe(await self._guild(record.guild)))
                lines += [line for line in [table.timers.window_line()] if line is not None]
                seat = table.seat_of(actor.user_id)
                lines += order_lines(table, seat.role) if seat else []
            if record.result:
                lines += result_lines(table, Result.model_validate(record.result))
            draft.add_ephemeral(lines, locale)
            return draft

        return await self._run(where, "status", attempt)

    async def board(self, where: Where, actor: Actor) -> Reply:
        async def attempt() -> Draft:
            table = await self._channel_table(where, last=True)
            self._started(table)
            draft, locale = self._mine(actor)
            message = draft.add_ephemeral(
                [T("bot.board.caption", id=table.id, game=table.game_name(locale), seq=table.record.seq)],
                locale,
            )
            view = table.game.view(table.state, None)
            draft.jobs.append(
                ImageJob(
                    message,
                    False,
                    table.game.id,
                    view,
                    table.names(),
                    locale,
                    image_name("board", table.record.seq),
                    table.id,
                )
            )
            return draft

        return await self._run(where, "board", attempt)

    async def hand(self, where: Where, actor: Actor) -> Reply:
        """The user's private view, only for them: the game's description of it (optional
        `GAME.describe(view) -> list[Text]`), their legal moves, buttons, the image."""

        async def attempt() -> Draft:
            return await self._hand(await self._channel_table(where, last=True), actor)

        return await self._run(where, "hand", attempt)

    async def _hand(self, table: Table, actor: Actor) -> Draft:
        seat = self._seated(table, actor)
        self._started(table)
        draft, locale = self._mine(actor)
        view = table.game.view(table.state, seat.role)
        describe = getattr(table.game, "describe", None)
        lines: list[Text] = (
            [with_names(t, table.names()) for t in describe(view)] if callable(describe) else []
        )
        moves = (
            sorted({table.game.notation.format(c) for c in table.game.legal(table.state, seat.role)})
            if seat.role in table.active()
            else []
        )
        lines += (
            window_lines(table, seat.role) + choice_effects(table, seat.role) + order_lines(table, seat.role)
        )
        if moves:
            lines.append(T("bot.hand.moves", moves=summarize_moves(moves)))
        elif table.record.status == "running":
            lines.append(T("bot.hand.wait"))
        message = draft.add_ephemeral(lines, locale, buttons=choice_buttons(table, seat.role))
        draft.jobs.append(
            ImageJob(
                message,
                True,
                table.game.id,
                view,
                table.names(),
                locale,
                image_name(seat.name, table.record.seq),
                table.id,
            )
        )
        return draft

    async def log(self, where: Where, actor: Actor, last: int = 20) -> Reply:
        """The last public event texts: never the notation, which may name hidden cards."""

        async def attempt() -> Draft:
            table = await self._channel_table(where, last=True)
            draft, locale = self._mine(actor)
            actions = await self.store.actions(table.id, last=max(1, min(int(last), MAX_LOG)))
            lines = log_lines(table, actions)
            draft.add_ephemeral(lines or [T("bot.log.empty")], locale)
            return draft

        return await self._run(where, "log", attempt)

    async def export(self, where: Where, actor: Actor, game_id: int | None = None) -> Reply:
        """The full JSON record, only once the game is over (it holds every hidden move)."""

        async def attempt() -> Draft:
            if game_id is None:
                table = await self._channel_table(where, last=True)
            else:
                table = await self._game_table(int(game_id))
                if table.record.guild != where.guild_id:
                    raise UserError("bot.err.no_such_game", id=game_id)
            if table.record.active:
                raise UserError(
                    "bot.err.export_unfinished", id=table.id, status=T(f"bot.status.{table.record.status}")
                )
            data = json.dumps(await export_record(self.store, table), ensure_ascii=False, indent=1).encode()
            draft, locale = self._mine(actor)
            attachment = Image(filename=f"agora-game-{table.id}.json", data=data)
            draft.add_ephemeral([T("bot.export.ready", id=table.id)], locale, attachment=attachment)
            return draft

        return await self._run(where, "export", attempt)

    async def rules(self, where: Where, actor: Actor, game_id: str | None = None) -> Reply:
        """A game's players, options (defaults and choices), AI levels and commands; the
        optional `GAME.rules` (a list of Text) adds a summary."""

        async def attempt() -> Draft:
            draft, locale = self._mine(actor)
            game = self.catalog.get(game_id) if game_id else None
            if game is None:
                record = await self.store.channel_game(where.guild_id, where.channel_id, active_only=False)
                game = self.catalog.get(record.game) if record else None
            if game is None:
                draft.add_ephemeral([T("bot.rules.games", games=self.catalog.ids() or "-")], locale)
                return draft
            name = game.names.get(locale) or game.id
            if game.min_players == game.max_players:
                lines = [T("bot.rules.header_fixed", game=name, id=game.id, count=game.min_players)]
            else:
                lines = [
                    T("bot.rules.header", game=name, id=game.id, min=game.min_players, max=game.max_players)
                ]
            lines += list(getattr(game, "rules", None) or [])
            lines += option_lines(game)
            lines += [T("bot.rules.levels", levels=sorted(game.players)), T("bot.rules.commands")]
            draft.add_ephemeral(lines, locale)
            return draft

        return await self._run(where, "rules", attempt)

    def games_guide(self, actor: Actor) -> list[Text]:
        """Every game this service hosts with its options and their values, in the actor's
        language (the local table's help)."""
        locale = normalize_locale(actor.locale)
        return games_guide([self.catalog.get(gid) for gid in self.catalog.ids()], locale)

    async def settings(
        self,
        where: Where,
        actor: Actor,
        locale: str | None = None,
        reminder_hours: float | None = None,
        clock_days: float | None = None,
    ) -> Reply:
        """Server managers set the public language, reminder delay and move clock (0 = off)."""
        if not actor.manager:
            raise UserError("bot.err.manager_only")
        current = await self.store.guild_settings(where.guild_id)
        chosen = GameTimers.parse(clock_days, reminder_hours)  # the same bounds as at /game new
        new = GuildSettings(
            where.guild_id,
            _locale_setting(locale) if locale is not None else current.locale,
            current.reminder_hours if chosen.reminder_hours is None else chosen.reminder_hours,
            current.clock_days if chosen.clock_days is None else chosen.clock_days or None,  # 0: off
        )
        if new != current:
            await self.store.put_guild_settings(new, self._now())
        self._guilds.pop(where.guild_id, None)
        draft, mine = self._mine(actor)
        clock = (
            T("bot.settings.clock_days", days=new.clock_days)
            if new.clock_days
            else T("bot.settings.clock_off")
        )
        draft.add_ephemeral(
            [T("bot.settings.show", locale=new.locale, hours=new.reminder_hours, clock=clock)], mine
        )
        draft.reply.where = where
        return draft.reply

    async def note_dm_refused(self, game_id: int, user_id: str) -> Reply | None:
        """Discord refused a DM (50007): tell that player in the channel, once, to use
        `/game hand` instead."""
        record = await self.store.get_game(game_id)
        if record is None or not await self.store.mark_dm_refused(game_id, user_id):
            return None
        self._forget(record)
        seat = next((s for s in await self.store.seats(game_id) if s.user_id == user_id), None)
        locale = await self._guild_locale(record.guild)
        hand = button(game_id, record.rev, "hand", T("bot.button.hand"))
        message = Message(
            lines=[T("bot.dm_refused", name=seat.name if seat else user_id)],
            locale=locale,
            mentions=[user_id],
            buttons=[hand] if hand else [],
        )
        return Reply(messages=[message], where=Where(record.guild, record.channel), game_id=game_id)


def _locale_setting(value: str) -> str:
    lang = str(value).strip().lower()
    if lang not in LOCALES:
        raise UserError("bot.err.bad_locale", value=value, known=list(LOCALES))
    return lang

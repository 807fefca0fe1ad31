"""Opening a table: new game, seats (humans and AI), start, rematch."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.service.api import Actor, Reply, UserError, Where
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.games import parse_options
from bot.service.present import Draft, lobby_message
from bot.service.timers import GameTimers, save_timers
from bot.store import ChannelBusy, GameRecord, SeatRecord
from engine.i18n import T, normalize_locale


class LobbyMixin(ServiceCore):
    async def new_game(
        self,
        where: Where,
        actor: Actor,
        game_id: str,
        options: dict[str, Any] | None = None,
        league: int | None = None,
        clock_days: Any = None,
        reminder_hours: Any = None,
        window_minutes: Any = None,
    ) -> Reply:
        """Open a lobby in this channel; the creator takes the first seat. An explicit
        integer `seed` option makes the game reproducible. `clock_days` and `reminder_hours`
        set this game's move clock and reminder delay (None: the guild's; 0: off);
        `window_minutes` its reaction windows' time limit (None or 0: none)."""
        game = self.catalog.get(game_id)
        model, seed = parse_options(game, options or {})
        timers = GameTimers.parse(clock_days, reminder_hours, window_minutes)

        async def attempt() -> Draft:
            await self._refuse_busy_channel(where, actor)
            now = self._now()
            try:
                async with self.store.transaction():
                    record = await self.store.create_game(
                        guild=where.guild_id,
                        channel=where.channel_id,
                        game=game.id,
                        options=model.model_dump(mode="json"),
                        seed=self._new_seed() if seed is None else seed,
                        creator=actor.user_id,
                        now=now,
                        league_id=league,
                    )
                    first_role = game.roles(model)[0]
                    await self.store.put_seat(self._human_seat(record.id, first_role, actor, now))
                    await save_timers(self.store, record.id, timers)
            except ChannelBusy:  # another process opened one meanwhile
                await self._refuse_busy_channel(where, actor)
                raise
            table = await self._load(record)
            draft, locale = await self._draft(table)
            notes = [timers.describe(await self._guild(record.guild))] if timers.chosen else []
            notes += [line for line in [timers.window_line()] if line is not None]
            lobby_message(
                draft,
                table,
                locale,
                T("bot.lobby.new", name=actor.name, game=table.game_name(locale), id=table.id),
                notes,
            )
            return draft

        return await self._run(where, "new_game", attempt)

    async def _refuse_busy_channel(self, where: Where, actor: Actor) -> None:
        existing = await self.store.channel_game(where.guild_id, where.channel_id)
        if existing is not None:
            name = self.catalog.get(existing.game).names.get(normalize_locale(actor.locale), existing.game)
            raise UserError(
                "bot.err.channel_busy", game=name, id=existing.id, status=T(f"bot.status.{existing.status}")
            )

    @staticmethod
    def _human_seat(game_id: int, role: str, actor: Actor, now: float) -> SeatRecord:
        return SeatRecord(
            game_id,
            role,
            actor.name,
            user_id=actor.user_id,
            locale=normalize_locale(actor.locale),
            joined_at=now,
        )

    @staticmethod
    def _check_lobby(table: Table) -> None:
        if table.record.status != "lobby":
            raise UserError("bot.err.not_in_lobby", id=table.id)

    @staticmethod
    def _pick_role(table: Table, role: str | None) -> str:
        if role:
            role = role.strip()
            if role not in table.roles():
                raise UserError("bot.err.unknown_role", role=role, roles=table.roles())
            if table.seat(role) is not None:
                raise UserError("bot.err.role_taken", role=role, name=table.name(role))
            return role
        free = table.free_roles()
        if not free:
            raise UserError("bot.err.table_full")
        return free[0]

    async def _seat_change(
        self,
        table: Table,
        now: float,
        put: SeatRecord | None = None,
        remove: str | None = None,
        **fields: Any,
    ) -> GameRecord:
        """A seat change bumps the revision, so lobby buttons from before it go stale."""
        async with self.store.transaction():
            record = await self.store.update_game(table.id, table.record.rev, now, **fields)
            if remove is not None:
                await self.store.remove_seat(table.id, remove)
            if put is not None:
                await self.store.put_seat(put)
        return record

    async def _lobby_reply(self, record: GameRecord, first: Any) -> Draft:
        table = await self._load(record)
        draft, locale = await self._draft(table)
        lobby_message(draft, table, locale, first)
        return draft

    async def join(self, where: Where, actor: Actor, role: str | None = None) -> Reply:
        async def attempt() -> Draft:
            return await self._join(await self._channel_table(where), actor, role)

        return await self._run(where, "join", attempt)

    async def _join(self, table: Table, actor: Actor, role: str | None) -> Draft:
        self._check_lobby(table)
        seat = table.seat_of(actor.user_id)
        if seat is not None:
            raise UserError("bot.err.already_seated", role=seat.role)
        chosen = self._pick_role(table, role)
        now = self._now()
        record = await self._seat_change(table, now, put=self._human_seat(table.id, chosen, actor, now))
        return await self._lobby_reply(record, T("bot.lobby.joined", name=actor.name, role=chosen))

    async def leave(self, where: Where, actor: Actor) -> Reply:
        """Leave the lobby (once running, resign instead). An empty lobby closes; a leaving
        creator hands the table to the next human."""

        async def attempt() -> Draft:
            table = await self._channel_table(where)
            if table.record.status != "lobby":
                raise UserError("bot.err.leave_running")
            seat = self._seated(table, actor)
            now = self._now()
            others = [s for s in table.seats if s.role != seat.role]
            fields: dict[str, Any] = {}
            if not others:
                fields = {"status": "aborted", "finished_at": now}
            elif table.record.creator == actor.user_id:
                fields = {"creator": next((s.user_id for s in others if s.user_id), actor.user_id)}
            record = await self._seat_change(table, now, remove=seat.role, **fields)
            left = T("bot.lobby.left", name=seat.name, role=seat.role)
            if not others:
                draft, locale = await self._draft(table)
                draft.add_public([left, T("bot.lobby.closed", id=table.id)], locale)
                return draft
            return await self._lobby_reply(record, left)

        return await self._run(where, "leave", attempt)

    async def add_bot(
        self, where: Where, actor: Actor, level: str = "heuristic", role: str | None = None
    ) -> Reply:
        async def attempt() -> Draft:
            table = await self._channel_table(where)
            self._check_lobby(table)
            if (
                table.seat_of(actor.user_id) is None
                and actor.user_id != table.record.creator
                and not actor.manager
            ):
                raise UserError("bot.err.bot_rights")
            chosen_level = (level or "heuristic").strip().lower()
            if chosen_level not in table.game.players:
                raise UserError("bot.err.unknown_level", level=level, levels=sorted(table.game.players))
            mine = table.seat_of(actor.user_id)
            wanted = (role or "").strip().lower()
            # an AI may take over the asker's own seat (a solo game to watch, or self-play)
            chosen = wanted if mine is not None and wanted == mine.role else self._pick_role(table, role)
            now = self._now()
            name = f"Bot {chosen_level}"
            if any(s.name == name for s in table.seats):  # two bots of a level: tell them apart
                name = f"{name} ({chosen})"
            seat = SeatRecord(table.id, chosen, name, ai_level=chosen_level, joined_at=now)
            record = await self._seat_change(table, now, put=seat)
            return await self._lobby_reply(record, T("bot.lobby.joined", name=seat.name, role=chosen))

        return await self._run(where, "add_bot", attempt)

    async def start_game(self, where: Where, actor: Actor) -> Reply:
        async def attempt() -> Draft:
            return await self._start_lobby(await self._channel_table(where), actor)

        return await self._run(where, "start_game", attempt)

    async def _start_lobby(self, table: Table, actor: Actor) -> Draft:
        self._check_lobby(table)
        self._in_charge(table, actor)
        if table.free_roles():
            raise UserError("bot.err.seats_missing", roles=table.free_roles())
        draft, locale = await self._draft(table)
        first = T("bot.start", id=table.id, game=table.game_name(locale))
        await self._start(table, draft, locale, self._now(), first)
        return draft

    async def rematch(self, where: Where, actor: Actor) -> Reply:
        """Same players and options after a finished game, seats rotated, started at once."""

        async def attempt() -> Draft:
            return await self._rematch(await self._channel_table(where, last=True), actor)

        return await self._run(where, "rematch", attempt)

    async def _rematch(self, previous: Table, actor: Actor) -> Draft:
        await self._refuse_busy_channel(previous.where, actor)
        if previous.record.active:
            raise UserError("bot.err.not_finished", id=previous.id)
        self._started(previous)  # nothing to play again
        if previous.seat_of(actor.user_id) is None and not actor.manager:
            raise UserError("bot.err.not_seated")
        roles, now = previous.roles(), self._now()
        try:
            async with self.store.transaction():
                record = await self.store.create_game(
                    guild=previous.record.guild,
                    channel=previous.record.channel,
                    game=previous.game.id,
                    options=previous.record.options,
                    seed=self._new_seed(),
                    creator=actor.user_id,
                    now=now,
                )
                for seat in previous.seats:
                    rotated = roles[(roles.index(seat.role) + 1) % len(roles)]
                    await self.store.put_seat(
                        replace(seat, game_id=record.id, role=rotated, dm_refused=False, joined_at=now)
                    )
                await save_timers(self.store, record.id, previous.timers)
        except ChannelBusy:  # pressed in another process at the same moment: theirs is the rematch
            await self._refuse_busy_channel(previous.where, actor)
            raise
        table = await self._load(record)
        draft, locale = await self._draft(table)
        # seats rotate only when there are several: a solo run is just played again
        key = "bot.rematch" if len(roles) > 1 else "bot.rematch_solo"
        first = T(key, id=table.id, previous=previous.id, game=table.game_name(locale))
        await self._start(table, draft, locale, now, first)
        return draft

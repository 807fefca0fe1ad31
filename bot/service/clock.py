"""Time-driven work: reminders after the idle delay, the optional move clock (the late side
loses), reaction windows that pass by themselves after the game's window limit, and resuming
AI seats (and standing orders) whose chain a restart interrupted. Deadlines live in the
database, so they survive restarts; the adapter calls `tick()` every minute or so."""

from __future__ import annotations

from bot.service.api import Reply, UserError, Where
from bot.service.context import Table
from bot.service.core import ServiceCore
from bot.service.present import Draft, command_label, result_message
from bot.service.standing import has_orders
from bot.service.timers import TimerClaims
from engine.i18n import T
from engine.protocol import Result


class ClockMixin(ServiceCore):
    _resumed = False
    _swept_at = 0.0
    SWEEP_SECONDS = 300.0  # how often AI seats stranded by a dead process are looked for

    @property
    def claims(self) -> TimerClaims:
        """Which timers this process runs (bot/service/timers.py); one process: all of them."""
        if "_claims" not in self.__dict__:
            self.__dict__["_claims"] = TimerClaims()
        return self.__dict__["_claims"]

    @claims.setter
    def claims(self, value: TimerClaims) -> None:
        self.__dict__["_claims"] = value

    async def tick(self, now: float | None = None) -> list[tuple[Where, Reply]]:
        now = self._now() if now is None else now
        out: list[tuple[Where, Reply]] = []
        if not self._resumed or now - self._swept_at >= self.SWEEP_SECONDS:
            self._resumed, self._swept_at = True, now
            out += await self.resume(now)
        for record in await self.store.due_games(now):
            if not await self.claims.claim_due(self.store, record, now):
                continue  # another process runs it
            where = Where(record.guild, record.channel)
            try:
                reply = await self._run(where, "tick", lambda game_id=record.id: self._due(game_id, now))
            except UserError:
                continue  # logged by _run when unexpected; the next tick tries again
            finally:
                await self.claims.release(self.store, record.id)
            if reply.messages:
                out.append((where, reply))
        return out

    async def _due(self, game_id: int, now: float) -> Draft:
        table = await self._game_table(game_id)
        draft, locale = await self._draft(table)
        record = table.record
        late = table.active_humans()
        if record.status != "running":
            return draft
        if record.deadline is not None and record.deadline <= now and late:
            late_roles = [s.role for s in late]
            result = Result(
                winners=table.winners_without(late_roles),
                losers=late_roles,
                reason=T("bot.result.timeout", names=[s.name for s in late]),
                details={"timeout": late_roles},
            )
            table = await self._finish(table, result, now)
            result_message(draft, table, result, locale)
            draft.finished.append((table.record, result))
        elif (
            record.window_at is not None
            and record.window_at <= now
            and any(table.window(s.role) for s in late)
        ):
            await self._expire_windows(table, draft, locale, now)
        elif record.remind_at is not None and record.remind_at <= now and late:
            hours = table.timers.reminder(await self._guild(record.guild))
            await self.store.update_game(
                table.id, record.rev, now, bump=False, remind_at=now + hours * 3600 if hours > 0 else None
            )
            names = [s.name for s in late]
            draft.add_public(
                [T("bot.reminder", names=names, id=table.id)],
                locale,
                mentions=[s.user_id for s in late if s.user_id],
            )
        else:  # nothing is owed to anyone: clear the timers so they stop coming due
            await self.store.update_game(
                table.id, record.rev, now, bump=False, remind_at=None, deadline=None, window_at=None
            )
        return draft

    async def _expire_windows(self, table: Table, draft: Draft, locale: str, now: float) -> None:
        """Each late player's window passes: its closing command, stored as a normal action
        of that role (no user: nobody chose it) and announced, then AI seats and standing
        orders carry on as after any move."""
        turn, seq = self._begin(table), table.record.seq
        for seat in table.active_humans():
            window = table.window(seat.role)
            if window is None or window.timeout not in table.game.legal(table.state, seat.role):
                continue
            outcome = table.game.apply(table.state, seat.role, window.timeout)
            auto = T(
                "bot.window.timeout", name=seat.name, choice=command_label(table, seat.role, window.timeout)
            )
            table = await self._commit(table, seat.role, None, window.timeout, outcome, turn, now, auto)
        if table.record.seq == seq:  # nothing to pass after all: stop the window coming due
            await self.store.update_game(table.id, table.record.rev, now, bump=False, window_at=None)
            return
        table = await self._run_ai(table, turn, now)
        self._present(draft, table, turn, locale)

    async def resume(self, now: float | None = None) -> list[tuple[Where, Reply]]:
        """Let AI seats play where a restart (or another process's death) left them to move."""
        now = self._now() if now is None else now
        out = []
        for record in await self.store.games(status="running"):
            if not self.claims.owns(record.guild) and record.updated_at > now - self.claims.grace:
                continue  # its own process is alive, or has not been dead for long
            if not any(s.is_ai for s in await self.store.seats(record.id)) and not await has_orders(
                self.store, record.id
            ):
                continue
            if not await self.claims.claim_idle(self.store, record, now):
                continue
            where = Where(record.guild, record.channel)
            try:
                reply = await self._run(where, "resume", lambda game_id=record.id: self._resume_game(game_id))
            except UserError:
                continue
            finally:
                await self.claims.release(self.store, record.id)
            if reply.messages:
                out.append((where, reply))
        return out

    async def _resume_game(self, game_id: int) -> Draft:
        table = await self._game_table(game_id)
        draft, locale = await self._draft(table)
        if table.record.status == "running" and (
            table.ai_to_move() is not None or table.standing() is not None
        ):
            now, turn = self._now(), self._begin(table)
            table = await self._run_ai(table, turn, now)
            self._present(draft, table, turn, locale)
        return draft

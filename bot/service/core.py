"""The table service's machinery: channel locks, retries on lost compare-and-swap, loading
games, storing accepted commands, AI replies, timers and finished-game listeners.

The public methods live in the mixins (lobby, play, requests, info, clock) that build on
this class; `TableService` puts them together.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from bot.service.ai import ai_decide, expectation
from bot.service.api import Actor, Message, Reply, UserError, Where
from bot.service.buttons import MAX_ID
from bot.service.context import Table
from bot.service.errors import InternalError, log_unexpected
from bot.service.games import MAX_SEED, GameCatalog
from bot.service.images import Renderer
from bot.service.present import Draft, Turn, auto_announcement, turn_messages
from bot.service.standing import load_orders
from bot.service.timers import load_timers
from bot.store import ActionRecord, GameRecord, GuildSettings, SeatRecord, StaleRevision, Store
from bot.store.outbox import Unacknowledged
from engine.errors import IllegalCommand
from engine.i18n import T, Text, normalize_locale, with_names
from engine.protocol import Outcome, Result, Role
from engine.schema import unknown_schema

log = logging.getLogger("agora.service")

ATTEMPTS = 3  # a command that loses the compare-and-swap this often gets "busy, try again"
STATE_CACHE = 512  # decoded states (and private views) kept in memory, keyed by game revision
TABLE_CACHE = 512  # channels whose current table (record, seats, timers, state) is kept in memory
SETTINGS_TTL = 30.0  # seconds a guild's settings are trusted from memory


@dataclass
class Attempt:
    """One try of a request under its channel lock. `trust`: the table kept in memory may be
    used without reading the game's row (the write's compare-and-swap then also requires the
    row's `updated_at` unchanged, so a table another process changed is never written from);
    `trusted`: it was; `wrote`: an action was stored."""

    trust: bool = False
    trusted: bool = False
    wrote: bool = False


@dataclass
class Memo:
    rev: int
    state: Any
    views: dict[Role, Any] | None = None  # private_parts() at this revision, once computed


class ServiceCore:
    def __init__(
        self,
        store: Store,
        *,
        render_images: bool = True,
        listeners: Iterable[Any] = (),
        clock: Callable[[], float] = time.time,
        rng: Any = secrets,
        games: Any = None,
        renderer: Any = None,
        max_ai_steps: int = 5000,
        render_processes: int = 0,
    ) -> None:
        self.store = store
        self.render_images = render_images
        self.listeners = list(listeners)
        self.clock = clock
        self.rng = rng
        self.catalog = GameCatalog(games)
        self.renderer = Renderer(renderer, processes=render_processes)
        self.max_ai_steps = max_ai_steps
        self._locks: weakref.WeakValueDictionary[tuple[str, str], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._memos: OrderedDict[int, Memo] = OrderedDict()
        self._tables: OrderedDict[tuple[str, str], Table] = OrderedDict()
        self._guilds: dict[str, tuple[float, GuildSettings]] = {}
        self._game_in_hand: ContextVar[int | None] = ContextVar("agora_game_in_hand", default=None)
        self._attempt: ContextVar[Attempt | None] = ContextVar("agora_attempt", default=None)
        self._kept_where: dict[int, Where] = {}  # game id -> channel, of the tables kept

    # --- running a request --------------------------------------------------------------

    async def _run(
        self, where: Where, doing: str, attempt: Callable[[], Awaitable[Draft]], *, trust: bool = False
    ) -> Reply:
        """Serialize on the channel, retry when another process won the race, then render
        images and call listeners outside the lock. With `trust` (a move), the first try may
        start from the table kept in memory without reading its row (see `Attempt`)."""
        draft = await self._locked(where, doing, attempt, trust=trust)
        if draft.reply.where is None:
            draft.reply.where = where
        if draft.reply.game_id is None:
            draft.reply.game_id = self._game_in_hand.get()  # the game this request loaded last
        if draft.jobs and self.render_images:
            await self.renderer.fill(draft.jobs)
        for record, result in draft.finished:
            draft.reply.messages += await self._notify_finished(record, result)
        return draft.reply

    async def _locked(
        self, where: Where, doing: str, attempt: Callable[[], Awaitable[Draft]], *, trust: bool = False
    ) -> Draft:
        key = (where.guild_id, where.channel_id)
        lock = self._locks.get(key)
        if lock is None:  # a channel's lock lives while someone holds or waits for it
            lock = self._locks[key] = asyncio.Lock()
        async with lock:
            self._game_in_hand.set(None)
            for index in range(ATTEMPTS + 1 if trust else ATTEMPTS):
                current = Attempt(trust=trust and index == 0)
                self._attempt.set(current)
                try:
                    return await attempt()
                except StaleRevision:
                    continue  # another process changed the game: read it again
                except (UserError, IllegalCommand):
                    if current.trusted and not current.wrote:
                        continue  # refused by the table in memory: the answer comes from the row
                    raise
                except Unacknowledged:  # the adapter's interaction died first: nothing stored, nobody to tell
                    raise
                except OverflowError:  # a number past the store's 64-bit integers, from any option
                    raise UserError("bot.err.number_too_large") from None
                except Exception as exc:
                    log_unexpected(exc, self._game_in_hand.get(), doing)
                    raise InternalError() from exc
                finally:
                    self._attempt.set(None)
            raise UserError("bot.err.busy")

    async def _notify_finished(self, record: GameRecord, result: Result) -> list[Message]:
        """Call `on_game_finished(record, result)` on each listener; a listener may answer
        with a Reply (a league's announcement), whose messages join this reply."""
        messages: list[Message] = []
        for listener in self.listeners:
            try:
                answer = listener.on_game_finished(record, result)
                if inspect.isawaitable(answer):
                    answer = await answer
            except Exception as exc:  # a listener's failure never undoes a finished game
                log_unexpected(exc, record.id, "on_game_finished")
                continue
            if isinstance(answer, Reply):
                messages += answer.messages
        return messages

    def _now(self) -> float:
        return float(self.clock())

    def _new_seed(self) -> int:
        """From `secrets` (its `randbits`) or a seeded `random.Random` (`getrandbits`)."""
        bits = getattr(self.rng, "randbits", None) or self.rng.getrandbits
        return int(bits(63)) & MAX_SEED

    # --- loading ------------------------------------------------------------------------

    async def _load(self, record: GameRecord) -> Table:
        """The table of a freshly read record. A channel's table is kept while its record is
        unchanged: every write to a game changes its row (revision, timers, `updated_at`),
        whichever process made it, so an equal record means equal seats and state, and
        autocomplete costs one read instead of three."""
        self._game_in_hand.set(record.id)
        key = (record.guild, record.channel)
        cached = self._tables.get(key)
        if cached is not None and cached.record == record:
            self._tables.move_to_end(key)
            return cached
        game = self.catalog.get(record.game)
        seats = await self.store.seats(record.id)
        orders = await load_orders(self.store, record.id) if getattr(game, "orders", None) else {}
        table = Table(record, seats, game, timers=await load_timers(self.store, record.id), orders=orders)
        order = {role: i for i, role in enumerate(table.roles())}
        table.seats.sort(key=lambda s: order.get(s.role, len(order)))
        if record.status != "lobby" and record.started_at is not None:  # a lobby aborted unstarted has none
            table.state = await self._state(record, game)
        self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        key = (table.record.guild, table.record.channel)
        self._tables[key] = table
        self._tables.move_to_end(key)
        self._kept_where[table.id] = table.where
        while len(self._tables) > TABLE_CACHE:
            _, dropped = self._tables.popitem(last=False)
            self._kept_where.pop(dropped.id, None)

    def _kept(self, where: Where | None, game_id: int | None = None) -> Table | None:
        """The table kept for the channel (and game), when this try may trust it unread; the
        write will then be conditional on its row being unchanged."""
        attempt = self._attempt.get()
        if attempt is None or not attempt.trust or where is None:
            return None
        table = self._tables.get((where.guild_id, where.channel_id))
        if table is None or table.record.status not in ("lobby", "running"):
            return None
        if game_id is not None and table.id != game_id:
            return None
        attempt.trusted = True
        self._game_in_hand.set(table.id)
        self._tables.move_to_end((where.guild_id, where.channel_id))
        return table

    def _where_kept(self, game_id: int) -> Where | None:
        """The channel of a game whose table is kept (a game never changes channel)."""
        return self._kept_where.get(game_id)

    def _forget(self, record: GameRecord) -> None:
        """For a write that leaves the game's row as it was (a seat's DM flag)."""
        self._tables.pop((record.guild, record.channel), None)

    async def _state(self, record: GameRecord, game: Any) -> Any:
        memo = self._memo(record)
        if memo is not None:
            return memo.state
        raw = await self.store.current_state(record.id)
        if raw is None:
            raise RuntimeError(f"game {record.id} has no current state")
        try:
            state = game.load_state(json.loads(raw))
        except ValueError as exc:  # saved by a newer Agora: refused, and the saved state is left as it is
            newer = unknown_schema(exc)
            if newer is None:
                raise
            raise UserError(
                "bot.err.state_newer", id=record.id, version=newer.version, current=newer.current
            ) from None
        self._remember(record, state)
        return state

    def _memo(self, record: GameRecord) -> Memo | None:
        memo = self._memos.get(record.id)
        if memo is None or memo.rev != record.rev:
            return None
        self._memos.move_to_end(record.id)
        return memo

    def _remember(self, record: GameRecord, state: Any, views: dict[Role, Any] | None = None) -> None:
        self._memos[record.id] = Memo(record.rev, state, views)
        self._memos.move_to_end(record.id)
        while len(self._memos) > STATE_CACHE:
            self._memos.popitem(last=False)

    def _begin(self, table: Table) -> Turn:
        """Start recording a change; the private views of the current revision are usually
        known from the previous reply."""
        memo = self._memo(table.record)
        return Turn.begin(table, memo.views if memo else None)

    async def _channel_table(self, where: Where, *, last: bool = False) -> Table:
        """The channel's active game (or, with last=True, its most recent one)."""
        kept = None if last else self._kept(where)
        if kept is not None:
            return kept
        record = await self.store.channel_game(where.guild_id, where.channel_id, active_only=not last)
        if record is None:
            raise UserError("bot.err.no_game")
        return await self._load(record)

    async def _game_table(self, game_id: int) -> Table:
        if not 1 <= game_id <= MAX_ID:  # never reaches the store, whose integers are 64-bit
            raise UserError("bot.err.no_such_game", id=game_id)
        kept = self._kept(self._where_kept(game_id), game_id)
        if kept is not None:
            return kept
        record = await self.store.get_game(game_id)
        if record is None:
            raise UserError("bot.err.no_such_game", id=game_id)
        return await self._load(record)

    @staticmethod
    def _started(table: Table) -> None:
        """Refuses to show a game that has no position: a lobby, or one cancelled before it
        started (which never blocks its channel: /game new opens the next one)."""
        if table.state is None:
            key = "bot.err.never_started" if table.record.status == "aborted" else "bot.err.not_started"
            raise UserError(key, id=table.id)

    @staticmethod
    def _running(table: Table) -> None:
        if table.record.status == "lobby":
            raise UserError("bot.err.not_started", id=table.id)
        if table.record.status != "running":
            raise UserError("bot.err.not_running", id=table.id)

    @staticmethod
    def _seated(table: Table, actor: Actor) -> SeatRecord:
        seat = table.seat_of(actor.user_id)
        if seat is None:
            raise UserError("bot.err.not_seated")
        return seat

    @staticmethod
    def _in_charge(table: Table, actor: Actor) -> None:
        if actor.user_id != table.record.creator and not actor.manager:
            raise UserError("bot.err.creator_only")

    async def _guild(self, guild: str) -> GuildSettings:
        """Guild settings, cached briefly (another process's change shows within the TTL)."""
        cached = self._guilds.get(guild)
        if cached is not None and cached[0] > time.monotonic():
            return cached[1]
        settings = await self.store.guild_settings(guild)
        self._guilds[guild] = (time.monotonic() + SETTINGS_TTL, settings)
        return settings

    async def _guild_locale(self, guild: str) -> str:
        return normalize_locale((await self._guild(guild)).locale)

    async def _draft(self, table: Table) -> tuple[Draft, str]:
        """A reply addressed to the table's channel, and the guild's language for it."""
        return Draft(Reply(where=table.where, game_id=table.id)), await self._guild_locale(table.record.guild)

    # --- storing changes ----------------------------------------------------------------

    async def _timers(self, table: Table, now: float) -> dict[str, float | None]:
        """Reminder, move clock and reaction-window limit restart whenever a human must act
        (stored, so they survive restarts); nobody waits on AI seats or finished games."""
        humans = table.active_humans() if table.record.status == "running" else []
        if not humans:
            return {"remind_at": None, "deadline": None, "window_at": None}
        settings = await self._guild(table.record.guild)
        hours, days, minutes = (
            table.timers.reminder(settings),
            table.timers.clock(settings),
            table.timers.window,
        )
        window = minutes > 0 and any(table.window(s.role) is not None for s in humans)
        return {
            "remind_at": now + hours * 3600 if hours > 0 else None,
            "deadline": now + days * 86400 if days else None,
            "window_at": now + minutes * 60 if window else None,
        }

    async def _commit(
        self,
        table: Table,
        role: Role,
        user_id: str | None,
        command: Any,
        outcome: Outcome,
        turn: Turn,
        now: float,
        auto: Text | None = None,
    ) -> Table:
        """Store one accepted command (one transaction, conditional on the revision it was
        validated against); an open undo/abort request lapses with it. `auto` marks a
        command the table played for the role (standing order, window timeout): it heads
        the public text, in the channel and in the log."""
        game, state = table.game, outcome.state
        result = game.result(state)
        marks = [auto] if auto is not None else []
        action = ActionRecord(
            seq=table.record.seq + 1,
            role=role,
            notation=game.notation.format(command),
            command=command.model_dump(mode="json"),
            user_id=user_id,
            events=[
                t.model_dump(mode="json") for t in [*marks, *(e.text for e in outcome.events if e.to is None)]
            ],
            reveals=outcome.reveals,
            created_at=now,
        )
        fields: dict[str, Any] = {"pending": None}
        if result is not None:
            fields |= {"status": "finished", "result": result.model_dump(mode="json"), "finished_at": now}
            fields |= {"deadline": None, "remind_at": None, "window_at": None}
        moved = table.moved(table.record, state)  # what it derives from the new state is kept
        if result is None:
            fields |= await self._timers(moved, now)
        attempt = self._attempt.get()
        trusted = attempt is not None and attempt.trusted
        record = await self.store.record_action(
            table.id,
            table.record.rev,
            action,
            state.model_dump_json(),
            now,
            unchanged_since=table.record.updated_at if trusted else None,
            **fields,
        )
        if attempt is not None:
            attempt.wrote = True
        self._remember(record, state)
        table = moved.moved(record)
        turn.public += [with_names(m, table.names()) for m in marks]
        turn.add(outcome.events, table.names())
        turn.stored(table)
        turn.result = result
        return table

    async def _run_ai(self, table: Table, turn: Turn, now: float) -> Table:
        """AI seats act right away, and so do the humans' forced moves and standing orders, each
        decision its own stored action (an order's with no user: it is not the player's own move, so
        taking back the command before it takes it back too, as with AI replies). A failure
        stops the chain (logged) without losing what was stored; `resume()` picks it up.
        A searching seat's announcement ends with what it expected, once per seat: its last
        searched decision of the chain (a turn may hold many; not stored in the log)."""
        expected: dict[Role, Text] = {}
        try:
            return await self._ai_chain(table, turn, now, expected)
        finally:
            turn.public += list(expected.values())

    async def _ai_chain(self, table: Table, turn: Turn, now: float, expected: dict[Role, Text]) -> Table:
        for _ in range(self.max_ai_steps):
            seat, auto = table.ai_to_move(), None
            standing = table.standing() if seat is None else None
            if seat is None and standing is None:
                return table
            try:
                value = None
                if standing is not None:
                    seat, command, forced = standing
                    auto = auto_announcement(table, seat, command, forced)
                else:
                    # a searching level thinks in a worker process (bot/service/thinking.py)
                    command, value = await ai_decide(
                        table.game, seat.ai_level, table.record.seed, table.record.seq, table.state, seat.role
                    )
                outcome = table.game.apply(table.state, seat.role, command)
                table = await self._commit(table, seat.role, None, command, outcome, turn, now, auto)
                if value is not None:
                    expected[seat.role] = expectation(seat.name, value)
            except StaleRevision:
                return table  # another process moved this game on and carries on from there
            except Unacknowledged:  # the request's interaction died before this first move (an
                return table  # AI opening after /game start): what is stored is told; a tick resumes
            except Exception as exc:
                log_unexpected(exc, table.id, f"AI seat {seat.role}")
                return table
        log.error("game %s: AI seats made %s moves in a row; stopped", table.id, self.max_ai_steps)
        return table

    async def _finish(self, table: Table, result: Result, now: float) -> Table:
        """End a game outside the rules (resignation, timeout)."""
        record = await self.store.update_game(
            table.id,
            table.record.rev,
            now,
            status="finished",
            result=result.model_dump(mode="json"),
            finished_at=now,
            deadline=None,
            remind_at=None,
            window_at=None,
            pending=None,
        )
        return table.moved(record)

    def _present(self, draft: Draft, table: Table, turn: Turn, locale: str, extra: list[Any] = ()) -> None:
        """Messages for an accepted change; a finished game also queues the listeners."""
        views = turn_messages(draft, table, turn, locale, images=self.render_images, extra=list(extra))
        self._remember(table.record, table.state, views)
        self._keep(table)  # the next request, often the opponent's autocomplete, starts from here
        if turn.result is not None:
            draft.finished.append((table.record, turn.result))

    async def _start(self, table: Table, draft: Draft, locale: str, now: float, first: Any) -> Table:
        """Deal the game (seeded), store the initial state, let AI seats open."""
        state = table.game.setup(table.options(), table.roles(), table.record.seed)
        timers = await self._timers(table.moved(replace(table.record, status="running"), state), now)
        async with self.store.transaction():
            record = await self.store.update_game(
                table.id, table.record.rev, now, status="running", started_at=now, **timers
            )
            await self.store.put_state(table.id, 0, state.model_dump_json())
        self._remember(record, state)
        table = table.moved(record, state)
        turn = Turn({}, {s.role for s in table.seats})  # nobody has seen anything yet: all news
        table = await self._run_ai(table, turn, now)
        seats = [f"{s.name} ({s.role})" for s in table.seats]
        self._present(draft, table, turn, locale, [first, T("bot.start.seats", seats=seats)])
        return table

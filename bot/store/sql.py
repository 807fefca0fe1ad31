"""The store's SQL, written once for both databases (ARCHITECTURE §4).

Every statement here means the same in SQLite and PostgreSQL (`?` placeholders are numbered
for PostgreSQL by bot/store/dialect.py). A backend supplies its connections and transactions
(`_write`, `_read`), how to run a statement on one of its connections (`_rows`, `_count`), and
how it names a broken uniqueness rule (`_violates`).
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store import outbox
from bot.store.base import ChannelBusy, StaleRevision, Store, StoreError, keeps_snapshot
from bot.store.outbox import OutboxRow, Thinking
from bot.store.records import ActionRecord, GameRecord, GuildSettings, SeatRecord

GAME_COLUMNS = (
    "id guild channel game options seed status rev seq creator created_at updated_at started_at "
    "finished_at result league_id deadline remind_at pending window_at"
).split()
_JSON_COLUMNS = {"options", "result", "pending"}
_UPDATABLE = set(GAME_COLUMNS) - {"id", "guild", "channel", "game", "rev", "seq", "created_at", "updated_at"}
_SELECT_GAME = f"SELECT {', '.join(GAME_COLUMNS)} FROM games"
_SEAT_COLUMNS = "game_id, role, name, user_id, ai_level, locale, dm_refused, joined_at"
_ACTION_COLUMNS = "seq, role, notation, command, user_id, events, reveals, created_at"
_PUT_SNAPSHOT = (
    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
    " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state"
)


def dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def game_from_row(row: Sequence[Any]) -> GameRecord:
    data = dict(zip(GAME_COLUMNS, row, strict=True))
    for key in _JSON_COLUMNS:
        if data[key] is not None:
            data[key] = json.loads(data[key])
    return GameRecord(**data)


def _seat(row: Sequence[Any]) -> SeatRecord:
    game_id, role, name, user_id, ai_level, locale, dm_refused, joined_at = row
    return SeatRecord(game_id, role, name, user_id, ai_level, locale, bool(dm_refused), joined_at)


def _action(row: Sequence[Any]) -> ActionRecord:
    seq, role, notation, command, user_id, events, reveals, created_at = row
    return ActionRecord(
        seq, role, notation, json.loads(command), user_id, json.loads(events), bool(reveals), created_at
    )


def _cas_statement(
    game_id, expected_rev, now, sets, params, *, bump=True, seq=None, since=None
) -> tuple[str, tuple[Any, ...]]:
    """The compare-and-swap at the heart of every write: the game's row, updated only at the
    revision the caller validated against (and, with `since`, only if not written since that
    `updated_at`), returned (no row: another write won)."""
    bump_sql = ", rev = rev + 1" if bump else ""
    seq_sql = ", seq = ?" if seq is not None else ""
    extra = [seq] if seq is not None else []
    since_sql, since_params = (" AND updated_at = ?", [since]) if since is not None else ("", [])
    return (
        f"UPDATE games SET updated_at = ?{bump_sql}{seq_sql}{sets} WHERE id = ? AND rev = ?{since_sql}"
        f" RETURNING {', '.join(GAME_COLUMNS)}",
        (now, *extra, *params, game_id, expected_rev, *since_params),
    )


def action_statements(
    game_id: int, action: ActionRecord, state_json: str, now: float
) -> list[tuple[str, tuple]]:
    """What a recorded action writes after its compare-and-swap: the action, the new state,
    and the previous state's removal unless it is kept."""
    statements = [
        (
            f"INSERT INTO actions (game_id, {_ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                action.seq,
                action.role,
                action.notation,
                dumps(action.command),
                action.user_id,
                dumps(action.events),
                int(action.reveals),
                action.created_at or now,
            ),
        ),
        (_PUT_SNAPSHOT, (game_id, action.seq, state_json)),
    ]
    previous = action.seq - 1
    if not keeps_snapshot(previous):
        statements.append(("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, previous)))
    return statements


OUTBOX_OWED = (
    "INSERT INTO outbox (game_id, seq, guild, channel, token, created_at) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (game_id, seq) DO UPDATE SET token = excluded.token,"
    " created_at = excluded.created_at, delivered_at = NULL"
)


THINKING_CHUNK = 100  # rows per statement (7 parameters each: far below either database's limit)


def _thinking_row(item: Thinking) -> tuple[Any, ...]:
    return (
        item.token,
        item.application_id,
        item.guild,
        item.channel,
        int(item.public),
        item.created_at,
        item.locale,
    )


def thinking_statements(put: Sequence[Thinking], drop: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """The statements remembering the interactions `put` and forgetting the tokens `drop`."""
    statements = []
    for start in range(0, len(put), THINKING_CHUNK):
        chunk = put[start : start + THINKING_CHUNK]
        statements.append(
            (
                "INSERT INTO thinking (token, application_id, guild, channel, public, created_at, locale)"
                f" VALUES {', '.join(['(?, ?, ?, ?, ?, ?, ?)'] * len(chunk))} ON CONFLICT (token) DO NOTHING",
                [value for item in chunk for value in _thinking_row(item)],
            )
        )
    for start in range(0, len(drop), THINKING_CHUNK):
        chunk = list(drop[start : start + THINKING_CHUNK])
        statements.append((f"DELETE FROM thinking WHERE token IN ({', '.join('?' * len(chunk))})", chunk))
    return statements


def outbox_params(record: GameRecord, seq: int, token: str | None) -> tuple[Any, ...]:
    return (record.id, seq, record.guild, record.channel, token, record.updated_at)


def _assignments(fields: dict[str, Any]) -> tuple[str, list[Any]]:
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise StoreError(f"not updatable game columns: {sorted(unknown)}")
    sql = "".join(f", {key} = ?" for key in fields)
    return sql, [dumps(v) if k in _JSON_COLUMNS else v for k, v in fields.items()]


class SqlStore(Store):
    """Games, seats, the action log, snapshots and settings over any `_write`/`_read` backend."""

    dialect = "sqlite"

    @abstractmethod
    def _write(self) -> AbstractAsyncContextManager[Any]:
        """A transaction for the store's own writes (joins the caller's if one is open)."""

    @abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Any]:
        """A connection for one read (the caller's transaction if one is open)."""

    @abstractmethod
    async def _rows(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    @abstractmethod
    async def _count(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement that returns no rows; the number of rows it changed."""

    @abstractmethod
    def _violates(self, exc: BaseException, rule: str) -> bool:
        """Is `exc` the database refusing the unique index `rule`?"""

    async def _write_one(self, sql: str, params: Sequence[Any] = (), *, rows: bool = False) -> Any:
        """One write statement as its own transaction (the caller's, if one is open): its rows
        with `rows=True`, else the number of rows it changed. A backend may run it in fewer
        round trips than `_write` + `_rows`/`_count` (SQLite: one)."""
        async with self._write() as conn:
            return await (self._rows if rows else self._count)(conn, sql, params)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._read() as conn:
            return await self._rows(conn, sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # --- games --------------------------------------------------------------------------

    async def create_game(
        self, *, guild, channel, game, options, seed, creator, now, league_id=None
    ) -> GameRecord:
        async with self._write() as conn:
            try:
                rows = await self._rows(
                    conn,
                    "INSERT INTO games (guild, channel, game, options, seed, creator, created_at, updated_at, league_id)"
                    f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {', '.join(GAME_COLUMNS)}",
                    (guild, channel, game, dumps(options), seed, creator, now, now, league_id),
                )
            except Exception as exc:
                if self._violates(exc, "games_one_active_per_channel"):
                    raise ChannelBusy(guild, channel) from exc
                raise
        return game_from_row(rows[0])

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self._one(f"{_SELECT_GAME} WHERE id = ?", (game_id,))
        return game_from_row(row) if row else None

    async def channel_game(self, guild: str, channel: str, *, active_only: bool = True) -> GameRecord | None:
        where = " AND status IN ('lobby', 'running')" if active_only else ""
        row = await self._one(
            f"{_SELECT_GAME} WHERE guild = ? AND channel = ?{where} ORDER BY id DESC LIMIT 1",
            (guild, channel),
        )
        return game_from_row(row) if row else None

    async def games(self, *, status: str | None = None, limit: int | None = None) -> list[GameRecord]:
        sql, params = _SELECT_GAME, []
        if status is not None:
            sql, params = sql + " WHERE status = ?", [status]
        sql += " ORDER BY id"
        if limit is not None:
            sql, params = sql + " LIMIT ?", [*params, limit]
        return [game_from_row(row) for row in await self._all(sql, params)]

    async def user_games(self, user_id: str, limit: int = 25) -> list[GameRecord]:
        rows = await self._all(
            f"{_SELECT_GAME} WHERE status IN ('lobby', 'running')"
            " AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )
        return [game_from_row(row) for row in rows]

    async def guild_games(self, guild: str, limit: int = 25) -> list[GameRecord]:
        rows = await self._all(
            f"{_SELECT_GAME} WHERE guild = ? AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT ?",
            (guild, limit),
        )
        return [game_from_row(row) for row in rows]

    async def finished_games(self, guild: str, game: str, limit: int = 1000) -> list[GameRecord]:
        rows = await self._all(
            f"{_SELECT_GAME} WHERE guild = ? AND game = ? AND status = 'finished' ORDER BY id DESC LIMIT ?",
            (guild, game, limit),
        )
        return [game_from_row(row) for row in rows]

    async def due_games(self, now: float) -> list[GameRecord]:
        rows = await self._all(
            f"{_SELECT_GAME} WHERE status = 'running' AND (remind_at <= ? OR deadline <= ? OR window_at <= ?) ORDER BY id",
            (now, now, now),
        )
        return [game_from_row(row) for row in rows]

    async def update_game(
        self, game_id: int, expected_rev: int, now: float, *, bump: bool = True, **fields: Any
    ) -> GameRecord:
        sets, params = _assignments(fields)
        rows = await self._write_one(
            *_cas_statement(game_id, expected_rev, now, sets, params, bump=bump), rows=True
        )
        if not rows:
            raise StaleRevision(game_id, expected_rev)
        return game_from_row(rows[0])

    async def _cas(
        self, conn, game_id, expected_rev, now, sets, params, *, bump=True, seq=None, since=None
    ) -> GameRecord:
        """The compare-and-swap at the heart of every write; returns the updated row."""
        rows = await self._rows(
            conn, *_cas_statement(game_id, expected_rev, now, sets, params, bump=bump, seq=seq, since=since)
        )
        if not rows:
            raise StaleRevision(game_id, expected_rev)
        return game_from_row(rows[0])

    # --- seats --------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY joined_at, role", (game_id,)
        )
        return [_seat(row) for row in rows]

    async def put_seat(self, seat: SeatRecord) -> None:
        async with self._write() as conn:
            # a replace: the role's seat and the user's other seat in this game both make way
            await self._count(
                conn,
                "DELETE FROM seats WHERE game_id = ? AND (role = ? OR user_id = ?)",
                (seat.game_id, seat.role, seat.user_id),
            )
            await self._count(
                conn,
                f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    seat.game_id,
                    seat.role,
                    seat.name,
                    seat.user_id,
                    seat.ai_level,
                    seat.locale,
                    int(seat.dm_refused),
                    seat.joined_at,
                ),
            )

    async def remove_seat(self, game_id: int, role: str) -> None:
        async with self._write() as conn:
            await self._count(conn, "DELETE FROM seats WHERE game_id = ? AND role = ?", (game_id, role))

    async def mark_dm_refused(self, game_id: int, user_id: str) -> bool:
        async with self._write() as conn:
            changed = await self._count(
                conn,
                "UPDATE seats SET dm_refused = 1 WHERE game_id = ? AND user_id = ? AND dm_refused = 0",
                (game_id, user_id),
            )
            return changed > 0

    # --- play ---------------------------------------------------------------------------

    async def record_action(
        self,
        game_id,
        expected_rev,
        action: ActionRecord,
        state_json: str,
        now,
        *,
        unchanged_since=None,
        **fields,
    ) -> GameRecord:
        await outbox.acknowledged()  # the interaction first: its move is then always answerable
        sets, params = _assignments(fields)
        async with self._write() as conn:
            record = await self._cas(
                conn, game_id, expected_rev, now, sets, params, seq=action.seq, since=unchanged_since
            )
            # the revision pins games.seq to action.seq - 1; the actions key refuses any gap reuse
            for sql, values in action_statements(game_id, action, state_json, now):
                await self._count(conn, sql, values)
            await self._after_action(conn, record, action)
        return record

    async def _after_action(self, conn: Any, record: GameRecord, action: ActionRecord) -> None:
        """The move's announcement is owed from the same transaction on (the outbox), when an
        adapter that delivers announcements made the request (bot/store/outbox.py); the local
        table and self-play print or drop theirs at once and owe nothing."""
        owed = outbox.CURRENT.get()
        if owed is None:
            return
        await self._count(conn, OUTBOX_OWED, outbox_params(record, action.seq, owed.token))
        owed.moves.append((record.id, action.seq))

    # --- the outbox -----------------------------------------------------------------------

    async def undelivered(self, *, before: float | None = None, limit: int = 500) -> list[OutboxRow]:
        """Moves whose announcement was never marked delivered, oldest first."""
        where = " AND created_at <= ?" if before is not None else ""
        rows = await self._all(
            "SELECT game_id, seq, guild, channel, token, created_at FROM outbox"
            f" WHERE delivered_at IS NULL{where} ORDER BY created_at, game_id, seq LIMIT ?",
            ((before,) if before is not None else ()) + (limit,),
        )
        return [OutboxRow(*row) for row in rows]

    async def mark_delivered(self, game_id: int, seqs: Sequence[int], now: float) -> None:
        if not seqs:
            return
        await self._write_one(
            f"UPDATE outbox SET delivered_at = ? WHERE game_id = ? AND delivered_at IS NULL"
            f" AND seq IN ({', '.join('?' * len(seqs))})",
            (now, game_id, *seqs),
        )

    async def forget_delivered(self, before: float) -> int:
        """Drop delivered rows older than `before` (the table stays small)."""
        async with self._write() as conn:
            return await self._count(
                conn, "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?", (before,)
            )

    async def put_thinking(self, item: Thinking) -> None:
        await self.settle_thinking([item], [])

    async def settle_thinking(self, put: Sequence[Thinking], drop: Sequence[str]) -> None:
        """Remember the interactions `put` as "thinking..." and forget the tokens `drop`, in
        one transaction (one commit for a burst of them: bot/discord/thinking.py)."""
        if not put and not drop:
            return
        async with self._write() as conn:
            for sql, params in thinking_statements(put, drop):
                await self._count(conn, sql, params)

    async def drop_thinking(self, token: str) -> bool:
        return await self._write_one("DELETE FROM thinking WHERE token = ?", (token,)) > 0

    async def thinking(self, *, before: float | None = None) -> list[Thinking]:
        where = " WHERE created_at <= ?" if before is not None else ""
        rows = await self._all(
            f"SELECT token, application_id, guild, channel, public, created_at, locale FROM thinking{where}"
            " ORDER BY created_at",
            (before,) if before is not None else (),
        )
        return [Thinking(t, a, g, c, bool(p), at, loc) for t, a, g, c, p, at, loc in rows]

    async def rewind(self, game_id, expected_rev, seq, state_json, now, **fields) -> GameRecord:
        sets, params = _assignments(fields)
        async with self._write() as conn:
            record = await self._cas(conn, game_id, expected_rev, now, sets, params, seq=seq)
            await self._count(conn, "DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, seq))
            await self._count(conn, "DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, seq))
            await self._count(conn, _PUT_SNAPSHOT, (game_id, seq, state_json))
        return record

    async def put_state(self, game_id: int, seq: int, state_json: str) -> None:
        async with self._write() as conn:
            await self._count(conn, _PUT_SNAPSHOT, (game_id, seq, state_json))

    async def current_state(self, game_id: int) -> str | None:
        row = await self._one(
            "SELECT s.state FROM snapshots s JOIN games g ON g.id = s.game_id AND s.seq = g.seq WHERE g.id = ?",
            (game_id,),
        )
        return row[0] if row else None

    async def snapshot_before(self, game_id: int, seq: int) -> tuple[int, str]:
        row = await self._one(
            "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        )
        if row is None:
            raise StoreError(f"game {game_id}: no snapshot at or before {seq}")
        return row[0], row[1]

    async def snapshots(self, game_id: int) -> list[tuple[int, str]]:
        rows = await self._all("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(row[0], row[1]) for row in rows]

    async def actions(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[ActionRecord]:
        if last is None:
            rows = await self._all(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            )
        else:
            rows = await self._all(
                f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq DESC LIMIT ?",
                (game_id, after, last),
            )
            rows.reverse()
        return [_action(row) for row in rows]

    async def last_seq_by(self, game_id: int, user_id: str) -> int | None:
        row = await self._one(
            "SELECT MAX(seq) FROM actions WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return row[0] if row else None

    # --- timer leases (several processes) -----------------------------------------------

    async def claim_timer(self, game_id: int, holder: str, now: float, lease: float) -> bool:
        """Take (or extend) the game's timer lease unless another holder's is still running.
        Exactly one of several processes racing for it wins: the upsert's condition is
        evaluated on the committed row."""
        async with self._write() as conn:
            rows = await self._rows(
                conn,
                "INSERT INTO timer_leases (game_id, holder, expires_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at"
                " WHERE timer_leases.expires_at <= ? OR timer_leases.holder = excluded.holder"
                " RETURNING game_id",
                (game_id, holder, now + lease, now),
            )
        return bool(rows)

    async def release_timer(self, game_id: int, holder: str) -> None:
        async with self._write() as conn:
            await self._count(
                conn, "DELETE FROM timer_leases WHERE game_id = ? AND holder = ?", (game_id, holder)
            )

    async def timer_holder(self, game_id: int, now: float) -> str | None:
        row = await self._one(
            "SELECT holder FROM timer_leases WHERE game_id = ? AND expires_at > ?", (game_id, now)
        )
        return row[0] if row else None

    # --- settings -----------------------------------------------------------------------

    async def guild_settings(self, guild: str) -> GuildSettings:
        row = await self._one(
            "SELECT locale, reminder_hours, clock_days FROM guild_settings WHERE guild = ?", (guild,)
        )
        return GuildSettings(guild, *row) if row else GuildSettings(guild)

    async def put_guild_settings(self, settings: GuildSettings, now: float) -> None:
        async with self._write() as conn:
            await self._count(
                conn,
                "INSERT INTO guild_settings (guild, locale, reminder_hours, clock_days, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild) DO UPDATE SET locale = excluded.locale, reminder_hours = excluded.reminder_hours,"
                " clock_days = excluded.clock_days, updated_at = excluded.updated_at",
                (settings.guild, settings.locale, settings.reminder_hours, settings.clock_days, now),
            )

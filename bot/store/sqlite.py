"""The embedded store: one aiosqlite connection in WAL mode (ARCHITECTURE §4).

All access to the connection is serialized by one asyncio lock, so a reader never sees
another task's uncommitted writes; a task that holds the lock (inside `transaction()`)
re-enters it for the store's own methods. Writes use `BEGIN IMMEDIATE` and are conditional
on the game's revision: two processes on the same file can never both win.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import ChannelBusy, StaleRevision, Store, StoreError, keeps_snapshot
from bot.store.migrate import migrate
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


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _game(row: Any) -> GameRecord:
    data = dict(zip(GAME_COLUMNS, row, strict=True))
    for key in _JSON_COLUMNS:
        if data[key] is not None:
            data[key] = json.loads(data[key])
    return GameRecord(**data)


def _seat(row: Any) -> SeatRecord:
    game_id, role, name, user_id, ai_level, locale, dm_refused, joined_at = row
    return SeatRecord(game_id, role, name, user_id, ai_level, locale, bool(dm_refused), joined_at)


def _action(row: Any) -> ActionRecord:
    seq, role, notation, command, user_id, events, reveals, created_at = row
    return ActionRecord(
        seq, role, notation, json.loads(command), user_id, json.loads(events), bool(reveals), created_at
    )


def _assignments(fields: dict[str, Any]) -> tuple[str, list[Any]]:
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise StoreError(f"not updatable game columns: {sorted(unknown)}")
    sql = "".join(f", {key} = ?" for key in fields)
    return sql, [_dumps(v) if k in _JSON_COLUMNS else v for k, v in fields.items()]


class SqliteStore(Store):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(
            f"store_owner_{id(self)}", default=None
        )

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations: Path | None = None,
        upto: int | None = None,
        durable: bool = True,
    ) -> SqliteStore:
        """Open (creating the file and its folder) and apply pending migrations.

        `durable` syncs every commit to disk (survives a power cut, ~0.5 ms more per
        command); throw-away databases (self-play) pass False: WAL then still survives a
        crash of the process, not of the machine."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            sync = "FULL" if durable else "NORMAL"
            for pragma in (
                "journal_mode = WAL",
                "foreign_keys = ON",
                "busy_timeout = 10000",
                f"synchronous = {sync}",
            ):
                await conn.execute(f"PRAGMA {pragma}")
            await migrate(conn, time.time(), migrations, upto)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    @property
    def connection(self) -> aiosqlite.Connection:
        return self._conn

    async def close(self) -> None:
        await self._conn.close()

    # --- serialization ------------------------------------------------------------------

    def _holding(self) -> bool:
        return self._owner.get() is not None and self._owner.get() is asyncio.current_task()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._holding():
            yield self._conn
            return
        async with self._lock:
            token = self._owner.set(asyncio.current_task())
            try:
                yield self._conn
            finally:
                self._owner.reset(token)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._holding():  # nested: part of the caller's transaction
            yield self._conn
            return
        async with self._lock:
            token = self._owner.set(asyncio.current_task())
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    await asyncio.shield(self._conn.execute("ROLLBACK"))
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._owner.reset(token)

    async def _all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Any]:
        async with self.reading() as conn, conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # --- games --------------------------------------------------------------------------

    async def create_game(
        self, *, guild, channel, game, options, seed, creator, now, league_id=None
    ) -> GameRecord:
        async with self.transaction() as conn:
            try:
                cursor = await conn.execute(
                    "INSERT INTO games (guild, channel, game, options, seed, creator, created_at, updated_at, league_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild, channel, game, _dumps(options), seed, creator, now, now, league_id),
                )
            except aiosqlite.IntegrityError as exc:
                if "games.guild" in str(exc):
                    raise ChannelBusy(guild, channel) from exc
                raise
            record = await self.get_game(cursor.lastrowid)
        assert record is not None
        return record

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self._one(f"{_SELECT_GAME} WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def channel_game(self, guild: str, channel: str, *, active_only: bool = True) -> GameRecord | None:
        where = " AND status IN ('lobby', 'running')" if active_only else ""
        row = await self._one(
            f"{_SELECT_GAME} WHERE guild = ? AND channel = ?{where} ORDER BY id DESC LIMIT 1",
            (guild, channel),
        )
        return _game(row) if row else None

    async def games(self, *, status: str | None = None, limit: int | None = None) -> list[GameRecord]:
        sql, params = _SELECT_GAME, []
        if status is not None:
            sql, params = sql + " WHERE status = ?", [status]
        sql += " ORDER BY id"
        if limit is not None:
            sql, params = sql + " LIMIT ?", [*params, limit]
        return [_game(row) for row in await self._all(sql, params)]

    async def due_games(self, now: float) -> list[GameRecord]:
        rows = await self._all(
            f"{_SELECT_GAME} WHERE status = 'running' AND (remind_at <= ? OR deadline <= ? OR window_at <= ?) ORDER BY id",
            (now, now, now),
        )
        return [_game(row) for row in rows]

    async def update_game(
        self, game_id: int, expected_rev: int, now: float, *, bump: bool = True, **fields: Any
    ) -> GameRecord:
        sets, params = _assignments(fields)
        async with self.transaction() as conn:
            return await self._cas(conn, game_id, expected_rev, now, sets, params, bump=bump)

    async def _cas(
        self, conn, game_id, expected_rev, now, sets, params, *, bump=True, seq=None
    ) -> GameRecord:
        """The compare-and-swap at the heart of every write; returns the updated row."""
        bump_sql = ", rev = rev + 1" if bump else ""
        seq_sql = ", seq = ?" if seq is not None else ""
        extra = [seq] if seq is not None else []
        async with conn.execute(
            f"UPDATE games SET updated_at = ?{bump_sql}{seq_sql}{sets} WHERE id = ? AND rev = ? RETURNING {', '.join(GAME_COLUMNS)}",
            (now, *extra, *params, game_id, expected_rev),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise StaleRevision(game_id, expected_rev)
        return _game(row)

    # --- seats --------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY joined_at, role", (game_id,)
        )
        return [_seat(row) for row in rows]

    async def put_seat(self, seat: SeatRecord) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                f"INSERT OR REPLACE INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
        async with self.transaction() as conn:
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND role = ?", (game_id, role))

    async def mark_dm_refused(self, game_id: int, user_id: str) -> bool:
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seats SET dm_refused = 1 WHERE game_id = ? AND user_id = ? AND dm_refused = 0",
                (game_id, user_id),
            )
            return cursor.rowcount > 0

    # --- play ---------------------------------------------------------------------------

    async def record_action(
        self, game_id, expected_rev, action: ActionRecord, state_json: str, now, **fields
    ) -> GameRecord:
        sets, params = _assignments(fields)
        async with self.transaction() as conn:
            record = await self._cas(conn, game_id, expected_rev, now, sets, params, seq=action.seq)
            # the revision pins games.seq to action.seq - 1; the actions key refuses any gap reuse
            await conn.execute(
                f"INSERT INTO actions (game_id, {_ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    action.seq,
                    action.role,
                    action.notation,
                    _dumps(action.command),
                    action.user_id,
                    _dumps(action.events),
                    int(action.reveals),
                    action.created_at or now,
                ),
            )
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                (game_id, action.seq, state_json),
            )
            previous = action.seq - 1
            if not keeps_snapshot(previous):
                await conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, previous))
        return record

    async def rewind(self, game_id, expected_rev, seq, state_json, now, **fields) -> GameRecord:
        sets, params = _assignments(fields)
        async with self.transaction() as conn:
            record = await self._cas(conn, game_id, expected_rev, now, sets, params, seq=seq)
            await conn.execute("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, seq))
            await conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, seq))
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                (game_id, seq, state_json),
            )
        return record

    async def put_state(self, game_id: int, seq: int, state_json: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                (game_id, seq, state_json),
            )

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

    # --- settings -----------------------------------------------------------------------

    async def guild_settings(self, guild: str) -> GuildSettings:
        row = await self._one(
            "SELECT locale, reminder_hours, clock_days FROM guild_settings WHERE guild = ?", (guild,)
        )
        return GuildSettings(guild, *row) if row else GuildSettings(guild)

    async def put_guild_settings(self, settings: GuildSettings, now: float) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO guild_settings (guild, locale, reminder_hours, clock_days, updated_at) VALUES (?, ?, ?, ?, ?)",
                (settings.guild, settings.locale, settings.reminder_hours, settings.clock_days, now),
            )

"""A game's reminder delay, move clock and reaction-window limit: chosen at `/game new`,
else the guild's settings; and, with several bot processes, which process runs which game's
timers (`TimerClaims`).

Stored in `game_timers` (migrations/0003_game_timers.sql, 0004_windows.sql) on the store's
connection, the way leagues keep their tables: a game without a row follows its guild. In a
value, None means "the guild's setting" and 0 means "off for this game". The window limit
has no guild setting: by default (None or 0) a window waits like any other decision (the
reminders and the move clock still apply); minutes suit a live game, hours (60 x h)
correspondence.
"""

from __future__ import annotations

import os
import socket
import zlib
from dataclasses import dataclass, field
from typing import Any

from bot.service.api import UserError
from bot.store import GameRecord, GuildSettings, Store
from engine.i18n import T, Text

MAX_REMINDER_HOURS = 24 * 30
MAX_CLOCK_DAYS = 60
MAX_WINDOW_MINUTES = 7 * 24 * 60  # a week: the longest wait that still beats the move clock


def number_setting(value: Any, maximum: float, key: str) -> float:
    """A number from 0 to `maximum` (typed text or a number), else the refusal `key`."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = -1.0
    if not 0 <= number <= maximum:  # also refuses NaN
        raise UserError(key, value=value, max=maximum)
    return number


@dataclass(frozen=True)
class GameTimers:
    clock_days: float | None = None
    reminder_hours: float | None = None
    window_minutes: float | None = None

    @classmethod
    def parse(
        cls, clock_days: Any = None, reminder_hours: Any = None, window_minutes: Any = None
    ) -> GameTimers:
        return cls(
            None if clock_days is None else number_setting(clock_days, MAX_CLOCK_DAYS, "bot.err.bad_days"),
            None
            if reminder_hours is None
            else number_setting(reminder_hours, MAX_REMINDER_HOURS, "bot.err.bad_hours"),
            None
            if window_minutes is None
            else number_setting(window_minutes, MAX_WINDOW_MINUTES, "bot.err.bad_window"),
        )

    @property
    def chosen(self) -> bool:
        return (
            self.clock_days is not None or self.reminder_hours is not None or self.window_minutes is not None
        )

    @property
    def window(self) -> float:
        """Minutes a reaction window stays open before it passes by itself; 0: no limit."""
        return self.window_minutes or 0.0

    def window_line(self) -> Text | None:
        return T("bot.timers.window", minutes=self.window) if self.window else None

    def reminder(self, guild: GuildSettings) -> float:
        """Hours of silence before a reminder; 0: none."""
        return guild.reminder_hours if self.reminder_hours is None else self.reminder_hours

    def clock(self, guild: GuildSettings) -> float | None:
        """Days per move before the late side loses; None: no clock."""
        days = guild.clock_days if self.clock_days is None else self.clock_days
        return days or None

    def describe(self, guild: GuildSettings) -> Text:
        """One line for status and the lobby; the guild's defaults are marked as such."""
        hours, days = self.reminder(guild), self.clock(guild)
        reminder = T("bot.timers.reminder", hours=hours) if hours > 0 else T("bot.timers.reminder_off")
        clock = T("bot.settings.clock_days", days=days) if days else T("bot.settings.clock_off")
        if self.reminder_hours is None:
            reminder = T("bot.timers.server", value=reminder)
        if self.clock_days is None:
            clock = T("bot.timers.server", value=clock)
        return T("bot.timers.line", reminder=reminder, clock=clock)


async def save_timers(store: Store, game_id: int, timers: GameTimers) -> None:
    """Inside the caller's transaction (the one creating the game)."""
    if not timers.chosen:
        return
    async with store.transaction() as conn:
        await conn.execute(
            "INSERT OR REPLACE INTO game_timers (game_id, clock_days, reminder_hours, window_minutes) VALUES (?, ?, ?, ?)",
            (game_id, timers.clock_days, timers.reminder_hours, timers.window_minutes),
        )


async def load_timers(store: Store, game_id: int) -> GameTimers:
    async with (
        store.reading() as conn,
        conn.execute(
            "SELECT clock_days, reminder_hours, window_minutes FROM game_timers WHERE game_id = ?", (game_id,)
        ) as cursor,
    ):
        row = await cursor.fetchone()
    return GameTimers(*row) if row else GameTimers()


def shard_of(guild: str, shard_count: int) -> int:
    """Discord's rule: a guild's events come on shard (guild_id >> 22) % shard_count. A guild
    that is no snowflake (the local table, tests) gets a stable hash instead."""
    try:
        return (int(guild) >> 22) % shard_count
    except ValueError:
        return zlib.crc32(guild.encode()) % shard_count


def _default_holder(shard_ids: frozenset[int] | None, shard_count: int) -> str:
    """`AGORA_PROCESS` when set (a container's name outlives its host name), else the host
    and the shards."""
    named = os.environ.get("AGORA_PROCESS")
    if named:
        return named
    shards = "all" if shard_ids is None else f"{','.join(map(str, sorted(shard_ids)))}of{shard_count}"
    return f"{socket.gethostname()}/{shards}"


@dataclass
class TimerClaims:
    """Which game timers (reminders, move clocks, reaction windows, AI seats and standing
    orders left to move) this process runs, when several share one database.

    A process runs the timers of its own shards' guilds at once, and another shard's only once
    they have waited `grace` seconds past due (its owner is down). Either way it first takes
    the game's lease in the database (`Store.claim_timer`): exactly one process wins, holds it
    for `lease` seconds at most and releases it when done, so a timer fires once; a holder
    that dies leaves a lease that runs out, and another process takes the timer over.

    The holder name is `AGORA_PROCESS`, else the host and the shards: a restarted process
    takes its own leases back at once. Two processes on one host need distinct shards or
    distinct `AGORA_PROCESS` values. Without shards (`shard_ids` None) every guild is ours.
    """

    shard_ids: frozenset[int] | None = None
    shard_count: int = 1
    lease: float = 90.0
    grace: float = 120.0
    holder: str = field(default="")

    def __post_init__(self) -> None:
        if not self.holder:
            self.holder = _default_holder(self.shard_ids, self.shard_count)

    def owns(self, guild: str) -> bool:
        return self.shard_ids is None or shard_of(guild, self.shard_count) in self.shard_ids

    @staticmethod
    def due_since(record: GameRecord, now: float) -> float | None:
        due = [t for t in (record.remind_at, record.deadline, record.window_at) if t is not None and t <= now]
        return min(due) if due else None

    async def claim_due(self, store: Store, record: GameRecord, now: float) -> bool:
        """Take a due game's timers: ours at once, another shard's after the grace period."""
        since = self.due_since(record, now)
        if since is None or (not self.owns(record.guild) and since > now - self.grace):
            return False
        return await store.claim_timer(record.id, self.holder, now, self.lease)

    async def claim_idle(self, store: Store, record: GameRecord, now: float) -> bool:
        """Take a running game whose AI seats or standing orders may be left to move: ours at
        once (after a restart), another shard's once nothing happened in it for `grace`."""
        if not self.owns(record.guild) and record.updated_at > now - self.grace:
            return False
        return await store.claim_timer(record.id, self.holder, now, self.lease)

    async def release(self, store: Store, game_id: int) -> None:
        await store.release_timer(game_id, self.holder)

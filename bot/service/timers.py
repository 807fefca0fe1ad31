"""A game's reminder delay, move clock and reaction-window limit: chosen at `/game new`,
else the guild's settings.

Stored in `game_timers` (migrations/0003_game_timers.sql, 0004_windows.sql) on the store's
connection, the way leagues keep their tables: a game without a row follows its guild. In a
value, None means "the guild's setting" and 0 means "off for this game". The window limit
has no guild setting: by default (None or 0) a window waits like any other decision (the
reminders and the move clock still apply); minutes suit a live game, hours (60 x h)
correspondence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.api import UserError
from bot.store import GuildSettings, Store
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

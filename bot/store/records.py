"""Plain records the store hands out: one row each, JSON columns already decoded."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTIVE_STATUSES = ("lobby", "running")


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild: str
    channel: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str  # "lobby" | "running" | "finished" | "aborted"
    rev: int
    seq: int
    creator: str
    created_at: float
    updated_at: float
    started_at: float | None = None
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    league_id: int | None = None
    deadline: float | None = None
    remind_at: float | None = None
    pending: dict[str, Any] | None = None
    window_at: float | None = None  # when the open reaction window passes by itself

    @property
    def active(self) -> bool:
        return self.status in ACTIVE_STATUSES


@dataclass(frozen=True)
class SeatRecord:
    game_id: int
    role: str
    name: str
    user_id: str | None = None  # None for an AI seat
    ai_level: str | None = None
    locale: str = "en"
    dm_refused: bool = False
    joined_at: float = 0.0

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True)
class ActionRecord:
    """One accepted command. `events` holds the PUBLIC event texts only (Text dumps)."""

    seq: int
    role: str
    notation: str
    command: dict[str, Any]
    user_id: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    reveals: bool = False
    created_at: float = 0.0


@dataclass(frozen=True)
class GuildSettings:
    guild: str
    locale: str = "en"
    reminder_hours: float = 24.0
    clock_days: float | None = None

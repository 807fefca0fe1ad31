"""The storage interface the table service talks to (ARCHITECTURE §4).

SQLite is the embedded implementation; another database only has to implement this class
and read the same `migrations/`. Every write that changes a game is conditional on the
revision the caller validated against (compare-and-swap): a caller that lost the race gets
`StaleRevision` and may retry from a fresh read.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store.records import ActionRecord, GameRecord, GuildSettings, SeatRecord

SNAPSHOT_EVERY = 25  # keep an old state every N actions: undo/replay cost stays bounded


class StoreError(Exception):
    pass


class StaleRevision(StoreError):
    """Another command changed the game since it was read: retry from a fresh read."""

    def __init__(self, game_id: int, expected_rev: int) -> None:
        self.game_id, self.expected_rev = game_id, expected_rev
        super().__init__(f"game {game_id}: revision {expected_rev} is no longer current")


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or running."""

    def __init__(self, guild: str, channel: str) -> None:
        super().__init__(f"{guild}/{channel} already has an active game")


def keeps_snapshot(seq: int) -> bool:
    """Snapshots older than the current one survive only at these sequence numbers."""
    return seq % SNAPSHOT_EVERY == 0


class Store(ABC):
    """Async storage of games, seats, action logs, state snapshots and guild settings.

    Methods run inside the caller's `transaction()` when one is open in the same task,
    otherwise each is its own transaction.
    """

    @property
    @abstractmethod
    def connection(self) -> Any:
        """The raw connection, for modules with their own tables (leagues). Use it inside
        `transaction()` (or `reading()`), which serialize access to it."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Any]:
        """`async with store.transaction() as conn:` one atomic unit; rolled back on error."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Any]:
        """`async with store.reading() as conn:` consistent reads without writing."""

    @abstractmethod
    async def close(self) -> None: ...

    # games
    @abstractmethod
    async def create_game(
        self,
        *,
        guild: str,
        channel: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        creator: str,
        now: float,
        league_id: int | None = None,
    ) -> GameRecord:
        """A new game in the lobby; `ChannelBusy` if the channel has an active one."""

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def channel_game(self, guild: str, channel: str, *, active_only: bool = True) -> GameRecord | None:
        """The channel's active game, or (active_only=False) its most recent game."""

    @abstractmethod
    async def games(self, *, status: str | None = None, limit: int | None = None) -> list[GameRecord]: ...

    @abstractmethod
    async def user_games(self, user_id: str, limit: int = 25) -> list[GameRecord]:
        """The lobbies and running games where this user holds a seat, newest first."""

    @abstractmethod
    async def guild_games(self, guild: str, limit: int = 25) -> list[GameRecord]:
        """The server's lobbies and running games, newest first."""

    @abstractmethod
    async def finished_games(self, guild: str, game: str, limit: int = 1000) -> list[GameRecord]:
        """The server's finished games of one kind, newest first (a solo game's hall of fame)."""

    @abstractmethod
    async def due_games(self, now: float) -> list[GameRecord]:
        """Running games whose reminder, move clock or reaction window has come due."""

    @abstractmethod
    async def update_game(
        self, game_id: int, expected_rev: int, now: float, *, bump: bool = True, **fields: Any
    ) -> GameRecord:
        """Set game columns if the revision is still `expected_rev`, bumping it (unless
        `bump=False`: timer bookkeeping that invalidates no decision)."""

    # seats
    @abstractmethod
    async def seats(self, game_id: int) -> list[SeatRecord]: ...

    @abstractmethod
    async def put_seat(self, seat: SeatRecord) -> None: ...

    @abstractmethod
    async def remove_seat(self, game_id: int, role: str) -> None: ...

    @abstractmethod
    async def mark_dm_refused(self, game_id: int, user_id: str) -> bool:
        """Flag the user's seat; True only the first time (so the notice is sent once)."""

    # play
    @abstractmethod
    async def record_action(
        self,
        game_id: int,
        expected_rev: int,
        action: ActionRecord,
        state_json: str,
        now: float,
        *,
        unchanged_since: float | None = None,
        **fields: Any,
    ) -> GameRecord:
        """Append `action` (its seq must be games.seq + 1), store the new current state,
        bump seq and rev, and set `fields`: all or nothing, conditional on the revision (and,
        with `unchanged_since`, on the row's `updated_at` still being that: no write at all,
        timer bookkeeping included, since the record the command was validated against)."""

    @abstractmethod
    async def rewind(
        self, game_id: int, expected_rev: int, seq: int, state_json: str, now: float, **fields: Any
    ) -> GameRecord:
        """Drop the actions and snapshots after `seq` and make `state_json` current (undo)."""

    @abstractmethod
    async def put_state(self, game_id: int, seq: int, state_json: str) -> None:
        """Store a snapshot (the initial state at start, inside the starting transaction)."""

    @abstractmethod
    async def current_state(self, game_id: int) -> str | None: ...

    @abstractmethod
    async def snapshot_before(self, game_id: int, seq: int) -> tuple[int, str]:
        """The stored state with the highest sequence number <= seq."""

    @abstractmethod
    async def snapshots(self, game_id: int) -> list[tuple[int, str]]: ...

    @abstractmethod
    async def actions(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[ActionRecord]:
        """Actions with seq > `after` in order; `last` keeps only the final N."""

    @abstractmethod
    async def last_seq_by(self, game_id: int, user_id: str) -> int | None:
        """The sequence number of the user's latest action, if any."""

    # timer leases: which process runs a game's timers when several share the database
    @abstractmethod
    async def claim_timer(self, game_id: int, holder: str, now: float, lease: float) -> bool:
        """True if `holder` now holds the game's timers until now + lease: nobody else held an
        unexpired lease (or `holder` did). Exactly one of concurrent claimants wins."""

    @abstractmethod
    async def release_timer(self, game_id: int, holder: str) -> None: ...

    @abstractmethod
    async def timer_holder(self, game_id: int, now: float) -> str | None:
        """Who holds an unexpired lease on the game's timers, if anyone."""

    # settings
    @abstractmethod
    async def guild_settings(self, guild: str) -> GuildSettings: ...

    @abstractmethod
    async def put_guild_settings(self, settings: GuildSettings, now: float) -> None: ...

"""What the outbox needs to know about the request in progress, carried in a context
variable so the store can write the outbox row inside the move's own transaction without
the table service passing it along (ARCHITECTURE §4: one transaction per command).

The adapter opens `owing(token)` (or `begin`) around a request; every action the store
records in that task (and the tasks it starts) gets its outbox row and is listed in it, so
the adapter marks exactly those delivered once the announcement is out. Outside such a
request (the local table, self-play) nothing is owed.

The token names what made the moves: an interaction's token for a slash command, prefixed
`click:` for a button click (whose answer never carries the announcement) and `tick:` for
a timer tick; the outbox rows of one token and game are one reply's. `nonce` derives the
Discord message nonce of each channel post of that reply from them, the same when the
reply is sent and when a restarted process posts it again: Discord then returns the
message already posted instead of a second one (`enforce_nonce`).

A move is stored only once its interaction is acknowledged (`acknowledged`, awaited by the
store before the move's transaction): an interaction never acknowledged dies after Discord's
3 seconds, so a move stored before its acknowledgement, with the process killed in between,
could never be answered to the one who sent it (issue 28). The adapter sets `acknowledge`."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class Owed:
    token: str | None = None  # the interaction that made the moves, if any
    moves: list[tuple[int, int]] = field(default_factory=list)  # (game id, seq) recorded
    marked: set[tuple[int, int]] = field(default_factory=set)  # those marked delivered since
    # makes sure the interaction is acknowledged (remembered as "thinking...", then deferred);
    # False when Discord no longer takes its acknowledgement
    acknowledge: Callable[[], Awaitable[bool]] | None = None

    def games(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for game_id, seq in self.moves:
            out.setdefault(game_id, []).append(seq)
        return out


@dataclass(frozen=True)
class OutboxRow:
    game_id: int
    seq: int
    guild: str
    channel: str
    token: str | None
    created_at: float


@dataclass(frozen=True)
class Thinking:
    token: str
    application_id: str
    guild: str
    channel: str
    public: bool
    created_at: float
    locale: str | None = None  # the user's, for the answer a restarted process gives


class Unacknowledged(Exception):
    """The request's interaction could not be acknowledged (Discord gave up on it: the user
    reads "the interaction failed"): its move is not stored."""


async def acknowledged() -> None:
    """Before a move's transaction: the request in progress (if an adapter's) has its
    interaction acknowledged, so its token lives 15 minutes for whoever answers it; raises
    `Unacknowledged` when Discord no longer takes the acknowledgement."""
    owed = CURRENT.get()
    if owed is not None and owed.acknowledge is not None and not await owed.acknowledge():
        raise Unacknowledged(owed.token)


CLICK, TICK = "click:", "tick:"


def is_interaction_answer(token: str | None) -> bool:
    """Could this token's interaction response carry the announcement (a slash command's)?"""
    return bool(token) and not token.startswith((CLICK, TICK))


def nonce(token: str | None, game_id: int, part: int) -> str | None:
    """The nonce of part `part` of the channel posts announcing `game_id`'s moves made under
    `token` (at most 25 characters, as Discord wants); None without a token."""
    if not token:
        return None
    digest = hashlib.blake2b(f"{token}/{game_id}".encode(), digest_size=9).hexdigest()
    return f"{digest}.{part}"


CURRENT: ContextVar[Owed | None] = ContextVar("agora_outbox_owed", default=None)


def begin(token: str | None = None) -> Owed:
    """For the rest of the current task (an interaction's handler, a tick): the moves it
    records, and the tasks it starts record, are listed in the returned `Owed`."""
    owed = Owed(token)
    CURRENT.set(owed)
    return owed


@contextmanager
def owing(token: str | None = None) -> Iterator[Owed]:
    owed = Owed(token)
    reset = CURRENT.set(owed)
    try:
        yield owed
    finally:
        CURRENT.reset(reset)

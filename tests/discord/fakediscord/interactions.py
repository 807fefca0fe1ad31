"""Interactions as the fake Discord tracks them: who sent what, how and when the bot answered.

Discord's rules modelled here (the ones a bot can get wrong): one callback per interaction,
within 3 seconds; a deferred "thinking" answer stays loading until the bot edits the original
response, and the first follow-up after it *becomes* that original, keeping the ephemerality
chosen at defer time (so an "ephemeral" follow-up after a public defer is public).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from fakediscord.world import Channel, Message, User

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT = 4, 5, 6, 7, 8
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
}
ACK_DEADLINE = 3.0


@dataclass
class Interaction:
    id: str
    token: str
    kind: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    source: Message | None = None  # the message whose button was clicked
    sent_at: float = field(default_factory=time.monotonic)
    acked_at: float | None = None
    ack_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    expired: bool = False  # set by a test: Discord gave up waiting (as after 3 seconds)
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    resolved: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ack_latency(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.sent_at

    @property
    def messages(self) -> list[Message]:
        """Every message this interaction produced that still exists (original first)."""
        found = [self.original] if self.original is not None else []
        return [m for m in found + self.followups if not m.deleted]

    @property
    def ephemeral(self) -> list[Message]:
        return [m for m in self.messages if m.ephemeral]

    @property
    def ephemeral_text(self) -> str:
        return "\n".join(m.content for m in self.ephemeral)

    @property
    def public(self) -> list[Message]:
        return [m for m in self.messages if not m.ephemeral]

    def acknowledge(self, callback_type: int, received_at: float) -> str | None:
        """Record the callback (`received_at`: when its request arrived); why it is refused, or None."""
        if self.expired or received_at - self.sent_at > ACK_DEADLINE:
            self.expired = True
            return "Unknown interaction"
        if self.ack_type is not None:
            return "Interaction has already been acknowledged."
        if callback_type not in ALLOWED_CALLBACKS[self.kind]:
            return f"callback type {callback_type} is not valid for interaction type {self.kind}"
        self.ack_type = callback_type
        self.acked_at = received_at
        self.acked.set()
        if callback_type in (MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT):
            self.resolved.set()
        return None

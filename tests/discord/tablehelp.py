"""Acting at a table through the fake Discord the way players do, and waiting for the bot.

A slash command is done when its answer is settled (direct, or the deferred message edited
or deleted) and the bot has gone quiet; a click is done once the bot has posted something
because of it (a click always yields a message: the move, a DM, or an ephemeral refusal).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from fakediscord import interactions as ix
from fakediscord.server import FakeDiscord
from fakediscord.world import Channel, Message, User


def is_group(choice: dict[str, Any]) -> bool:
    """A folded choice reads "<prefix> … (<count> moves…)"; a move reads as itself (clipped)."""
    return choice["name"] != choice["value"] and choice["name"].startswith(choice["value"] + " …")


class Table:
    def __init__(self, fake: FakeDiscord, channel: Channel) -> None:
        self.fake = fake
        self.channel = channel

    async def slash(self, user: User, path: str, **values: Any) -> ix.Interaction:
        inter = await self.fake.slash(user, self.channel, path, **values)
        await asyncio.wait_for(inter.resolved.wait(), 10)
        await self.fake.settle()
        return inter

    async def click(self, user: User, message: Message, custom_id: str) -> ix.Interaction:
        before = len(self.fake.world.messages)
        inter = await self.fake.click(user, message, custom_id)
        await self.fake.wait_for(
            lambda: len(self.fake.world.messages) > before and inter.ack_type is not None
        )
        await self.fake.settle()
        return inter

    async def moves_of(self, user: User, typed: str = "") -> list[dict[str, Any]]:
        return await self.fake.autocomplete(user, self.channel, "play", "move", move=typed)

    async def choose_move(self, user: User, rng: random.Random) -> str | None:
        """Pick a legal move through autocomplete only, opening groups like a player would."""
        typed = ""
        for _ in range(10):
            choices = await self.moves_of(user, typed)
            if not choices:
                return None
            pick = rng.choice(choices)
            if not is_group(pick):
                return pick["value"]
            typed = pick["value"]  # a group: its prefix goes in the box, the list narrows
        raise AssertionError("autocomplete never reached a complete move")

    def public(self) -> list[Message]:
        return self.channel.visible()

    def last_public(self) -> Message:
        return self.public()[-1]

    def dms(self, user: User) -> list[Message]:
        return self.fake.world.dm_channel(user).visible()

    def public_text(self) -> str:
        return "\n".join(m.content for m in self.public())

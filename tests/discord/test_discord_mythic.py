"""Mythic Battles through Discord against an AI seat: long army notations travel through
autocomplete as aliases, and the 200-odd deployment moves are folded into groups."""

from __future__ import annotations

import random

import pytest
from discord_harness import start_process
from tablehelp import Table, is_group

pytestmark = pytest.mark.asyncio(loop_scope="module")
MOVES = 12


async def test_mythic_opening_by_autocomplete_only(fake, tmp_path):
    guild = fake.world.add_guild("Mythic test")
    table = Table(fake, fake.world.add_channel(guild, "mythic"))
    alice = fake.world.add_user("Alice", locale="en-US")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game="mythic", seed=5)
        await table.slash(alice, "game addbot", level="random")
        start = await table.slash(alice, "game start")
        assert start.original is not None and not start.original.ephemeral
        rng, long_moves, folded = random.Random(3), 0, 0
        for _ in range(MOVES):
            choices = await table.moves_of(alice)
            assert choices, "Alice must have a move"
            folded += any(is_group(c) for c in choices)
            long_moves += any(len(c["name"]) == 100 and c["value"] != c["name"] for c in choices)
            before = len(table.public())
            played = await table.slash(alice, "play", move=await table.choose_move(alice, rng))
            assert len(table.public()) > before, played.ephemeral_text
        assert long_moves and folded  # an army list longer than a choice, a deployment of 200+ moves
    finally:
        await process.stop()

"""`/play` autocomplete in real positions with far more legal moves than Discord's 25 choices,
for Battle for Athena (placing Power cards in the Athens scenario) and Mythic Battles
(deployment): every legal move is reachable by picking groups, each answer lists at most
25 choices, and what the player typed narrows the list.

The position is reached through the service (the game itself is tested elsewhere); every
list is asked of the real bot through the fake Discord, as a player's client would.
"""

from __future__ import annotations

import random

import pytest
from discord_harness import start_process
from tablehelp import Table, is_group

from bot.discord.choices import expand
from bot.service.api import Actor, Where

pytestmark = pytest.mark.asyncio(loop_scope="module")
MANY = 25  # Discord's limit: the positions below must exceed it
MAX_STEPS = 300


async def reach_many_moves(process, table: Table, user) -> list[str]:
    """Play random moves as `user` (the AI seat answers) until they have more than 25."""
    service = process.bot.service
    where = Where(str(table.channel.guild_id), table.channel.id)
    actor = Actor(user_id=user.id, name=user.name, locale="en")
    rng = random.Random(5)
    for _ in range(MAX_STEPS):
        moves = await service.legal_moves(where, actor)
        if len(moves) > MANY:
            return moves
        assert moves, "the game ended (or waits on nobody) before a position with many moves"
        await service.play(where, actor, rng.choice(moves))
    raise AssertionError("no position with more than 25 moves")


async def walk(table: Table, user) -> tuple[set[str], int]:
    """Open every group the way a player would (its prefix goes in the box); returns the
    values of the complete moves offered (a long move's is an alias) and how many groups
    were opened."""
    offered: set[str] = set()
    to_open, opened = [""], 0
    while to_open:
        typed = to_open.pop()
        choices = await table.moves_of(user, typed)
        assert 0 < len(choices) <= 25, (typed, len(choices))
        for choice in choices:
            assert len(choice["name"]) <= 100 and len(choice["value"]) <= 100
            if is_group(choice):
                assert choice["value"] != typed, f"the group {typed!r} does not narrow"
                to_open.append(choice["value"])
            else:
                offered.add(choice["value"])
        opened += typed != ""
        assert opened < 500, "autocomplete never ends"
    return offered, opened


async def check_every_move_reachable(table: Table, user, moves: list[str]) -> None:
    top = await table.moves_of(user)
    assert len(top) <= 25 and any(is_group(c) for c in top), "more than 25 moves must be folded"
    offered, opened = await walk(table, user)
    assert opened > 0
    reached = {expand(value, moves) for value in offered}  # long moves travel as an alias
    assert reached == set(moves)
    # typing narrows: the start of one move lists only moves that start that way
    target = moves[len(moves) // 2]
    typed = target[: max(1, len(target) - 1)]
    narrowed = await table.moves_of(user, typed)
    assert narrowed and len(narrowed) <= 25
    for choice in narrowed:
        value = choice["value"] if is_group(choice) else expand(choice["value"], moves)
        assert value.casefold().startswith(typed.casefold()), (typed, choice)


async def play_a_deep_move(table: Table, user, moves: list[str]) -> None:
    """A move only reachable inside a group is accepted by /play like any other."""
    top = {c["value"] for c in await table.moves_of(user) if not is_group(c)}
    deep = next(m for m in reversed(moves) if m not in top)
    offered, _ = await walk(table, user)
    value = next(v for v in offered if expand(v, moves) == deep)
    before = len(table.public())
    played = await table.slash(user, "play", move=value)
    assert len(table.public()) > before, played.ephemeral_text


@pytest.mark.parametrize(
    ("game", "options"),
    [("athena", {"scenario": "athenes"}), ("mythic", {})],
)
async def test_every_legal_move_is_reachable_by_typing(fake, tmp_path, game, options):
    guild = fake.world.add_guild(f"Autocomplete {game}")
    table = Table(fake, fake.world.add_channel(guild, game))
    alice = fake.world.add_user("Alice", locale="fr")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(alice, "game new", game=game, seed=4, **options)
        await table.slash(alice, "game addbot", level="random")
        start = await table.slash(alice, "game start")
        assert start.original is not None and not start.original.ephemeral
        moves = await reach_many_moves(process, table, alice)
        await check_every_move_reachable(table, alice, moves)
        await play_a_deep_move(table, alice, moves)
    finally:
        await process.stop()

"""Nothing left "thinking..." after a crash (issue 28), on SQLite and on PostgreSQL: a process
dies at each step of a `/play` (its "thinking" row committed, the defer sent, the move stored)
and the next process answers the interaction as the step left it. Through the real bot,
service and store against the fake Discord of tests/discord; a process "dies" by hanging
at that step and being stopped, as in tests/store/test_outbox.py."""

from __future__ import annotations

import asyncio
import random

import pytest
import with_fake_discord
from discord_harness import start_process
from tablehelp import Table

from bot.store import open_store
from bot.store.outbox import acknowledged
from engine.i18n import t

fake = with_fake_discord.fake
pytestmark = pytest.mark.asyncio(loop_scope="module")
_channels = iter(range(1000))


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request, tmp_path):
    if request.param == "sqlite":
        return tmp_path / "agora.db"
    from pg_server import fresh_database

    return await fresh_database(request.getfixturevalue("pg_server"), f"kill_{next(_channels)}")


@pytest.fixture
def people(fake):
    guild = fake.world.add_guild("Argos")
    return {
        "table": Table(fake, fake.world.add_channel(guild, f"kill-{next(_channels)}")),
        "zoe": fake.world.add_user("Zoé", locale="fr"),
    }


async def opened(fake, db, table, zoe):
    """A process with a game against a random AI where it is Zoé's move; the move."""
    process = await start_process(fake, db)
    await table.slash(zoe, "game new", game="athena", scenario="initiation")
    await table.slash(zoe, "game addbot", level="random")
    await table.slash(zoe, "game start")
    return process, await table.choose_move(zoe, random.Random(11))


def hang(reached: asyncio.Event):
    async def forever():
        reached.set()
        await asyncio.Event().wait()  # never returns: the process dies here

    return forever


async def seq_of(db, channel) -> int:
    store = await open_store(db)
    try:
        return (await store.channel_game(channel.guild_id, channel.id)).seq
    finally:
        await store.close()


async def test_killed_between_the_durable_record_and_the_defer(fake, db, people):
    """The row is committed, the defer never sent: Discord shows the command failed, nothing
    was stored, and the next process forgets the row (no "thinking..." to resolve)."""
    table, zoe = people["table"], people["zoe"]
    process, move = await opened(fake, db, table, zoe)
    seq = await seq_of(db, table.channel)
    reached, real = asyncio.Event(), process.bot.delivery.thinking

    async def remembered_then_killed(*args, **kwargs):
        assert await real(*args, **kwargs)
        await hang(reached)()

    process.bot.delivery.thinking = remembered_then_killed
    inter = await fake.slash(zoe, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    assert inter.ack_type is None and [i.token for i in await process.store.thinking()] == [inter.token]
    await process.stop()

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert inter.original is None  # never acknowledged: no "thinking..." shows anywhere
        assert await process.store.thinking() == [] and await process.store.undelivered() == []
        assert await seq_of(db, table.channel) == seq  # the move waited for the acknowledgement
    finally:
        await process.stop()


async def test_killed_between_the_defer_and_the_move_is_told_to_send_it_again(fake, db, people):
    """The row was durable before the defer went out; the process dies before storing the
    move: the next process tells the user, in their language, to send it again."""
    table, zoe = people["table"], people["zoe"]
    process, move = await opened(fake, db, table, zoe)
    seq = await seq_of(db, table.channel)
    order, reached = [], asyncio.Event()
    real_thinking = process.bot.delivery.thinking

    async def thinking(token, *args, **kwargs):
        done = await real_thinking(token, *args, **kwargs)
        committed = token in [i.token for i in await process.store.thinking()]
        order.append(("row committed", committed, "deferred", fake._interaction_by_token(token).ack_type))
        return done

    async def record_action(*args, **kwargs):
        await acknowledged()  # the interaction is acknowledged (the defer is out) ...
        await hang(reached)()  # ... and the process dies before the move's transaction

    process.bot.delivery.thinking, process.store.record_action = thinking, record_action
    inter = await fake.slash(zoe, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    assert order == [("row committed", True, "deferred", None)]  # the row first, then the defer
    assert inter.original is not None and inter.original.loading
    await process.stop()

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert not inter.original.loading
        assert inter.original.content == t("discord.msg.restarted", "fr")  # Zoé's language
        assert await process.store.thinking() == [] and await process.store.undelivered() == []
        assert await seq_of(db, table.channel) == seq
    finally:
        await process.stop()


async def test_killed_between_the_move_and_its_answer_is_answered_once_by_the_next_process(fake, db, people):
    """A quick move (answered at once before issue 28) is acknowledged before it is stored;
    killed after the commit, its "thinking..." is answered by the next process with the move
    and the board, and the move is announced exactly once."""
    table, zoe = people["table"], people["zoe"]
    process, move = await opened(fake, db, table, zoe)
    seq = await seq_of(db, table.channel)
    reached, real = asyncio.Event(), process.store.record_action

    async def stored_then_killed(*args, **kwargs):
        record = await real(*args, **kwargs)
        if args[2].user_id is not None:  # the player's own move (not the AI's reply) ...
            await hang(reached)()  # ... and the process dies before the answer
        return record

    process.store.record_action = stored_then_killed
    before = len(table.public())
    inter = await fake.slash(zoe, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    assert inter.ack_type == 5 and inter.original.loading  # deferred before the move was stored
    await process.stop()
    assert await seq_of(db, table.channel) == seq + 1

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert not inter.original.loading and inter.original.files  # the move and its board
        assert "Zoé" in inter.original.content
        announced = table.public()[before:]
        assert [m.id for m in announced][:1] == [inter.original.id]
        await process.bot.tick_once()  # and never again
        await fake.settle()
        assert table.public()[before:] == announced
        boards = [name for m in announced for name in m.files if name.startswith("board")]
        # the move's board once (the AI's reply, played by the next process, has its own)
        assert boards.count(f"board-{seq + 1}.png") == 1 and len(boards) == len(set(boards))
        assert await process.store.thinking() == [] and await process.store.undelivered() == []
    finally:
        await process.stop()


async def test_an_interaction_discord_gave_up_on_stores_nothing(fake, db, people):
    """Too late to acknowledge (Discord answers 10062): the move is not stored, since nobody
    could ever be answered about it; its "thinking" row is forgotten at once."""
    table, zoe = people["table"], people["zoe"]
    process, move = await opened(fake, db, table, zoe)
    seq = await seq_of(db, table.channel)
    try:
        before = len(table.public())
        inter = await fake.slash(zoe, table.channel, "play", move=move, expire=True)
        callback = ("POST", f"/api/v10/interactions/{inter.id}/{inter.token}/callback")
        await fake.wait_for(lambda: callback in fake.requests)  # the defer Discord refused
        for _ in range(100):
            if not await process.store.thinking():
                break
            await asyncio.sleep(0.02)
        await fake.settle()
        assert inter.ack_type is None and len(table.public()) == before
        assert await process.store.thinking() == [] and await seq_of(db, table.channel) == seq
    finally:
        await process.stop()


async def test_a_command_answered_at_once_leaves_no_thinking_row(fake, db, people):
    """Every slash command's row is written as it arrives (so its acknowledgement seldom waits
    for the commit); one answered at once, here a refusal, forgets it."""
    table, zoe = people["table"], people["zoe"]
    process, _ = await opened(fake, db, table, zoe)
    try:
        inter = await table.slash(zoe, "play", move="zz9")
        assert inter.ack_type == 4 and inter.original.ephemeral  # refused at once, to Zoé alone
        for _ in range(100):
            if not await process.store.thinking():
                break
            await asyncio.sleep(0.02)
        assert await process.store.thinking() == []
    finally:
        await process.stop()


async def test_a_first_recovery_that_fails_is_tried_again_at_the_next_tick(fake, db, people):
    """The next process's first attempt at a dead process's move fails (its images not ready,
    say): the next tick tries again, not only once IN_FLIGHT (2 minutes) has passed."""
    table, zoe = people["table"], people["zoe"]
    process, move = await opened(fake, db, table, zoe)
    reached, real = asyncio.Event(), process.store.record_action

    async def stored_then_killed(*args, **kwargs):
        record = await real(*args, **kwargs)
        if args[2].user_id is not None:
            await hang(reached)()
        return record

    process.store.record_action = stored_then_killed
    inter = await fake.slash(zoe, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    await process.stop()

    process = await start_process(fake, db)
    try:
        delivery, failures = process.bot.delivery, []
        recover_game = delivery._recover_game

        async def fails_once(*args, **kwargs):
            if not failures:
                failures.append(args[0])
                raise RuntimeError("the image workers are still starting")
            return await recover_game(*args, **kwargs)

        delivery._recover_game = fails_once
        await process.bot.tick_once()
        await fake.settle()
        assert failures and inter.original.loading and await process.store.undelivered()
        await process.bot.tick_once()
        await fake.settle()
        assert not inter.original.loading and inter.original.files
        assert await process.store.thinking() == [] and await process.store.undelivered() == []
    finally:
        await process.stop()

"""No move left unanswered (the outbox): a process dies after storing a move and before
announcing it, with the user's "thinking..." still open; the next process posts the move's
announcement, board image included, exactly once, in place of the "thinking...", and tells
the user of a command that died before storing anything to send it again. Through the real
bot, service and store against the fake Discord of tests/discord."""

from __future__ import annotations

import asyncio
import random

import pytest
import with_fake_discord
from discord_harness import start_process
from tablehelp import Table

from bot.discord.handlers import DEFER_AFTER
from engine.i18n import t

fake = with_fake_discord.fake
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def people(fake):
    guild = fake.world.add_guild("Corinth")
    return {
        "alice": fake.world.add_user("Alice", locale="en-US"),
        "moved": Table(fake, fake.world.add_channel(guild, "moved")),
        "lost": Table(fake, fake.world.add_channel(guild, "lost")),
    }


def die_inside(process, method: str, *, after_store: bool) -> asyncio.Event:
    """The process's `method` runs past the "thinking..." and then hangs, as if killed there:
    after storing the move (`after_store`) or before touching it."""
    service, reached = process.bot.service, asyncio.Event()
    real = getattr(service, method)

    async def hung(*args, **kwargs):
        await asyncio.sleep(DEFER_AFTER * 2)  # the interaction is deferred meanwhile
        if after_store:
            await real(*args, **kwargs)
        reached.set()
        await asyncio.Event().wait()  # never answers: the process dies with it

    setattr(service, method, hung)
    return reached


async def test_a_stored_move_is_announced_once_by_the_next_process(fake, people, tmp_path):
    db, table, alice = tmp_path / "agora.db", people["moved"], people["alice"]
    process = await start_process(fake, db)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    move = await table.choose_move(alice, random.Random(3))
    before = len(table.public())
    stored = die_inside(process, "play", after_store=True)
    inter = await fake.slash(alice, table.channel, "play", move=move)
    await asyncio.wait_for(stored.wait(), 10)
    assert inter.original is not None and inter.original.loading  # "thinking..." and never more
    await process.stop()  # the process dies: the move is stored, its announcement is not

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert not inter.original.loading
        assert "Alice" in inter.original.content and inter.original.files  # the move and the board
        announced = len(table.public())
        assert announced > before
        await process.bot.tick_once()  # exactly once
        await fake.settle()
        assert len(table.public()) == announced
        assert await process.store.undelivered() == [] and await process.store.thinking() == []
    finally:
        await process.stop()


async def test_a_command_that_died_before_storing_anything_is_answered_to_retry(fake, people, tmp_path):
    db, table, alice = tmp_path / "agora.db", people["lost"], people["alice"]
    process = await start_process(fake, db)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    move = await table.choose_move(alice, random.Random(4))
    reached = die_inside(process, "play", after_store=False)
    inter = await fake.slash(alice, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    await process.stop()

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert not inter.original.loading
        assert inter.original.content == t("discord.msg.restarted", "en")
        assert await process.store.thinking() == []
    finally:
        await process.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_answered_moves_leave_nothing_owed(fake, people, tmp_path, backend, request):
    table, alice = people["moved"], people["alice"]
    db = tmp_path / "agora.db"
    if backend == "postgresql":
        from pg_server import fresh_database

        db = await fresh_database(request.getfixturevalue("pg_server"), "outbox_answered")
    process = await start_process(fake, db)
    try:
        await table.slash(alice, "game new", game="athena", scenario="initiation")
        await table.slash(alice, "game addbot", level="random")
        await table.slash(alice, "game start")
        for seed in range(6):
            move = await table.choose_move(alice, random.Random(seed))
            if move is None:
                break
            await table.slash(alice, "play", move=move)
        for _ in range(200):  # marked just after the public answer, while the DMs go out
            if not await process.store.undelivered():
                break
            await asyncio.sleep(0.05)
        assert await process.store.undelivered() == [] and await process.store.thinking() == []
    finally:
        await process.stop()


def die_after_posting(process) -> asyncio.Event:
    """The process posts a move's announcement and dies before marking it delivered."""
    reached = asyncio.Event()

    async def hung(*args, **kwargs):
        reached.set()
        await asyncio.Event().wait()

    process.bot.delivery.delivered = hung
    return reached


@pytest.mark.parametrize("slow", [False, True], ids=["answered at once", "deferred"])
async def test_an_announcement_out_before_the_crash_is_not_posted_again(fake, people, tmp_path, slow):
    db, table, alice = tmp_path / "agora.db", people["moved"], people["alice"]
    process = await start_process(fake, db)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    move = await table.choose_move(alice, random.Random(5))
    if slow:
        real = process.bot.service.play

        async def slow_play(*args, **kwargs):
            await asyncio.sleep(DEFER_AFTER * 2)
            return await real(*args, **kwargs)

        process.bot.service.play = slow_play
    posted = die_after_posting(process)
    inter = await fake.slash(alice, table.channel, "play", move=move)
    await asyncio.wait_for(posted.wait(), 10)
    await fake.settle()
    assert not inter.original.loading and inter.original.files  # the move is out, board included
    seen = [(m.id, m.content, sorted(m.files)) for m in table.public()]
    await process.stop()  # ... and the process dies before it says so
    assert await _undelivered(db)

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        after = [(m.id, sorted(m.files)) for m in table.public()]
        assert after == [(i, files) for i, _, files in seen]  # nothing posted twice
        assert await process.store.undelivered() == [] and await process.store.thinking() == []
    finally:
        await process.stop()


async def _undelivered(db) -> list:
    from bot.store import open_store

    store = await open_store(db)
    try:
        return await store.undelivered()
    finally:
        await store.close()


async def test_a_clicked_move_posted_before_the_crash_is_not_posted_again(fake, people, tmp_path):
    """A click's announcement goes to the channel as a post: the restarted process posts it
    with the same nonce, and Discord returns the message already there."""
    db, table, alice = tmp_path / "agora.db", people["moved"], people["alice"]
    process = await start_process(fake, db)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    rng = random.Random(7)
    for _ in range(20):  # until alice's move is a button in her DMs
        dm = next((m for m in reversed(table.dms(alice)) if m.custom_ids), None)
        if dm is not None and await table.moves_of(alice):
            break
        move = await table.choose_move(alice, rng)
        assert move is not None
        await table.slash(alice, "play", move=move)
    before = len(table.public())
    posted = die_after_posting(process)
    await fake.click(alice, dm, rng.choice(dm.custom_ids))
    await asyncio.wait_for(posted.wait(), 10)
    await fake.settle()
    seen = [(m.id, sorted(m.files)) for m in table.public()]
    assert len(seen) > before and any(files for _, files in seen[before:])  # the move, its board
    hits = fake.nonce_hits
    await process.stop()
    assert await _undelivered(db)

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert [(m.id, sorted(m.files)) for m in table.public()] == seen  # nothing posted twice
        assert fake.nonce_hits > hits  # because Discord knew the nonce
        assert await process.store.undelivered() == [] and await process.store.thinking() == []
    finally:
        await process.stop()


async def test_a_thinking_answered_before_the_crash_keeps_its_answer(fake, people, tmp_path):
    """Killed after the answer and its mark, before forgetting the "thinking...": the next
    process sees the answer is out (through the token) and leaves it as it is."""
    db, table, alice = tmp_path / "agora.db", people["moved"], people["alice"]
    process = await start_process(fake, db)
    await table.slash(alice, "game new", game="athena", scenario="initiation")
    await table.slash(alice, "game addbot", level="random")
    await table.slash(alice, "game start")
    move = await table.choose_move(alice, random.Random(8))
    real, reached = process.bot.service.play, asyncio.Event()

    async def slow_play(*args, **kwargs):
        await asyncio.sleep(DEFER_AFTER * 2)
        return await real(*args, **kwargs)

    async def hung(token):
        reached.set()
        await asyncio.Event().wait()

    process.bot.service.play, process.bot.delivery.book.forget = slow_play, hung
    inter = await fake.slash(alice, table.channel, "play", move=move)
    await asyncio.wait_for(reached.wait(), 10)
    await fake.settle()
    answer = inter.original.content
    assert inter.ack_type == 5 and not inter.original.loading and inter.original.files
    await process.stop()

    process = await start_process(fake, db)
    try:
        await process.bot.tick_once()
        await fake.settle()
        assert inter.original.content == answer and not inter.original.deleted
        assert await process.store.undelivered() == [] and await process.store.thinking() == []
    finally:
        await process.stop()

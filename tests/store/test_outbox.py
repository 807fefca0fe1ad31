"""No move left unanswered (the outbox): a process dies after storing a move and before
announcing it, with the user's "thinking..." still open; the next process posts the move's
announcement, board image included, exactly once, in place of the "thinking...", and tells
the user of a command that died before storing anything to send it again. Through the real
bot, service and store against the fake Discord of tests/discord."""

from __future__ import annotations

import asyncio
import importlib.util
import random
import sys
from pathlib import Path

import pytest

DISCORD_TESTS = Path(__file__).resolve().parents[1] / "discord"
if str(DISCORD_TESTS) not in sys.path:
    sys.path.append(str(DISCORD_TESTS))  # for `fakediscord`, `tablehelp`, `discord_harness`


def _discord_conftest():
    spec = importlib.util.spec_from_file_location(
        "discord_tests_conftest_outbox", DISCORD_TESTS / "conftest.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


fake = _discord_conftest().fake

from discord_harness import start_process  # noqa: E402
from tablehelp import Table  # noqa: E402

from bot.discord.handlers import DEFER_AFTER  # noqa: E402
from engine.i18n import t  # noqa: E402

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

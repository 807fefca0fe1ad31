"""Commands and clicks do the service's work at most WORK_SLOTS at a time (bot/discord/handlers.py):
past that, more work in flight only lengthens the event loop's queue, where autocomplete waits."""

from __future__ import annotations

import asyncio
import os
import signal
from types import SimpleNamespace

import pytest

from bot.discord import handlers
from bot.service import thinking
from bot.service.ai import ai_decide
from tests.ai.positions import GAMES, positions


async def test_work_beyond_the_slots_waits_its_turn_and_all_of_it_runs(monkeypatch):
    monkeypatch.setattr(handlers, "WORK_SLOTS", 3)
    bot = SimpleNamespace(service=object())
    running, most, done = 0, 0, []

    async def call(service, where, actor):
        nonlocal running, most
        assert service is bot.service
        running += 1
        most = max(most, running)
        await asyncio.sleep(0.01)
        running -= 1
        done.append(actor)
        return actor

    replies = await asyncio.gather(*(handlers._in_turn(bot, call, None, n) for n in range(10)))
    assert replies == list(range(10))  # each caller gets its own reply
    assert most == 3  # never more than the slots at once, and the slots are used
    assert sorted(done) == list(range(10))


async def test_a_failing_call_gives_its_slot_back(monkeypatch):
    monkeypatch.setattr(handlers, "WORK_SLOTS", 1)
    bot = SimpleNamespace(service=object())

    async def fail(service, where, actor):
        raise RuntimeError("boom")

    async def ok(service, where, actor):
        return "ok"

    with pytest.raises(RuntimeError):
        await handlers._in_turn(bot, fail, None, None)
    assert await asyncio.wait_for(handlers._in_turn(bot, ok, None, None), 1) == "ok"


async def test_a_command_whose_ai_seat_thinks_lends_its_slot(monkeypatch):
    """While a table's AI seat thinks in its worker process (bot/service/thinking.py), its
    command's slot serves the other tables; it takes a slot back for the rest of its work."""
    monkeypatch.setattr(handlers, "WORK_SLOTS", 1)
    monkeypatch.setenv("AGORA_AI_ITERATIONS", "2")
    bot = SimpleNamespace(service=object())
    game, _ = GAMES["mythic"]
    state, role = next((s, r) for s, r in positions("mythic") if game.ai.searching(s, r))
    try:
        await ai_decide(game, "strong", 1, 2, state, role)  # the worker is up and warm
        [worker] = thinking.thinkers().workers
        os.kill(worker.process.pid, signal.SIGSTOP)  # it thinks as long as it is stopped

        async def think(service, where, actor):
            return await ai_decide(game, "strong", 1, 3, state, role)

        async def quick(service, where, actor):
            return "served"

        thinking_table = asyncio.ensure_future(handlers._in_turn(bot, think, None, None))
        await asyncio.sleep(0.2)
        try:
            assert await asyncio.wait_for(handlers._in_turn(bot, quick, None, None), 2) == "served"
        finally:
            os.kill(worker.process.pid, signal.SIGCONT)
        command, expected = await thinking_table
        assert expected is not None  # the search's answer, after it waited for nothing else
        assert bot.work_slots._value == 1  # every slot given back
    finally:
        for _, pool in list(thinking._BY_LOOP.values()):
            pool.close()
        thinking._BY_LOOP.clear()

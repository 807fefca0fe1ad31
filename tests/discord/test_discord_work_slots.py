"""Commands and clicks do the service's work at most WORK_SLOTS at a time (bot/discord/handlers.py):
past that, more work in flight only lengthens the event loop's queue, where autocomplete waits."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from bot.discord import handlers


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

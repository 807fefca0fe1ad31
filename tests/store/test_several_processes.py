"""Several bot processes on one database (both backends): each due timer fires once, in the
process that owns the guild's shard, and is taken over when that process is gone; a
`/game rematch` pressed in two processes at once makes one rematch and a clear refusal."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bot"))

from bot_helpers import ALICE, BOB, WHERE, FakeClock, lines, make_service, moves, seated  # noqa: E402

from bot.service import UserError  # noqa: E402
from bot.service.timers import TimerClaims, shard_of  # noqa: E402
from bot.store import open_store  # noqa: E402

HOUR = 3600.0


async def test_concurrent_claims_of_one_timer_have_one_winner(db_target):
    stores = [await open_store(db_target) for _ in range(3)]
    try:
        game = await stores[0].create_game(
            guild="g", channel="c", game="toy", options={}, seed=1, creator="u", now=0
        )
        wins = await asyncio.gather(
            *(stores[i % 3].claim_timer(game.id, f"p{i}", 100.0, 60.0) for i in range(9))
        )
        assert sum(wins) == 1
        holder = await stores[1].timer_holder(game.id, 100.0)
        assert holder == f"p{wins.index(True)}"
        assert await stores[2].claim_timer(game.id, holder, 110.0, 60.0)  # the holder extends it
        assert not await stores[2].claim_timer(game.id, "late", 169.0, 60.0)
        assert await stores[2].claim_timer(game.id, "late", 170.0, 60.0)  # expired: taken over
        await stores[0].release_timer(game.id, holder)  # not the holder any more: no effect
        assert await stores[0].timer_holder(game.id, 171.0) == "late"
        await stores[0].release_timer(game.id, "late")
        assert await stores[0].timer_holder(game.id, 171.0) is None
    finally:
        for store in stores:
            await store.close()


@pytest.fixture
async def two_processes(db_target):
    """Processes A (the shard of WHERE's guild) and B (the other shard), one clock."""
    clock = FakeClock()
    mine = shard_of(WHERE.guild_id, 2)
    stores = [await open_store(db_target), await open_store(db_target)]
    services = [make_service(store, clock) for store in stores]
    services[0].claims = TimerClaims(frozenset({mine}), 2, holder="A")
    services[1].claims = TimerClaims(frozenset({1 - mine}), 2, holder="B")
    yield services, clock
    for store in stores:
        await store.close()


def reminders(results) -> list[str]:
    return [line for due in results for _, reply in due for line in lines(reply) if "Reminder" in line]


async def test_a_due_reminder_fires_once_in_the_shards_process(two_processes):
    (a, b), clock = two_processes
    await seated(a)
    await a.play(WHERE, ALICE, (await moves(a, ALICE))[0])
    clock.advance(25 * HOUR)
    results = await asyncio.gather(a.tick(), b.tick(), b.tick())
    assert reminders(results) == ["Reminder: bob, game #1 is waiting for your move."]
    assert reminders([await a.tick()]) == [] and reminders([await b.tick()]) == []


async def test_another_process_takes_over_when_the_owner_is_gone(two_processes):
    (a, b), clock = two_processes
    await seated(a)
    await a.play(WHERE, ALICE, (await moves(a, ALICE))[0])
    clock.advance(24 * HOUR + 60)
    assert reminders([await b.tick()]) == []  # due a minute ago: its own process may come yet
    assert await a.store.claim_timer(1, "A", clock.now, 90.0)  # A takes it... and dies
    clock.advance(70)
    assert reminders([await b.tick()]) == []  # past the grace period, but A's lease still runs
    clock.advance(30)
    assert await b.store.timer_holder(1, clock.now) is None
    assert reminders([await b.tick()]) == ["Reminder: bob, game #1 is waiting for your move."]
    assert reminders([await b.tick(), await a.tick()]) == []


async def test_a_live_lease_keeps_others_off_even_past_the_grace(two_processes):
    (a, b), clock = two_processes
    await seated(a)
    await a.play(WHERE, ALICE, (await moves(a, ALICE))[0])
    clock.advance(24 * HOUR + 200)
    await a.store.claim_timer(1, "A", clock.now, 90.0)  # A is on it right now
    assert reminders([await b.tick()]) == []
    clock.advance(91)
    assert len(reminders([await b.tick()])) == 1


async def test_a_rematch_pressed_in_two_processes_makes_one_game_and_a_clear_answer(two_processes):
    (a, b), _ = two_processes
    await seated(a)
    await a.resign(WHERE, BOB)
    await b.status(WHERE, ALICE)  # B has the finished game in its cache too
    results = await asyncio.gather(a.rematch(WHERE, ALICE), b.rematch(WHERE, BOB), return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], UserError), results
    assert refused[0].text.key == "bot.err.channel_busy"
    assert [g.id for g in await a.store.games(status="running")] == [2]

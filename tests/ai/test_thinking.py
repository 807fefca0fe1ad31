"""The strong level thinks in a worker process (bot/service/thinking.py): the event loop
goes on serving while it thinks, the answer is the search's own, and a failed worker is
replaced while the heuristic answers (a game never stalls)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from bot.service import thinking
from bot.service.ai import ai_decide, ai_seed
from engine.ai.search import Budget, SearchPlayer
from tests.ai.positions import GAMES, positions


def _searched(name: str):
    game, _ = GAMES[name]
    return game, next((s, r) for s, r in positions(name) if game.ai.searching(s, r))


async def test_the_worker_answers_what_the_search_would(iterations) -> None:
    game, (state, role) = _searched("mythic")
    command, expected = await ai_decide(game, "strong", 5, 40, state, role)
    here = SearchPlayer(game, ai_seed(5, 40, role), Budget(iterations=iterations, seconds=None))
    assert command == here.choose(state, role)
    assert expected == here.thought.value
    [worker] = thinking.thinkers().workers
    assert worker.process.pid != os.getpid()


async def test_the_loop_keeps_serving_while_the_ai_thinks(iterations, monkeypatch) -> None:
    monkeypatch.setenv("AGORA_AI_ITERATIONS", "40")
    game, (state, role) = _searched("battlelore")
    ticks = 0
    done = False

    async def other_tables() -> None:
        nonlocal ticks
        while not done:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(other_tables())
    await ai_decide(game, "strong", 1, 1, state, role)
    done = True
    await ticker
    assert ticks > 100  # the loop ran all along; inline, the search would have allowed none


async def test_a_failed_search_is_answered_by_the_heuristic(iterations, caplog) -> None:
    game, (state, role) = _searched("athena")
    with pytest.raises(RuntimeError):
        await thinking.thinkers().think("no-such-game", "strong", 1, "{}", role)
    [worker] = thinking.thinkers().workers  # a refused call leaves its worker serving
    worker.process.kill()  # now a worker that died
    worker.process.join(5)
    command, expected = await ai_decide(game, "strong", 2, 3, state, role)
    assert expected is None and command == game.players["heuristic"](ai_seed(2, 3, role)).choose(state, role)
    assert any("the search failed" in r.getMessage() for r in caplog.records)
    assert worker not in thinking.thinkers().workers  # replaced
    command, expected = await ai_decide(game, "strong", 2, 3, state, role)  # a new worker thinks
    assert expected is not None


async def test_the_worker_thinks_at_a_lower_priority(iterations) -> None:
    """The event loop and the image workers win the cores over a search (bench/discord.py
    --ai-tables: the human tables keep their speed beside AI tables)."""
    game, (state, role) = _searched("athena")
    await ai_decide(game, "strong", 1, 2, state, role)
    [worker] = thinking.thinkers().workers
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker.process.pid) == min(19, ours + thinking.DEFAULT_NICE)


async def _paused_call(monkeypatch, pause: float, stall: float = thinking.STALL):
    """A searched decision whose worker (warm) is stopped for `pause` seconds, then resumed;
    the budget and grace made tiny so that the clock passes them while it is stopped."""
    game, (state, role) = _searched("mythic")
    await ai_decide(game, "strong", 3, 4, state, role)  # the worker is up and warm
    [worker] = thinking.thinkers().workers
    monkeypatch.setenv("AGORA_AI_ITERATIONS", "1")
    monkeypatch.setattr(thinking, "DEFAULT_SECONDS", 0.1)
    monkeypatch.setattr(thinking, "GRACE", 0.2)  # the call's limit: 0.1 + 0.2 + 0.5 s of CPU
    monkeypatch.setattr(thinking, "CHECK_EVERY", 0.05)
    monkeypatch.setattr(thinking, "STALL", stall)
    os.kill(worker.process.pid, signal.SIGSTOP)  # starved: given no CPU at all
    deciding = asyncio.create_task(ai_decide(game, "strong", 3, 5, state, role))
    try:
        await asyncio.sleep(pause)
        kept = worker in thinking.thinkers().workers
    finally:
        if worker.process.is_alive():  # not when it was replaced (killed)
            os.kill(worker.process.pid, signal.SIGCONT)
    return worker, kept, await deciding


async def test_a_starved_worker_is_not_given_up_when_the_clock_passes_its_budget(
    iterations, monkeypatch, caplog
):
    worker, kept, (command, expected) = await _paused_call(monkeypatch, 2.0)
    assert kept and worker in thinking.thinkers().workers, "waited for, not replaced"
    assert expected is not None, "the search's own answer, not the heuristic's"
    assert not [r for r in caplog.records if "the search failed" in r.getMessage()]


async def test_a_worker_using_no_cpu_at_all_is_given_up(iterations, monkeypatch, caplog):
    worker, kept, (command, expected) = await _paused_call(monkeypatch, 2.0, stall=0.5)
    assert not kept and worker not in thinking.thinkers().workers, "replaced"
    assert expected is None  # the heuristic answered
    assert any("the search failed" in r.getMessage() for r in caplog.records)

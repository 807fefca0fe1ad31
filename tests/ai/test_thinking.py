"""The strong level thinks in a worker process (bot/service/thinking.py): the event loop
goes on serving while it thinks, the answer is the search's own, and a failed worker is
replaced while the heuristic answers (a game never stalls)."""

from __future__ import annotations

import asyncio
import os

import pytest

from bot.service import thinking
from bot.service.ai import ai_decide, ai_seed
from engine.ai.search import Budget, SearchPlayer
from tests.ai.positions import GAMES, positions


@pytest.fixture
def iterations(monkeypatch):
    monkeypatch.setenv("AGORA_AI_ITERATIONS", "3")
    yield
    for _, pool in list(thinking._BY_LOOP.values()):
        pool.close()
    thinking._BY_LOOP.clear()


def _searched(name: str):
    game, _ = GAMES[name]
    return game, next((s, r) for s, r in positions(name) if game.ai.searching(s, r))


async def test_the_worker_answers_what_the_search_would(iterations) -> None:
    game, (state, role) = _searched("mythic")
    command, expected = await ai_decide(game, "strong", 5, 40, state, role)
    here = SearchPlayer(game, ai_seed(5, 40, role), Budget(iterations=3, seconds=None))
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

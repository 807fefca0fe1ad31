"""A whole game against the `strong` AI level through the fake Discord, in each game that has
it (issue 27): the seat is added with `/game addbot level:strong`, thinks in a worker process
(bot/service/thinking.py) with a small budget in iterations so the test stays quick, and the
game ends by the rules. The human plays the heuristic's choice for their seat, typed in
`/play`; the test reads the state through the service only to pick that move."""

from __future__ import annotations

import asyncio
import os
import re

import pytest
from discord_harness import start_process
from tablehelp import Table

from bot.service import thinking
from bot.service.api import Where

pytestmark = pytest.mark.asyncio(loop_scope="module")
MAX_MOVES = 2000


@pytest.fixture(autouse=True)
def small_budget():
    before = os.environ.get("AGORA_AI_ITERATIONS")
    os.environ["AGORA_AI_ITERATIONS"] = "1"
    yield
    if before is None:
        os.environ.pop("AGORA_AI_ITERATIONS", None)
    else:
        os.environ["AGORA_AI_ITERATIONS"] = before


async def patient(fake, table: Table, user, path: str, **values) -> None:
    """A command after which the AI seat plays (`/play`, or `/game start` when it opens):
    acknowledged at once (deferred), answered once the AI seat's whole turn is played. Longer
    than tablehelp's 10 s: a Battlelore turn is many searched decisions, and the first one
    starts the worker process, at the lowest priority (slow on a loaded machine)."""
    inter = await fake.slash(user, table.channel, path, **values)
    await fake.wait_for(lambda: inter.ack_type is not None)
    await asyncio.wait_for(inter.resolved.wait(), 180)
    await fake.settle()


async def _table(process, table: Table):
    where = Where(str(table.channel.guild_id), str(table.channel.id))
    return await process.bot.service._channel_table(where, last=True)


@pytest.mark.parametrize("game_id, seed", [("athena", 5), ("mythic", 8), ("battlelore", 3)])
async def test_a_user_plays_a_whole_game_against_strong(fake, tmp_path, caplog, game_id: str, seed: int):
    guild = fake.world.add_guild(f"Strong {game_id}")
    table = Table(fake, fake.world.add_channel(guild, game_id))
    user = fake.world.add_user("Ada", locale="en-US")
    process = await start_process(fake, tmp_path / "agora.db")
    try:
        await table.slash(user, "game new", game=game_id, seed=seed)
        rules = await table.slash(user, "game rules")
        assert "strong" in (rules.ephemeral_text or rules.original.content), "the level is offered"
        await table.slash(user, "game addbot", level="strong")
        await patient(fake, table, user, "game start")
        running = await _table(process, table)
        game = running.game
        assert running.seat("p2").is_ai and running.seat("p2").ai_level == "strong"
        decider = game.players["heuristic"](11)
        for _ in range(MAX_MOVES):
            running = await _table(process, table)
            if running.record.status != "running":
                break
            assert sorted(game.active(running.state)) == ["p1"], (
                "the strong seat never keeps the table waiting"
            )
            move = game.notation.format(decider.choose(running.state, "p1"))
            before = running.record.seq
            await patient(fake, table, user, "play", move=move)
            assert (await _table(process, table)).record.seq > before, move  # accepted
        over = await _table(process, table)
        assert over.record.status == "finished"
        result = game.result(over.state)
        assert result is not None and over.record.result["winners"] == result.winners
        actions = await process.bot.service.store.actions(over.id)
        ai_moves = [a for a in actions if a.role == "p2"]
        assert len(ai_moves) > 10 and all(a.user_id is None for a in ai_moves)
        assert any(a.user_id == str(user.id) for a in actions)
        assert f"Game #{over.id} is over" in table.public_text()
        # what it expected rides on its moves' announcements (bot/service/ai.py `expectation`)
        assert re.search(r"Bot strong expects (to be|an even game)", table.public_text())
        # it thought in a worker process, and never fell back to the heuristic
        workers = [w for _, pool in thinking._BY_LOOP.values() for w in pool.workers]
        assert workers and all(w.process.pid != os.getpid() and w.process.is_alive() for w in workers)
        assert not [r for r in caplog.records if "the search failed" in r.getMessage()]
    finally:
        await process.stop()

"""Images drawn in worker processes (bot/service/images.py): a request's images for one worker
travel as one call, one failed image leaves the others, and a view travels as its JSON text
that the worker validates back to a view equal to the one the engine made."""

from __future__ import annotations

import os
import pickle
import signal
import threading

import pytest

from bot.service.api import Message
from bot.service.images import PackedView, Renderer, pack_view, unpack_view
from bot.service.present import private_part
from engine import registry
from engine.harness import GameTooLong, play
from engine.i18n import T
from tests.render.athena_views import NAMES, mid_duel


def job(table: int = 7, game_id: str = "athena", view: object = None, private: bool = False):
    from bot.service.images import ImageJob

    view = mid_duel() if view is None else view
    return ImageJob(Message(lines=[T("x")]), private, game_id, view, NAMES, "en", "board-1.png", table)


def count_calls(renderer: Renderer, table: int) -> list[int]:
    """Count the calls sent to the worker process of `table`."""
    worker, calls = renderer._worker(table), []
    call = worker.call

    def counted(kind, payload):
        calls.append(len(payload) if payload else 0)
        return call(kind, payload)

    worker.call = counted  # type: ignore[method-assign]
    return calls


def sampled_views(game, seed: int, every: int = 7, max_steps: int = 400) -> list[object]:
    """Views of a random game, public and every role's, at every few states."""
    options = game.Options()
    roles = game.roles(options)
    players = {role: game.players["random"](seed * 10 + i) for i, role in enumerate(roles)}
    states = []
    try:
        play(
            game,
            players,
            seed=seed,
            max_steps=max_steps,
            on_step=lambda _b, _r, _c, out: states.append(out.state),
        )
    except GameTooLong:  # a long game: its first states are enough
        pass
    return [game.view(state, role) for state in states[::every] for role in (None, *roles)]


@pytest.mark.parametrize("game_id", sorted(registry.plugins(registry.GAMES)))
def test_views_of_every_game_reach_the_worker_equal(game_id):
    game = registry.plugins(registry.GAMES)[game_id]
    views = sampled_views(game, seed=1) + sampled_views(game, seed=2)
    assert views
    for view in views:
        packed = pack_view(view)
        assert isinstance(packed, PackedView), f"{game_id}: {type(view).__name__} would go pickled"
        again = unpack_view(pickle.loads(pickle.dumps(packed)))
        assert type(again) is type(view)
        assert again == view
        assert again.model_dump() == view.model_dump()


def test_a_view_that_does_not_round_trip_goes_pickled():
    from pydantic import BaseModel

    class Local(BaseModel):  # not importable by its name
        value: int = 1

    view = Local()
    assert pack_view(view) is view
    assert pack_view(Local(value=2)).value == 2  # remembered: still the model itself


async def test_one_call_per_worker_and_one_failed_image_leaves_the_others():
    workers = Renderer(processes=2)
    try:
        await workers.start()
        first, second = count_calls(workers, 0), count_calls(workers, 1)
        good, private = job(4), job(4, view=mid_duel(), private=True)
        broken = job(4, view="not a view")  # the renderer fails on it
        unknown = job(6, game_id="no-such-game")  # no renderer: the game is remembered as such
        other = job(5)
        await workers.fill([good, broken, private, unknown, other])
        assert first == [4] and second == [1]  # tables 4 and 6 share worker 0, table 5 has worker 1
        assert good.message.image is not None and other.message.image is not None
        assert private.message.image is not None
        assert good.message.image.data == other.message.image.data
        assert broken.message.image is None and unknown.message.image is None
        assert "no-such-game" in workers._missing
        again = job(6, game_id="no-such-game")
        await workers.fill([again])
        assert first == [4]  # not sent again
    finally:
        workers.close()


async def test_a_view_that_cannot_travel_fails_alone():
    workers = Renderer(processes=1)
    try:
        await workers.start()
        good, stuck = job(), job(view=threading.Lock())  # cannot be pickled
        await workers.fill([good, stuck])
        assert good.message.image is not None and stuck.message.image is None
    finally:
        workers.close()


async def test_a_batch_survives_a_dead_worker():
    threads, workers = Renderer(), Renderer(processes=1)
    try:
        await workers.start()
        expected = job()
        await threads.fill([expected])
        os.kill(workers._worker(7).pid, signal.SIGKILL)
        batch = [job(), job(private=True), job()]
        await workers.fill(batch)
        assert batch[0].message.image is not None and batch[2].message.image is not None
        assert batch[0].message.image.data == expected.message.image.data
        assert batch[1].message.image is not None
    finally:
        workers.close()


async def test_threads_draw_the_view_itself():
    seen = []

    class Module:
        @staticmethod
        def board_png(game_id, view, names, locale):
            seen.append(view)
            return b"png"

        private_png = board_png

    view = mid_duel()
    drawn = job(view=view)
    await Renderer(Module()).fill([drawn])
    assert seen == [view] and seen[0] is view
    assert drawn.message.image is not None and drawn.message.image.data == b"png"


def test_private_part_ignores_key_order_and_keeps_places():
    public = {"a": 1, "hand": [None, None], "board": {"x": 1, "y": 2}}
    mine = {"board": {"y": 2, "x": 1}, "hand": ["A", None], "a": 1}
    assert private_part(mine, public) == {"hand": ["A", None]}
    reordered = {"hand": ["A", None], "a": 1, "board": {"x": 1, "y": 2}}
    assert private_part(mine, public) == private_part(reordered, public)
    assert private_part({"hand": ["A", "B"]}, public) != private_part(mine, public)
    assert private_part({"n": [{"k": 1, "v": 2}]}, {"n": [{"k": 1, "v": 3}]}) == {"n": [{"v": 2}]}


async def test_a_worker_killed_mid_batch_fails_its_calls_and_the_batch_is_drawn_in_a_new_one():
    import asyncio

    workers = Renderer(processes=1)
    try:
        await workers.start()
        first = workers._worker(7)
        batch = [job(), job(private=True)]
        filling = asyncio.ensure_future(workers.fill(batch))
        while not first._pending:  # the batch is on its way to the worker
            await asyncio.sleep(0)
        os.kill(first.pid, signal.SIGKILL)
        await filling
        assert all(j.message.image is not None for j in batch)
        assert workers._worker(7) is not first and not first._pending
    finally:
        workers.close()


async def test_close_ends_the_worker_processes():
    workers = Renderer(processes=2)
    await workers.start()
    processes = [workers._worker(table).process for table in (0, 1)]
    workers.close()
    for process in processes:
        process.join(10)
        assert process.exitcode == 0

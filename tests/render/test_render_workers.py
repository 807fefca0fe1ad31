"""Images drawn in worker processes (AGORA_RENDER_PROCESSES > 0, bot/service/images.py) are the
same bytes as those drawn in the bot's own threads, and a worker that dies is replaced."""

from __future__ import annotations

import os
import signal

from bot.service.api import Message
from bot.service.images import ImageJob, Renderer
from engine.i18n import T
from tests.render.athena_views import NAMES, mid_duel


def job(table: int = 7) -> ImageJob:
    return ImageJob(Message(lines=[T("x")]), False, "athena", mid_duel(), NAMES, "fr", "board-1.png", table)


async def test_workers_draw_what_threads_draw_and_survive_a_dead_worker():
    threads, workers = Renderer(), Renderer(processes=1)
    try:
        await workers.start()
        by_thread, by_worker = job(), job()
        await threads.fill([by_thread])
        await workers.fill([by_worker])
        assert by_worker.message.image is not None
        assert by_worker.message.image.data == by_thread.message.image.data
        os.kill(workers._worker(7).pid, signal.SIGKILL)  # kill -9 the worker: the next image is drawn anyway
        again = job()
        await workers.fill([again])
        assert again.message.image is not None and again.message.image.data == by_thread.message.image.data
    finally:
        workers.close()

"""Board and private-view images, rendered off the event loop behind a semaphore.

The service first builds its messages with image jobs; the jobs run after the channel
lock is released, so a slow render never holds up the next command.

By default the images are drawn in worker threads. Drawing is mostly Python code holding the
GIL, so under load the threads starve the event loop (acknowledgements and autocomplete wait
behind them): the Discord bot renders in worker processes instead (`processes`, setting
AGORA_RENDER_PROCESSES, two by default on a host with the cores: see bot/discord/run.py),
each game always in the same one, so that its renderer's caches (render.common.strips_png)
serve its next images.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import re
import threading
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.service.api import Image, Message

log = logging.getLogger("agora.service")


@dataclass
class ImageJob:
    message: Message
    private: bool  # private_png (one role's view) or board_png (public view)
    game_id: str
    view: Any
    names: dict[str, str]
    locale: str
    filename: str
    table: int = 0  # the game's id: its images are drawn in the same worker process


def image_name(stem: str, seq: int) -> str:
    """`board-12.png`, `alice-12.png`: file-system and attachment safe."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", stem).strip("_") or "player"
    return f"{safe}-{seq}.png"


def _watch_parent(parent: int) -> None:
    """A worker process ends when the bot that started it is gone (even killed with -9)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="agora-render-parent", daemon=True).start()


def _warm() -> None:
    """Load every game's renderer in a new worker process."""
    import render  # noqa: F401
    from engine import registry

    registry.plugins(registry.RENDERERS)


def _draw_in_worker(private: bool, game_id: str, view: Any, names: dict[str, str], locale: str) -> bytes:
    import render

    draw = render.private_png if private else render.board_png
    return draw(game_id, view, names, locale)


class Renderer:
    """Wraps a module with `board_png`/`private_png` (default: `render`). With `processes` > 0
    (the default module only), images are drawn in that many worker processes, one game always
    in the same one; otherwise in threads."""

    def __init__(self, module: Any = None, concurrency: int = 2, processes: int = 0) -> None:
        self._module = module
        self._semaphore = asyncio.Semaphore(concurrency if not processes else 2 * processes)
        self._missing: set[str] = set()
        self._processes = processes if module is None else 0
        self._pools: list[ProcessPoolExecutor] = []

    def _backend(self) -> Any:
        if self._module is None:
            import render

            self._module = render
        return self._module

    def _pool(self, table: int, *, broken: bool = False) -> ProcessPoolExecutor:
        """The worker of this game (a new one in place of a worker that died)."""
        if not self._pools:
            self._pools = [self._new_pool() for _ in range(self._processes)]
        index = table % len(self._pools)
        if broken:
            self._pools[index].shutdown(wait=False, cancel_futures=True)
            self._pools[index] = self._new_pool()
        return self._pools[index]

    @staticmethod
    def _new_pool() -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")  # never fork a process running an event loop
        return ProcessPoolExecutor(1, context, initializer=_watch_parent, initargs=(os.getpid(),))

    async def start(self, timeout: float = 120.0) -> None:
        """Start the worker processes and wait until they have loaded the renderers (a few
        seconds): the first images of the first games do not wait for them."""
        if not self._processes or self._pools:
            return
        warming = [asyncio.wrap_future(self._pool(index).submit(_warm)) for index in range(self._processes)]
        done, pending = await asyncio.wait(warming, timeout=timeout)
        failed = [f for f in done if f.exception() is not None]
        if pending or failed:  # the images are tried anyway, each in a worker started anew if need be
            log.warning(
                "image workers: %d not ready in %.0f s, %d failed", len(pending), timeout, len(failed)
            )

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools = []

    async def fill(self, jobs: list[ImageJob]) -> None:
        await asyncio.gather(*(self._run(job) for job in jobs))

    async def _draw(self, job: ImageJob) -> bytes:
        if self._processes:
            loop, args = (
                asyncio.get_running_loop(),
                (job.private, job.game_id, job.view, job.names, job.locale),
            )
            try:
                return await loop.run_in_executor(self._pool(job.table), _draw_in_worker, *args)
            except BrokenExecutor:  # the worker died (killed, out of memory): once more in a new one
                log.warning("an image worker process died; starting another")
                return await loop.run_in_executor(self._pool(job.table, broken=True), _draw_in_worker, *args)
        backend = self._backend()
        draw = backend.private_png if job.private else backend.board_png
        return await asyncio.to_thread(draw, job.game_id, job.view, job.names, job.locale)

    async def _run(self, job: ImageJob) -> None:
        if job.game_id in self._missing:
            return
        try:
            async with self._semaphore:
                data = await self._draw(job)
        except LookupError:  # render.NoRenderer: the game brought no renderer
            log.warning("no renderer for game type %s: messages go without images", job.game_id)
            self._missing.add(job.game_id)
            return
        except Exception as exc:  # an image is a nicety: the move is already stored
            log.error(
                "rendering a %s image for %s failed with %s",
                "private" if job.private else "board",
                job.game_id,
                type(exc).__name__,
            )
            return
        job.message.image = Image(filename=job.filename, data=data)

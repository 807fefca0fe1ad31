"""Board and private-view images, rendered off the event loop behind a semaphore.

The service first builds its messages with image jobs; the jobs run after the channel
lock is released, so a slow render never holds up the next command.

By default the images are drawn in worker threads. Drawing is mostly Python code holding the
GIL, so under load the threads starve the event loop (acknowledgements and autocomplete wait
behind them): the Discord bot renders in worker processes instead (`processes`, setting
AGORA_RENDER_PROCESSES, two by default on a host with the cores: see bot/discord/run.py),
each game always in the same one, so that its renderer's caches (render.common.strips_png)
serve its next images. The images of one request that go to the same worker travel as one call
(`_draw_batch`), and each pydantic view travels as its JSON text with its class's import path
(`PackedView`), validated back in the worker: for a view of 60 nested models, 0.06 ms to write
on the event loop against 0.25 ms to pickle the model, and as quick to read in the worker
(0.22 ms; unpickling runs pydantic's `__setstate__` once per nested model: 0.23 ms).

Each worker is a process reading its calls from its end of a socket pair (`_serve`) and answering
them in their order; the event loop writes the calls itself (a batch is a few KB, the semaphore
keeps a few in flight: far below the socket's buffer, so a write does not wait for the worker)
and reads the answers when the socket is readable (`_Worker`). No thread in the bot: a
ProcessPoolExecutor's manager and queue-feeder threads cost the bot ~2 ms of CPU per move.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import pickle
import re
import threading
import time
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from pydantic import BaseModel

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


class PackedView(NamedTuple):
    """A pydantic view on its way to a worker process: its class's import path and its JSON."""

    module: str
    qualname: str
    text: str


_ROUND_TRIPS: dict[type, bool] = {}  # view class -> its JSON validates back to an equal view


@cache
def _view_class(module: str, qualname: str) -> Any:
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def pack_view(view: Any) -> Any:
    """What a worker process receives for `view`: a `PackedView` for a pydantic model whose class
    is importable by name and whose JSON gave back an equal model (checked on the first view of
    each class), the view itself (pickled) otherwise."""
    cls = type(view)
    if not isinstance(view, BaseModel) or _ROUND_TRIPS.get(cls) is False:
        return view
    packed = PackedView(cls.__module__, cls.__qualname__, view.model_dump_json())
    if cls not in _ROUND_TRIPS:
        try:
            _ROUND_TRIPS[cls] = unpack_view(packed) == view
        except Exception:  # not importable by name, or its JSON does not validate
            _ROUND_TRIPS[cls] = False
        if not _ROUND_TRIPS[cls]:
            log.warning("views of type %s.%s go to image workers pickled", cls.__module__, cls.__qualname__)
            return view
    return packed


def unpack_view(view: Any) -> Any:
    """The view a worker draws: `pack_view` undone."""
    if isinstance(view, PackedView):
        cls = _view_class(view.module, view.qualname)
        if cls.__module__ != view.module or cls.__qualname__ != view.qualname:
            raise TypeError(f"{view.module}.{view.qualname} is not importable by that name")
        return cls.model_validate_json(view.text)
    return view


NO_RENDERER = "no-renderer"  # a batch's answer for an image whose game has no renderer


def _draw_batch(items: list[tuple[bool, str, Any, dict[str, str], str]]) -> list[bytes | str]:
    """In a worker process: each image's PNG bytes, NO_RENDERER (a LookupError: the game brought
    no renderer) or the name of the exception that stopped it; one failed image leaves the others."""
    import render

    drawn: list[bytes | str] = []
    for private, game_id, view, names, locale in items:
        draw = render.private_png if private else render.board_png
        try:
            drawn.append(draw(game_id, unpack_view(view), names, locale))
        except LookupError:
            drawn.append(NO_RENDERER)
        except Exception as exc:
            drawn.append(type(exc).__name__)
    return drawn


WARM, DRAW = "warm", "draw"  # the calls a worker process answers


def _serve(conn: Any, parent: int) -> None:
    """A worker process: answers each call on `conn` in turn, (True, result) or (False, the name of
    the exception); ends when the bot's end is closed or the bot is gone."""
    _watch_parent(parent)
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            break
        try:
            kind, payload = pickle.loads(data)
            reply = (True, _warm() if kind == WARM else _draw_batch(payload))
        except Exception as exc:
            reply = (False, type(exc).__name__)
        try:
            conn.send(reply)
        except OSError:
            break


class WorkerDied(Exception):
    """The worker process of a call died (killed, out of memory) or was closed before answering."""


class WorkerFailed(Exception):
    """A call failed in the worker process as a whole (its message names the exception)."""


class _Worker:
    """One worker process and the bot's end of its socket pair. The calls are written on the event
    loop, their answers read there when the socket is readable: they come in the order of the
    calls, each answering the oldest pending future."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a process running an event loop
        ours, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs, os.getpid()), name="agora-render", daemon=True
        )
        self.process.start()
        theirs.close()  # the worker's end lives in the worker only: its death is an EOF here
        self._conn: Any = ours
        self._pending: deque[asyncio.Future[Any]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def call(self, kind: str, payload: Any) -> asyncio.Future[Any]:
        """Send a call (raises at once if it does not pickle: nothing is sent); the future of its answer."""
        if self._conn is None:
            raise WorkerDied("the image worker is gone")
        data = pickle.dumps((kind, payload), pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
            loop.add_reader(self._conn.fileno(), self._readable)
        try:
            self._conn.send_bytes(data)
        except OSError as exc:  # the worker died
            self._close(WorkerDied("the image worker died"))
            raise WorkerDied("the image worker died") from exc
        future = loop.create_future()
        self._pending.append(future)
        return future

    def _readable(self) -> None:
        try:
            while self._conn is not None and self._conn.poll():
                ok, result = self._conn.recv()
                future = self._pending.popleft()
                if not future.done():
                    if ok:
                        future.set_result(result)
                    else:
                        future.set_exception(WorkerFailed(result))
        except (EOFError, OSError):  # the worker died: its socket closed
            self._close(WorkerDied("the image worker died"))

    def _close(self, error: BaseException | None = None) -> None:
        """Stop reading and close the socket (the worker ends when it reads the EOF); pending futures
        fail with `error`, or are cancelled."""
        if self._conn is None:
            return
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._conn.fileno())
        self._conn.close()
        self._conn = None
        while self._pending:
            future = self._pending.popleft()
            if future.done():
                continue
            if error is None:
                future.cancel()
            else:
                future.set_exception(error)

    def close(self) -> None:
        self._close()


class Renderer:
    """Wraps a module with `board_png`/`private_png` (default: `render`). With `processes` > 0
    (the default module only), images are drawn in that many worker processes, one game always
    in the same one; otherwise in threads."""

    def __init__(self, module: Any = None, concurrency: int = 2, processes: int = 0) -> None:
        self._module = module
        self._semaphore = asyncio.Semaphore(concurrency if not processes else 2 * processes)
        self._missing: set[str] = set()
        self._processes = processes if module is None else 0
        self._workers: list[_Worker] = []

    def _backend(self) -> Any:
        if self._module is None:
            import render

            self._module = render
        return self._module

    def _worker(self, table: int, *, dead: _Worker | None = None) -> _Worker:
        """The worker of this game (a new one in place of `dead`, if it is still the game's)."""
        if not self._workers:
            self._workers = [_Worker() for _ in range(self._processes)]
        index = table % len(self._workers)
        if dead is not None and self._workers[index] is dead:
            dead.close()
            self._workers[index] = _Worker()
        return self._workers[index]

    async def start(self, timeout: float = 120.0) -> None:
        """Start the worker processes and wait until they have loaded the renderers (a few
        seconds): the first images of the first games do not wait for them."""
        if not self._processes or self._workers:
            return
        warming = [self._worker(index).call(WARM, None) for index in range(self._processes)]
        done, pending = await asyncio.wait(warming, timeout=timeout)
        failed = [f for f in done if f.exception() is not None]
        for future in pending:  # its answer, if it ever comes, is not awaited
            future.add_done_callback(lambda f: f.cancelled() or f.exception())
        if pending or failed:  # the images are tried anyway, each in a worker started anew if need be
            log.warning(
                "image workers: %d not ready in %.0f s, %d failed", len(pending), timeout, len(failed)
            )

    def close(self) -> None:
        for worker in self._workers:
            worker.close()
        self._workers = []

    async def fill(self, jobs: list[ImageJob]) -> None:
        jobs = [job for job in jobs if job.game_id not in self._missing]
        if not self._processes:
            await asyncio.gather(*(self._run(job) for job in jobs))
            return
        batches: dict[int, list[ImageJob]] = {}  # one call per worker process
        for job in jobs:
            batches.setdefault(job.table % self._processes, []).append(job)
        await asyncio.gather(*(self._run_batch(batch) for batch in batches.values()))

    async def _run_batch(self, batch: list[ImageJob]) -> None:
        """The images of one request that go to the same worker process, in one call."""
        items, sent = [], []
        for job in batch:
            try:
                items.append((job.private, job.game_id, pack_view(job.view), job.names, job.locale))
            except Exception as exc:  # a view that does not serialize: that image only
                self._failed(job, type(exc).__name__)
                continue
            sent.append(job)
        if not items:
            return
        table = batch[0].table
        try:
            async with self._semaphore:
                worker = self._worker(table)
                try:
                    drawn = await worker.call(DRAW, items)
                except WorkerDied:  # the worker died (killed, out of memory): once more in a new one
                    log.warning("an image worker process died; starting another")
                    drawn = await self._worker(table, dead=worker).call(DRAW, items)
        except Exception as exc:  # an image is a nicety: the move is already stored
            if len(sent) > 1 and not isinstance(exc, WorkerDied):  # a view that did not pickle?
                await asyncio.gather(*(self._run_batch([job]) for job in sent))  # each image on its own
                return
            for job in sent:
                self._failed(job, type(exc).__name__)
            return
        for job, data in zip(sent, drawn, strict=True):
            if isinstance(data, bytes):
                job.message.image = Image(filename=job.filename, data=data)
            elif data == NO_RENDERER:
                self._no_renderer(job.game_id)
            else:
                self._failed(job, data)

    def _no_renderer(self, game_id: str) -> None:
        if game_id not in self._missing:
            log.warning("no renderer for game type %s: messages go without images", game_id)
            self._missing.add(game_id)

    @staticmethod
    def _failed(job: ImageJob, error: str) -> None:
        log.error(
            "rendering a %s image for %s failed with %s",
            "private" if job.private else "board",
            job.game_id,
            error,
        )

    async def _run(self, job: ImageJob) -> None:
        """One image drawn in a thread (the view passed as it is)."""
        if job.game_id in self._missing:
            return
        backend = self._backend()
        draw = backend.private_png if job.private else backend.board_png
        try:
            async with self._semaphore:
                data = await asyncio.to_thread(draw, job.game_id, job.view, job.names, job.locale)
        except LookupError:  # render.NoRenderer: the game brought no renderer
            self._no_renderer(job.game_id)
            return
        except Exception as exc:  # an image is a nicety: the move is already stored
            self._failed(job, type(exc).__name__)
            return
        job.message.image = Image(filename=job.filename, data=data)

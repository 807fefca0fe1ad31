"""AI seats that search think in a worker process, never on the event loop: while one
thinks (up to its budget, 2 s of CPU by default) every other table keeps its speed.

A seat's player thinks here when it has a `budget` (engine/ai/search.py); the others
answer in a fraction of a millisecond and are asked in the bot's process as before
(bot/service/ai.py). Each worker is a spawned process serving one call at a time over a
pipe; the event loop writes the call (the state's JSON) and is woken when the answer is
readable (`loop.add_reader`): no thread in the bot, as for the image workers
(bot/service/images.py). A worker that dies or overruns is replaced, and that decision is
taken by the heuristic level instead, so a game never stalls.

A worker runs at a lower priority (`AGORA_AI_NICE`, 19 by default, as `nice` counts): on a
busy machine the event loop and the image workers get the cores first, and the search gets
what they leave. Its budget is CPU time, so a starved search thinks as well, only longer;
"overruns" is therefore counted in the worker's CPU time too (/proc), not on the clock: a
call is given up when its worker has used its budget plus `GRACE` seconds of CPU, or has
used none at all for `STALL` seconds (hung), or after `WALL_LIMIT` seconds whatever it did
(a deferred interaction must be answered within Discord's 15 minutes). Where /proc is
missing, the budget plus `GRACE` is wall time, as before.
bench/discord.py --ai-tables measures the human tables beside AI tables, with and without.

Environment (read at each decision, so tests and servers may change it):
- `AGORA_AI_SECONDS`: CPU seconds per searched decision, spent whole;
- `AGORA_AI_ITERATIONS`: a budget in iterations instead (deterministic: tests, replays);
- neither: the level's default, the game's iterations cut at 2 s of CPU, whichever ends
  first (engine/ai/search.py `default_budget`);
- `AGORA_AI_PROCESSES`: worker processes (default 1);
- `AGORA_AI_NICE`: how much lower a worker's priority is (default 19, the lowest; 0: none),
  read when a worker starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from engine.ai.search import DEFAULT_SECONDS
from engine.protocol import Role

log = logging.getLogger("agora.service")

GRACE = 10.0  # CPU seconds a call may take beyond its budget before its worker is replaced
STALL = 60.0  # seconds a call's worker may use no CPU at all before it is taken for hung
WALL_LIMIT = 300.0  # seconds a call may take at most, however starved its worker
CHECK_EVERY = 1.0  # seconds between two looks at a pending call's worker
DEFAULT_NICE = 19
# What the request lends while its decision thinks in a worker: the Discord adapter's work
# slot (bot/discord/handlers.py), so a table waiting on its AI seat holds up no other table.
LENT: ContextVar[Callable[[], contextlib.AbstractAsyncContextManager[None]] | None] = ContextVar(
    "agora_ai_lent", default=None
)


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user and system) a live process has used, from /proc; None without it."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _lower_priority() -> None:
    """In a new worker: let the event loop and the image workers win the cores (the budget is
    CPU time: the search loses no thought, only wall time)."""
    step = int(os.environ.get("AGORA_AI_NICE", "").strip() or DEFAULT_NICE)
    if step > 0 and hasattr(os, "nice"):
        try:
            os.nice(step)
        except OSError:  # not allowed here: the worker thinks at the bot's priority
            pass


def budget_from_env() -> tuple[int | None, float | None]:
    """(iterations, seconds) set by the operator; (None, None): the level's default."""
    iterations = os.environ.get("AGORA_AI_ITERATIONS", "").strip()
    if iterations:
        return int(iterations), None
    seconds = os.environ.get("AGORA_AI_SECONDS", "").strip()
    return None, float(seconds) if seconds else None


def _serve(conn: Any, parent: int) -> None:
    """In the worker: answer each call with the command as JSON and what the search expected."""
    from bot.service.images import _watch_parent
    from engine import registry
    from engine.ai.search import Budget, default_budget

    _watch_parent(parent)
    _lower_priority()
    games = registry.plugins(registry.GAMES)
    while True:
        try:
            game_id, level, seed, state_json, role, iterations, seconds = conn.recv()
        except EOFError:
            return
        try:
            game = games[game_id]
            state = game.load_state(json.loads(state_json))
            player = game.players[level](seed)
            player.budget = (
                Budget(iterations=iterations, seconds=seconds)
                if iterations or seconds
                else default_budget(game)
            )
            command = player.choose(state, role)
            thought = getattr(player, "thought", None)
            expected = thought.value if thought is not None and thought.searched else None
            conn.send(("ok", command.model_dump(mode="json"), expected))
        except Exception as exc:  # told to the bot, which plays the heuristic instead
            conn.send(("error", f"{type(exc).__name__}: {exc}", None))


class _Worker:
    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(theirs, os.getpid()), name="agora-ai", daemon=True)
        self.process.start()
        theirs.close()
        self.conn = mine
        self.lock = asyncio.Lock()
        self.waiting = 0

    def close(self) -> None:
        try:
            self.conn.close()
        finally:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(1)

    async def call(self, request: tuple, limit: float) -> Any:
        """The worker's answer; TimeoutError once it used `limit` CPU seconds on this call
        (the clock where /proc is missing), stalled or reached WALL_LIMIT (module docstring)."""
        self.waiting += 1
        try:
            async with self.lock:
                loop = asyncio.get_running_loop()
                answer: asyncio.Future = loop.create_future()
                fd = self.conn.fileno()

                def readable() -> None:
                    loop.remove_reader(fd)
                    if answer.done():
                        return
                    try:
                        answer.set_result(self.conn.recv())
                    except Exception as exc:  # EOF: the worker died
                        answer.set_exception(exc)

                self.conn.send(request)
                loop.add_reader(fd, readable)
                try:
                    return await self._watch(answer, limit)
                finally:
                    loop.remove_reader(fd)
        finally:
            self.waiting -= 1

    async def _watch(self, answer: asyncio.Future, limit: float) -> Any:
        loop = asyncio.get_running_loop()
        pid = self.process.pid
        started = loop.time()
        first = last = cpu_seconds(pid) if pid is not None else None
        progressed = started
        while True:
            done, _ = await asyncio.wait({answer}, timeout=CHECK_EVERY)
            if done:
                return answer.result()
            now = loop.time()
            used = cpu_seconds(pid) if pid is not None else None
            if used is None or first is None:  # no /proc: the clock, as before
                if now - started > limit:
                    raise TimeoutError(f"no answer after {now - started:.0f} s")
                continue
            if used > last:
                last, progressed = used, now
            if used - first > limit:
                raise TimeoutError(f"{used - first:.1f} s of CPU without an answer")
            if now - progressed > STALL:
                raise TimeoutError(f"no CPU used for {now - progressed:.0f} s")
            if now - started > WALL_LIMIT:
                raise TimeoutError(f"no answer after {now - started:.0f} s")


class Thinkers:
    """The worker processes of one event loop, started on the first searched decision."""

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self.workers: list[_Worker] = []

    def _pick(self) -> _Worker:
        if len(self.workers) < self.size and all(w.waiting for w in self.workers):
            self.workers.append(_Worker())
        return min(self.workers, key=lambda w: w.waiting)

    async def think(
        self, game_id: str, level: str, seed: int, state_json: str, role: Role
    ) -> tuple[dict, Any]:
        """The command (as JSON) and the value the search expected; raises when the worker
        failed (it is then replaced)."""
        iterations, seconds = budget_from_env()
        worker = self._pick()
        limit = (seconds or DEFAULT_SECONDS) + GRACE + (iterations or 0) * 0.5  # CPU seconds
        lend = LENT.get()
        try:
            async with lend() if lend is not None else contextlib.nullcontext():
                status, payload, expected = await worker.call(
                    (game_id, level, seed, state_json, role, iterations, seconds), limit
                )
        except BaseException:
            if worker in self.workers:  # not when the pool was closed meanwhile
                self.workers.remove(worker)
            worker.close()
            raise
        if status != "ok":
            raise RuntimeError(payload)
        return payload, expected

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
        self.workers.clear()


_BY_LOOP: dict[int, tuple[Any, Thinkers]] = {}


def thinkers() -> Thinkers:
    """This event loop's workers (a test's loop gets its own; a closed loop's are ended)."""
    loop = asyncio.get_running_loop()
    for key, (other, pool) in list(_BY_LOOP.items()):
        if other.is_closed():
            pool.close()
            del _BY_LOOP[key]
    found = _BY_LOOP.get(id(loop))
    if found is None or found[0] is not loop:
        size = int(os.environ.get("AGORA_AI_PROCESSES", "").strip() or 1)
        found = _BY_LOOP[id(loop)] = (loop, Thinkers(size))
    return found[1]

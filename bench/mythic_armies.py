"""Autocomplete latency of `/army` and `/mythic` (declared by engine/mythic/table, served by
bot/plugins): the army builder's next-unit
list, the recruit list of saved and starter armies, and the typed moves' choices mid-battle
(legal moves through the table service plus the public board, read from SQLite).

    python bench/mythic_armies.py [--calls 200]

Discord wants an autocomplete answer within 3 seconds; the target here is p99 <= 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bot.plugins import PluginService, plugin_commands  # noqa: E402
from bot.service import Actor, TableService, Where  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine import get_game  # noqa: E402
from engine.mythic.table.armies import options_for  # noqa: E402
from engine.mythic.table.shortcuts import unit_choices  # noqa: E402

COMMANDS = {c.path: c for c in plugin_commands([get_game("mythic")])}

WHERE = Where("bench", "mythic")
ANN, BEN = Actor("bench-1", "ann"), Actor("bench-2", "ben")
NICK = "cerberus rhadamanthus auditors marauders legion-acheron legion-phlegethon artillerymen"


async def timed(calls: int, call: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.99))]


async def to_activation(tables: TableService, rng: random.Random) -> Actor:
    """Two seats play random legal moves until one of them may activate a unit."""
    for _ in range(400):
        for actor in (ANN, BEN):
            legal = await tables.legal_moves(WHERE, actor)
            if any(m.startswith("act ") for m in legal):
                return actor
            if legal:
                await tables.play(WHERE, actor, rng.choice(legal))
    raise SystemExit("no activation reached")


async def main(calls: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.db", durable=False)
        try:
            tables = TableService(store, render_images=False)
            plugins = PluginService(tables)
            for i in range(10):
                values = {"name": f"army {i}", "faction": "hades", "units": NICK}
                await plugins.run(COMMANDS["army save"], WHERE, ANN, values)

            def choices(path: str, param: str, actor: Actor, typed: str = "") -> Awaitable[object]:
                return plugins.complete(COMMANDS[path], param, WHERE, actor, {}, typed)

            await tables.new_game(WHERE, ANN, "mythic", {"seed": 5})
            await tables.join(WHERE, BEN)
            await tables.start_game(WHERE, ANN)
            duel = options_for({})
            rows = [
                (
                    "builder: next unit (3 chosen)",
                    lambda: _sync(unit_choices, duel, "hades", "cerb rhad audi ", "en"),
                ),
                ("recruit: saved + starter armies", lambda: choices("mythic recruit", "army", ANN)),
            ]
            for label, call in rows:
                print(f"{label:40s} median {{:.2f}} ms, p99 {{:.2f}} ms".format(*await timed(calls, call)))
            actor = await to_activation(tables, random.Random(1))
            for kind, param in (("activate", "unit"), ("convert", "card")):
                figures = await timed(calls, lambda k=kind, p=param: choices(f"mythic {k}", p, actor))
                print(
                    f"{'/mythic ' + kind + ' (legal list)':40s} median {figures[0]:.2f} ms, p99 {figures[1]:.2f} ms"
                )
            await tables.play(
                WHERE, actor, next(m for m in await tables.legal_moves(WHERE, actor) if m.startswith("act "))
            )
            figures = await timed(calls, lambda: choices("mythic move", "to", actor))
            print(
                f"{'/mythic move to: (legal + public board)':40s} median {figures[0]:.2f} ms, p99 {figures[1]:.2f} ms"
            )
        finally:
            await store.close()


async def _sync(fn: Callable[..., object], *args: object) -> object:
    return fn(*args)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    asyncio.run(main(parser.parse_args().calls))

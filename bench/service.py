"""Table-service latency: an accepted `/play` through the service (validation, SQLite commit,
messages; no image rendering), the SQLite commit alone, and self-play games per second.

    python bench/service.py [--game athena|toy] [--commands 300] [--selfplay 5] [--not-durable]

Target: p99 of an accepted command <= 20 ms. Two human seats play random legal moves, so
every timed call is a real accepted command of a real game, started afresh when one ends.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "bot")]

from bot.selfplay import run_selfplay  # noqa: E402
from bot.service import Actor, TableService, Where  # noqa: E402
from bot.store import open_store  # noqa: E402

PLAYERS = (Actor("bench-1", "ann"), Actor("bench-2", "ben"))


def pick_game(name: str):
    if name == "toy":
        from toygame import GAME

        return {"toy": GAME}, {"turns": 40, "target": 60, "hand": 4}
    from engine import get_game

    return {name: get_game(name)}, {}


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return f"n={len(ms)} median={statistics.median(ms):.2f} ms p99={p99:.2f} ms max={ms[-1]:.2f} ms"


class TimedStore:
    """Times every `record_action` (one transaction: action, state, seq/rev compare-and-swap)."""

    def __init__(self, store) -> None:
        self.samples: list[float] = []
        original = store.record_action

        async def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                self.samples.append(time.perf_counter() - started)

        store.record_action = timed


async def commands(game_id: str, count: int, durable: bool = True) -> tuple[list[float], list[float]]:
    games, options = pick_game(game_id)
    choose = random.Random(1)
    timings: list[float] = []
    with tempfile.TemporaryDirectory(prefix="agora-bench-") as scratch:
        store = await open_store(Path(scratch) / "bench.db", durable=durable)
        commits = TimedStore(store)
        try:
            service = TableService(store, render_images=False, games=games, rng=random.Random(3))
            table = 0
            while len(timings) < count:
                table += 1
                where = Where("bench", f"table-{table}")
                await service.new_game(where, PLAYERS[0], game_id, {**options, "seed": table})
                await service.join(where, PLAYERS[1])
                await service.start_game(where, PLAYERS[0])
                while len(timings) < count:
                    record = await store.channel_game(where.guild_id, where.channel_id)
                    if record is None:
                        break  # finished: next table
                    actor = await _someone_to_move(service, where)
                    move = choose.choice(await service.legal_moves(where, actor))
                    started = time.perf_counter()
                    await service.play(where, actor, move)
                    timings.append(time.perf_counter() - started)
        finally:
            await store.close()
    return timings, commits.samples


async def _someone_to_move(service: TableService, where: Where) -> Actor:
    for actor in PLAYERS:
        if await service.legal_moves(where, actor):
            return actor
    raise RuntimeError("a running game with nobody to move")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="athena")
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--selfplay", type=int, default=5, help="self-play games for the games/s figure")
    parser.add_argument("--not-durable", action="store_true", help="synchronous=NORMAL instead of FULL")
    args = parser.parse_args()
    timings, commits = asyncio.run(commands(args.game, args.commands, durable=not args.not_durable))
    sync = "NORMAL" if args.not_durable else "FULL"
    print(
        f"{args.game}: accepted /play through the service (no images, synchronous={sync}): {percentiles(timings)}"
    )
    print(
        f"{args.game}: SQLite commit of one action (record_action, synchronous={sync}): {percentiles(commits)}"
    )
    games, _ = pick_game(args.game)
    summary = asyncio.run(
        run_selfplay(
            args.game, games=args.selfplay, seed=0, players="heuristic", catalog=games, write=lambda _: None
        )
    )
    print(
        f"{args.game}: self-play through the service: {summary.games / summary.seconds:.2f} games/s, "
        f"{summary.moves / summary.seconds:.0f} moves/s ({summary.games} games, {len(summary.failures)} failures)"
    )


if __name__ == "__main__":
    main()

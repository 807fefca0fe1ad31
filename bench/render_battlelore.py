"""How long the Battlelore Mythologie images take to draw and encode, and how big they are.

    python bench/render_battlelore.py [--games 2] [--views 40] [--repeat 3] [--locale fr] [--players heuristic]

Positions come from seeded self-played battles spread over the whole game (set-up, deployment,
turns, attacks, retreats), so the figures include the units, arrows and dice a real table
meets. For each image: the first (cold) render, then median, p90 and p99 render time and
median and max PNG size (the Battle for Athena benchmark's `measure`). Target (issue 14): the
battlefield under 60 ms median on the 2-core machine, every image under a few hundred KB.
The CPU column is the rendering thread's own time, which other work on the machine does not
inflate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.image_moves import interleaved, per_move  # noqa: E402
from bench.render_athena import percentile  # noqa: E402
from bot.service.present import private_part  # noqa: E402
from engine.battlelore import GAME  # noqa: E402
from engine.harness import play  # noqa: E402
from render.battlelore import army_png, board_png, private_png, unit_png  # noqa: E402
from render.battlelore.board import board_image  # noqa: E402
from render.battlelore.private import private_image  # noqa: E402

NAMES = {"p1": "Alexandra", "p2": "Bérénice"}


def measure(label: str, render, items: list, repeat: int) -> None:
    """Wall-clock times as `bench/render_athena.py` prints them, plus the median CPU time of
    this thread: on a machine shared with other work, the wall clock counts their turns too."""
    walls, cpus, sizes = [], [], []
    for _ in range(repeat):
        for item in items:
            wall, cpu = time.perf_counter(), time.thread_time()
            data = render(item)
            cpus.append((time.thread_time() - cpu) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
            sizes.append(len(data))
    print(
        f"{label:<12} n={len(walls):<4} median {statistics.median(walls):6.1f} ms   "
        f"p90 {percentile(walls, 0.9):6.1f} ms   p99 {percentile(walls, 0.99):6.1f} ms   "
        f"cpu median {statistics.median(cpus):6.1f} ms   "
        f"size median {int(statistics.median(sizes)):>7} B   max {max(sizes):>7} B"
    )


def sample_states(games: int, count: int, players: str) -> list:
    states = []
    for seed in range(games):
        seats = {r: GAME.players[players](seed * 10 + i) for i, r in enumerate(("p1", "p2"))}
        play(GAME, seats, seed=seed, on_step=lambda _b, _r, _c, out: states.append(out.state))
    step = max(1, len(states) // count)
    return states[::step][:count]


def game_states(seed: int, players: str) -> list:
    seats = {r: GAME.players[players](seed * 10 + i) for i, r in enumerate(("p1", "p2"))}
    states: list = []
    play(GAME, seats, seed=seed, on_step=lambda _b, _r, _c, out: states.append(out.state))
    return states


def moves(games: int, players: str, locales: list[str]) -> None:
    """Every move of `games` battles interleaved: the public battlefield each move, and each
    player's private view when its private part changed (bot/service/present.py)."""
    public, private = [], []
    for n, states in interleaved([game_states(100 + g, players) for g in range(games)]):
        locale = locales[n % len(locales)]
        view = GAME.view(states, None)
        public.append((view, locale))
        shown = view.model_dump(mode="json")
        for role in ("p1", "p2"):
            mine = GAME.view(states, role)
            part = private_part(mine.model_dump(mode="json"), shown)
            if part != LAST.get((n, role)):
                LAST[(n, role)] = part
                private.append((mine, locale))
    print(
        f"{games} battles interleaved, {len(public)} moves, {len(private)} private views whose private part changed"
    )
    per_move(
        "battlefield", public, lambda v, lo: board_png(v, NAMES, lo), lambda v, lo: board_image(v, NAMES, lo)
    )
    per_move(
        "private", private, lambda v, lo: private_png(v, NAMES, lo), lambda v, lo: private_image(v, NAMES, lo)
    )


LAST: dict = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--players", default="heuristic", choices=sorted(GAME.players))
    parser.add_argument("--moves-games", type=int, default=3, help="battles interleaved move by move")
    args = parser.parse_args()
    moves(args.moves_games, args.players, ["fr", "en"])
    states = sample_states(args.games, args.views, args.players)
    public = [GAME.view(s, None) for s in states]
    private = [GAME.view(s, ("p1", "p2")[i % 2]) for i, s in enumerate(states)]
    fielded = [(v, u.hex) for v in public for u in v.units[:1] if u.hex]

    start = time.perf_counter()
    board_png(public[0], NAMES, args.locale)
    print(f"first render (fonts loaded, caches empty): {(time.perf_counter() - start) * 1000:.1f} ms")
    measure("battlefield", lambda v: board_png(v, NAMES, args.locale), public, args.repeat)
    measure("private", lambda v: private_png(v, NAMES, args.locale), private, args.repeat)
    measure("unit card", lambda vh: unit_png(vh[0], vh[1], NAMES, args.locale), fielded, args.repeat)
    measure("army", lambda v: army_png(v, "p1", NAMES, args.locale), public, args.repeat)


if __name__ == "__main__":
    main()

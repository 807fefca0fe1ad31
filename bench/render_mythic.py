"""How long the Mythic Battles images take to draw and encode, and how big they are.

    python bench/render_mythic.py [--games 2] [--views 40] [--repeat 3] [--locale fr] [--players random]

Views come from seeded self-played games (random players by default, `--players heuristic`
for the stronger one), spread over the whole game, so the figures include the strings and
unit counts a real table meets. The 4-player battlefield (6 tiles, 18 x 12) is not in the
engine yet: it is measured on the hand-built view of the renderer's tests. Prints the first
(cold) render, then median, p90 and p99 render time and median / max PNG size.
Target: battlefield median <= 80 ms and < 300 KB on the 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_athena import measure  # noqa: E402  (the same figures for every game)
from engine.harness import play  # noqa: E402
from engine.mythic import GAME  # noqa: E402
from render.mythic import board_png, private_png, roster_png  # noqa: E402
from tests.render.mythic_views import NAMES as FOUR_NAMES  # noqa: E402
from tests.render.mythic_views import four_players  # noqa: E402

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


def sample_states(games: int, count: int, players: str) -> list:
    roles = GAME.roles(GAME.Options())
    states = []
    for seed in range(games):
        seats = {r: GAME.players[players](seed * 10 + i) for i, r in enumerate(roles)}
        play(GAME, seats, seed=seed, on_step=lambda _b, _r, _c, out: states.append(out.state))
    step = max(1, len(states) // count)
    return states[::step][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--players", default="random", choices=sorted(GAME.players))
    args = parser.parse_args()
    states = sample_states(args.games, args.views, args.players)
    roles = GAME.roles(GAME.Options())
    public = [GAME.view(s, None) for s in states]
    private = [GAME.view(s, roles[i % len(roles)]) for i, s in enumerate(states)]
    start = time.perf_counter()
    board_png(public[0], NAMES, args.locale)
    print(f"first render (fonts loaded, caches empty): {(time.perf_counter() - start) * 1000:.1f} ms")
    measure("board 2p", lambda v: board_png(v, NAMES, args.locale), public, args.repeat)
    four = [four_players()] * max(1, len(public) // 4)
    measure("board 4p built", lambda v: board_png(v, FOUR_NAMES, args.locale), four, args.repeat)
    measure("private view", lambda v: private_png(v, NAMES, args.locale), private, args.repeat)
    measure("roster", lambda v: roster_png(v, v.roles[0], NAMES, args.locale), public, args.repeat)


if __name__ == "__main__":
    main()

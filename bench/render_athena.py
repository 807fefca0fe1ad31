"""How long the Battle for Athena images take to draw and encode, and how big they are.

    python bench/render_athena.py [--games 3] [--views 40] [--repeat 3] [--locale fr]

Views come from seeded self-played games (random players), spread over every phase, so the
figures include the strings a real table meets. Prints the first (cold) render, then median,
p90 and p99 render time and median / max PNG size for the public board and private views.
Target: public board median <= 60 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.athena import GAME  # noqa: E402
from engine.harness import play  # noqa: E402
from render.athena import board_png, private_png  # noqa: E402

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


def sample_states(games: int, count: int) -> list:
    roles = GAME.roles(GAME.Options())
    states = []
    for seed in range(games):
        players = {r: GAME.players["random"](seed * 10 + i) for i, r in enumerate(roles)}
        play(GAME, players, seed=seed, on_step=lambda _b, _r, _c, out: states.append(out.state))
    step = max(1, len(states) // count)
    return states[::step][:count]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(label: str, render, views: list, repeat: int) -> None:
    times, sizes = [], []
    for _ in range(repeat):
        for view in views:
            start = time.perf_counter()
            data = render(view)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data))
    print(
        f"{label:<14} n={len(times):<4} median {statistics.median(times):6.1f} ms   "
        f"p90 {percentile(times, 0.9):6.1f} ms   p99 {percentile(times, 0.99):6.1f} ms   "
        f"size median {int(statistics.median(sizes)):>7} B   max {max(sizes):>7} B"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locale", default="fr")
    args = parser.parse_args()
    states = sample_states(args.games, args.views)
    public = [GAME.view(s, None) for s in states]
    private = [GAME.view(s, role) for s in states for role in GAME.roles(GAME.Options())][: len(states)]
    start = time.perf_counter()
    board_png(public[0], NAMES, args.locale)
    print(f"first render (fonts loaded, caches empty): {(time.perf_counter() - start) * 1000:.1f} ms")
    measure("public board", lambda v: board_png(v, NAMES, args.locale), public, args.repeat)
    measure("private view", lambda v: private_png(v, NAMES, args.locale), private, args.repeat)


if __name__ == "__main__":
    main()

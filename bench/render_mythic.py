"""How long the Mythic Battles images take to draw and encode, and how big they are, for two
and for four players (the team variant's 6-tile battlefield), measured in one run.

    python bench/render_mythic.py [--games 2] [--views 30] [--repeat 3] [--locale fr] [--players random]

Positions come from seeded self-played games (random players by default, `--players
heuristic` for the stronger one), spread over the whole game, so the figures include the
strings and unit counts a real table meets; four-player positions come from the engine's team
variant (`Options(teams=True)`: 4 seats, 60 points each, 6 tiles of 18 x 12 squares).
For each image: the first (cold) render, then median, p90 and p99 render time and median
and max PNG size in bytes (the Battle for Athena benchmark's `measure`). Target: battlefield
median <= 80 ms and < 300 KB (2 players), < 400 KB (4 players) on the 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.image_moves import interleaved, per_move  # noqa: E402
from bench.render_athena import measure  # noqa: E402
from bot.service.present import private_part  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.mythic import GAME  # noqa: E402
from render.mythic import board_png, private_png, roster_png  # noqa: E402
from render.mythic.board import board_image  # noqa: E402
from render.mythic.private import private_image  # noqa: E402
from tests.render.mythic_four_views import NAMES, OPTIONS, ROLES  # noqa: E402


def sample_states(games: int, count: int, players: str, options) -> list:
    roles = GAME.roles(options)
    states = []
    for seed in range(games):
        seats = {r: GAME.players[players](seed * 10 + i) for i, r in enumerate(roles)}
        play(
            GAME, seats, seed=seed, options=options, on_step=lambda _b, _r, _c, out: states.append(out.state)
        )
    step = max(1, len(states) // count)
    return states[::step][:count]


def moves(games: int, players: str, options, label: str) -> None:
    """Every move of `games` games interleaved, the public battlefield each move (fr, en in
    turn by game), as an image worker meets them."""
    roles = GAME.roles(options)
    runs = []
    for seed in range(games):
        seats = {r: GAME.players[players](100 + seed * 10 + i) for i, r in enumerate(roles)}
        states: list = []
        play(
            GAME,
            seats,
            seed=100 + seed,
            options=options,
            on_step=lambda _b, _r, _c, out, states=states: states.append(out.state),
        )
        runs.append(states)
    work, private, last = [], [], {}
    for n, state in interleaved(runs):
        locale = ("fr", "en")[n % 2]
        view = GAME.view(state, None)
        work.append((view, locale))
        shown = view.model_dump(mode="json")
        for role in roles:  # a private view whose private part changed (bot/service/present.py)
            mine = GAME.view(state, role)
            part = private_part(mine.model_dump(mode="json"), shown)
            if part != last.get((n, role)):
                last[(n, role)] = part
                private.append((mine, locale))
    per_move(label, work, lambda v, lo: board_png(v, NAMES, lo), lambda v, lo: board_image(v, NAMES, lo))
    private_label = label.replace("board", "private")
    per_move(
        private_label,
        private,
        lambda v, lo: private_png(v, NAMES, lo),
        lambda v, lo: private_image(v, NAMES, lo),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--views", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--players", default="random", choices=sorted(GAME.players))
    parser.add_argument("--moves-games", type=int, default=3, help="games interleaved move by move")
    args = parser.parse_args()
    moves(args.moves_games, "heuristic", GAME.Options(), "board 2p")
    moves(args.moves_games, "heuristic", OPTIONS, "board 4p")
    two_options = GAME.Options()
    two_roles = GAME.roles(two_options)
    two = sample_states(args.games, args.views, args.players, two_options)
    four = sample_states(args.games, args.views, args.players, OPTIONS)
    public2 = [GAME.view(s, None) for s in two]
    private2 = [GAME.view(s, two_roles[i % len(two_roles)]) for i, s in enumerate(two)]
    public4 = [GAME.view(s, None) for s in four]
    private4 = [GAME.view(s, ROLES[i % len(ROLES)]) for i, s in enumerate(four)]

    def board(v):
        return board_png(v, NAMES, args.locale)

    def private(v):
        return private_png(v, NAMES, args.locale)

    start = time.perf_counter()
    board(public2[0])
    print(f"first render (fonts loaded, caches empty): {(time.perf_counter() - start) * 1000:.1f} ms")
    measure("board 2p", board, public2, args.repeat)
    measure("board 4p", board, public4, args.repeat)
    measure("private 2p", private, private2, args.repeat)
    measure("private 4p", private, private4, args.repeat)
    measure("roster 2p", lambda v: roster_png(v, v.roles[0], NAMES, args.locale), public2, args.repeat)


if __name__ == "__main__":
    main()

"""How long the Hoplomachus Victorum images take to draw and encode, and how big they are:
the arena (public image during a fight), the world map (between fights) and the camp (the
player's private image), and the event card (the public image while an event is decided),
from positions of seeded self-played campaigns.

    python bench/render_hoplomachus.py [--games 2] [--views 30] [--repeat 3] [--locale fr]

For each image: the first (cold) render, then median, p90 and p99 render time and median and
max PNG size in bytes (the Battle for Athena benchmark's `measure`), then the median CPU time
of this process alone (the machine is shared: wall time includes waiting for a core).
Target (issue 16): each image's median under 60 ms on the 2-core machine.

Per move (the first lines, 3 campaigns interleaved, caches warm; target of issue 28: drawing +
encoding <= 1.5x the PNG encode of the same canvas), CPU time of the drawing thread, before
(base e3c536f, the whole canvas drawn and encoded) and after, measured in one run on
2026-11-28, "before" run first for the arena and the map (the images' pixels unchanged):
    arena   before 7.38 ms (encode 3.67, ratio 2.01)   after 4.49 ms (encode 3.58, ratio 1.26):
            drawn as layers (render/layers.py: ground band by band, header, each unit, arrow,
            badge, panel and line of the side panel keyed by what it shows)
    map, event   before 5.63 ms (encode 3.09, ratio 1.82)   after 2.77 ms (encode 3.37, ratio 0.82):
            the world map as layers (roads, each leg of the route, each location, the side
            panel's lines); the event card then still drawn whole (240 maps en/fr compared with
            the base)
    event card alone   before 2.69 ms (encode 0.80, ratio 3.37)   after 1.10 ms (encode 0.81,
            ratio 1.36), before run first: header, card and each line of choices as items (153
            cards, and 'no event' and an Opportunity's choices, en/fr compared with the base)
    camp    before 6.92 ms (encode 2.75, ratio 2.51)   after 4.93 ms (encode 3.20, ratio 1.54)
            measured after first, its text caches cold; before first: 8.22 -> 2.48 ms (ratio
            3.05 -> 0.90): the hero's sheet, each troop card, each row of pills and the cards
            offered as items (300 camps en/fr compared with the base)
The "before" lines ran on the same states after or before the new path, so one of the two met
text caches warm (the figures above give both orders for the camp). This script's own run, in
its own order (arena first, its text caches cold; 2026-11-28): first arena 5.35 ms (encode
3.41, ratio 1.57: MISSED: each move brings unit rows, arrows and tokens drawn for the first
time); then each ground band pasting only its own rows (no margin rows reaching the bands
beside it): arena 4.81 ms (encode 3.35, ratio 1.44, met), map and event 3.27 ms (encode
3.08, ratio 1.06), camp 3.60 ms (encode 2.75, ratio 1.31). The arena's margin is thin: its
warm figure is ~1.2, and a cold run on a busier machine may read near 1.5. Last run, the
event card drawn as layers too: arena 4.41 ms (encode 3.27, ratio 1.35), map and event 3.28 ms
(encode 2.87, ratio 1.14), camp 3.06 ms (encode 2.53, ratio 1.21).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.image_moves import interleaved, per_move  # noqa: E402
from bench.render_athena import measure  # noqa: E402
from bot.service.present import private_part  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.hoplomachus import GAME  # noqa: E402
from render.hoplomachus import board_png, private_png  # noqa: E402
from render.hoplomachus.arena import arena_image  # noqa: E402
from render.hoplomachus.camp import camp_image  # noqa: E402
from render.hoplomachus.cards import event_image  # noqa: E402
from render.hoplomachus.worldmap import map_image  # noqa: E402

NAMES = {"p1": "Ariadne"}


def sample_states(games: int, players: str) -> list:
    states: list = []
    for seed in range(games):
        play(
            GAME,
            {"p1": GAME.players[players](seed)},
            seed=seed,
            on_step=lambda _b, _r, _c, out: states.append(out.state),
        )
    return states


def spread(states: list, count: int) -> list:
    step = max(1, len(states) // count)
    return states[::step][:count]


def cpu(label: str, render, views: list) -> None:
    times = []
    for view in views:
        start = time.process_time()
        render(view)
        times.append((time.process_time() - start) * 1000)
    print(f"{label:<14} cpu median {statistics.median(times):6.1f} ms")


def public_image(view, locale: str):
    """The RGB picture `board_png` encodes for `view`."""
    if view.fight is not None:
        return arena_image(view, locale)
    if view.phase == "event" and view.event:
        return event_image(view, locale)
    return map_image(view, locale)


def moves(games: int, players: str, limit: int) -> None:
    """The first `limit` moves of `games` campaigns interleaved: the public image each move
    (the arena during fights, the map or the event card otherwise) and the camp when the
    player's private part changed (bot/service/present.py)."""
    runs = []
    for seed in range(games):
        states: list = []
        play(
            GAME,
            {"p1": GAME.players[players](100 + seed)},
            seed=100 + seed,
            on_step=lambda _b, _r, _c, out, states=states: states.append(out.state),
        )
        runs.append(states[:limit])
    fights, others, camps, last = [], [], [], {}
    for n, state in interleaved(runs):
        locale = ("fr", "en")[n % 2]
        view = GAME.view(state, None)
        (fights if view.fight is not None else others).append((view, locale))
        mine = GAME.view(state, "p1")
        part = private_part(mine.model_dump(mode="json"), view.model_dump(mode="json"))
        if part != last.get(n):
            last[n] = part
            camps.append((mine, locale))
    print(f"{games} campaigns interleaved, {len(fights) + len(others)} moves")
    for label, work in (("arena", fights), ("map, event", others)):
        if work:
            per_move(label, work, lambda v, lo: board_png(v, NAMES, lo), public_image)
    per_move("camp", camps, lambda v, lo: private_png(v, NAMES, lo), lambda v, lo: camp_image(v, lo))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--views", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--players", default="heuristic", choices=sorted(GAME.players))
    parser.add_argument("--moves-games", type=int, default=3, help="campaigns interleaved move by move")
    parser.add_argument("--moves", type=int, default=400, help="moves of each of those campaigns")
    args = parser.parse_args()
    moves(args.moves_games, args.players, args.moves)
    states = sample_states(args.games, args.players)
    fights = [GAME.view(s, None) for s in spread([s for s in states if s.fight is not None], args.views)]
    between = [s for s in states if s.fight is None]
    deciding = [s for s in between if s.phase == "event" and s.event]  # the public image is the card
    chosen = {id(s) for s in deciding}
    maps = [GAME.view(s, None) for s in spread([s for s in between if id(s) not in chosen], args.views)]
    events = [GAME.view(s, None) for s in spread(deciding, args.views)]
    camps = [GAME.view(s, "p1") for s in spread(states, args.views)]

    def board(v):
        return board_png(v, NAMES, args.locale)

    def camp(v):
        return private_png(v, NAMES, args.locale)

    start = time.perf_counter()
    board(fights[0])
    print(f"first render (fonts loaded, caches empty): {(time.perf_counter() - start) * 1000:.1f} ms")
    measure("arena", board, fights, args.repeat)
    measure("map", board, maps, args.repeat)
    measure("camp", camp, camps, args.repeat)
    measure("event card", board, events, args.repeat)
    cpu("arena", board, fights)
    cpu("map", board, maps)
    cpu("camp", camp, camps)
    cpu("event card", board, events)


if __name__ == "__main__":
    main()

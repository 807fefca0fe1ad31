"""The CPU one image worker spends on Battle for Athena images, as the bot's workers meet them.

    python bench/athena_images.py [--games 10] [--repeat 3] [--locales en,fr] [--all-private]
                                  [--profile FILE]

Seeded self-played games (random players) interleaved state by state, as one worker sees ~10
games at once: for each move of each game the public board, and each player's private view
when its private part (what differs from the public view) changed, as
bot/service/present.py decides (`--all-private`: both every move). Each
game keeps one locale (taken in turn from `--locales`). Caches (strips and tiles) are cleared
before each repeat and then stay warm across the games, as in a long-lived worker. Prints the
CPU (time.process_time) per state, median over the repeats, the images per state, and the
strip cache's hits and misses per band kind, with the rows (kpx) drawn for the misses.

Figures, 2026-11-27, 10 games (2 068 states, 1.94 images per state), en/fr, median of 3 on
the shared 2-core machine (load 4-5: CPU times inflated, base and new run back to back twice):

                                               base (65de09d)     new
    CPU per state (board and private views)    9.95 / 8.73 ms     6.21 / 6.15 ms
    strips missed per state                        5.61               5.21
    rows drawn and encoded for them (kpx)          538                494
    tile misses (24 MB of tiles)                   4 146              2 876

What changed: the private army's bands keyed by the rows they show, not by their offset (a
row growing above no longer redraws those below: 148 -> 104 kpx per state); bands drawn
straight on palette indices (render.common.Strip.indices: no per-pixel mapping, same bytes),
their rows encoded without a crop; only mapped tiles cached; text wrapping, labels and names
computed once; band keys without a dump of the whole view. What misses now is what changed:
the duel (its two cards), a card row with its panel line, the phase line.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import json
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import render  # noqa: E402
from engine.athena import GAME  # noqa: E402
from engine.harness import play  # noqa: E402
from render import common, sprites  # noqa: E402

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


def game_states(seed: int) -> list:
    roles = GAME.roles(GAME.Options())
    players = {r: GAME.players["random"](seed * 10 + i) for i, r in enumerate(roles)}
    states: list = []
    play(GAME, players, seed=seed, on_step=lambda _b, _r, _c, out: states.append(out.state))
    return states


def private_part(mine, public):
    """The parts of `mine` that differ from `public` (as bot/service/present.py decides whether
    a player's private view changed and must be sent again)."""
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k)) for k, v in mine.items() if v != public.get(k)}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [private_part(a, b) if a != b else None for a, b in zip(mine, public, strict=True)]
    return mine


def jobs(games: int, locales: list[str], all_private: bool) -> tuple[list, int]:
    """(kind, view, locale) in the order a worker gets them, and the number of states."""
    roles = GAME.roles(GAME.Options())
    per_game = []
    for seed in range(games):
        locale = locales[seed % len(locales)]
        last: dict[str, object] = {}
        steps = []
        for state in game_states(seed + 1):
            public = GAME.view(state, None)
            step = [("board", public, locale)]
            for role in roles:
                view = GAME.view(state, role)
                mine = private_part(view.model_dump(mode="json"), public.model_dump(mode="json"))
                dumped = json.dumps(mine, sort_keys=True)
                if all_private or last.get(role) != dumped:
                    step.append(("private", view, locale))
                    last[role] = dumped
            steps.append(step)
        per_game.append(steps)
    out, states = [], 0
    for i in range(max(len(g) for g in per_game)):
        for steps in per_game:
            if i < len(steps):
                out.extend(steps[i])
                states += 1
    return out, states


def band_kind(key: tuple) -> str:
    """The band's name without its offset digits: 'athena.board header.2', 'athena.duel'."""
    inner = key[2]
    if inner[0] == "athena.duel":
        return "athena.duel"
    return f"{inner[0]} {re.sub(r'@-?[0-9]+', '@', str(inner[1]))}"


class Counting:
    """Wraps STRIPS.get_many to count hits and misses (and the pixels of misses) per band kind."""

    def __init__(self) -> None:
        self.hits: collections.Counter = collections.Counter()
        self.misses: collections.Counter = collections.Counter()
        self.pixels: collections.Counter = collections.Counter()
        self._get_many = common.STRIPS.get_many

    def get_many(self, keys: list) -> list:
        found = self._get_many(keys)
        for key, value in zip(keys, found, strict=True):
            if key is None:
                continue
            kind = band_kind(key)
            if value is None:
                self.misses[kind] += 1
                self.pixels[kind] += key[0] * key[1]
            else:
                self.hits[kind] += 1
        return found


def run(work: list) -> None:
    for kind, view, locale in work:
        if kind == "board":
            render.board_png("athena", view, NAMES, locale)
        else:
            render.private_png("athena", view, NAMES, locale)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--locales", default="en,fr")
    parser.add_argument("--all-private", action="store_true")
    parser.add_argument("--profile", help="write a cProfile of one more run to this file")
    args = parser.parse_args()
    work, states = jobs(args.games, args.locales.split(","), args.all_private)
    print(f"{args.games} games, {states} states, {len(work)} images ({len(work) / states:.2f} per state)")
    render.board_png("athena", work[0][1], NAMES, "en")  # renderer loaded, fonts opened
    times = []
    for _ in range(args.repeat):
        common.STRIPS.clear()
        sprites.TILES.clear()
        start = time.process_time()
        run(work)
        times.append(time.process_time() - start)
    print("CPU ms per state:", " ".join(f"{1000 * t / states:.2f}" for t in times))
    print(f"median {1000 * statistics.median(times) / states:.2f} ms per state")
    common.STRIPS.clear()
    sprites.TILES.clear()
    counting = Counting()
    common.STRIPS.get_many = counting.get_many
    try:
        run(work)
    finally:
        del common.STRIPS.get_many
    hits, misses = sum(counting.hits.values()), sum(counting.misses.values())
    print(f"strips: {hits} hits, {misses} misses ({misses / states:.2f} per state)")
    print(f"{'band kind':<40} {'hits':>7} {'misses':>7} {'miss/state':>10} {'kpx/state':>10}")
    for kind in sorted(counting.misses | counting.hits, key=lambda k: -counting.pixels[k]):
        print(
            f"{kind:<40} {counting.hits[kind]:>7} {counting.misses[kind]:>7} "
            f"{counting.misses[kind] / states:>10.3f} {counting.pixels[kind] / states / 1000:>10.1f}"
        )
    total = sum(counting.pixels.values())
    print(f"{'all':<40} {hits:>7} {misses:>7} {misses / states:>10.3f} {total / states / 1000:>10.1f}")
    if args.profile:
        common.STRIPS.clear()
        sprites.TILES.clear()
        cProfile.runctx("run(work)", globals(), {"run": run, "work": work}, args.profile)


if __name__ == "__main__":
    main()

"""Choose the fixed 256-colour palette every PNG is encoded with, and write render/palette.py.

    python bench/make_palette.py [--games 2] [--views 12] [--check]

The palette is learnt once, offline, from the colours the renderers really draw: images of
seeded self-played games of all four games (every image kind each one sends, both locales),
their pixels counted colour by colour. It holds, in order:

1. every named colour of `render.common.Ink` (`base_colours()`), exact;
2. every other colour that covers a large area (a game's own flat colours: terrain, seats,
   tiles), exact, most frequent first, as long as it covers at least `--flat` of the pixels
   and room is left for shades;
3. anti-aliasing shades for the rest (text and shape edges, blends of two colours): a
   weighted k-means over the remaining colours, with the colours of 1 and 2 held fixed, so a
   shade goes where the error is, never on top of a colour already there.

Deterministic: the same renderers give the same palette. `--check` only says whether
render/palette.py is what this script would write (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engine.harness import play  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "render" / "palette.py"


def _states(game, games: int, count: int, players: str, options=None, seats=None) -> list:
    options = options if options is not None else game.Options()
    roles = seats or game.roles(options)
    states: list = []
    for seed in range(games):
        players_ = {r: game.players[players](seed * 10 + i) for i, r in enumerate(roles)}
        play(
            game,
            players_,
            seed=seed,
            options=options,
            on_step=lambda _b, _r, _c, out: states.append(out.state),
        )
    step = max(1, len(states) // count)
    return states[::step][:count]


def images(games: int = 2, views: int = 12) -> Iterator[tuple[str, Image.Image]]:
    """(kind, RGB image) of every image kind of the four games, from seeded self-play."""
    from engine.athena import GAME as ATHENA
    from engine.battlelore import GAME as BATTLELORE
    from engine.hoplomachus import GAME as HOPLOMACHUS
    from engine.mythic import GAME as MYTHIC
    from render.athena.board import Board
    from render.athena.private import Private
    from render.battlelore.board import board_image as bl_board
    from render.battlelore.card import army_image, unit_image
    from render.battlelore.private import private_image as bl_private
    from render.hoplomachus.arena import arena_image
    from render.hoplomachus.camp import camp_image
    from render.hoplomachus.cards import event_image
    from render.hoplomachus.worldmap import map_image
    from render.mythic.board import board_image as my_board
    from render.mythic.private import private_image as my_private
    from render.mythic.roster import roster_image

    names = {"p1": "Périclès", "p2": "Léonidas", "p3": "Aspasie", "p4": "Gorgô"}
    locales = ("en", "fr")
    roles = ATHENA.roles(ATHENA.Options())
    for n, state in enumerate(_states(ATHENA, games, views, "random")):
        locale = locales[n % 2]
        yield "athena board", Board(ATHENA.view(state, None), names, locale).render()
        yield "athena private", Private(ATHENA.view(state, roles[n % 2]), names, locale).render()
    for n, state in enumerate(_states(BATTLELORE, games, views, "heuristic", seats=("p1", "p2"))):
        locale = locales[n % 2]
        public = BATTLELORE.view(state, None)
        yield "battlelore board", bl_board(public, names, locale)
        yield "battlelore private", bl_private(BATTLELORE.view(state, ("p1", "p2")[n % 2]), names, locale)
        yield "battlelore army", army_image(public, "p1", names, locale)
        for unit in public.units[:1]:
            if unit.hex:
                yield "battlelore unit", unit_image(public, unit.hex, names, locale)
    hop: list = []
    for seed in range(games):
        play(
            HOPLOMACHUS,
            {"p1": HOPLOMACHUS.players["heuristic"](seed)},
            seed=seed,
            on_step=lambda _b, _r, _c, out: hop.append(out.state),
        )
    step = max(1, len(hop) // (2 * views))
    for n, state in enumerate(hop[::step][: 2 * views]):
        locale = locales[n % 2]
        view = HOPLOMACHUS.view(state, None)
        if state.fight is not None:
            yield "hoplomachus arena", arena_image(view, locale)
        elif state.phase == "event" and state.event:
            yield "hoplomachus event", event_image(view, locale)
        else:
            yield "hoplomachus map", map_image(view, locale)
        yield "hoplomachus camp", camp_image(HOPLOMACHUS.view(state, "p1"), locale)
    for options in (MYTHIC.Options(), MYTHIC.Options(teams=True)):
        roles = MYTHIC.roles(options)
        for n, state in enumerate(_states(MYTHIC, games, views, "random", options)):
            locale = locales[n % 2]
            public = MYTHIC.view(state, None)
            yield "mythic board", my_board(public, names, locale)
            yield "mythic private", my_private(MYTHIC.view(state, roles[n % len(roles)]), names, locale)
            if n % 3 == 0:
                yield "mythic roster", roster_image(public, public.roles[0], names, locale)


def histogram(games: int, views: int) -> tuple[Counter, int]:
    """Pixel count of every colour over the corpus, and the number of images."""
    counts: Counter = Counter()
    number = 0
    for _kind, image in images(games, views):
        for count, colour in image.convert("RGB").getcolors(1 << 24):
            counts[colour] += count
        number += 1
    return counts, number


def _mapper(palette: list[tuple[int, int, int]]):
    """Pillow's own nearest-colour mapping to `palette` (what render.common encodes with)."""
    image = Image.new("P", (1, 1))
    image.putpalette([v for colour in palette for v in colour])

    def nearest(colours: list[tuple[int, int, int]]) -> bytes:
        strip = Image.new("RGB", (len(colours), 1))
        strip.putdata(colours)
        return strip.quantize(palette=image, dither=Image.Dither.NONE).tobytes()

    return nearest


def choose(counts: Counter, flat: float = 2e-4, shades: int = 96, rounds: int = 24) -> tuple[list, int]:
    """The palette of `counts` (see the module docstring) and how many flat colours it has:
    named colours, flat colours, then at least `shades` shades (fewer flat colours if need
    be) fitted by weighted k-means, each colour assigned as the encoder assigns it."""
    from render.common import base_colours

    named = base_colours()
    total = sum(counts.values())
    fixed = list(named)
    room = 256 - len(fixed) - shades
    for colour, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if count < flat * total or room <= 0:
            break
        if colour not in fixed:
            fixed.append(colour)
            room -= 1
    flats = len(fixed) - len(named)
    free = 256 - len(fixed)
    fixed_set = set(fixed)
    rest = sorted((c, n) for c, n in counts.items() if c not in fixed_set)
    colours = [c for c, _ in rest]
    centres: list[tuple[int, int, int]] = []
    for _ in range(rounds):
        # top up with the colours that cost most where they are mapped now, then move each
        # shade to the weighted mean of the colours mapped to it
        every = fixed + centres
        mapped = _mapper(every)(colours)
        cost = sorted(
            (
                (n * sum((a - b) ** 2 for a, b in zip(c, every[i], strict=True)), c)
                for (c, n), i in zip(rest, mapped, strict=True)
            ),
            key=lambda item: (-item[0], item[1]),
        )
        seeds: list[tuple[int, int, int]] = []
        for weight, colour in cost:
            if len(centres) + len(seeds) >= free or weight == 0:
                break
            if all(sum((a - b) ** 2 for a, b in zip(colour, c, strict=True)) > 48 for c in seeds):
                seeds.append(colour)
        every = fixed + centres + seeds
        sums = [[0, 0, 0, 0] for _ in every]
        for (colour, n), i in zip(rest, _mapper(every)(colours), strict=True):
            s = sums[i]
            s[0] += n * colour[0]
            s[1] += n * colour[1]
            s[2] += n * colour[2]
            s[3] += n
        moved = [
            (round(s[0] / s[3]), round(s[1] / s[3]), round(s[2] / s[3])) for s in sums[len(fixed) :] if s[3]
        ]
        centres = [c for c in dict.fromkeys(moved) if c not in fixed_set]
    # a shade must never take a fixed colour's pixels (the encoder's mapping is approximate)
    while True:
        palette = fixed + sorted(centres)
        mapped = _mapper(palette)(fixed)
        pairs = [(palette[n], palette[i]) for n, i in enumerate(mapped) if i != n]
        if not pairs:
            return palette, flats
        centres = [c for c in centres if c not in {thief for _, thief in pairs}]
        for victim, thief in pairs:  # two fixed colours too close to tell apart: keep a named one
            if victim not in fixed or thief not in fixed:
                continue
            if thief in fixed_set and fixed.index(thief) >= len(named):
                fixed.remove(thief)
                flats -= 1
            elif thief in fixed_set and fixed.index(victim) >= len(named):
                fixed.remove(victim)
                flats -= 1
            elif thief in fixed_set:
                raise ValueError(f"named colours {victim} and {thief} are too close to encode apart")
        fixed_set = set(fixed)


def source(palette: list[tuple[int, int, int]], named: int, flat: int, images_: int) -> str:
    rows = "\n".join(
        "    " + " ".join(f"({r}, {g}, {b})," for r, g, b in palette[i : i + 6])
        for i in range(0, len(palette), 6)
    )
    return f'''"""The fixed palette every PNG is encoded with (render.common): generated by
bench/make_palette.py from {images_} images of the four games; do not edit by hand, re-run it.

{named} named colours of `Ink` (exact, first), {flat} flat colours the games draw over large
areas (exact), {len(palette) - named - flat} anti-aliasing shades fitted to the edges they draw.
"""

# fmt: off
PALETTE: tuple[tuple[int, int, int], ...] = (
{rows}
)
# fmt: on
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--views", type=int, default=12)
    parser.add_argument("--flat", type=float, default=2e-4)
    parser.add_argument("--shades", type=int, default=96)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    from render.common import base_colours

    counts, number = histogram(args.games, args.views)
    palette, flat = choose(counts, args.flat, args.shades)
    named = len(base_colours())
    text = source(palette, named, flat, number)
    if args.check:
        same = OUT.exists() and OUT.read_text() == text
        print(
            "render/palette.py is up to date" if same else "render/palette.py differs: re-run without --check"
        )
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(
        f"{OUT}: {len(palette)} colours ({named} named, {flat} flat) from {number} images, {len(counts)} colours"
    )


if __name__ == "__main__":
    main()

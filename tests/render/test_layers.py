"""Images drawn as layers (render/layers.py): a band of rows is drawn and encoded only when the
items crossing it are new, and the PNG is always the very pixels of drawing every item afresh.

Battlelore Mythologie's battlefield and private views, Mythic Battles' and Hoplomachus
Victorum's images go through it: played move by move, with the caches warm as in an image
worker, each PNG decodes to the pixels of the same picture drawn on a fresh canvas and encoded
whole (the path these images took before, same code)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.battlelore import GAME
from engine.harness import play
from render import common
from render.battlelore import board_png, private_png
from render.battlelore.board import board_image
from render.battlelore.private import private_image
from render.common import Ink, StripCache, png_bytes
from render.layers import Item, bands, layers_image, layers_png, within

NAMES = {"p1": "Alexandra", "p2": "Bérénice"}


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def box(top: int, bottom: int, colour, key: str) -> Item:
    return Item(top, bottom, key, lambda d: d.rectangle((10, top, 50, bottom - 1), fill=colour))


def test_only_the_bands_an_item_crosses_are_drawn_again():
    cache = StripCache()
    cuts = [20, 40, 60]
    first = [box(2, 10, Ink.BLUE, "a"), box(44, 52, Ink.GOLD, "b")]
    layers_png("toy", 64, 80, first, cuts, cache=cache)
    assert (cache.hits, cache.misses) == (0, 4)
    moved = [box(2, 10, Ink.BLUE, "a"), box(64, 72, Ink.GOLD, "b2")]  # b moved down one band
    data = layers_png("toy", 64, 80, moved, cuts, cache=cache)
    assert (cache.hits, cache.misses) == (
        2,
        6,
    )  # the two bands above reused; the one b left, the one it reached drawn
    assert pixels(data) == pixels(png_bytes(layers_image(64, 80, moved)))
    assert bands(80, cuts) == [(0, 20), (20, 40), (40, 60), (60, 80)]


def test_a_band_reused_under_another_image_keeps_its_own_pixels():
    cache = StripCache()
    canvas = Image.new("RGB", (64, 80), Ink.PAPER)
    ImageDraw.Draw(canvas).rectangle((10, 64, 50, 71), fill=Ink.GOLD)
    layers_png("toy", 64, 80, [box(64, 72, Ink.GOLD, "b")], [40], cache=cache)
    data = layers_png(
        "toy", 64, 80, [box(4, 12, Ink.BLUE, "a"), box(64, 72, Ink.GOLD, "b")], [40], cache=cache
    )
    expected = Image.new("RGB", (64, 80), Ink.PAPER)
    ImageDraw.Draw(expected).rectangle((10, 4, 50, 11), fill=Ink.BLUE)
    ImageDraw.Draw(expected).rectangle((10, 64, 50, 71), fill=Ink.GOLD)
    assert pixels(data) == expected.tobytes()


def test_items_placed_relative_to_their_row_reuse_their_bands_when_they_shift():
    """`Item.at`: rows that all move down (a row added above) are met again lower, their cuts
    moving with them; the pixels stay those of a fresh drawing."""

    def row(y: int, colour, key: str) -> Item:  # rows y+4..y+15: inside its band y..y+20
        return Item(y + 4, y + 16, key, lambda d: d.rectangle((10, y + 4, 50, y + 15), fill=colour), at=y)

    cache = StripCache()
    first = [row(20, Ink.BLUE, "a"), row(40, Ink.GOLD, "b")]
    layers_png("toy", 64, 100, first, [20, 40, 60], cache=cache)
    assert (cache.hits, cache.misses) == (0, 4)
    shifted = [row(20, Ink.PURPLE, "new"), row(40, Ink.BLUE, "a"), row(60, Ink.GOLD, "b")]
    data = layers_png("toy", 64, 100, shifted, [20, 40, 60, 80], cache=cache)
    # a's and b's bands met 20 rows lower, and the empty band on top; new's and the last drawn
    assert (cache.hits, cache.misses) == (3, 6)
    assert pixels(data) == pixels(png_bytes(layers_image(64, 100, shifted)))
    # the same key not placed relative to its row is another band: its place is part of its key
    fixed = [Item(44, 56, "a", lambda d: d.rectangle((10, 44, 50, 55), fill=Ink.PURPLE))]
    data = layers_png("toy", 64, 100, fixed, [20, 40, 60, 80], cache=cache)
    assert (cache.hits, cache.misses) == (5, 9)  # the empty bands at 0 and 80 met before
    assert pixels(data) == pixels(png_bytes(layers_image(64, 100, fixed)))


def test_a_pane_whose_items_are_unchanged_is_not_drawn_again():
    """`columns`: a band whose right pane changed draws only the items crossing that pane; the
    left pane's indices come from the cache's `cells`; the pixels are a fresh drawing's."""
    painted: list[str] = []

    def box(left: int, colour, key: str) -> Item:
        def paint(d) -> None:
            painted.append(key)
            d.rectangle((left, 4, left + 20, 15), fill=colour)

        return within([Item(4, 16, key, paint)], left, left + 20)[0]

    cache = StripCache()
    layers_png(
        "panes", 64, 20, [box(4, Ink.BLUE, "left"), box(36, Ink.GOLD, "right")], [], cache=cache, columns=[32]
    )
    assert painted == ["left", "right"]
    painted.clear()
    items = [box(4, Ink.BLUE, "left"), box(36, Ink.PURPLE, "right2")]
    data = layers_png("panes", 64, 20, items, [], cache=cache, columns=[32])
    assert painted == ["right2"]  # the left pane came from the cells met before
    assert pixels(data) == pixels(png_bytes(layers_image(64, 20, items)))
    # an item across both panes is in both panes' keys: it changes both
    painted.clear()
    wide = Item(0, 20, "wide", lambda d: painted.append("wide") or d.line((0, 10, 63, 10), fill=Ink.TEXT))
    items = [box(4, Ink.BLUE, "left"), box(36, Ink.PURPLE, "right2"), wide]
    data = layers_png("panes", 64, 20, items, [], cache=cache, columns=[32])
    assert painted == ["left", "right2", "wide"]
    assert pixels(data) == pixels(png_bytes(layers_image(64, 20, items)))


def test_battlelore_images_move_by_move_are_the_pixels_of_a_fresh_drawing():
    states: list = []
    seats = {r: GAME.players["heuristic"](3 + i) for i, r in enumerate(("p1", "p2"))}
    play(GAME, seats, seed=3, on_step=lambda _b, _r, _c, out: states.append(out.state))
    common.STRIPS.clear()
    checked = 0
    for n, state in enumerate(states[:120]):
        locale = ("en", "fr")[n % 2]
        public = GAME.view(state, None)
        assert pixels(board_png(public, NAMES, locale)) == pixels(
            png_bytes(board_image(public, NAMES, locale))
        )
        if n % 3 == 0:  # the private views (the board's bands shared with the public one's)
            for role in ("p1", "p2"):
                mine = GAME.view(state, role)
                made = private_png(mine, NAMES, locale)
                assert pixels(made) == pixels(png_bytes(private_image(mine, NAMES, locale)))
        checked += 1
    assert checked > 60
    assert common.STRIPS.hits > common.STRIPS.misses  # most bands were reused, not drawn again


def test_mythic_images_move_by_move_are_the_pixels_of_a_fresh_drawing():
    from engine.mythic import GAME as MYTHIC
    from render.mythic import board_png as mythic_png
    from render.mythic import private_png as mythic_private_png
    from render.mythic.board import board_image as mythic_image
    from render.mythic.private import private_image as mythic_private_image
    from tests.render.mythic_four_views import NAMES as FOUR_NAMES
    from tests.render.mythic_four_views import OPTIONS

    common.STRIPS.clear()
    for options, names in ((MYTHIC.Options(), NAMES), (OPTIONS, FOUR_NAMES)):  # 2 players, then 4 in teams
        roles = MYTHIC.roles(options)
        states: list = []
        seats = {r: MYTHIC.players["heuristic"](5 + i) for i, r in enumerate(roles)}
        play(
            MYTHIC,
            seats,
            seed=5,
            options=options,
            on_step=lambda _b, _r, _c, out, states=states: states.append(out.state),
        )
        for n, state in enumerate(states[:120]):
            locale = ("fr", "en")[n % 2]
            view = MYTHIC.view(state, None)
            made = mythic_png(view, names, locale)
            assert pixels(made) == pixels(png_bytes(mythic_image(view, names, locale))), n
            if n % 3 == 0:  # a general's private view: hand and army
                mine = MYTHIC.view(state, roles[n % len(roles)])
                made = mythic_private_png(mine, names, locale)
                assert pixels(made) == pixels(png_bytes(mythic_private_image(mine, names, locale))), n
    assert common.STRIPS.hits > common.STRIPS.misses


def campaign_states(seed: int) -> list:
    """Every state of a heuristic Hoplomachus campaign (the images' test material)."""
    from engine.hoplomachus import GAME as HOPLOMACHUS

    states: list = []
    play(
        HOPLOMACHUS,
        {"p1": HOPLOMACHUS.players["heuristic"](seed)},
        seed=seed,
        on_step=lambda _b, _r, _c, out: states.append(out.state),
    )
    return states


def test_hoplomachus_arena_move_by_move_is_the_pixels_of_a_fresh_drawing():
    """Hoplomachus Victorum's arena through render.layers: two campaigns interleaved, en and fr,
    each arena PNG made with warm caches decodes to the arena drawn afresh on one canvas."""
    from engine.hoplomachus import GAME as HOPLOMACHUS
    from render.hoplomachus import board_png as hop_png
    from render.hoplomachus.arena import arena_image

    runs: list[list] = []
    for seed in (7, 8):
        states = campaign_states(seed)
        runs.append([s for s in states if s.fight is not None][:70])
    common.STRIPS.clear()
    checked = 0
    for i in range(max(len(r) for r in runs)):
        for n, states in enumerate(runs):
            if i < len(states):
                view = HOPLOMACHUS.view(states[i], None)
                locale = ("en", "fr")[(i + n) % 2]
                made = hop_png(view, {}, locale)
                assert pixels(made) == pixels(png_bytes(arena_image(view, locale))), (n, i)
                checked += 1
    assert checked > 100
    # a move changes units, arrows and the list of units: about a third of the bands are reused
    assert common.STRIPS.hits * 2 > common.STRIPS.misses


def test_hoplomachus_world_map_move_by_move_is_the_pixels_of_a_fresh_drawing():
    """The world map between fights through render.layers, two campaigns interleaved, en and fr."""
    from engine.hoplomachus import GAME as HOPLOMACHUS
    from render.hoplomachus import board_png as hop_png
    from render.hoplomachus.worldmap import map_image

    runs: list[list] = []
    for seed in (9, 10):
        states = campaign_states(seed)
        runs.append([s for s in states if s.fight is None and not (s.phase == "event" and s.event)][:50])
    common.STRIPS.clear()
    checked = 0
    for i in range(max(len(r) for r in runs)):
        for n, states in enumerate(runs):
            if i < len(states):
                view = HOPLOMACHUS.view(states[i], None)
                locale = ("fr", "en")[(i + n) % 2]
                made = hop_png(view, {}, locale)
                assert pixels(made) == pixels(png_bytes(map_image(view, locale))), (n, i)
                checked += 1
    assert checked > 60
    assert common.STRIPS.hits > common.STRIPS.misses


def test_hoplomachus_camp_move_by_move_is_the_pixels_of_a_fresh_drawing():
    """The player's camp (private image, with the cards offered) through render.layers, two
    campaigns interleaved, en and fr."""
    from engine.hoplomachus import GAME as HOPLOMACHUS
    from render.hoplomachus import private_png as hop_private_png
    from render.hoplomachus.camp import camp_image

    runs: list[list] = []
    for seed in (11, 12):
        states = campaign_states(seed)
        runs.append(states[:80])
    common.STRIPS.clear()
    offered = 0
    for i in range(max(len(r) for r in runs)):
        for n, states in enumerate(runs):
            if i < len(states):
                mine = HOPLOMACHUS.view(states[i], "p1")
                locale = ("en", "fr")[(i + n) % 2]
                made = hop_private_png(mine, {}, locale)
                assert pixels(made) == pixels(png_bytes(camp_image(mine, locale))), (n, i)
                offered += bool(mine.offered)
    assert offered > 0  # the cards being chosen were drawn too
    assert common.STRIPS.hits > common.STRIPS.misses


def test_hoplomachus_event_card_is_the_pixels_of_a_fresh_drawing():
    """The event card (public while an event is decided) through render.layers, en and fr: the
    card with its choices, an Opportunity's choices and 'no event' alike."""
    from engine.hoplomachus import GAME as HOPLOMACHUS
    from render.hoplomachus import IMAGES
    from render.hoplomachus.cards import event_image

    states = campaign_states(13)
    common.STRIPS.clear()
    cards = 0
    for n, state in enumerate(s for s in states if s.fight is None):
        view = HOPLOMACHUS.view(state, None)
        locale = ("en", "fr")[n % 2]
        made = IMAGES["event"](view, "p1", {}, locale)
        assert pixels(made) == pixels(png_bytes(event_image(view, locale))), n
        cards += bool(view.event)
    assert cards > 5
    assert common.STRIPS.hits > common.STRIPS.misses

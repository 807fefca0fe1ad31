"""The Athena images are encoded as cached bands (render.common.strips_png): the bands put
together are the very image drawn on one canvas, a band taken from the cache is the band that
would be drawn now (its key names everything it shows), and the PNG is a valid one."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.athena import GAME
from engine.harness import play
from render.athena.board import WIDTH, Board
from render.athena.private import Private
from render.common import StripCache, base_colours, strips_image, strips_png

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


@pytest.fixture(scope="module")
def states():
    roles = GAME.roles(GAME.Options())
    found = []
    for seed in (3,):
        players = {r: GAME.players["random"](seed * 10 + i) for i, r in enumerate(roles)}
        play(GAME, players, seed=seed, on_step=lambda _b, _r, _c, out: found.append(out.state))
    return found[::3]


def views(states):
    roles = GAME.roles(GAME.Options())
    for state in states:
        yield "board", GAME.view(state, None)
        for role in roles:
            yield "private", GAME.view(state, role)


def maker(kind):
    return Board if kind == "board" else Private


def test_the_bands_put_together_are_the_whole_image(states):
    for kind, view in views(states[::4]):
        whole = maker(kind)(view, NAMES, "fr").render()
        banded = strips_image(WIDTH, maker(kind)(view, NAMES, "fr").strips())
        assert whole.size == banded.size
        assert ImageChops.difference(whole, banded).getbbox() is None, kind


def test_a_cached_band_is_the_band_drawn_now(states):
    """Through a whole game, with the cache warm from the moves before: the same bytes as a
    cold encoding. A key missing something its band shows would fail here."""
    warm = StripCache()
    for kind, view in views(states):
        hot = strips_png(WIDTH, maker(kind)(view, NAMES, "en").strips(), warm)
        cold = strips_png(WIDTH, maker(kind)(view, NAMES, "en").strips(), None)
        assert hot == cold, kind
    assert warm.hits * 2 > warm.misses  # many bands do not change from one move to the next


def test_the_banded_png_decodes_to_the_drawn_image(states):
    view = GAME.view(states[len(states) // 2], None)
    drawn = Board(view, NAMES, "en").render()
    decoded = Image.open(io.BytesIO(strips_png(WIDTH, Board(view, NAMES, "en").strips(), None)))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == drawn.size
    rgb = decoded.convert("RGB")
    named = set(base_colours())
    for xy in ((5, 5), (600, 50), (10, drawn.height - 5), (300, 500), (900, 900)):
        if drawn.getpixel(xy) in named:
            assert rgb.getpixel(xy) == drawn.getpixel(xy)
    diff = ImageChops.difference(drawn, rgb).convert("L")
    assert sum(diff.histogram()[40:]) < drawn.width * drawn.height // 200  # shades stay close


def test_drawing_on_palette_indices_gives_the_png_of_drawing_in_rgb(states):
    """Athena's bands are drawn straight on palette indices (render.common.Strip.indices):
    through a game, board and both private views, in both languages, the very bytes of
    drawing them in RGB and mapping every pixel to the palette."""
    for locale in ("en", "fr"):
        for kind, view in views(states[::2]):
            strips = maker(kind)(view, NAMES, locale).strips()
            assert all(strip.indexed for strip in strips)
            indexed = strips_png(WIDTH, strips, None)
            for strip in strips:
                strip.indexed = False
            assert indexed == strips_png(WIDTH, strips, None), (kind, locale)


def test_text_on_a_mixed_background_is_drawn_from_the_palette_colours_under_it():
    """Text over anything but one flat colour: the rows under it are drawn in RGB from their
    palette colours, then mapped again (what drawing in RGB would give on those colours)."""
    from render.common import Ink, Strip, draw_text

    def draw(d):
        d.rectangle((0, 0, 59, 40), fill=Ink.GOLD)
        d.rectangle((60, 0, 200, 40), fill=Ink.SKY)
        draw_text(d, (20, 20), "Mélange", 24, Ink.TEXT, bold=True, anchor="lm")

    rgb = strips_png(200, [Strip(None, 40, draw)], None)
    indexed = strips_png(200, [Strip(None, 40, draw, indexed=True)], None)
    assert rgb == indexed

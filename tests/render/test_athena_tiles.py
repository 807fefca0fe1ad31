"""Cards pasted from cached tiles (render.sprites) are the very pixels of drawing them in place,
and the Athena bands are thin and keyed exactly: one changed card or count changes the keys of
the few bands it shows in, and the duel's band is shared by the board and the private views."""

from __future__ import annotations

import threading

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.athena import GAME
from engine.athena.view import CardFace, PowerFace, SlotView
from engine.harness import play
from render import sprites
from render.athena.army import draw_slot, paint_slot, slot_shown
from render.athena.board import WIDTH, Board, board_image
from render.athena.private import Private, private_image
from render.common import Ink, StripCache, strips_png
from render.sprites import TileCache, stamp, tile_for

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


@pytest.fixture(scope="module")
def states():
    roles = GAME.roles(GAME.Options())
    found = []
    players = {r: GAME.players["random"](50 + i) for i, r in enumerate(roles)}
    play(GAME, players, seed=5, on_step=lambda _b, _r, _c, out: found.append(out.state))
    return found


@pytest.fixture
def fresh_tiles(monkeypatch):
    cache = TileCache()
    monkeypatch.setattr(sprites, "TILES", cache)
    return cache


def face(code="hoplite", vp=2, colour="orange", powers=None, available=True, slot=7) -> SlotView:
    card = CardFace(code=code, attack=3, defense=4, vp=vp, cost=1, colour=colour)
    return SlotView(slot=slot, row=0, x=0, present=True, available=available, card=card, powers=powers)


SLOTS = [
    face(),
    face(available=False, colour="red", vp=3),
    face(powers=[PowerFace(code="AT", cost=1, vp=1, phase="reveal", lasting=False)]),
    SlotView(slot=4, row=1, x=0.5, present=True, available=True, power_count=2, known_colour="green"),
    SlotView(slot=4, row=1, x=0.5, present=True, available=False, power_count=1),
    SlotView(slot=9, row=2, x=1, present=False, available=False),
]


@pytest.mark.parametrize("slot", SLOTS)
@pytest.mark.parametrize("origin", [(40, 30), (41, 30), (40, 31), (57, 63)])
def test_a_pasted_tile_is_the_card_drawn_in_place(fresh_tiles, slot, origin):
    """At every parity (text positions round half to even), from a fresh tile and from the
    cache, with the canvas clipping it or not."""
    x, y = origin
    for size in ((212, 140), (118, 76)):
        box = (x, y, x + size[0], y + size[1])
        for height in (300, 60):  # the whole card, or a band cutting it
            in_place = Image.new("RGB", (400, height), Ink.PAPER)
            paint_slot(ImageDraw.Draw(in_place), box, slot, "fr", True)
            for _ in range(2):  # drawn into a tile, then taken from the cache
                pasted = Image.new("RGB", (400, height), Ink.PAPER)
                draw_slot(ImageDraw.Draw(pasted), box, slot, "fr", True)
                assert ImageChops.difference(in_place, pasted).getbbox() is None
    assert fresh_tiles.hits > 0


def test_tile_keys_differ_when_the_content_differs(fresh_tiles):
    shown = {slot_shown(s, True) for s in SLOTS}
    assert len(shown) == len(SLOTS)
    assert slot_shown(SLOTS[2], True) != slot_shown(SLOTS[2], False)  # powers shown or not

    def paint(draw, box):
        draw.rectangle(box, fill=Ink.GOLD)

    tiles = {
        id(tile_for(key, box, 5, background, paint)[0])
        for key in ("a", "b")
        for box in ((10, 10, 30, 30), (11, 10, 31, 30), (10, 11, 30, 31), (10, 10, 40, 30))
        for background in (Ink.PAPER, Ink.BAND)
    }
    assert len(tiles) == 2 * 4 * 2 == len(fresh_tiles)
    assert (
        tile_for("a", (12, 12, 32, 32), 5, Ink.PAPER, paint)[0]
        is tile_for("a", (10, 10, 30, 30), 5, Ink.PAPER, paint)[0]
    )


def test_the_tile_cache_is_bounded_by_bytes():
    cache = TileCache(budget=100_000)

    def paint(draw, box):
        draw.rectangle(box, fill=Ink.BLUE)

    for n in range(50):
        tile_for(n, (0, 0, 100, 50), 5, Ink.PAPER, paint, cache)
    assert cache.size <= 100_000 and 0 < len(cache) < 50
    tile_for(49, (0, 0, 100, 50), 5, Ink.PAPER, paint, cache)
    assert cache.hits == 1  # the most recent stays


def test_tiles_drawn_from_threads_are_the_same(fresh_tiles):
    results: list[bytes] = []

    def work():
        image = Image.new("RGB", (300, 200), Ink.PAPER)
        draw = ImageDraw.Draw(image)
        for n, slot in enumerate(SLOTS):
            stamp(
                draw,
                ("t", slot_shown(slot, True)),
                (10 + n, 20, 130 + n, 100),
                5,
                Ink.PAPER,
                lambda d, b, s=slot: paint_slot(d, b, s, "en", True),
            )
        results.append(image.tobytes())

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(results)) == 1


def test_whole_images_with_tiles_are_the_images_drawn_in_place(states, monkeypatch):
    roles = GAME.roles(GAME.Options())
    for state in states[::9]:
        for viewer, make in ((None, board_image), *((r, private_image) for r in roles)):
            view = GAME.view(state, viewer)
            for locale in ("en", "fr"):
                monkeypatch.setattr(sprites, "ENABLED", True)
                tiled = make(view, NAMES, locale)
                monkeypatch.setattr(sprites, "ENABLED", False)
                in_place = make(view, NAMES, locale)
                assert ImageChops.difference(tiled, in_place).getbbox() is None, (viewer, locale)


def changed_rows(before, after) -> int:
    """Rows of the bands whose keys differ between two images of the same layout."""
    assert [s.height for s in before] == [s.height for s in after]
    return sum(a.height for a, b in zip(before, after, strict=True) if a.key != b.key)


def test_one_changed_card_changes_the_keys_of_its_rows_only(states):
    view = GAME.view(states[len(states) // 3], None)
    role = view.roles[0]
    army = view.armies[role]
    slot = next(s for s in army.slots if s.present)
    slots = [s.model_copy(update={"power_count": s.power_count + 1}) if s is slot else s for s in army.slots]
    changed = view.model_copy(
        update={"armies": {**view.armies, role: army.model_copy(update={"slots": slots})}}
    )
    before, after = Board(view, NAMES, "en").strips(), Board(changed, NAMES, "en").strips()
    assert 0 < changed_rows(before, after) <= 100  # a card is 76 rows and its frame


def test_the_phase_changes_the_keys_of_the_header_line_only(states):
    view = GAME.view(states[len(states) // 3], None)
    other = next(p for p in ("strategy", "engagement", "reveal") if p != view.phase)
    changed = view.model_copy(update={"phase": other})
    before, after = Board(view, NAMES, "en").strips(), Board(changed, NAMES, "en").strips()
    assert 0 < changed_rows(before, after) <= 60


def test_the_board_and_the_private_views_share_the_duels_band(states):
    """Once both engaged cards are face up, the board and both private views show the same
    duel: one band, keyed alike (drawn and encoded once while the strip cache's keys add
    nothing that tells the images apart), the same bytes as drawn for each."""
    roles = GAME.roles(GAME.Options())
    state = next(
        s
        for s in states
        if GAME.view(s, None).engaged and all(e.card for e in GAME.view(s, None).engaged.values())
    )
    board = Board(GAME.view(state, None), NAMES, "en").strips()
    privates = [Private(GAME.view(state, r), NAMES, "en").strips() for r in roles]
    shared = [s for s in board if s.key[0] == "athena.duel"]
    assert len(shared) == 1
    for strips in privates:
        same = [s for s in strips if s.key == shared[0].key]
        assert len(same) == 1 and same[0].height == shared[0].height
        assert same[0].image(WIDTH).tobytes() == shared[0].image(WIDTH).tobytes()
    warm = StripCache()
    strips_png(WIDTH, board, warm)
    for r, strips in zip(roles, privates, strict=True):
        hot = strips_png(WIDTH, strips, warm)
        assert hot == strips_png(WIDTH, Private(GAME.view(state, r), NAMES, "en").strips(), None)

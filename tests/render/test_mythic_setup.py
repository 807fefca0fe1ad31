"""The set-up drawn on the public battlefield (render/mythic/setup_marks.py, from the view's
`setup`): the ready-made battlefields while the tiles are laid, the four candidate zones
while the edges are chosen, each general's zone in their colour while units are placed, and
nothing of it once the battle begins."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from engine.mythic import GAME
from engine.mythic.state import Options
from render.common import Ink
from render.mythic.board import board_image, layout
from render.mythic.scene import Scene
from render.mythic.setup_marks import WASH
from render.mythic.terrain import FILL

NAMES = {"p1": "Alice", "p2": "Bob"}


def _play(state, text):
    role = state.top.role if state.top.role else sorted(GAME.active(state))[0]
    return GAME.apply(state, role, GAME.notation.parse(text, state, role)).state


@pytest.fixture(scope="module")
def steps():
    """The same game at each set-up step: tiles to lay, edges to choose, units to place."""
    state = GAME.setup(Options(), ["p1", "p2"], 3)
    state = GAME.apply(state, "p1", GAME.notation.parse("army nick", state, "p1")).state
    tiles = GAME.apply(state, "p2", GAME.notation.parse("army phalanx", state, "p2")).state
    zones = _play(tiles, "tiles plains")
    deploy = _play(zones, "zone s")
    return tiles, zones, deploy


def grid_of(view):
    return layout(Scene(view, NAMES, "en")).grid


def without_setup(view):
    return view.model_copy(update={"setup": None})


def changed_box(a, b):
    return ImageChops.difference(board_image(a, NAMES, "en"), board_image(b, NAMES, "en")).getbbox()


def test_the_ready_made_battlefields_fill_the_empty_board(steps):
    view = GAME.view(steps[0], None)
    assert [f.id for f in view.setup.battlefields] == [
        "plains",
        "ruins",
        "crossing",
        "highlands",
        "woods",
        "rift",
    ]
    g = grid_of(view)
    box = changed_box(view, without_setup(view))
    assert box is not None  # only inside the board's place (the dashed frame it replaces is 2 px wide)
    assert g.left - 2 <= box[0] and box[2] <= g.right + 2 and g.top - 2 <= box[1] and box[3] <= g.bottom + 2
    drawn = board_image(view, NAMES, "en").crop((g.left, g.top, g.right, g.bottom))
    colours = {colour for _, colour in drawn.getcolors(1 << 16)}
    assert {FILL["forest"], FILL["hill"], FILL["impassable"]} <= colours  # small terrain maps


def test_the_four_candidate_zones_while_the_edges_are_chosen(steps):
    view = GAME.view(steps[1], None)
    assert sorted(view.setup.zones) == ["e", "n", "s", "w"]
    assert view.setup.zones["s"][:3] == ["a1", "b1", "c1"] and len(view.setup.zones["s"]) == 24
    g = grid_of(view)
    box = changed_box(view, without_setup(view))
    assert box is not None and g.left - 2 <= box[0] and box[2] <= g.right + 2
    image = board_image(view, NAMES, "en")
    x0, y0, x1, y1 = g.cell_box(*g.xy("f2"))  # the middle of the south zone: its `zone s` label
    label = image.crop((x0, y0, x1 + g.cell, y1 + g.cell))
    assert any(colour == Ink.HEADER for _, colour in label.getcolors(1 << 16))


def test_each_general_zone_is_washed_in_their_colour_while_units_are_placed(steps):
    view = GAME.view(steps[2], None)
    chooser = steps[2].opponent(steps[2].first)
    assert view.sides[chooser].zone == "s" and sorted(view.setup.zones) == ["n", "s"]
    scene = Scene(view, NAMES, "en")
    g = layout(scene).grid
    image = board_image(view, NAMES, "en")

    def middle(square):
        x0, y0, x1, y1 = g.cell_box(*g.xy(square))
        return image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))

    seat = scene.seat(chooser).fill
    washed = tuple(round(o * (1 - WASH) + s * WASH) for o, s in zip(FILL["open"], seat, strict=True))
    assert all(abs(a - b) <= 2 for a, b in zip(middle("c2"), washed, strict=True))  # open, in the zone
    assert middle("c6") == FILL["open"]  # open, in nobody's zone
    other = scene.seat(steps[2].first).fill
    assert middle("c12") != middle("c2") and middle("c12") != FILL["open"] and other != seat


def test_the_battle_keeps_its_image(steps):
    """Once every unit is placed, the view has no set-up part: the battle's image is as before."""
    state = steps[2]
    while state.phase == "deploy":
        role = state.top.role
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert GAME.view(state, None).setup is None and GAME.view(state, "p1").setup is None

"""The public Mythic Battles battlefield: decodes, has a phone-sized width, names squares as
the notation does, changes where the state changes, draws the last move and attack, reads in
French, and draws nothing a public view does not hold."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.mythic.board import Board as EngineBoard
from engine.mythic.board import name as square_name
from render import board_png as dispatch_board_png
from render.common import Box
from render.mythic import board_png
from render.mythic.battlefield import ATTACK_INK, MOVE_INK, Grid
from render.mythic.board import WIDTH, Board, board_image, layout
from render.mythic.scene import Scene
from render.mythic.seats import SEATS
from render.mythic.terrain import FILL, square
from tests.render.mythic_views import (
    NAMES,
    armies,
    battle,
    blank_hidden,
    finished,
    four_players,
    recruiting,
)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def grid_of(view) -> Grid:
    return layout(Scene(view, NAMES, "en")).grid


def union(a: Box, b: Box, pad: int = 0) -> Box:
    return min(a[0], b[0]) - pad, min(a[1], b[1]) - pad, max(a[2], b[2]) + pad, max(a[3], b[3]) + pad


def inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def grid_difference(a, b) -> Box | None:
    """Where two views' battlefields differ (before PNG encoding), in image coordinates."""
    g = grid_of(a)
    frame = (g.left - 4, g.top - 4, g.right + 4, g.bottom + 4)
    diff = ImageChops.difference(
        board_image(a, NAMES, "en").crop(frame), board_image(b, NAMES, "en").crop(frame)
    )
    box = diff.getbbox()
    return (
        None if box is None else (box[0] + frame[0], box[1] + frame[1], box[2] + frame[0], box[3] + frame[1])
    )


def cell(view, name: str) -> Box:
    g = grid_of(view)
    return g.cell_box(*g.xy(name))


@pytest.fixture(scope="module")
def public() -> bytes:
    return board_png(battle(), NAMES, "en")


def test_the_battlefield_is_a_phone_sized_png_under_300_kb(public):
    image = Image.open(io.BytesIO(public))
    assert image.format == "PNG"
    assert image.width == WIDTH == 1200
    assert 900 < image.height < 1500
    assert len(public) < 300_000


def test_the_game_dispatcher_reaches_the_mythic_renderer(public):
    assert dispatch_board_png("mythic", battle(), NAMES, "en") == public


def test_squares_are_where_the_notation_names_them():
    """engine/mythic/board.py: `a1` is the south-west corner, files west to east, ranks south
    to north. Every engine square name lands on the grid cell of the same (x, y)."""
    view = battle()
    g = grid_of(view)
    engine_board = EngineBoard(width=12, height=12, terrain="." * 144)
    for sq in range(144):
        assert g.xy(square_name(engine_board, sq)) == engine_board.xy(sq)
    a1, l12 = g.cell_box(*g.xy("a1")), g.cell_box(*g.xy("l12"))
    assert (a1[0], a1[3]) == (g.left, g.bottom)  # bottom-left
    assert (l12[2], l12[1]) == (g.right, g.top)  # top-right
    assert g.xy("m1") is None and g.xy("a13") is None


def test_moving_a_unit_changes_only_its_old_and_new_squares():
    before = battle()
    moved = [u.model_copy(update={"square": "j6"}) if u.uid == "p1.owls" else u for u in armies()]
    after = battle(units=moved)
    changed = grid_difference(before, after)
    assert changed is not None
    assert inside(changed, union(cell(before, "h4"), cell(before, "j6"), pad=8))


def test_the_last_move_is_an_arrow_along_its_path():
    """Cerberus went d6-d5-d4: the path's middle square carries the arrow's ink; without a
    last move the same pixel is plain terrain and nothing else on the battlefield changes."""
    with_move, without = battle(), battle(last_move=[])
    x0, y0, x1, y1 = cell(with_move, "d5")
    middle = ((x0 + x1) // 2, (y0 + y1) // 2)
    assert board_image(with_move, NAMES, "en").getpixel(middle) == MOVE_INK
    assert board_image(without, NAMES, "en").getpixel(middle) == FILL["open"]
    changed = grid_difference(with_move, without)
    assert changed is not None and inside(changed, union(cell(with_move, "d6"), cell(with_move, "d4"), pad=4))


def test_the_last_attack_is_a_dashed_arrow_between_the_two_units():
    g = grid_of(battle())
    frame = (g.left, g.top, g.right, g.bottom)

    def attack_pixels(view) -> int:
        crop = board_image(view, NAMES, "en").crop(frame)
        return sum(n for n, colour in crop.getcolors(1 << 16) if colour == ATTACK_INK)

    assert attack_pixels(battle()) > 40
    assert attack_pixels(battle(last_attack=None)) == 0
    changed = grid_difference(battle(), battle(last_attack=None))
    assert changed is not None and inside(changed, union(cell(battle(), "d4"), cell(battle(), "d3")))


def test_the_attacked_unit_is_framed_so_an_attack_between_neighbours_reads():
    """Cerberus (d4) bit the Spartans next to it (d3): the arrow between two neighbours is
    short, so the target's square carries a dashed frame in the attack's ink along its
    sides, where the token leaves room; the attacker's square has none (the arrow leaves it
    through the middle of its south edge), nor has any square without an attack."""

    def edge_ink(view, name: str) -> int:
        x0, y0, x1, y1 = cell(view, name)
        image = board_image(view, NAMES, "en")
        sides = [(x, y) for x in (x0 + 2, x0 + 3, x1 - 3, x1 - 4) for y in range(y0 + 1, y1 - 1)]
        return sum(1 for p in sides if image.getpixel(p) == ATTACK_INK)

    assert edge_ink(battle(), "d3") > 20
    assert edge_ink(battle(), "d4") == 0
    assert edge_ink(battle(last_attack=None), "d3") == 0


def test_terrains_differ_without_colour():
    """Each terrain keeps its own pattern and lightness in greyscale (colour is never the only cue)."""
    greys = {t: square(t, 60).convert("L") for t in FILL}
    names = list(greys)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = ImageStat.Stat(ImageChops.difference(greys[a], greys[b])).mean[0]
            assert diff > 8, (a, b, diff)


def test_every_seat_has_its_own_shape_and_colour():
    assert len({s.shape for s in SEATS}) == len(SEATS)
    assert len({s.fill for s in SEATS}) == len(SEATS)


def test_french_board_has_french_words_and_the_same_layout():
    fr = board_image(battle(), NAMES, "fr")
    en = board_image(battle(), NAMES, "en")
    assert fr.size == en.size
    assert (
        ImageChops.difference(fr.crop((0, 0, WIDTH, 150)), en.crop((0, 0, WIDTH, 150))).getbbox() is not None
    )
    # token labels come from the unit's name in the reader's language
    fr_labels, en_labels = Scene(battle(), NAMES, "fr").labels, Scene(battle(), NAMES, "en").labels
    assert (fr_labels["p1.spartans"], en_labels["p1.spartans"]) == ("Hopl", "Spar")
    assert (fr_labels["p1.owls"], en_labels["p1.owls"]) == ("Chou", "Owls")


def test_a_players_own_view_draws_the_public_battlefield():
    """Hidden-information test: a view holding Alice's hand, or a secret army during
    recruitment, draws exactly the public picture (the board never reads those fields)."""
    mine = battle(viewer="p1", hand=["spartans", "owls", "owls", "toxotes"])
    assert mine.sides["p1"].hand
    assert (
        board_png(mine, NAMES, "fr")
        == board_png(blank_hidden(mine), NAMES, "fr")
        == board_png(battle(), NAMES, "fr")
    )
    secret = recruiting("p1")
    assert secret.sides["p1"].army
    assert board_png(secret, NAMES, "en") == board_png(recruiting(), NAMES, "en")


def test_the_battlefield_before_the_tiles_are_laid():
    image = decode(board_png(recruiting(), NAMES, "fr"))
    assert image.width == WIDTH


def test_the_winner_replaces_the_prompt():
    over, playing = board_image(finished(), NAMES, "en"), board_image(battle(), NAMES, "en")
    assert ImageChops.difference(over.crop((0, 0, WIDTH, 150)), playing.crop((0, 0, WIDTH, 150))).getbbox()


def test_the_four_player_rectangle_puts_the_panels_under_the_board():
    """000 §"Variante : Bataille à 4 joueurs": 6 tiles in a rectangle (18 x 12 here)."""
    view = four_players()
    lay = layout(Scene(view, NAMES, "en"))
    panels = [box for kind, _, box in lay.slots if kind == "player"]
    assert not lay.beside and len({box[0] for box in panels}) == 2  # two columns
    assert lay.grid.width == 18 and lay.grid.cell >= 56
    assert lay.grid.right <= WIDTH - 16 and min(box[1] for box in panels) > lay.grid.bottom
    image = decode(board_png(view, NAMES, "en"))
    assert image.width == WIDTH and image.height == lay.height


def test_the_layout_depends_only_on_the_board_size_and_the_seats():
    full, empty = Board(battle(), NAMES, "en").layout, Board(battle(units=[]), NAMES, "en").layout
    assert full.grid == empty.grid and full.beside and full.slots == empty.slots

"""The public Battle for Athena board: decodes, has the expected size, changes where the
state changes, reads in French, and depends only on what the view holds."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.athena.view import AthenaView
from render import board_png as dispatch_board_png
from render.athena import board_png
from render.athena.board import CENTRE, PANEL_X, TERRAINS, WIDTH, Board, board_image
from render.athena.panel import CHIP
from render.common import Ink
from tests.render.athena_views import NAMES, blank_hidden, expert, finished, mid_duel, revealed


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def changed_box(a: AthenaView, b: AthenaView) -> tuple[int, int, int, int]:
    """Where the drawings of two views differ (before PNG encoding, which learns a palette
    per image and may shift anti-aliased pixels by a few levels anywhere)."""
    box = ImageChops.difference(board_image(a, NAMES, "en"), board_image(b, NAMES, "en")).getbbox()
    assert box is not None, "the two images are identical"
    return box


def centre_band() -> tuple[int, int]:
    top = Board(mid_duel(), NAMES, "en").centre_top
    return top, top + CENTRE


@pytest.fixture(scope="module")
def public() -> bytes:
    return board_png(mid_duel(), NAMES, "en")


def test_the_board_is_a_phone_sized_png_under_300_kb(public):
    image = Image.open(io.BytesIO(public))
    assert image.format == "PNG"
    assert image.width == WIDTH == 1200
    assert 1000 < image.height < 1800
    assert len(public) < 300_000


def test_the_game_dispatcher_reaches_the_athena_renderer(public):
    assert dispatch_board_png("athena", mid_duel(), NAMES, "en") == public


def test_threat_colours_survive_palette_encoding(public):
    """The legend always shows the three threat colours; the palette PNG keeps them exact
    enough to tell apart."""
    colours = {rgb for _, rgb in decode(public).getcolors(1 << 16)}
    for rgb in Ink.THREAT.values():
        assert any(sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 24 for c in colours), rgb


def test_changing_the_active_terrain_changes_only_the_terrain_row():
    _, top, _, bottom = changed_box(mid_duel(), mid_duel(active_terrain="FT"))
    centre_top, _ = centre_band()
    assert centre_top <= top and bottom <= centre_top + TERRAINS


def test_an_engaged_card_changes_only_the_duel_zone():
    _, top, _, bottom = changed_box(mid_duel(), mid_duel(defender_slot=None))
    centre_top, centre_bottom = centre_band()
    assert centre_top + TERRAINS <= top and bottom <= centre_bottom


def test_the_reveal_shows_different_pixels_than_the_announced_colours(public):
    assert board_png(revealed(), NAMES, "en") != public


def test_swapping_the_attacker_moves_the_marker(public):
    view = mid_duel()
    swapped = view.model_copy(update={"attacker": "b"})
    assert board_png(swapped, NAMES, "en") != public


def test_power_badges_and_learned_colours_are_drawn(public):
    view = mid_duel()
    army = view.armies["a"]
    slots = [s.model_copy(update={"power_count": 3}) if s.slot == 2 else s for s in army.slots]
    more_powers = view.model_copy(
        update={"armies": {**view.armies, "a": army.model_copy(update={"slots": slots})}}
    )
    assert board_png(more_powers, NAMES, "en") != public
    slots = [s.model_copy(update={"known_colour": "red"}) if s.slot == 2 else s for s in army.slots]
    hinted = view.model_copy(
        update={"armies": {**view.armies, "a": army.model_copy(update={"slots": slots})}}
    )
    assert board_png(hinted, NAMES, "en") != public


def test_french_board_renders_with_french_labels(public):
    french = board_png(mid_duel(), NAMES, "fr")
    assert decode(french).size == decode(public).size
    assert french != public


def test_player_names_are_drawn_and_unnamed_seats_fall_back_to_the_role(public):
    assert board_png(mid_duel(), {"a": "Alice", "b": "Bartholomew"}, "en") != public
    assert board_png(mid_duel(), {}, "en") != public


def test_expert_structures_lay_out_and_size_the_board():
    inverted = decode(board_png(expert("inverted"), NAMES, "en"))
    columns = decode(board_png(expert("columns"), NAMES, "fr"))
    assert inverted.width == columns.width == WIDTH
    assert inverted.height == columns.height  # both five rows high


def test_a_taller_structure_makes_a_taller_board():
    from tests.render.athena_views import army, columns, slots

    view = expert("columns")
    tall = {r: army(r, slots(columns(2, 8))) for r in ("a", "b")}
    taller = view.model_copy(update={"armies": tall})
    assert decode(board_png(taller, NAMES, "en")).height > decode(board_png(view, NAMES, "en")).height


def test_finished_game_names_the_winner_or_the_draw():
    won = board_png(finished(), NAMES, "en")
    drawn = board_png(finished().model_copy(update={"winner": []}), NAMES, "en")
    assert decode(won).size == decode(drawn).size
    assert won != drawn


def test_the_public_image_depends_only_on_public_fields(public):
    """Two players' private views of the same moment, once their secrets are blanked, draw the
    very same image as the public view: nothing hidden can reach the channel's picture."""
    from_a = board_png(blank_hidden(mid_duel("a")), NAMES, "en")
    from_b = board_png(blank_hidden(mid_duel("b")), NAMES, "en")
    assert from_a == from_b == public


def test_hidden_fields_do_change_the_picture_when_present(public):
    """The counterpart of the test above: a private view (own cards face up, a colour learned)
    draws differently, so blanking is what keeps secrets out of the public image."""
    assert board_png(mid_duel("a"), NAMES, "en") != public


def test_rendering_a_private_view_leaves_no_trace_in_later_public_renders(public):
    board_png(mid_duel("a"), NAMES, "en")
    board_png(mid_duel("b"), NAMES, "fr")
    assert board_png(mid_duel(), NAMES, "en") == public


def test_renders_in_worker_threads_match_sequential_renders():
    """The bot renders off the event loop, two at a time: shared font caches must not mix."""
    from concurrent.futures import ThreadPoolExecutor

    views = [mid_duel(), revealed(), expert("inverted"), finished(), mid_duel("a"), expert("columns")]
    sequential = [board_png(v, NAMES, "fr") for v in views]
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert list(pool.map(lambda v: board_png(v, NAMES, "fr"), views)) == sequential


def test_a_long_list_of_prisoners_ends_with_a_count_of_the_rest():
    """Chips that do not fit become "+N more": 15 and 16 prisoners differ only by that count."""
    from engine.athena.view import CapturedView
    from tests.render.athena_views import card

    def with_prisoners(n):
        view = mid_duel()
        prisoners = [CapturedView(card=card(code)) for code in (["HE", "FE", "PE", "GR"] * 5)[:n]]
        army = view.armies["a"].model_copy(update={"captured": prisoners})
        return view.model_copy(update={"armies": {**view.armies, "a": army}})

    left, top, _, bottom = changed_box(with_prisoners(15), with_prisoners(16))
    # Only the "Captured (n)" title and the "+N more" label, in the lower player's panel.
    assert left >= PANEL_X and top > Board(mid_duel(), NAMES, "en").centre_top + CENTRE
    assert bottom - top < 5 * CHIP

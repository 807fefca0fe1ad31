"""One player's private Battle for Athena image: own army face up with attached powers, the
hand of power cards, what they learned of the opponent."""

from __future__ import annotations

import io

from PIL import Image

from render import private_png as dispatch_private_png
from render.athena import board_png, private_png
from render.athena.army import layout
from tests.render.athena_views import NAMES, blank_hidden, mid_duel, power, pyramid, slots


def size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.size


def with_hand(view, codes):
    army = view.armies["a"].model_copy(update={"hand": [power(c) for c in codes], "hand_count": len(codes)})
    return view.model_copy(update={"armies": {**view.armies, "a": army}})


def test_private_view_is_a_phone_sized_png_under_300_kb():
    data = private_png(mid_duel("a"), NAMES, "en")
    width, height = size(data)
    assert width == 1200 and 700 < height < 2000
    assert len(data) < 300_000
    assert dispatch_private_png("athena", mid_duel("a"), NAMES, "en") == data


def test_each_player_gets_their_own_picture():
    assert private_png(mid_duel("a"), NAMES, "en") != private_png(mid_duel("b"), NAMES, "en")


def test_the_hand_is_drawn_and_the_image_grows_with_it():
    view = mid_duel("a")
    two = private_png(with_hand(view, ["AT", "MR"]), NAMES, "en")
    other_two = private_png(with_hand(view, ["CC", "AN"]), NAMES, "en")
    four = private_png(with_hand(view, ["AT", "MR", "CC", "AN"]), NAMES, "en")
    empty = private_png(with_hand(view, []), NAMES, "en")
    assert two != other_two
    assert size(empty)[1] < size(two)[1] < size(four)[1]


def test_attached_powers_make_their_row_taller():
    view = mid_duel("a")
    army = view.armies["a"]
    bare = [s.model_copy(update={"powers": []}) for s in army.slots]
    unpowered = view.model_copy(
        update={"armies": {**view.armies, "a": army.model_copy(update={"slots": bare})}}
    )
    assert size(private_png(unpowered, NAMES, "en"))[1] < size(private_png(view, NAMES, "en"))[1]


def test_french_private_view_renders_differently_from_english():
    en, fr = private_png(mid_duel("a"), NAMES, "en"), private_png(mid_duel("a"), NAMES, "fr")
    assert size(en) == size(fr) and en != fr


def test_a_public_view_passed_to_private_png_shows_no_secret():
    """Without a viewer there is no hand and no face-up card: the image of a blanked private
    view is the image of the public view."""
    assert private_png(blank_hidden(mid_duel("a")), NAMES, "en") == private_png(mid_duel(), NAMES, "en")


def test_slot_boxes_never_overlap_and_stay_in_their_area():
    from tests.render.athena_views import columns, inverted_pyramid

    for shape in (pyramid(), inverted_pyramid(), columns(), columns(4, 2)):
        for mirrored in (False, True):
            boxes, height = layout(slots(shape), 20, 100, 660, 118, lambda _row: 76, mirrored)
            assert len(boxes) == len(shape)
            for box in boxes.values():
                assert 20 <= box[0] < box[2] <= 680 and 100 <= box[1] < box[3] <= 100 + height
            ordered = list(boxes.values())
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_mirrored_armies_put_the_bottom_row_at_the_top():
    boxes, _ = layout(slots(pyramid()), 0, 0, 660, 118, lambda _row: 76, mirrored=True)
    assert boxes[1][1] < boxes[15][1]  # slot 1 is on row 0, slot 15 is the apex
    boxes, _ = layout(slots(pyramid()), 0, 0, 660, 118, lambda _row: 76, mirrored=False)
    assert boxes[1][1] > boxes[15][1]


def test_board_of_a_private_view_draws_what_that_player_learned():
    view = mid_duel("a")
    learned = view.armies["b"]
    forgotten = learned.model_copy(
        update={"slots": [s.model_copy(update={"card": None, "known_colour": None}) for s in learned.slots]}
    )
    assert board_png(view, NAMES, "en") != board_png(
        view.model_copy(update={"armies": {**view.armies, "b": forgotten}}), NAMES, "en"
    )

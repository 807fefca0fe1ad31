"""A general's private image (hand grouped by unit, what each card allows now, roster) and
the roster image of one army."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from engine.mythic.view import DecisionView
from render.mythic import private_png, roster_png
from render.mythic.private import ROW, SECTION, Private, card_status, convert_value, private_image
from render.mythic.roster import HEADER, roster_image
from tests.render.mythic_views import NAMES, armies, battle, my_turn, recruiting

HAND = ["spartans", "spartans", "toxotes", "owls", "centaurs"]


def units(view):
    return {u.unit: u for u in view.units if u.owner == "p1"}


def test_the_private_view_is_a_phone_sized_png():
    data = private_png(my_turn(HAND), NAMES, "fr")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == 1200 and len(data) < 300_000


def test_the_hand_is_grouped_by_unit():
    private = Private(my_turn(HAND), NAMES, "en")
    assert dict(private.groups) == {"spartans": 2, "toxotes": 1, "owls": 1, "centaurs": 1}


def test_on_her_turn_every_ready_unit_can_activate():
    """001 §"Game Turn": a maneuver card of a unit activates it; the first activation is free."""
    view = my_turn(HAND)
    mine = units(view)
    assert {card: card_status(view, "p1", mine[card]) for card in ("spartans", "owls")} == {
        "spartans": "now",
        "owls": "now",
    }


def test_an_activated_unit_waits_for_the_next_turn():
    view = my_turn(HAND, activations=["p1.toxotes"])
    assert card_status(view, "p1", units(view)["toxotes"]) == "activated"


def test_the_next_activation_must_be_paid():
    """001 §III: the n-th activation of a turn costs n-1 Art of War cards; power points may
    replace them only with a Leader (000 §"Leader"): the Spartans lead this army."""
    poor = my_turn(HAND, activations=["p1.toxotes", "p1.centaurs"])
    poor = poor.model_copy(
        update={"sides": {**poor.sides, "p1": poor.sides["p1"].model_copy(update={"aow": 1, "pp": 0})}}
    )
    assert card_status(poor, "p1", units(poor)["spartans"]) == "cannot_pay"
    led = poor.model_copy(
        update={"sides": {**poor.sides, "p1": poor.sides["p1"].model_copy(update={"pp": 1})}}
    )
    assert card_status(led, "p1", units(led)["spartans"]) == "now"
    leaderless = [u for u in armies() if u.unit != "spartans"]
    no_leader = led.model_copy(update={"units": leaderless})
    assert card_status(no_leader, "p1", units(no_leader)["owls"]) == "cannot_pay"


def test_outside_her_main_decision_the_cards_wait():
    view = battle(viewer="p1", hand=HAND)  # Bob's turn, Alice reacts
    assert card_status(view, "p1", units(view)["owls"]) == "your_turn"
    mid = my_turn(HAND).model_copy(
        update={
            "decision": DecisionView(
                kind="activation", roles=["p1"], tag="", prompt=my_turn(HAND).decision.prompt
            )
        }
    )
    assert card_status(mid, "p1", units(mid)["owls"]) == "this_turn"


def test_a_destroyed_units_card_is_worth_one_power_point():
    """001 l.393: a card of a destroyed unit converts into a single power point."""
    view = my_turn(HAND)
    dead = units(view)["centaurs"].model_copy(update={"destroyed": True, "vitality": 0, "square": None})
    assert card_status(view, "p1", dead) == "destroyed"
    assert convert_value(dead) == 1 and convert_value(units(view)["centaurs"]) == 2


def test_a_bigger_hand_makes_a_taller_image_and_a_card_changes_its_row_only():
    small, big = private_image(my_turn(HAND[:2]), NAMES, "en"), private_image(my_turn(HAND), NAMES, "en")
    assert big.height - small.height == 3 * ROW
    a = private_image(my_turn(["spartans", "owls"]), NAMES, "en")
    b = private_image(my_turn(["spartans", "toxotes"]), NAMES, "en")
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None and HEADER + SECTION + ROW <= box[1] and box[3] <= HEADER + SECTION + 2 * ROW + 14


def test_before_the_reveal_the_private_view_lists_the_recruited_army():
    image = private_image(recruiting("p1"), NAMES, "fr")
    assert image.width == 1200


def test_the_roster_shows_one_army_and_works_in_both_languages():
    view = battle()
    en, fr = roster_image(view, "p2", NAMES, "en"), roster_image(view, "p2", NAMES, "fr")
    assert en.size == fr.size and en.width == 1200
    assert ImageChops.difference(en, fr).getbbox() is not None
    data = roster_png(view, "p1", NAMES, "en")
    assert Image.open(io.BytesIO(data)).format == "PNG" and len(data) < 300_000


def test_a_wound_changes_the_units_card_in_the_roster():
    hurt = [
        u.model_copy(update={"vitality": 1, "wounds": 5}) if u.uid == "p2.cerberus" else u for u in armies()
    ]
    assert (
        ImageChops.difference(
            roster_image(battle(), "p2", NAMES, "en"), roster_image(battle(units=hurt), "p2", NAMES, "en")
        ).getbbox()
        is not None
    )


def test_the_roster_of_a_secret_army_says_so():
    image = roster_image(recruiting(), "p1", NAMES, "en")
    assert image.width == 1200 and image.height < 300


def test_the_private_view_never_draws_the_opponents_hand():
    view = my_turn(HAND)
    peeked = view.model_copy(
        update={
            "sides": {
                **view.sides,
                "p2": view.sides["p2"].model_copy(update={"hand": ["cerberus", "harpies"]}),
            }
        }
    )
    assert (
        ImageChops.difference(private_image(view, NAMES, "en"), private_image(peeked, NAMES, "en")).getbbox()
        is None
    )

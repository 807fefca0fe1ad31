"""Recruitment and set-up as decisions: 000/001 §1 "Recruiting Units", "Preparing the Battle"."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.mythic import GAME
from engine.mythic.board import zone
from engine.mythic.content import GROUND_BLOCKED, content
from engine.mythic.recruitment import suggestions
from engine.mythic.state import AOW, Options


def _apply(state, role, text):
    return GAME.apply(state, role, GAME.notation.parse(text, state, role))


def _new(seed=3, **options):
    return GAME.setup(Options(**options), GAME.roles(Options()), seed)


def _recruited(seed=3):
    state = _new(seed)
    state = _apply(state, "p1", "army nick").state
    return _apply(state, "p2", "army skirmishers").state


def test_both_generals_recruit_at_the_same_time_and_in_secret():
    state = _new()
    assert GAME.active(state) == {"p1", "p2"} and state.phase == "recruit"
    outcome = _apply(state, "p1", "army nick")
    assert GAME.active(outcome.state) == {"p2"}
    public = [e for e in outcome.events if e.to is None]
    assert public and all("units" not in e.text.params for e in public)
    assert any(e.to == "p1" and "units" in e.text.params for e in outcome.events)
    other = GAME.view(outcome.state, "p2").sides["p1"]
    assert other.army is None and other.faction is None and other.recruited
    assert GAME.view(outcome.state, "p1").sides["p1"].army == list(content().armies["nick"].units)
    assert outcome.state.units == []  # nothing on the table before both have chosen


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("army hades cerberus rhadamanthus spartans marauders legion-acheron", "mythic.err.wrong_faction"),
        ("army hades cerberus rhadamanthus auditors marauders", "mythic.err.army_size"),
        (
            "army hades cerberus cerberus auditors marauders legion-acheron artillerymen",
            "mythic.err.unit_twice",
        ),
        ("army hades cerberus auditors marauders legion-acheron artillerymen", "mythic.err.army_cost"),
        ("army zeus cerberus", "mythic.err.unknown_faction"),
        ("army hades cerberus pegasus auditors marauders legion-acheron", "mythic.err.unknown_unit"),
    ],
)
def test_invalid_armies_are_refused_with_the_reason(text, key):
    """001 §"Spending Recruitment points": 5-10 units, never twice the same, at least 95 of
    100 points, own faction or neutral."""
    state = _new()
    with pytest.raises(IllegalCommand) as err:
        _apply(state, "p1", text)
    assert err.value.text.key == key


def test_unspent_points_become_power_points_and_units_enter_the_game():
    """001 l.245: 2 power points for each unspent recruitment point."""
    state = _recruited()
    assert state.sides["p1"].pp == 0 and state.sides["p2"].pp == 2 * (100 - 95)
    assert len(state.units) == 7 + 7 and all(u.sq is None for u in state.units)
    assert all(u.vit == content().units[u.card].vitality for u in state.units)


def test_the_highest_die_plays_first_and_ties_are_rerolled():
    """001 §"Preparing the Battle": each general rolls; the highest begins; ties re-rolled."""
    for seed in range(40):
        state = _recruited(seed)
        rolls = state.first_rolls
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        assert state.first == ("p1" if rolls[-1][0] > rolls[-1][1] else "p2")
        assert GAME.active(state) == {state.first} and state.top.kind == "battlefield"


def test_the_first_player_lays_the_tiles_and_the_opponent_picks_the_zones():
    state = _recruited()
    first, second = state.first, state.opponent(state.first)
    assert {GAME.notation.format(c) for c in GAME.legal(state, first)} >= {"tiles 1a 2a 3a 4a"}
    with pytest.raises(IllegalCommand) as err:
        _apply(state, first, "tiles 1a 1b 2a 3a")
    assert err.value.text.key == "mythic.err.four_tiles"
    with pytest.raises(IllegalCommand):
        _apply(state, first, "tiles 1a 2a 3a 9b")
    state = _apply(state, first, "tiles 2b@90 5a 6b@270 1a").state
    assert state.board.tiles == ["2b@90", "5a", "6b@270", "1a"] and GAME.active(state) == {second}
    assert len(GAME.legal(state, second)) == 4
    state = _apply(state, second, "zone e").state
    assert state.zones == {second: "e", first: "w"}
    assert GAME.active(state) == {first} and state.top.kind == "deploy"


def test_deployment_alternates_in_the_own_zone_then_decks_are_dealt():
    """001 §"Preparing the Battle": tokens placed in turn, first player first, anywhere in the
    own zone; then the deck (maneuver cards + 10 Art of War) and 7 cards drawn."""
    state = _recruited()
    first = state.first
    state = _apply(state, first, "tiles plains").state
    state = _apply(state, state.opponent(first), "zone s").state
    order = []
    while state.phase == "deploy":
        role = next(iter(GAME.active(state)))
        order.append(role)
        legal = GAME.legal(state, role)
        squares = {c.square for c in legal}
        own = {f"{'abcdefghijkl'[sq % 12]}{sq // 12 + 1}" for sq in zone(state.board, state.zones[role])}
        assert squares <= own
        for cmd in legal:
            unit = next(u for u in state.units if u.owner == role and u.card == cmd.unit)
            sq = "abcdefghijkl".index(cmd.square[0]) + 12 * (int(cmd.square[1:]) - 1)
            if not content().units[unit.card].flying:
                assert state.board.terrain[sq] not in GROUND_BLOCKED
        state = GAME.apply(state, role, legal[0]).state
    assert order[:2] == [first, state.opponent(first)]
    assert order.count("p1") == 7 and order.count("p2") == 7
    for side in state.sides.values():
        maneuvers = sum(content().units[u].maneuvers for u in side.army)
        owned = len(side.deck) + len(side.hand) + side.aow
        assert owned == maneuvers + 10 and side.discard == []
    other = state.sides[state.opponent(first)]
    assert len(other.hand) + other.aow == 7
    assert state.turn.current == first and len(state.sides[first].hand) + state.sides[first].aow == 10


def test_deploying_outside_the_zone_is_refused():
    state = _recruited()
    first = state.first
    state = _apply(state, first, "tiles plains").state
    state = _apply(state, state.opponent(first), "zone s").state
    with pytest.raises(IllegalCommand) as err:  # row 6 is nobody's deployment zone
        _apply(state, first, f"dep {state.sides[first].army[0]} e6")
    assert err.value.text.key == "mythic.err.not_in_zone"


def test_other_point_totals_still_offer_valid_armies():
    for points in (60, 100, 150):
        options = suggestions(points)
        assert {o.faction for o in options} == {"athena", "hades"}
        state = _new(points=points)
        assert GAME.legal(state, "p1")


def test_art_of_war_drawn_at_the_start_goes_in_front():
    state = _recruited()
    state = _apply(state, state.first, "tiles ruins").state
    state = _apply(state, state.opponent(state.first), "zone n").state
    while state.phase == "deploy":
        role = next(iter(GAME.active(state)))
        state = GAME.apply(state, role, GAME.legal(state, role)[-1]).state
    for side in state.sides.values():
        assert AOW not in side.hand

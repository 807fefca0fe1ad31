"""The battlefield: hexes, sectors, movement and line of sight (seed 002 l.238-254)."""

from __future__ import annotations

from engine.battlelore import GAME, field, hexes
from tests.battlelore.position import at, battle, play


def names(cmds):
    return [GAME.notation.format(c) for c in cmds]


def test_board_has_13_by_9_hexes_and_no_partial_edge_hexes_l243():
    assert len(hexes.all_hexes()) == 5 * 13 + 4 * 12
    assert hexes.to_hex("m1") and hexes.to_hex("l2") and hexes.to_hex("m2") is None
    assert hexes.to_hex("a10") is None and hexes.to_hex("n1") is None
    inner = hexes.to_hex("e5")
    assert len(hexes.neighbours(inner)) == 6 and len(hexes.neighbours(hexes.to_hex("a1"))) == 2
    assert hexes.distance(hexes.to_hex("a1"), hexes.to_hex("m9")) == hexes.distance(
        hexes.to_hex("m9"), hexes.to_hex("a1")
    )


def test_three_sectors_and_boundary_hexes_in_both_l238():
    s = lambda h, edge=1: set(hexes.sectors(hexes.to_hex(h), edge))  # noqa: E731
    assert s("a1") == {"l"} and s("g1") == {"c"} and s("m1") == {"r"}
    assert s("e1") == {"l", "c"} and s("i3") == {"c", "r"}
    assert s("e2") == {"c"} and s("d2") == {"l"}
    assert s("a1", 9) == {"r"} and s("m9", 9) == {"l"}  # the north player's left is the east


def test_line_of_sight_centre_to_centre_l253_254():
    state = battle(["p1 crete c3", "p2 hop e4", "p1 hop d3"])
    assert not field.line_of_sight(state, at(state, "c3"), at(state, "e4"))  # a unit on the line
    state = battle(["p1 crete c3", "p2 hop e4"], terrain={"d4": "forest"})
    assert not field.line_of_sight(state, at(state, "c3"), at(state, "e4"))
    state = battle(["p1 crete c3", "p2 hop e4"], terrain={"d4": "brush"})
    assert field.line_of_sight(state, at(state, "c3"), at(state, "e4"))  # brush is low


def test_a_line_along_an_edge_is_blocked_only_when_both_sides_are_l254():
    state = battle(["p1 crete d4", "p2 hop d6", "p1 hop e5"])
    assert field.line_of_sight(state, at(state, "d4"), at(state, "d6"))
    state = battle(["p1 crete d4", "p2 hop d6", "p1 hop e5"], terrain={"d5": "village"})
    assert not field.line_of_sight(state, at(state, "d4"), at(state, "d6"))


def test_line_of_sight_never_blocked_for_a_flyer_l254():
    state = battle(["p1 crete c3", "p2 harpy e4", "p1 hop d3"], terrain={"d4": "forest"})
    assert field.line_of_sight(state, at(state, "c3"), at(state, "e4"))


def test_moves_never_cross_units_and_stop_in_forest_l242_l383():
    state = battle(["p1 pcav/l e3", "p1 hop e4", "p1 hop d4", "p1 hop f3"], terrain={"d3": "forest"})
    reach = field.reachable(state, at(state, "e3"), "e3", 4)
    assert "e4" not in reach and "d3" in reach and "c3" in reach
    # through the forest the horse would stop: c3 is reached the other way round
    state = battle(
        ["p1 pcav/l e3", "p1 hop e4", "p1 hop d4", "p1 hop f3", "p1 hop e2", "p1 hop d2"],
        terrain={"d3": "forest"},
    )
    reach = field.reachable(state, at(state, "e3"), "e3", 4)
    assert "d3" in reach and "c3" not in reach and "f4" not in reach


def test_brush_stops_mounted_only_and_water_is_impassable_l308_l312():
    walls = {"d3": "water", "f3": "water", "d2": "water", "e2": "water", "e4": "brush", "d4": "brush"}
    state = battle(["p1 pcav/l e3"], terrain=walls)
    assert set(field.reachable(state, at(state, "e3"), "e3", 4)) == {"e4", "d4"}
    state = battle(["p1 archer e3"], terrain=walls)
    foot = field.reachable(state, at(state, "e3"), "e3", 2)
    assert "e5" in foot and "d3" not in foot


def test_a_ford_makes_water_passable_but_stops_the_move_l394_395():
    state = battle(
        ["p1 pcav/l e3"],
        terrain={"e4": "ford", "d4": "water", "d3": "water", "f3": "water", "d2": "water", "e2": "water"},
    )
    reach = field.reachable(state, at(state, "e3"), "e3", 4)
    assert "e4" in reach and "e5" not in reach and "d4" not in reach


def test_flyers_pass_over_units_and_impassable_hexes_but_cannot_stop_there_l245():
    state = battle(
        ["p1 pegas e3", "p2 hop e4", "p2 hop d4", "p1 hop f3"], terrain={"e5": "water", "d3": "forest"}
    )
    reach = field.reachable(state, at(state, "e3"), "e3", 2)
    assert "e4" not in reach and "e5" not in reach and "d5" in reach and "f5" in reach


def test_sacred_sites_are_impassable_l405():
    state = battle(["p1 archer e3"], sites={"e4": None})
    assert "e4" not in field.reachable(state, at(state, "e3"), "e3", 2)


def test_units_move_one_at_a_time_and_all_before_combat_l244(dice):
    state = battle(["p1 hop e3", "p1 hop f3", "p2 hop e6"])
    state = play(state, "play c2", "act e3", "act f3")
    assert state.step == "move" and "mv e3-e4" in names(GAME.legal(state, "p1"))
    state = play(state, "mv e3-e4")
    assert not any(n.startswith("mv e4") for n in names(GAME.legal(state, "p1")))  # moved already
    state = play(state, "mv f3-f4")  # nothing left to do: the turn ends by itself
    assert state.turn.role == "p2" and state.turn.number == 2

"""Battlefield geometry, line of fire and movement (000/001 §4 "Performing a Movement", §II)."""

from __future__ import annotations

from engine.mythic import attacks
from engine.mythic.board import (
    Board,
    assemble,
    between,
    crossed,
    distance,
    name,
    neighbours,
    parse_square,
    rotate,
)
from engine.mythic.content import content, parse_placement
from tests.mythic.scenario import battle, legal_texts, run

A = ["lycaons@a1", "shades@b1", "gaolers@c1"]  # filler so armies stay above 3 units
B = ["hoplites-ares@l12", "hoplites-hephaestus@k12", "owls@j12"]


def _board() -> Board:
    return Board(width=12, height=12, terrain="." * 144)


def test_squares_have_letter_and_number_names():
    b = _board()
    assert name(b, 0) == "a1" and name(b, 143) == "l12" and name(b, 14) == "c2"
    assert parse_square(b, "C2") == 14 and parse_square(b, "m1") is None and parse_square(b, "a13") is None
    assert parse_square(b, "zz") is None and parse_square(b, "a") is None


def test_adjacent_means_the_eight_surrounding_squares():
    """001 §"Adjacent Units": next to each other, including diagonally."""
    b = _board()
    assert len(neighbours(b, parse_square(b, "e5"))) == 8
    assert len(neighbours(b, parse_square(b, "a1"))) == 3
    assert distance(b, parse_square(b, "a1"), parse_square(b, "c3")) == 2  # diagonals count 1


def test_tiles_are_laid_in_a_square_and_may_be_turned():
    """001 §"Battlefield Tiles": 4 tiles in a square, sides and orientation chosen."""
    c = content()
    rows = c.tiles[1]["a"]
    turned = rotate(rows, 90)
    assert turned[0][5] == rows[0][0] and rotate(rows, 360) == rows
    board = assemble(c, [parse_placement(p) for p in ("1a", "2a", "3b@180", "4b")])
    assert board.width == board.height == 2 * c.tile_size
    nw = c.tiles[1]["a"]
    assert board.terrain[parse_square(board, "a12")] == nw[0][0]  # north-west corner
    assert board.terrain[parse_square(board, "b7")] == nw[5][1]
    sw = rotate(c.tiles[3]["b"], 180)
    assert board.terrain[parse_square(board, "a1")] == sw[5][0]
    assert board.tiles == ["1a", "2a", "3b@180", "4b"]


def test_six_tiles_make_a_rectangle():
    """001 §"Variant: 4-player Battle": 6 tiles in a rectangle (the tiles share one size)."""
    c = content()
    board = assemble(c, [parse_placement(p) for p in ("1a", "2a", "3a", "4b", "5b", "6a")], columns=3)
    assert (board.width, board.height) == (3 * c.tile_size, 2 * c.tile_size)
    n = c.tile_size
    assert board.terrain[2 * n] == c.tiles[6]["a"][-1][0]  # south-east tile, its south-west square
    assert board.terrain[(2 * n - 1) * 3 * n] == c.tiles[1]["a"][0][0]  # north-west corner
    assert board.terrain[n] == c.tiles[5]["b"][-1][0]


def test_line_of_fire_runs_centre_to_centre_and_grazed_corners_do_not_block():
    """001 §"TIP" and RULES-NOTES A2.23 [AMB→grazing a corner doesn't block]."""
    assert crossed(2, 0) == ((1, 0),)
    assert crossed(2, 2) == ((1, 1),)  # the exact diagonal passes only corners of (1,0) and (0,1)
    assert set(crossed(2, 1)) == {(1, 0), (1, 1)}
    assert crossed(1, 1) == ()
    b = _board()
    assert between(b, parse_square(b, "a1"), parse_square(b, "d1")) == [
        parse_square(b, "b1"),
        parse_square(b, "c1"),
    ]


def _shooter(terrain=None, extra_p2=(), extra_p1=(), shooter="toxotes@c3", target="spartans@c7"):
    return battle({"p1": [shooter, *A, *extra_p1], "p2": [target, *B, *extra_p2]}, terrain=terrain or {})


def _can_shoot(state, uid="p1.toxotes", target="p2.spartans"):
    return attacks.can_shoot(state, state.unit(uid), state.unit(target))


def test_ranged_attack_needs_range():
    """001 §"Ranged Attack": a number of squares at most the range (Toxotes: 5)."""
    assert _can_shoot(_shooter(target="spartans@c8"))
    assert not _can_shoot(_shooter(target="spartans@c9"))
    assert _can_shoot(_shooter(target="spartans@h8"))  # 5 diagonal squares


def test_obstacles_block_the_line_of_fire_but_crevasses_do_not():
    """001 §"OBSTACLES": Hills, Forests, Ruins and Impassable squares block; Crevasses do not."""
    for ch, blocks in (("h", True), ("f", True), ("r", True), ("x", True), ("c", False), (".", False)):
        assert _can_shoot(_shooter(terrain={"c5": ch})) is not blocks, ch


def test_units_block_the_line_of_fire():
    """001 l.573: a third unit in the trajectory is an obstacle, friend or foe."""
    assert not _can_shoot(_shooter(extra_p2=["satyrs@c5"]))
    assert not _can_shoot(_shooter(extra_p1=["peltasts@c5"]))


def test_flyers_ignore_obstacles_and_ground_units_but_not_flyers():
    """001 l.579-581: flying shooters ignore obstacles; only other flyers block them."""
    state = _shooter(terrain={"c5": "h"}, extra_p2=["satyrs@c6"], shooter="keres@c3")
    keres = state.unit("p1.keres")
    assert keres and attacks.line_clear(state, keres, state.unit("p2.spartans"))
    state = _shooter(extra_p2=["owls@c5"], shooter="keres@c3")
    assert not attacks.line_clear(state, state.unit("p1.keres"), state.unit("p2.spartans"))


def test_arching_shot_ignores_allied_units_only():
    """000 §"Tir en cloche": allied units are not obstacles."""
    state = _shooter(extra_p1=["peltasts@c5"], shooter="stygian-archers@c3")
    assert _can_shoot(state, "p1.stygian-archers")
    state = _shooter(extra_p2=["satyrs@c5"], shooter="stygian-archers@c3")
    assert not _can_shoot(state, "p1.stygian-archers")


def test_an_engaged_unit_cannot_shoot():
    """001 l.567: a unit adjacent to an enemy is engaged and cannot shoot."""
    state = _shooter(extra_p2=["satyrs@d4"])
    cc, ra = attacks.targets(state, state.unit("p1.toxotes"))
    assert [u.uid for u in cc] == ["p2.satyrs"] and ra == []


def _moves(state, role="p1"):
    return {t.split("-")[-1] for t in legal_texts(state, role) if t.startswith("mv ")}


def _activated(unit="marauders@e5", terrain=None, p1=(), p2=()):
    state = battle(
        {"p1": [unit, *A, *p1], "p2": [*B, "satyrs@l1", *p2]},
        terrain=terrain or {},
        hands={"p1": [unit.split("@")[0]]},
    )
    state, _ = run(state, [("p1", f"act {unit.split('@')[0]}")])
    return state


def test_movement_in_eight_directions_up_to_the_movement_value():
    """001 §"Performing a Movement": orthogonally or diagonally, at most the Movement value."""
    moves = _moves(_activated())  # Marauders: 3
    assert {"e8", "h8", "b2", "h5", "e2"} <= moves and "e9" not in moves and "i5" not in moves
    assert len(moves) == 7 * 7 - 1


def test_ground_units_cannot_cross_units_or_impassable_or_crevasses():
    """001 §"Ground Units" and §"Impassable Terrain", §"Crevasse"."""
    walls = {sq: "x" for sq in ("d6", "e6", "f6")}
    walls.update({"d4": "c", "e4": "c", "f4": "c", "d5": "x"})
    state = _activated(terrain=walls, p2=["satyrs@f5"])
    moves = _moves(state)
    assert "e6" not in moves and "e4" not in moves and "e7" not in moves and "g5" not in moves
    assert "e3" not in moves


def test_flyers_pass_over_ground_units_and_terrain_but_not_flyers():
    """001 §"Flying Units": they ignore terrain and cross ground units, never flyers; they
    cannot stop on an occupied square (001 l.439)."""
    state = _activated(unit="harpies@e5", terrain={"e6": "x", "e7": "c"}, p2=["satyrs@e8"])
    moves = _moves(state)
    assert {"e6", "e7", "e9"} <= moves and "e8" not in moves
    state = _activated(
        unit="harpies@a5",
        terrain={},
        p1=["keres@b4", "owls@b5", "auditors@b6"],
        p2=["dawn-regiment@a6", "harpies@a4"],
    )
    assert _moves(state) == set() or state.activation is None  # boxed in by flyers


def test_forest_costs_one_more_point_for_each_forest_passed_through():
    """000 §"Forêt" / RULES-NOTES A2.19 [AMB→per Forest crossed]; Scout ignores it."""
    line = {"d5": "x", "d6": "x", "f5": "x", "f6": "x", "d4": "x", "f4": "x"}
    state = _activated(terrain=dict(line, e6="f", e7="f"))
    moves = _moves(state)
    assert "e7" in moves and "e8" not in moves  # into e6 (1), out of it (2), into e7 (3)
    state = _activated(unit="peltasts@e5", terrain=dict(line, e6="f", e7="f"))
    assert "e9" not in _moves(state)  # Movement 4: e6 (1), leaving it (3), ... e9 would cost 5
    state, _ = run(state, [("p1", "use scout peltasts")])
    assert "e9" in _moves(state)  # Scout: no penalty, 4 squares


def test_the_move_declares_the_attack():
    """001 §"Movement Value" / RULES-NOTES A2.18: the central value if the unit attacks, the
    right one otherwise: going further than the central value gives the attack up."""
    state = _activated(unit="hippeis@e5", p2=["satyrs@e10"])  # Hippeis: 4 with an attack, 6 without
    assert {"e9", "f11"} <= _moves(state)
    near, _ = run(state, [("p1", "mv e5-e9")])
    assert near.activation.can_attack and "atk e9xe10" in legal_texts(near, "p1")
    far, _ = run(state, [("p1", "mv e5-f11")])
    assert far.activation is None  # the attack was given up: nothing left, the activation ends


def test_a_harassed_unit_cannot_move_but_may_still_attack():
    """001 §"Harass an Enemy Unit"."""
    state = battle(
        {"p1": ["toxotes@e5", *A], "p2": ["lycaons@e6", *B]},
        current="p1",
        hands={"p1": ["toxotes"]},
        pp={"p2": 2},
    )
    state, _ = run(state, [("p1", "act toxotes"), ("p2", "harass lycaons")])
    texts = legal_texts(state, "p1")
    assert not [t for t in texts if t.startswith("mv ")] and "atk e5xe6" in texts


def test_hills_and_ruins_do_not_slow_a_move_and_forests_do_not_slow_flyers():
    """001 §"Terrain Effects": Hill and Ruins change combat only; only a Forest takes a point
    from the rest of a ground unit's move (001 §"Forest"), and flyers ignore terrain."""
    corridor = {sq: "x" for sq in ("d5", "d6", "d7", "d8", "f5", "f6", "f7", "f8", "d4", "f4")}
    for ch in ("h", "r"):
        state = _activated(terrain=dict(corridor, e6=ch, e7=ch))  # Marauders: 3
        assert "e8" in _moves(state), ch
    forest = dict(corridor, e6="f", e7="f")
    assert "e8" not in _moves(_activated(terrain=forest))
    flyer = _activated(unit="harpies@e5", terrain=forest)
    reach = content().units["harpies"].levels[content().units["harpies"].vitality].move[1]
    assert f"e{5 + reach}" in _moves(flyer) and f"e{6 + reach}" not in _moves(flyer)

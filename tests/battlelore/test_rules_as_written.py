"""Rules as written: the Battlelore Mythologie items of the independent audit (issue 24),
each reproducing the situation the audit described and citing seed 002."""

from __future__ import annotations

from engine.battlelore import GAME, combat, field
from tests.battlelore.position import at, battle


def names(state, role=None):
    role = role or sorted(GAME.active(state))[0]
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]


# ---------------------------------------------------------------- flyers (002 l.245)

RING_E3 = ["d3", "f3", "d4", "e4", "d2", "e2"]  # the six neighbours of e3


def test_a_flyer_never_crosses_an_enemy_flyer_l245():
    ring = [f"p2 pairi {h}" for h in RING_E3]
    state = battle(["p1 pegas e3", *ring])
    assert field.reachable(state, at(state, "e3"), "e3", 4) == {}
    # the same ring of enemy foot (no Vol) is flown over
    state = battle(["p1 pegas e3", *[f"p2 hop {h}" for h in RING_E3]])
    assert "e5" in field.reachable(state, at(state, "e3"), "e3", 4)
    # and so is a ring of friendly flyers
    state = battle(["p1 pegas e3", *[f"p1 pairi {h}" for h in RING_E3]])
    assert "e5" in field.reachable(state, at(state, "e3"), "e3", 4)


def test_a_retreating_flyer_never_crosses_an_enemy_flyer_l245_l277():
    # p2's Pegasus on e5 retreats north (toward row 9); d6 and e6 hold p1's Pairikas
    state = battle(["p1 hop e4", "p2 pegas e5", "p1 pairi d6", "p1 pairi e6"])
    options = combat.retreat_options(state, at(state, "e5"), 2, 2)
    assert "d7" not in options and "e7" not in options
    assert options == {"e5": 2}  # blocked at once: 1 damage per hex not covered (l.277)
    # over enemy foot the retreat flies on to row 7
    state = battle(["p1 hop e4", "p2 pegas e5", "p1 hop d6", "p1 hop e6"])
    assert "d7" in combat.retreat_options(state, at(state, "e5"), 2, 2)

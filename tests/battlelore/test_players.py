"""The AI seats' musters: the heuristic's drafted armies are legal and vary (balance bench)."""

from __future__ import annotations

import random

import pytest

from engine.battlelore import GAME
from engine.battlelore import army as musters
from engine.battlelore import setup as setups
from engine.battlelore.players import PEOPLES, HeuristicPlayer, random_army
from engine.battlelore.state import Options


def _at_muster(seed: int, people: tuple[str, str], **options):
    state = GAME.setup(Options(**options), ["p1", "p2"], seed)
    seats = {
        r: HeuristicPlayer(seed, people=p, muster="random") for r, p in zip(("p1", "p2"), people, strict=True)
    }
    while state.step != "army":
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, seats[role].choose(state, role)).state
    return state, seats


@pytest.mark.parametrize("points", [100, 250, 400, 600, 1200])
@pytest.mark.parametrize("battle", ["pitched", "ford"])
def test_random_armies_are_legal_and_spend_the_points(points, battle):
    for seed in range(25):
        people = (PEOPLES[seed % 3], PEOPLES[(seed // 3 + 1) % 3])
        state, _ = _at_muster(seed, people, battle=battle, points=points, deities=seed % 4)
        total = setups.points(state)
        for role in ("p1", "p2"):
            side, enemy = state.sides[role].people, state.sides[state.other(role)].people
            army = random_army(state, role, random.Random(seed))
            musters.validate(army, side, enemy, total, state.options.deities)  # raises if illegal
            assert musters.cost(army) >= 0.8 * total


def test_random_armies_vary_and_are_seeded():
    state, _ = _at_muster(3, ("greek", "egypt"))
    armies = {random_army(state, "p1", random.Random(s)).units for s in range(20)}
    assert len(armies) == 20
    assert random_army(state, "p1", random.Random(5)) == random_army(state, "p1", random.Random(5))


def test_a_heuristic_game_with_drafted_armies_ends():
    state, seats = _at_muster(11, ("persia", "greek"), deities=3)
    drafted = {r: random_army(state, r, random.Random(11)) for r in ("p1", "p2")}
    while state.step == "army":
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, seats[role].choose(state, role)).state
    for r in ("p1", "p2"):  # the drafted army is the one mustered, not a preset
        assert sorted(u.card for u in state.alive(r)) == sorted(e.split("/")[0] for e in drafted[r].units)
    while GAME.result(state) is None:
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, seats[role].choose(state, role)).state
    assert GAME.result(state) is not None

"""Mythic Battles' search hints (engine/mythic/ai.py): which decisions the `strong` level
searches (the main step, and whom its own unit strikes), which commands it weighs
there, and the fitted evaluation: the rout counts units (001 §"Victory": a general left with
3 units or fewer loses), and converting a destroyed unit's card pays (001 "Making the deck":
such a card is worth 1 power point)."""

from __future__ import annotations

from engine.mythic import attacks
from engine.mythic.ai import (
    EXTRA_WIDTH,
    FEATURE_NAMES,
    STRIKE_WIDTH,
    WEIGHTS,
    WIDTH,
    candidates,
    evaluate,
    features,
    searching,
)
from engine.mythic.board import parse_square
from engine.mythic.commands import Activate, Attack, End
from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.state import clone
from tests.ai.positions import GAMES, positions


def _all(name: str):
    return positions(name, every=1, limit=1000)


def test_the_main_step_and_the_own_units_strikes_are_searched() -> None:
    kinds, searched = set(), {"main": 0, "activation": 0}
    for state, role in _all("mythic"):
        kinds.add(state.top.kind if state.top else None)
        if searching(state, role):
            searched[state.top.kind] += 1
            assert state.phase == "battle"
            if state.top.kind == "activation":
                act = state.activation
                assert state.unit(act.uid).owner == role and not act.attacked
        elif state.phase == "battle" and state.top and state.top.kind == "main":
            raise AssertionError("a main decision left unsearched")
    assert searched["main"] and searched["activation"]
    assert {"dice", "react"} & kinds  # the dice and reactions were there, unsearched


def test_main_candidates_one_activation_per_unit_best_first_then_end() -> None:
    for name in ("mythic", "mythic_teams"):
        game, _ = GAMES[name]
        mains = [(s, r) for s, r in _all(name) if searching(s, r) and s.top.kind == "main"]
        assert mains
        for state, role in mains:
            legal = game.legal(state, role)
            picked = candidates(state, role, legal)
            assert picked and all(c in legal for c in picked)
            units = [c.unit for c in picked if isinstance(c, Activate)]
            limit = WIDTH if state.turn.activations == 0 else EXTRA_WIDTH
            assert len(units) == len(set(units)) <= limit
            judge = HeuristicPlayer(0)
            values = [judge._activation_value(state, role, u) for u in units]
            assert values == sorted(values, reverse=True)
            assert (End() in picked) == (End() in legal)


def test_activation_candidates_the_best_attack_on_each_target() -> None:
    game, _ = GAMES["mythic"]
    judge, seen = HeuristicPlayer(0), 0
    for state, role in _all("mythic"):
        if not searching(state, role) or state.top.kind != "activation":
            continue
        seen += 1
        unit = state.unit(state.activation.uid)
        assert len({a.target for a in attacks.commands(state, unit)}) >= 2
        legal = game.legal(state, role)
        picked = candidates(state, role, legal)
        assert 1 <= len(picked) <= STRIKE_WIDTH and all(isinstance(c, Attack) and c in legal for c in picked)
        targets = [c.target for c in picked]
        assert len(targets) == len(set(targets))  # one attack per target
        values = [
            judge._attack_value(state, unit, state.unit_at(parse_square(state.board, t)), c)
            for t, c in zip(targets, picked, strict=True)
        ]
        assert values == sorted(values, reverse=True)
    assert seen


def test_features_are_the_other_sides_negated_and_weighted_one_each() -> None:
    assert len(WEIGHTS) == len(FEATURE_NAMES)
    states = [s for s, _ in _all("mythic") if s.phase == "battle" and s.winners is None]
    assert states
    for state in states[::20]:
        p1, p2 = state.roles
        assert features(state, p1) == [-x for x in features(state, p2)]
        assert -1.0 < evaluate(state, p1) < 1.0
        assert abs(evaluate(state, p1) + evaluate(state, p2)) < 1e-9


def test_a_unit_destroyed_nearer_the_rout_weighs_more() -> None:
    """001 §"Victory": 3 units left lose, so the enemy's fifth-last unit is worth more than
    its sixth-last (same unit, same army points)."""
    state, role = next(
        (s, r)
        for s, r in _all("mythic")
        if searching(s, r) and len(s.alive(s.opponent(r))) >= 6 and s.winners is None
    )
    enemy = state.opponent(role)

    def without(n: int):
        out = clone(state)
        for u in sorted(out.alive(enemy), key=lambda u: u.uid)[:n]:
            out.set_unit(u.uid, vit=0, sq=None)
        return out

    values = [evaluate(without(n), role) for n in range(3)]
    assert values[0] < values[1] < values[2]


def test_a_dead_units_card_counts_less_than_its_power_point() -> None:
    state, role = next(
        (s, r)
        for s, r in _all("mythic")
        if searching(s, r) and any(u.owner == r and u.vit <= 0 for u in s.units)
    )
    before = clone(state)
    dead_card = next(u.card for u in before.units if u.owner == role and u.vit <= 0)
    before.sides[role].hand = [dead_card]
    after = clone(before)
    after.sides[role].hand, after.sides[role].pp = [], before.sides[role].pp + 1
    assert evaluate(after, role) > evaluate(before, role)


def test_teams_are_judged_by_the_army_points_they_keep() -> None:
    """With teams the evaluation is the share of army points kept (the duels' fit misjudged
    four-player moves): a wound to an enemy raises it, one to an ally lowers it, and the two
    teams' values are opposite."""
    state, role = next((s, r) for s, r in _all("mythic_teams") if searching(s, r) and s.winners is None)
    base = evaluate(state, role)
    assert abs(base + evaluate(state, state.enemies(role)[0])) < 1e-9

    def wounded(owner_of):
        out = clone(state)
        unit = next(u for u in sorted(out.alive(owner_of), key=lambda u: u.uid) if u.vit > 1)
        out.set_unit(unit.uid, vit=unit.vit - 1)
        return out

    ally = next(r for r in state.allies(role) if r != role)
    assert evaluate(wounded(state.enemies(role)[0]), role) > base
    assert evaluate(wounded(ally), role) < base

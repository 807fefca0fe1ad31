"""Mythic Battles' search hints (engine/mythic/ai.py): which decisions the `strong` level
searches, which commands it weighs there, and an evaluation that prefers converting the
cards of destroyed units (001 "Making the deck": such a card is worth 1 power point)."""

from __future__ import annotations

from engine.mythic.ai import EXTRA_WIDTH, WIDTH, candidates, evaluate, searching
from engine.mythic.commands import Activate, End
from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.state import clone
from tests.ai.positions import GAMES, positions


def _all(name: str):
    return positions(name, every=1, limit=1000)


def test_only_the_main_step_is_searched() -> None:
    kinds, searched = set(), 0
    for state, role in _all("mythic"):
        kinds.add(state.top.kind if state.top else None)
        if searching(state, role):
            searched += 1
            assert state.phase == "battle" and state.top.kind == "main"
        elif state.phase == "battle" and state.top and state.top.kind == "main":
            raise AssertionError("a main decision left unsearched")
    assert searched and {"activation", "dice"} <= kinds  # the other steps were there, unsearched


def test_candidates_one_activation_per_unit_best_first_then_end() -> None:
    for name in ("mythic", "mythic_teams"):
        game, _ = GAMES[name]
        mains = [(s, r) for s, r in _all(name) if searching(s, r)]
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

"""The generic search (engine/ai/search.py): deterministic for a seed and a budget in
iterations, quick on decisions it does not search, always a legal command."""

from __future__ import annotations

import pytest

from engine.ai.search import Budget, SearchPlayer, _cuts
from tests.ai.positions import GAMES, positions

SEARCHED = ("athena", "mythic", "mythic_teams", "battlelore")


@pytest.mark.parametrize("name", SEARCHED)
def test_same_seed_and_iterations_same_decision(name: str) -> None:
    game, _ = GAMES[name]
    searched = 0
    for n, (state, role) in enumerate(positions(name)):
        first = SearchPlayer(game, n, Budget(iterations=6, seconds=None))
        second = SearchPlayer(game, n, Budget(iterations=6, seconds=None))
        command = first.choose(state, role)
        assert command == second.choose(state, role)
        assert command in game.legal(state, role)
        assert first.thought == second.thought
        searched += first.thought.searched
        if first.thought.searched:
            assert first.thought.iterations == 6 and first.thought.candidates >= 2
    assert searched  # real games hold decisions worth a search


@pytest.mark.parametrize("name", SEARCHED)
def test_unsearched_decisions_are_the_heuristics(name: str) -> None:
    """Set-up steps and windows: the heuristic's answer at once, with no iteration; the
    army, where the game ranks the musters, the best-ranked one."""
    game, _ = GAMES[name]
    for n, (state, role) in enumerate(positions(name)):
        if game.ai.searching(state, role):
            continue
        player = SearchPlayer(game, n, Budget(iterations=50, seconds=None))
        legal = game.legal(state, role)
        ranked = game.ai.muster(legal) if game.ai.muster is not None and len(legal) > 1 else None
        expected = ranked if ranked is not None else game.players["heuristic"](n).choose(state, role)
        assert player.choose(state, role) == expected
        assert player.thought.iterations == 0


def test_strong_is_a_level_of_every_two_player_game() -> None:
    for name in SEARCHED:
        game, _ = GAMES[name]
        assert isinstance(game.players["strong"](3), SearchPlayer)
    assert "strong" not in GAMES["hoplomachus"][0].players  # solo: nobody to out-think


def test_budget_in_seconds_ends_the_search() -> None:
    game, _ = GAMES["battlelore"]
    state, role = next((s, r) for s, r in positions("battlelore") if game.ai.searching(s, r))
    player = SearchPlayer(game, 1, Budget(iterations=None, seconds=0.05))
    player.choose(state, role)
    assert 1 <= player.thought.iterations < 50


@pytest.mark.parametrize(
    ("width", "iterations", "cuts"),
    [(4, 16, {8}), (5, 8, {3, 5}), (8, 16, {5, 11}), (4, 4, {2}), (2, 16, set()), (5, 2, {1})],
)
def test_halving_gives_each_round_an_equal_share_of_the_worlds(width, iterations, cuts) -> None:
    """Cutting after 1, 2, 4... worlds dropped half the candidates on one world's dice (and a
    search of 16 worlds then weighed two); each round now gets its share."""
    assert _cuts(width, iterations) == cuts


def test_a_game_may_keep_the_cuts_after_1_2_4_worlds() -> None:
    assert {1, 2, 4, 8, 16} <= _cuts(4, 16, shared=False)
    assert not {3, 5, 6, 7, 12} & _cuts(4, 16, shared=False)
    assert GAMES["battlelore"][0].ai.rounds is False and GAMES["mythic"][0].ai.rounds is True

"""Every AI level decides from its seat's view alone (issue 27, ARCHITECTURE §2 "hidden
fields"): on positions of real games, a second state that differs from the real one only in
what the seat cannot see (the opponents' hands, face-down cards, deck orders, a hidden
deployment, the generator) gives the same decision with the same seed and budget."""

from __future__ import annotations

import random

import pytest

from tests.ai.positions import GAMES, positions


def _other_world(game, state, role, seed: int):
    """A state the seat cannot tell from `state`: its hidden parts drawn again."""
    return game.ai.determinize(state, role, random.Random(seed))


def _player(game, level: str, seed: int):
    player = game.players[level](seed)
    if hasattr(player, "budget"):  # the search: a budget in iterations, never the clock
        from engine.ai.search import Budget

        player.budget = Budget(iterations=12)
    return player


@pytest.mark.parametrize("name", sorted(GAMES))
def test_other_world_looks_the_same_but_is_not(name: str) -> None:
    game, _ = GAMES[name]
    changed = 0
    for state, role in positions(name):
        other = _other_world(game, state, role, 99)
        assert game.view(other, role) == game.view(state, role)
        assert game.legal(other, role) == game.legal(state, role)
        changed += other.model_dump() != state.model_dump()
    assert changed == len(positions(name))  # the generator at least is never the real one


@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinization_reads_nothing_hidden(name: str) -> None:
    """The sample depends on the seat's view and its own seed only."""
    game, _ = GAMES[name]
    for state, role in positions(name):
        other = _other_world(game, state, role, 99)
        for seed in (1, 2):
            mine = game.ai.determinize(state, role, random.Random(seed)).model_dump()
            assert game.ai.determinize(other, role, random.Random(seed)).model_dump() == mine


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_level_decides_the_same_in_both_worlds(name: str) -> None:
    game, _ = GAMES[name]
    for n, (state, role) in enumerate(positions(name)):
        other = _other_world(game, state, role, 1000 + n)
        for level in sorted(game.players):
            seed = 7 * n + 1
            here = _player(game, level, seed).choose(state, role)
            there = _player(game, level, seed).choose(other, role)
            assert here == there, (name, level, n)
            assert here in game.legal(state, role)

"""The attack roll: 000 §"Jet d'Attaque" / 001 §"Attack Roll", and the `optimal` shortcut."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mythic import dice


def _roll(*faces, difficulty=7, mode="once", **kw):
    source = iter(faces)
    roll = dice.new_roll(
        kw.pop("count", None) or len(faces),
        lambda: next(source),
        role="p1",
        unit="u",
        kind="cc",
        difficulty=difficulty,
        mode=mode,
        **kw,
    )
    return roll


def _scripted(*faces):
    source = iter(faces)
    return lambda: next(source)


def test_zeros_are_lost_at_once():
    """001 §"Summary of the attack roll": a 0 is removed immediately."""
    roll = _roll(0, 3, 0, difficulty=3)
    assert [d.status for d in roll.dice] == ["lost", "live", "lost"] and roll.successes == 1
    assert dice.boosts(roll) == []  # a lost die can neither be discarded nor receive a boost


def test_only_dice_showing_1_to_4_may_be_discarded_onto_another_live_die():
    """001 l.597: a die showing 1-4 may be discarded to add 1 to another die."""
    roll = _roll(5, 4, 1, 0)
    assert (1, 0) in dice.boosts(roll) and (2, 1) in dice.boosts(roll)
    assert not [b for b in dice.boosts(roll) if b[0] == 0]  # the 5 is not discardable
    assert not [b for b in dice.boosts(roll) if b[1] == 3]  # not onto a lost die


def test_a_zero_on_a_rerolled_five_loses_the_die():
    """001 l.601: "lost for good, even if it was a re-roll of a 5" (RULES-NOTES A1.2)."""
    roll = _roll(5, 2, difficulty=6)
    dice.reroll(roll, [0], _scripted(0))
    assert roll.dice[0].status == "lost" and roll.successes == 0


def test_rerolled_dice_cannot_be_discarded():
    """RULES-NOTES A2.26 [AMB→dice that have been re-rolled cannot be discarded]."""
    roll = _roll(5, 2, difficulty=12, mode="chain")
    dice.reroll(roll, [0], _scripted(5))
    roll.dice[0].bonus = 0
    assert not [b for b in dice.boosts(roll) if b[0] == 0]


def test_once_versus_chain_rerolls():
    """RULES-NOTES A1.1: the French text allows one round of re-rolls (000 l.615), the English
    repeats while fives come up (001 l.603): `Options.reroll_fives`."""
    once = _roll(5, 5, difficulty=12, mode="once")
    dice.reroll(once, [0], _scripted(5))
    assert dice.fives(once) == []  # the second five is not re-rolled after the round
    chain = _roll(5, 5, difficulty=12, mode="chain")
    dice.reroll(chain, [0], _scripted(5))
    assert dice.fives(chain) == [0, 1]  # 10 (a five again) and the untouched 5
    dice.reroll(chain, [0, 1], _scripted(2, 4))
    assert sorted(d.total for d in chain.dice) == [9, 12] and chain.successes == 1


def test_a_die_boosted_to_five_may_be_rerolled():
    """001 l.599: "A 5 can be obtained by a natural roll or by discarding other dice"."""
    roll = _roll(4, 1, difficulty=7)
    dice.boost(roll, 1, 0)
    assert dice.fives(roll) == [0]


def test_optimal_plays_the_rulebook_example_as_well_as_nick():
    """With 5 2 4 1 against 7 the rulebook player reaches two successes; `optimal` raises the
    4 to 5 and re-rolls both fives, then spends the 2 where it helps."""
    roll = _roll(5, 2, 4, 1)
    dice.play_optimal(roll, _scripted(3, 1))
    assert roll.done and roll.successes == 2
    assert sorted(d.total for d in roll.dice if d.live) == [7, 8]


def test_optimal_does_not_risk_a_five_that_already_succeeds():
    roll = _roll(5, 1, difficulty=5)
    dice.play_optimal(roll, _scripted())
    assert roll.successes == 1 and roll.rounds == 0


def test_optimal_boosts_to_the_difficulty_when_it_is_low():
    roll = _roll(4, 3, 1, 1, 1, difficulty=5)
    dice.play_optimal(roll, _scripted())
    assert roll.successes == 2  # 4+1 and 3+1+1: every spare die spent


def _brute_best_without_rerolls(values, d):
    best = 0
    n = len(values)
    for roles in itertools.product(range(2), repeat=n):  # 1 = succeed, 0 = fuel
        need = sum(max(0, d - v) for v, r in zip(values, roles, strict=True) if r)
        fuel = sum(1 for v, r in zip(values, roles, strict=True) if not r and 1 <= v <= 4)
        if need <= fuel:
            best = max(best, sum(roles))
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=7), st.integers(1, 5))
def test_without_rerolls_the_greedy_count_is_the_true_maximum(values, d):
    assert dice._finish_count(tuple(sorted(values)), (), d) == _brute_best_without_rerolls(values, d)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=6),
    st.integers(2, 10),
    st.sampled_from(["once", "chain"]),
    st.integers(0, 10**6),
)
def test_optimal_is_never_worse_on_average_than_stopping(faces, d, mode, seed):
    """The solver's value is at least what stopping at once gives, and playing it out yields
    a finished roll whose successes are within the dice count."""
    roll = _roll(*faces, difficulty=d, mode=mode)
    fresh, rolled, ready = dice._split(roll)
    value = dice.expected(fresh, rolled, ready, d, True, mode == "chain")
    assert value + 1e-9 >= dice._finish_count(fresh, rolled + ready, d)
    rng = random.Random(seed)
    dice.play_optimal(roll, lambda: rng.randrange(6))
    assert roll.done and 0 <= roll.successes <= len(faces)


def test_optimal_beats_a_cautious_player_over_many_rolls():
    """Against defence 8, re-rolling fives is worth it: optimal scores more than never
    re-rolling, over the same dice."""
    rng = random.Random(5)
    optimal = cautious = 0
    for _ in range(300):
        faces = [rng.randrange(6) for _ in range(4)]
        tail = [rng.randrange(6) for _ in range(8)]
        a = _roll(*faces, difficulty=8)
        source = iter(tail)
        dice.play_optimal(a, lambda src=source: next(src))
        optimal += a.successes
        b = _roll(*faces, difficulty=8)
        for spend, onto in dice.finishing_boosts(b):
            dice.boost(b, spend, onto)
        cautious += b.successes
    assert optimal > cautious

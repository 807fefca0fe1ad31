"""The attack roll and its choices, 000 §"Jet d'Attaque" / 001 §"Attack Roll".

Each die keeps its own running total. A 0 is lost at once, even on a re-roll of a 5
(001 l.601). A die showing 1-4 may be discarded to add 1 to another live die. A 5 may be
re-rolled and the new face added; then discarding is allowed again. The French text stops
after one round of re-rolls (000 l.615), the English one repeats while fives come up
(001 l.603): `Options.reroll_fives` picks ("once" by default, or "chain").

`optimal()` plays the choices that maximise the expected number of successes, by an exact
search over what matters: which dice to bring to 5 and re-roll, and how to spend the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product
from math import factorial
from typing import Literal

from pydantic import BaseModel

from engine.mythic import readings

Face = Callable[[], int]  # draws one die face, 0-5


class Die(BaseModel):
    base: int = 0  # total of the faces before the last one (boosts folded in at each re-roll)
    last: int = 0  # the last face rolled
    bonus: int = 0  # +1 for each die discarded onto it since the last roll
    rerolls: int = 0  # how many times a 5 on it was re-rolled
    status: Literal["live", "lost", "spent"] = "live"
    faces: list[int] = []  # every face rolled, for display

    @property
    def total(self) -> int:
        return self.base + self.last + self.bonus

    @property
    def live(self) -> bool:
        return self.status == "live"

    def set_face(self, face: int) -> None:
        self.last = face
        self.faces.append(face)
        self.status = "lost" if face == 0 else "live"


class Roll(BaseModel):
    role: str  # who rolls and decides
    unit: str  # the rolling unit's uid
    kind: str  # "cc" | "ra" | "bite" | "bombard"
    difficulty: int
    mode: Literal["once", "chain"] = "once"
    dice: list[Die] = []
    rounds: int = 0  # re-roll rounds made
    zero_talent: str | None = None  # "skilled_melee" / "skilled_shot" when the roller has it
    zero_cost: int = 0
    zero_used: bool = False
    aura: bool = False  # an Aura of Strength re-roll is available
    aura_used: bool = False
    done: bool = False

    @property
    def successes(self) -> int:
        # 001 §"Attack Roll": "Each result equal to or higher than the defender's Defense value is a success"
        return sum(1 for d in self.dice if d.live and d.total >= self.difficulty)


def new_roll(count: int, face: Face, **fields: object) -> Roll:
    roll = Roll(**fields)
    for _ in range(max(0, count)):
        die = Die()
        die.set_face(face())
        roll.dice.append(die)
    return roll


# ----------------------------------------------------------------------- what may be done


def can_discard(die: Die) -> bool:
    return die.live and 1 <= die.total <= 4 and readings.discardable_after_reroll(die.rerolls)


def can_reroll_five(roll: Roll, die: Die) -> bool:
    if not die.live:
        return False
    if roll.mode == "once":
        return roll.rounds == 0 and die.rerolls == 0 and die.total == 5
    # chain: a fresh die showing 5, or a re-rolled die whose new face is a 5
    return (die.rerolls == 0 and die.total == 5) or (die.rerolls > 0 and die.last == 5 and die.bonus == 0)


def boosts(roll: Roll) -> list[tuple[int, int]]:
    if roll.done:
        return []
    live = [i for i, d in enumerate(roll.dice) if d.live]
    return [(i, j) for i in live if can_discard(roll.dice[i]) for j in live if j != i]


def fives(roll: Roll) -> list[int]:
    if roll.done:
        return []
    return [i for i, d in enumerate(roll.dice) if can_reroll_five(roll, d)]


def lost_dice(roll: Roll) -> list[int]:
    return [i for i, d in enumerate(roll.dice) if d.status == "lost"]


def zero_rerolls(roll: Roll, pp: int) -> list[int]:
    """Skilled Melee / Skilled Shot: 000 §"Adresse en mêlée" — re-roll a die that rolled 0, once."""
    if roll.done or not roll.zero_talent or roll.zero_used or pp < roll.zero_cost:
        return []
    return lost_dice(roll)


def aura_rerolls(roll: Roll) -> list[int]:
    """Aura of Strength: 000 §"Aura de force" — re-roll one die of the roller's choice."""
    if roll.done or not roll.aura or roll.aura_used:
        return []
    return [i for i, d in enumerate(roll.dice) if d.status != "spent"]


def has_choice(roll: Roll, pp: int) -> bool:
    return bool(boosts(roll) or fives(roll) or zero_rerolls(roll, pp) or aura_rerolls(roll))


def reroll_sets(roll: Roll) -> list[tuple[int, ...]]:
    """Re-roll choices offered as commands: every subset when there are few fives."""
    idx = fives(roll)
    if len(idx) <= 4:
        return [c for k in range(len(idx), 0, -1) for c in combinations(idx, k)]
    return [tuple(idx)] + [(i,) for i in idx]


# ----------------------------------------------------------------------- doing it


def boost(roll: Roll, spend: int, onto: int) -> None:
    roll.dice[spend].status = "spent"
    roll.dice[onto].bonus += 1


def reroll(roll: Roll, indices: tuple[int, ...] | list[int], face: Face) -> None:
    for i in indices:
        die = roll.dice[i]
        die.base, die.bonus = die.total, 0
        die.rerolls += 1
        die.set_face(face())
    roll.rounds += 1


def replace_last(roll: Roll, index: int, face: Face) -> None:
    """Re-roll one die's last face (zero talents, aura): earlier faces and boosts stay."""
    roll.dice[index].set_face(face())


# ----------------------------------------------------------------------- the optimal policy


def _finish_count(fresh: tuple[int, ...], rolled: tuple[int, ...], d: int) -> int:
    """Most successes reachable by discards alone (001 l.597), greedily exact: the top k
    dice succeed if the fuel left outside them covers their deficits."""
    dice = sorted([(t, 1 <= t <= 4) for t in fresh] + [(t, False) for t in rolled], reverse=True)
    best, need = 0, 0
    fuel_after = [0] * (len(dice) + 1)
    for i in range(len(dice) - 1, -1, -1):
        fuel_after[i] = fuel_after[i + 1] + (1 if dice[i][1] else 0)
    for k in range(1, len(dice) + 1):
        need += max(0, d - dice[k - 1][0])
        if need <= fuel_after[k]:
            best = k
    return best


def _outcomes(k: int) -> list[tuple[float, tuple[int, ...]]]:
    return _OUTCOMES[k] if k < len(_OUTCOMES) else _outcome_table(k)


def _outcome_table(k: int) -> list[tuple[float, tuple[int, ...]]]:
    table = []
    for faces in combinations_with_replacement(range(6), k):
        ways = factorial(k)
        for f in set(faces):
            ways //= factorial(faces.count(f))
        table.append((ways / 6**k, faces))
    return table


_OUTCOMES = [_outcome_table(k) for k in range(8)]


def _choices(
    fresh: tuple[int, ...], chain_ready: tuple[int, ...], d: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Ways to pick dice to re-roll: (fresh dice brought to 5, chain-ready dice, fresh left)."""
    candidates = sorted({t for t in fresh if t <= 5}) if d > 5 else []
    counts = [range(fresh.count(t) + 1) for t in candidates]
    ready = [t for t in chain_ready if t < d]
    for picks in product(*counts):
        chosen = tuple(t for t, n in zip(candidates, picks, strict=True) for _ in range(n))
        for n_ready in range(len(ready) + 1):
            again = tuple(sorted(ready, reverse=True)[:n_ready])
            if not chosen and not again:
                continue
            left = list(fresh)
            for t in chosen:
                left.remove(t)
            cost = sum(5 - t for t in chosen)
            fuel = sorted(t for t in left if 1 <= t <= 4)
            if cost > len(fuel):
                continue
            for t in fuel[:cost]:  # burn the lowest dice: the high ones may still succeed
                left.remove(t)
            yield chosen, again, tuple(sorted(left))


@lru_cache(maxsize=200_000)
def expected(
    fresh: tuple[int, ...],
    rolled: tuple[int, ...],
    ready: tuple[int, ...],
    d: int,
    can_reroll: bool,
    chain: bool,
) -> float:
    """Best expected successes. `rolled`: totals of re-rolled dice that may not re-roll again;
    `ready`: re-rolled dice whose last face was a 5 (chain mode may re-roll them)."""
    best = float(_finish_count(fresh, rolled + ready, d))
    if not can_reroll:
        return best
    for chosen, again, left in _choices(fresh, ready, d):
        best = max(best, _after_reroll(chosen, again, left, rolled, ready, d, chain))
    return best


def _after_reroll(chosen, again, left, rolled, ready, d, chain) -> float:
    keep_ready = list(ready)
    for t in again:
        keep_ready.remove(t)
    starts = [5] * len(chosen) + list(again)
    total = 0.0
    for p, faces in _outcomes(len(starts)):
        for order in [faces] if len(set(starts)) <= 1 else _assignments(faces):
            weight = p if len(set(starts)) <= 1 else p / len(_assignments(faces))
            new_rolled, new_ready = list(rolled), list(keep_ready)
            for start, f in zip(starts, order, strict=True):
                if f == 0:
                    continue
                (new_ready if chain and f == 5 else new_rolled).append(start + f)
            total += weight * expected(
                left, tuple(sorted(new_rolled)), tuple(sorted(new_ready)), d, chain, chain
            )
    return total


@lru_cache(maxsize=4096)
def _assignments(faces: tuple[int, ...]) -> list[tuple[int, ...]]:
    return sorted(set(permutations(faces)))


def _split(roll: Roll) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    fresh = tuple(sorted(d.total for d in roll.dice if d.live and d.rerolls == 0))
    ready, rolled = [], []
    for d in roll.dice:
        if d.live and d.rerolls:
            (ready if roll.mode == "chain" and can_reroll_five(roll, d) else rolled).append(d.total)
    return fresh, tuple(sorted(rolled)), tuple(sorted(ready))


def _may_reroll(roll: Roll) -> bool:
    return roll.mode == "chain" or roll.rounds == 0


def best_reroll(roll: Roll) -> tuple[list[tuple[int, int]], list[int]] | None:
    """The boosts then the dice to re-roll, if re-rolling beats stopping now."""
    fresh, rolled, ready = _split(roll)
    d, chain = roll.difficulty, roll.mode == "chain"
    if not _may_reroll(roll):
        return None
    stop = float(_finish_count(fresh, rolled + ready, d))
    best, plan = stop + 1e-9, None
    for chosen, again, left in _choices(fresh, ready, d):
        value = _after_reroll(chosen, again, left, rolled, ready, d, chain)
        if value > best:
            best, plan = value, (chosen, again)
    if plan is None:
        return None
    return _realise(roll, *plan)


def _realise(
    roll: Roll, chosen: tuple[int, ...], again: tuple[int, ...]
) -> tuple[list[tuple[int, int]], list[int]]:
    fresh_idx = [i for i, d in enumerate(roll.dice) if d.live and d.rerolls == 0]
    targets: list[int] = []
    for t in chosen:
        i = next(i for i in fresh_idx if roll.dice[i].total == t and i not in targets)
        targets.append(i)
    ready_idx = [i for i, d in enumerate(roll.dice) if d.live and d.rerolls and can_reroll_five(roll, d)]
    for t in again:
        targets.append(next(i for i in ready_idx if roll.dice[i].total == t and i not in targets))
    fuel = sorted(
        (roll.dice[i].total, i) for i in fresh_idx if i not in targets and can_discard(roll.dice[i])
    )
    moves, fuel_iter = [], iter(fuel)
    for i in targets:
        for _ in range(5 - roll.dice[i].total if roll.dice[i].rerolls == 0 else 0):
            moves.append((next(fuel_iter)[1], i))
    return moves, targets


def finishing_boosts(roll: Roll) -> list[tuple[int, int]]:
    """Discards that reach the greedy maximum of successes, burning the lowest dice."""
    d = roll.difficulty
    live = sorted((i for i, die in enumerate(roll.dice) if die.live), key=lambda i: (-roll.dice[i].total, i))
    fresh, rolled, ready = _split(roll)
    k = _finish_count(fresh, rolled + ready, d)
    top, rest = live[:k], live[k:]
    fuel = iter(sorted((i for i in rest if can_discard(roll.dice[i])), key=lambda i: (roll.dice[i].total, i)))
    moves = []
    for i in top:
        for _ in range(max(0, d - roll.dice[i].total)):
            moves.append((next(fuel), i))
    return moves


def play_optimal(roll: Roll, face: Face) -> None:
    """Free re-rolls first (aura on a lost die, a zero talent that costs nothing), then
    the best boosts and re-rolls until nothing improves; never spends power points."""
    if aura_rerolls(roll) and lost_dice(roll):
        replace_last(roll, lost_dice(roll)[0], face)
        roll.aura_used = True
    if roll.zero_talent and not roll.zero_used and roll.zero_cost == 0 and lost_dice(roll):
        replace_last(roll, lost_dice(roll)[0], face)
        roll.zero_used = True
    while (plan := best_reroll(roll)) is not None:
        moves, targets = plan
        for spend, onto in moves:
            boost(roll, spend, onto)
        reroll(roll, targets, face)
    for spend, onto in finishing_boosts(roll):
        boost(roll, spend, onto)
    roll.done = True

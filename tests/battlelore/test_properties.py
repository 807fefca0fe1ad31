"""Properties of self-played games, and 200 seeded games in CI (ARCHITECTURE §7).

Invariants hold at every step (engine/battlelore/invariants.py), a replay of the log gives
the same state, a saved state loads back equal, no hidden card reaches another role's view
or a public event, and a refused command changes nothing.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battlelore import GAME
from engine.battlelore.commands import COMMAND
from engine.battlelore.invariants import leaks, problems
from engine.battlelore.players import HeuristicPlayer, RandomPlayer
from engine.battlelore.state import Options
from engine.errors import IllegalCommand
from engine.harness import replay

KINDS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}


def _play(seed, p1, p2, options, max_steps, deep):
    players = {"p1": KINDS[p1](seed), "p2": KINDS[p2](seed + 1)}
    state = GAME.setup(options, ["p1", "p2"], seed)
    log = []
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            break
        role = sorted(GAME.active(state))[0]
        cmd = players[role].choose(state, role)
        outcome = GAME.apply(state, role, cmd)
        assert not problems(outcome.state), problems(outcome.state)
        if deep:
            assert not leaks(outcome.state, outcome.events)
            assert COMMAND.validate_python(json.loads(json.dumps(cmd.model_dump(mode="json")))) == cmd
            text = GAME.notation.format(cmd)
            assert GAME.notation.parse(text, state, role) == cmd, text
        log.append((role, cmd))
        state = outcome.state
    return state, log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    p1=st.sampled_from(sorted(KINDS)),
    p2=st.sampled_from(sorted(KINDS)),
    battle=st.sampled_from(["pitched", "ford", "temple", "pass"]),
    deploy=st.sampled_from(["hidden", "alternate"]),
)
def test_properties_hold_at_every_step_and_replay_gives_the_same_state(seed, p1, p2, battle, deploy):
    options = Options(battle=battle, deploy=deploy, deities=3, sites=3)
    state, log = _play(seed, p1, p2, options, max_steps=250, deep=True)
    again = replay(GAME, options, ["p1", "p2"], seed, log)
    assert again.model_dump_json() == state.model_dump_json()
    assert GAME.load_state(json.loads(state.model_dump_json())) == state


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 200), pick=st.integers(0, 10**6))
def test_refused_commands_change_nothing(seed, steps, pick):
    state, _ = _play(seed, "random", "random", Options(), max_steps=steps, deep=False)
    if GAME.result(state) is not None:
        return
    before = state.model_dump_json()
    active = sorted(GAME.active(state))
    idle = [r for r in state.roles if r not in active]
    foreign = [c for r in state.roles for c in GAME.legal(state, r)]
    if idle and foreign:
        with pytest.raises(IllegalCommand):
            GAME.apply(state, idle[0], foreign[pick % len(foreign)])
    role = active[0]
    legal = GAME.legal(state, role)
    for text in (
        "end",
        "go",
        "pass",
        "adv",
        "atk a1xm9",
        "mv a1-a2",
        "play zz",
        "ret a1",
        "lore zeus",
        "army greek9",
        "dep zz a1",
        "map zz",
    ):
        cmd = GAME.notation.parse(text, state, role)
        if cmd in legal:
            continue
        with pytest.raises(IllegalCommand):
            GAME.apply(state, role, cmd)
    assert state.model_dump_json() == before


BATTLES = ["pitched", "ford", "temple", "pass"]


@pytest.mark.parametrize("chunk", range(4))
def test_seeded_random_games_finish_without_a_broken_invariant(chunk):
    """200 seeded random games in CI (short: 16 turns), every battle, every step checked."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        options = Options(
            battle=BATTLES[seed % 4],
            deploy="alternate" if seed % 3 else "hidden",
            max_turns=16,
            sites=seed % 5,
            deities=seed % 4,
        )
        state, _ = _play(seed, "random", "random", options, max_steps=3000, deep=False)
        assert GAME.result(state) is not None, seed


def test_seeded_games_against_the_heuristic_finish_and_it_wins_them():
    """12 more, the heuristic against random, to the end of the battle."""
    wins = 0
    for seed in range(1000, 1012):
        heur = "p2" if seed % 2 else "p1"
        kinds = ("random", "heuristic") if seed % 2 else ("heuristic", "random")
        state, _ = _play(
            seed, *kinds, Options(battle=BATTLES[seed % 4], deities=3), max_steps=5000, deep=False
        )
        result = GAME.result(state)
        assert result is not None, seed
        wins += result.winners == [heur]
    assert wins >= 11

"""Properties of played campaigns, and seeded campaigns in CI.

At every step: the invariants hold (engine/hoplomachus/invariants.py), the public view and
events never show hidden cards (deck order, bag contents), every legal command survives
the notation and JSON, a replay of the log gives the same state, and a refused command
changes nothing.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalCommand
from engine.harness import replay
from engine.hoplomachus import GAME
from engine.hoplomachus.commands import COMMAND
from engine.hoplomachus.invariants import leaks, problems
from engine.hoplomachus.notation import NOTATION
from engine.hoplomachus.players import HeuristicPlayer, RandomPlayer
from engine.hoplomachus.state import Options

KINDS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
DIFFICULTIES = ("chosen", "valiant", "fearless")


def _play(seed: int, kind: str, options: Options, max_steps: int, deep: bool):
    player = KINDS[kind](seed)
    state = GAME.setup(options, ["p1"], seed)
    log = []
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            break
        assert GAME.active(state) == frozenset({"p1"})
        legal = GAME.legal(state, "p1")
        assert legal, f"seed {seed}: no legal command in phase {state.phase}"
        cmd = player.choose(state, "p1")
        if deep:
            for x in legal:
                assert NOTATION.parse(NOTATION.format(x), state, "p1") == x, NOTATION.format(x)
            assert COMMAND.validate_python(json.loads(json.dumps(cmd.model_dump(mode="json")))) == cmd
        outcome = GAME.apply(state, "p1", cmd)
        assert not problems(outcome.state), problems(outcome.state)
        if deep:
            assert not leaks(outcome.events, outcome.state, GAME.view(outcome.state, None))
        log.append(("p1", cmd))
        state = outcome.state
    return state, log


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), kind=st.sampled_from(sorted(KINDS)), diff=st.sampled_from(DIFFICULTIES))
def test_properties_hold_at_every_step_and_replay_gives_the_same_state(seed, kind, diff):
    options = Options(difficulty=diff)
    state, log = _play(seed, kind, options, max_steps=150, deep=True)
    again = replay(GAME, options, ["p1"], seed, log)
    assert again.model_dump_json() == state.model_dump_json()
    assert GAME.load_state(json.loads(state.model_dump_json())) == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 200), pick=st.integers(0, 10**6))
def test_refused_commands_change_nothing(seed, steps, pick):
    state, _ = _play(seed, "random", Options(), max_steps=steps, deep=False)
    if GAME.result(state) is not None:
        return
    before = state.model_dump_json()
    legal = GAME.legal(state, "p1")
    with pytest.raises(IllegalCommand):
        GAME.apply(state, "p2", legal[pick % len(legal)])
    candidates = [
        {"kind": "end"}, {"kind": "go", "to": "klc"}, {"kind": "sail", "to": "h9"}, {"kind": "spectate"},
        {"kind": "dep", "unit": "hero", "hex": "a1"}, {"kind": "mv", "frm": "a1", "to": "g7"},
        {"kind": "atk", "actor": "d4", "target": "d3"}, {"kind": "pick", "hex": "g1"},
        {"kind": "keep", "card": "op_nothing"}, {"kind": "up", "die": 9}, {"kind": "tribune", "place": 9},
        {"kind": "tac", "tactic": "stun", "target": "a1"}, {"kind": "surrender"},
    ]  # fmt: skip
    for data in candidates:
        cmd = COMMAND.validate_python(data)
        if cmd in legal:
            continue
        with pytest.raises(IllegalCommand) as err:
            GAME.apply(state, "p1", cmd)
        assert err.value.text.key.startswith(("hop.", "core."))
    assert state.model_dump_json() == before


CI_CAMPAIGNS = {"chosen": 30, "valiant": 70, "fearless": 100}  # 200 in all; the long ones fewer


@pytest.mark.parametrize("diff", DIFFICULTIES)
def test_200_seeded_campaigns_finish_without_a_failure(diff):
    """Random-player campaigns, and a heuristic one in 20, with the invariants at every step
    (views and notation are checked by the property test above)."""
    outcomes = []
    for i in range(CI_CAMPAIGNS[diff]):
        kind = "heuristic" if i % 20 == 0 else "random"
        state, _ = _play(7000 + i, kind, Options(difficulty=diff), max_steps=20_000, deep=False)
        result = GAME.result(state)
        assert result is not None, f"seed {7000 + i} did not finish"
        assert result.details["difficulty"] == diff
        outcomes.append(result)
    assert any(r.details["act"] >= 2 for r in outcomes)


def test_the_invariants_catch_each_kind_of_breach():
    from tests.hoplomachus.scenario import fight

    def fresh():
        return fight(["p:kl_blade@d5", "r:kl_guard@d4"])

    assert problems(fresh()) == []
    breaches = {
        "two units": lambda s: setattr(s.fight.units[1], "hex", "d5"),
        "blocked": lambda s: setattr(s.fight.units[0], "hex", "c3"),
        "no HP": lambda s: setattr(s.fight.units[0], "hp", 0),
        "token": lambda s: s.bag.append(s.camp[0]),
        "influence": lambda s: setattr(s, "influence", -1),
        "blessings": lambda s: setattr(s, "blessings", -1),
    }
    for words, breach in breaches.items():
        state = fresh()
        breach(state)
        assert any(words in p for p in problems(state)), words

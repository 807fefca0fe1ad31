"""`view` builds its models without validating them again (engine/mythic/view.py `_make`): the
result is the model a validated build gives, for views of many real states (set-up, recruitment,
battle, combat, the end; duel and four-player variant): equal, same JSON, same
`model_fields_set` (so `model_dump(exclude_unset=True)` too), same field types, and it pickles."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from pydantic import BaseModel
from same_model import assert_same

from engine.harness import play
from engine.mythic import GAME, view
from engine.mythic.view import MythicView

SETUPS = [{}, {"reroll_fives": "chain"}, {"teams": True}, {"deckbuilding": True}]
MIXES = [("heuristic", "random"), ("random", "heuristic"), ("random", "random")]


def _validated(cls: type[BaseModel], **values: Any) -> BaseModel:
    """The validated build `_make` stands for."""
    return cls(**values)


def _states() -> list:
    states = []
    for seed in range(4):
        options = GAME.Options(**SETUPS[seed % len(SETUPS)])
        roles = GAME.roles(options)
        kinds = MIXES[seed % len(MIXES)]
        players = {r: GAME.players[kinds[i % 2]](seed + i) for i, r in enumerate(roles)}
        rec = play(GAME, players, seed, options)
        steps = [GAME.setup(options, rec.roles, seed)]
        for role, command in rec.log:
            steps.append(GAME.apply(steps[-1], role, command).state)
        states += steps[:12] + steps[12 + seed % 7 :: 7] + steps[-1:]  # the set-up, one in seven, the end
    return states


def _shown(v: MythicView) -> set[str]:
    """What a view shows, for the test to prove its states cover every kind of model."""
    out = {v.phase}
    if v.setup is not None:
        out.add("battlefields" if v.setup.battlefields else "zones")
    if v.combat is not None:
        out.add("combat")
    if v.last_attack is not None and v.last_attack.rolls:
        out.add("rolls")
    if v.activation is not None:
        out.add("activation")
    if v.decision is not None:
        out.add("decision")
    if v.winners is not None:
        out.add("winners")
    if any(u.destroyed for u in v.units):
        out.add("destroyed")
    if any(u.stats is not None and u.stats.talents for u in v.units):
        out.add("talents")
    if any(s.hand is not None for s in v.sides.values()):
        out.add("hand")
    if any(s.team is not None for s in v.sides.values()):
        out.add("teams")
    return out


@pytest.fixture(scope="module")
def states() -> list:
    return _states()


def test_constructed_views_equal_validated_views_of_many_states(states, monkeypatch):
    views = [(GAME.view(s, r), s, r) for s in states for r in (None, *s.roles)]
    monkeypatch.setattr(view, "_make", _validated)
    seen: set[str] = set()
    for fast, state, role in views:
        ref = GAME.view(state, role)
        assert_same(fast, ref)
        assert fast == ref
        assert fast.model_dump_json() == ref.model_dump_json()
        assert fast.model_dump(exclude_unset=True) == ref.model_dump(exclude_unset=True)
        again = MythicView.model_validate(fast.model_dump())
        assert again == fast and again.model_dump_json() == fast.model_dump_json()
        assert MythicView.model_validate_json(fast.model_dump_json()) == fast
        assert pickle.loads(pickle.dumps(fast)) == fast
        seen |= _shown(fast)
    assert {"battlefields", "zones", "combat", "rolls", "activation", "decision", "winners"} <= seen
    assert {"destroyed", "talents", "hand", "teams"} <= seen

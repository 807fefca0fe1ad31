"""`view` builds its models without validating them again (`state.unvalidated`): the result is
the model a validated build gives, for views of many real states: equal, same JSON, same
`model_fields_set` (so `model_dump(exclude_unset=True)` too), same field types, and it pickles."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from athena_helpers import arena
from pydantic import BaseModel
from same_model import assert_same

from engine.athena import GAME, visibility
from engine.athena.view import AthenaView
from engine.harness import play

SETUPS = [
    ("athenes", {}),
    ("initiation", {}),
    ("expert", {}),
    ("expert", {"structure": "x", "cards": 11, "army_points": 35}),
    ("expert", {"structure": "columns", "cards": 12}),
]
MIXES = [("random", "random"), ("heuristic", "random"), ("random", "random"), ("random", "heuristic")]


def _validated(cls: type[BaseModel], values: dict[str, Any], fields_set: set[str]) -> BaseModel:
    """The validated build `_make` stands for: the fields not set are left to their default."""
    return cls(**{k: v for k, v in values.items() if k in fields_set})


def _states() -> list:
    # a card seen by Clairvoyance, on its slot then engaged (as in test_powers)
    t = arena({15: "GR", 1: "PE"}, {15: "HE", 1: "PE"}, attacker="p2", attached={"p1": {1: ["CL"]}})
    states = [t.state]
    t.do("p1", "activate CL@1 15")
    states.append(t.state)
    t.do("p2", "engage 15")
    states.append(t.state)
    # colours learned by Anticipation, on the slots then on the engaged card
    t = arena({15: "GR", 1: "PE"}, {15: "HE", 1: "PE"}, attacker="p2", attached={"p1": {1: ["AT"]}})
    t.do("p1", "activate AT@1")
    states.append(t.state)
    t.do("p2", "engage 15")
    states.append(t.state)
    for seed in range(8):
        scenario, extra = SETUPS[seed % len(SETUPS)]
        a, b = MIXES[seed % len(MIXES)]
        players = {"p1": GAME.players[a](seed), "p2": GAME.players[b](seed + 1)}
        options = GAME.Options(scenario=scenario, **extra)
        rec = play(GAME, players, seed, options)
        steps = [GAME.setup(options, rec.roles, seed)]
        for role, command in rec.log:
            steps.append(GAME.apply(steps[-1], role, command).state)
        states += steps[seed % 3 :: 3] + steps[-1:]  # one in three (the test's time), and the end
    return states


def _shown(view: AthenaView, role: str | None) -> set[str]:
    """What a view shows, for the test to prove its states cover every case."""
    out = set()
    for army in view.armies.values():
        for slot in army.slots:
            if slot.card is not None and role not in (None, army.role):
                out.add("card seen by the opponent")
            if slot.known_colour is not None:
                out.add("known colour")
            if slot.powers:
                out.add("own powers")
        if army.captured:
            out.add("captured")
    for owner, engaged in view.engaged.items():
        out.add("engaged")
        if engaged.card is not None and role not in (None, owner) and engaged.value is None:
            out.add("engaged card seen by the opponent")
        if engaged.known_colour is not None:
            out.add("engaged known colour")
        if engaged.value is not None:
            out.add("value")
    if view.last_duel is not None:
        out.add("last duel")
    if view.winner is not None:
        out.add("winner")
    return out


@pytest.fixture(scope="module")
def states() -> list:
    return _states()


def test_constructed_views_equal_validated_views_of_many_states(states, monkeypatch):
    views = [(GAME.view(s, r), s, r) for s in states for r in (None, "p1", "p2")]
    monkeypatch.setattr(visibility, "_make", _validated)
    seen = set()
    for fast, state, role in views:
        ref = GAME.view(state, role)
        assert_same(fast, ref, all_given_but=frozenset({"game"}))
        assert fast == ref
        assert fast.model_dump_json() == ref.model_dump_json()
        assert fast.model_dump(exclude_unset=True) == ref.model_dump(exclude_unset=True)
        again = AthenaView.model_validate(fast.model_dump())
        assert again == fast and again.model_dump_json() == fast.model_dump_json()
        assert AthenaView.model_validate_json(fast.model_dump_json()) == fast
        assert pickle.loads(pickle.dumps(fast)) == fast
        seen |= _shown(fast, role)
    assert seen == {
        "card seen by the opponent",
        "engaged card seen by the opponent",
        "known colour",
        "engaged known colour",
        "own powers",
        "captured",
        "engaged",
        "value",
        "last duel",
        "winner",
    }

"""`state.clone` (what `apply` works on) is a deep copy that shares nothing mutable, and `apply`
never changes its input, over every step of many seeded games."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.athena import GAME
from engine.athena.state import State, clone
from engine.harness import play, replay

SETUPS = [
    ("athenes", {}),
    ("initiation", {}),
    ("expert", {}),
    ("expert", {"structure": "inverted", "cards": 10}),
    ("expert", {"structure": "columns", "cards": 12}),
]
ATOMS = (str, int, float, bool, type(None))


def _games() -> list[tuple[Any, list[tuple[State, str, Any]]]]:
    games = []
    for seed in range(10):
        scenario, extra = SETUPS[seed % len(SETUPS)]
        options = GAME.Options(scenario=scenario, **extra)
        kinds = ("heuristic", "random") if seed % 3 == 0 else ("random", "random")
        players = {"p1": GAME.players[kinds[0]](seed), "p2": GAME.players[kinds[1]](seed + 7)}
        steps: list[tuple[State, str, Any]] = []
        rec = play(GAME, players, seed, options, on_step=lambda b, r, c, _o, s=steps: s.append((b, r, c)))
        games.append((rec, steps))
    return games


@pytest.fixture(scope="module")
def games():
    return _games()


def _independent(copy: Any, original: Any, where: str = "state") -> None:
    """Equal, same types, and no list, dict or mutable model shared with the original."""
    assert type(copy) is type(original), where
    if isinstance(original, ATOMS) or isinstance(original, tuple):
        assert copy == original, where
        return
    if isinstance(original, BaseModel) and original.model_config.get("frozen"):
        assert copy is original or copy == original, where  # immutable: may be shared
        return
    assert copy is not original, where
    if isinstance(original, BaseModel):
        assert copy.model_fields_set == original.model_fields_set, where
        assert copy.model_fields_set is not original.model_fields_set, where
        assert list(copy.__dict__) == list(original.__dict__), where
        for name, value in original.__dict__.items():
            _independent(copy.__dict__[name], value, f"{where}.{name}")
    elif isinstance(original, list):
        assert len(copy) == len(original), where
        for i, (c, o) in enumerate(zip(copy, original, strict=True)):
            _independent(c, o, f"{where}[{i}]")
    elif isinstance(original, dict):
        assert list(copy) == list(original), where
        for k, o in original.items():
            _independent(copy[k], o, f"{where}[{k!r}]")
    else:
        raise AssertionError(f"{where}: unexpected {type(original).__name__} in a state")


def test_clone_is_equal_and_shares_nothing_mutable(games):
    for _rec, steps in games:
        for state, _role, _command in steps[::2]:
            copy = clone(state)
            _independent(copy, state)
            assert copy == state and copy.model_dump_json() == state.model_dump_json()


def test_apply_never_changes_its_input_at_any_step(games):
    for rec, steps in games:
        for state, role, command in steps:
            before = state.model_dump_json()
            after = GAME.apply(state, role, command).state
            assert state.model_dump_json() == before
            assert after is not state
        assert replay(GAME, rec.options, rec.roles, rec.seed, rec.log) == rec.state


def test_rejected_and_other_legal_commands_leave_the_input_unchanged(games):
    for _rec, steps in games[:4]:
        for state, role, _command in steps[::5]:
            before = state.model_dump_json()
            for command in GAME.legal(state, role)[:6]:
                GAME.apply(state, role, command)
            assert state.model_dump_json() == before

"""Properties of self-played games, and 300 seeded games in CI.

Cards are conserved (deck + hand + discard + in front), power points never go negative, no
unit activates twice in a turn, a replay of the log gives the same state, no hidden card
reaches another role's view or a public event, and a refused command changes nothing.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalCommand
from engine.harness import replay
from engine.mythic import GAME
from engine.mythic.commands import COMMAND
from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.invariants import leaks, problems
from engine.mythic.players import RandomPlayer
from engine.mythic.state import Options

KINDS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}


def _check_views(state) -> None:
    for viewer in (None, *state.roles):
        view = GAME.view(state, viewer)
        for role, side in view.sides.items():
            if role != viewer:
                assert side.hand is None, (viewer, role)
                if state.phase == "recruit" and not all(s.recruited for s in state.sides.values()):
                    assert side.army is None and side.faction is None
            else:
                assert side.hand == sorted(state.sides[role].hand)
        dumped = view.model_dump_json()
        assert '"deck":[' not in dumped.replace(" ", "")  # deck contents never, only counts


def _play(
    seed: int,
    p1: str,
    p2: str,
    options: Options,
    max_steps: int,
    deep: bool,
    p3: str = "random",
    p4: str = "random",
):
    kinds = {"p1": p1, "p2": p2, "p3": p3, "p4": p4}
    players = {role: KINDS[kinds[role]](seed + i) for i, role in enumerate(GAME.roles(options))}
    state = GAME.setup(options, GAME.roles(options), seed)
    log = []
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            break
        active = sorted(GAME.active(state))
        assert active, "someone must be active until the game ends"
        role = active[0]
        cmd = players[role].choose(state, role)
        outcome = GAME.apply(state, role, cmd)
        assert not problems(outcome.state), problems(outcome.state)
        assert not leaks(outcome.events, outcome.state)
        for event in outcome.events:
            if event.to is not None:
                assert event.to in state.roles
        if deep:
            _check_views(outcome.state)
            assert COMMAND.validate_python(json.loads(json.dumps(cmd.model_dump(mode="json")))) == cmd
        log.append((role, cmd))
        state = outcome.state
    return state, log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    p1=st.sampled_from(sorted(KINDS)),
    p2=st.sampled_from(sorted(KINDS)),
    rule=st.sampled_from(["once", "chain"]),
)
def test_properties_hold_at_every_step_and_replay_gives_the_same_state(seed, p1, p2, rule):
    options = Options(reroll_fives=rule)
    state, log = _play(seed, p1, p2, options, max_steps=400, deep=True)
    again = replay(GAME, options, GAME.roles(options), seed, log)
    assert again.model_dump_json() == state.model_dump_json()
    reloaded = GAME.load_state(json.loads(state.model_dump_json()))
    assert reloaded == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 250), pick=st.integers(0, 10**6))
def test_refused_commands_change_nothing(seed, steps, pick):
    """A command that is not legal for the role that sends it is refused, input untouched."""
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
    candidates = [
        COMMAND.validate_python(d)
        for d in (
            {"kind": "end"},
            {"kind": "counter"},
            {"kind": "boost", "spend": 9, "onto": 1},
            {"kind": "pass"},
            {"kind": "move", "path": ["a1", "l12"]},
            {"kind": "convert", "card": "talos"},
            {"kind": "activate", "unit": "cerberus"},
            {"kind": "zone", "edge": "n"},
        )
    ]
    for cmd in candidates:
        if cmd in legal:
            continue
        with pytest.raises(IllegalCommand) as err:
            GAME.apply(state, role, cmd)
        assert err.value.text.key.startswith(("mythic.", "core."))
    assert state.model_dump_json() == before


PAIRINGS = [
    ("heuristic", "random"),
    ("random", "heuristic"),
    ("heuristic", "heuristic"),
    ("random", "random"),
]
CI_GAMES = {pair: n for pair, n in zip(PAIRINGS, (110, 110, 70, 10), strict=True)}  # 300 games


@pytest.mark.parametrize(("p1", "p2"), PAIRINGS)
def test_300_seeded_self_play_games_finish_without_a_failure(p1, p2):
    results = []
    for i in range(CI_GAMES[(p1, p2)]):
        seed = 1000 * PAIRINGS.index((p1, p2)) + i
        options = Options(reroll_fives="chain" if i % 4 == 3 else "once")
        state, _ = _play(seed, p1, p2, options, max_steps=20_000, deep=False)
        result = GAME.result(state)
        assert result is not None, f"seed {seed} did not finish"
        results.append(result.winners)
    if p1 != p2:
        heuristic = "p1" if p1 == "heuristic" else "p2"
        assert sum(w == [heuristic] for w in results) >= 0.8 * len(results)


def test_the_invariants_catch_each_kind_of_breach():
    """The properties above are only as good as `problems()`: each breach is reported."""
    from engine.mythic.content import content
    from engine.mythic.state import AOW
    from tests.mythic.scenario import battle, run

    units = content().units

    def fresh():
        state = battle(
            {
                "p1": ["marauders@c3", "lycaons@a1", "shades@b1", "gaolers@d1"],
                "p2": ["spartans@c8", "toxotes@k12", "owls@j12", "satyrs@l12"],
            },
            hands={"p1": ["marauders", "lycaons"]},
        )
        for side in state.sides.values():  # every card dealt: the rest of the deck
            side.deck = [AOW] * 10 + [u for u in side.army for _ in range(units[u].maneuvers)]
            for held in side.hand:
                side.deck.remove(held)
        return run(state, [("p1", "act marauders"), ("p1", "done")])[0]

    assert problems(fresh()) == []
    breaches = {
        "power points": lambda s: setattr(s.sides["p1"], "pp", -1),
        "cards, not": lambda s: s.sides["p1"].hand.append("lycaons"),
        "activated twice": lambda s: (
            s.turn.activated.append("p1.marauders"),
            setattr(s.turn, "activations", 2),
        ),
        "counter-attacked twice": lambda s: s.turn.countered.extend(["p2.spartans", "p2.spartans"]),
        "in front": lambda s: s.sides["p1"].spent.append(s.sides["p1"].hand.pop()),
        "two units on one square": lambda s: s.set_unit("p1.lycaons", sq=s.unit("p1.marauders").sq),
        "destroyed but still": lambda s: s.set_unit("p1.lycaons", vit=0),
    }
    for words, breach in breaches.items():
        state = fresh()
        breach(state)
        assert any(words in p for p in problems(state)), words

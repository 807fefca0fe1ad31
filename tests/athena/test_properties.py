"""Properties over self-played games: replay, rejected commands, hidden information,
saved states, and a few hundred seeded games."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.athena import GAME, powers, rules
from engine.athena.content import content
from engine.athena.state import Activate, Deploy, Discard, Engage, Pass, Play, Recruit, Reveal, State
from engine.athena.state import clone as clone_state
from engine.errors import IllegalCommand
from engine.harness import play, replay

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE = FIXTURES / "state_v2.json"
MIXES = [("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic")]
SETUPS = [
    ("athenes", {}),
    ("initiation", {}),
    ("expert", {}),
    ("expert", {"structure": "inverted", "cards": 10}),
    ("expert", {"structure": "x", "cards": 11, "army_points": 35}),
    ("expert", {"structure": "columns", "cards": 12}),
    ("athenes", {"first_attacker": "random"}),
]


def players(seed: int):
    a, b = MIXES[seed % len(MIXES)]
    return {"p1": GAME.players[a](seed), "p2": GAME.players[b](seed + 1)}


def options(seed: int):
    scenario, extra = SETUPS[seed % len(SETUPS)]
    return GAME.Options(scenario=scenario, **extra)


def dump(state: State) -> str:
    return state.model_dump_json()


# ---- many games, replay ------------------------------------------------------------------------


def test_three_hundred_seeded_games_finish_with_a_result():
    outcomes = {"p1": 0, "p2": 0, "draw": 0}
    scenarios = set()
    for seed in range(300):
        rec = play(GAME, players(seed), seed, options(seed))
        result = rec.result
        assert result is not None and GAME.active(rec.state) == frozenset()
        chosen = rec.options.first_attacker  # leagues count the first attacker's wins
        assert (
            result.details["first"]
            == (chosen if chosen != "random" else rec.state.first_attacker)
            in rec.roles
        )
        target = rec.options.target_rounds()
        if result.winners:
            assert result.scores[result.winners[0]] == target
            outcomes[result.winners[0]] += 1
        else:
            outcomes["draw"] += 1
        assert all(GAME.legal(rec.state, r) == [] for r in rec.roles)
        scenarios.add(rec.options.scenario)
    assert scenarios == {"athenes", "initiation", "expert"}
    assert outcomes["p1"] > 50 and outcomes["p2"] > 50


def test_replay_of_setup_and_log_gives_the_same_state():
    for seed in range(0, 40, 3):
        rec = play(GAME, players(seed), seed, options(seed))
        assert dump(replay(GAME, rec.options, rec.roles, seed, rec.log)) == dump(rec.state)
        # logs survive their JSON form, as the store keeps them
        log = [(role, GAME.load_command(json.loads(cmd.model_dump_json()))) for role, cmd in rec.log]
        assert dump(replay(GAME, rec.options, rec.roles, seed, log)) == dump(rec.state)


# ---- rejected commands change nothing ---------------------------------------------------------


def _positions() -> list[State]:
    states: list[State] = []
    for seed in (5, 9, 16):
        rec = play(GAME, players(seed), seed, options(seed), on_step=lambda b, r, c, o: states.append(b))
        states.append(rec.state)
    return states[::4]


POSITIONS = _positions()
SAMPLE_COMMANDS = [
    Pass(),
    Engage(slot=15),
    Engage(slot=1),
    Engage(slot=99),
    Play(power="CM", slot=15),
    Play(power="CM", slot=0),
    Discard(power="RI"),
    Activate(power="AT", slot=3),
    Activate(power="CL", slot=1, target=15),
    Activate(power="RE", slot=2, swap=(1, 15)),
    Reveal(power="CM", slot=15),
    Deploy(preset="strong"),
    Deploy(codes=("PE",)),
    Recruit(preset="light"),
]
TOKENS = [
    "pass",
    "engage",
    "discard",
    "activate",
    "reveal",
    "deploy",
    "recruit",
    "powers",
    "CM",
    "cm@15",
    "@",
    "15",
    "3,9",
    "GR",
    "PE*20",
    "random",
    "strong",
    " ",
    ",",
    "-1",
    "RE@7",
    "XX@1",
    "\u00e9",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(POSITIONS),
    st.sampled_from(["p1", "p2"]),
    st.one_of(st.text(max_size=30), st.lists(st.sampled_from(TOKENS), max_size=4).map(" ".join)),
)
def test_text_is_either_a_legal_command_or_changes_nothing(state, role, text):
    before = dump(state)
    try:
        cmd = GAME.notation.parse(text, state, role)
    except IllegalCommand as err:
        assert err.text.key.startswith(("athena.err.", "core.err."))
    else:
        GAME.apply(state, role, cmd)  # parse only accepts what apply accepts
    assert dump(state) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), st.data())
def test_commands_from_the_wrong_role_or_phase_change_nothing(state, data):
    before = dump(state)
    active = sorted(GAME.active(state))
    idle = [r for r in state.roles if r not in active]
    pool = SAMPLE_COMMANDS + [c for r in active for c in GAME.legal(state, r)]
    cmd = data.draw(st.sampled_from(pool))
    if idle:
        with pytest.raises(IllegalCommand) as err:
            GAME.apply(state, idle[0], cmd)
        assert err.value.text.key in ("core.err.not_your_turn", "core.err.game_over")
    if active:
        role = data.draw(st.sampled_from(active))
        try:
            GAME.apply(state, role, cmd)
        except IllegalCommand:
            pass
        else:
            assert cmd in GAME.legal(state, role) or cmd.kind in ("deploy", "recruit", "powers")
    assert dump(state) == before


# ---- hidden information -----------------------------------------------------------------------


def twin(
    state: State, hidden_role: str, keep_slots: set[int], keep_hand: str | None, rnd: random.Random
) -> State:
    """The same position with every secret of `hidden_role` dealt again: its army cards (but
    those the opponent learned) change places; its face-down powers, hand and deck are
    redrawn from their common pool."""
    out = clone_state(state)
    army = out.armies[hidden_role]
    learner = out.armies[out.other(hidden_role)]
    free = [
        i
        for i, code in enumerate(army.slots)
        if code is not None
        and i + 1 not in keep_slots
        and i + 1 not in learner.known_cards
        and i + 1 not in learner.known_colours
    ]
    engaged = out.engaged.get(hidden_role)
    if (
        engaged is not None
        and not engaged.revealed
        and engaged.slot not in keep_slots | set(learner.known_cards)
    ):
        # a face-down duel card: any unseen card of the colour it truly has would do
        same = [i for i in free if content().colour(army.slots[i]) == content().colour(engaged.card)]
        if same:
            i = rnd.choice(same)
            army.slots[i], engaged.card = engaged.card, army.slots[i]
    cards = [army.slots[i] for i in free]
    rnd.shuffle(cards)
    for i, code in zip(free, cards, strict=True):
        army.slots[i] = code
    # face-down powers, hand and deck are one pool of secrets: deal them again
    face_down = [
        (i, j)
        for i, slot in enumerate(army.powers)
        if army.slots[i] is not None and i + 1 not in keep_slots
        for j, p in enumerate(slot)
        if not p.active and not p.cancelled
    ]
    hand = list(army.hand)
    if keep_hand is not None:
        hand.remove(keep_hand)
    secret = [army.powers[i][j].code for i, j in face_down] + hand + army.deck
    rnd.shuffle(secret)
    for (i, j), code in zip(face_down, secret, strict=False):
        army.powers[i][j].code = code
    rest = secret[len(face_down) :]
    army.hand = rest[: len(hand)] + ([keep_hand] if keep_hand is not None else [])
    army.deck = rest[len(hand) :]
    return out


def _public(events) -> list[str]:
    return [e.model_dump_json() for e in events if e.to is None]


def _private(events, role) -> list[str]:
    return [e.model_dump_json() for e in events if e.to == role]


def _check_step(before: State, actor: str, cmd, outcome, rnd: random.Random) -> None:
    learns = isinstance(cmd, Activate) and cmd.power in ("AT", "CL")  # shows enemy secrets to the actor
    for hidden in before.roles:
        viewer = before.other(hidden)
        keep = set()
        if hidden in before.engaged:  # a face-down engaged card this step may resolve and reveal
            keep.add(before.engaged[hidden].slot)
        for state in (outcome.state,):  # cards revealed by this very step
            for duel in filter(None, [state.last_duel]):
                if hidden in duel.engaged:
                    keep.add(duel.engaged[hidden].slot)
            if hidden in state.engaged:
                keep.add(state.engaged[hidden].slot)
        keep_hand = None
        if hidden == actor:
            keep |= {getattr(cmd, "slot", 0)} | set(getattr(cmd, "swap", None) or ())
            keep_hand = cmd.power if isinstance(cmd, Play | Discard) else None
        everything = twin(before, hidden, set(), None, rnd)
        for who in (viewer, None):
            assert GAME.view(before, who) == GAME.view(everything, who), (hidden, who)
        # the same command in a twin that keeps what this step shows or uses
        other = twin(before, hidden, keep, keep_hand, rnd)
        other_out = GAME.apply(other, actor, cmd)
        assert _public(outcome.events) == _public(other_out.events), (hidden, cmd)
        if actor == viewer and not learns:
            assert _private(outcome.events, actor) == _private(other_out.events, actor), (hidden, cmd)
        for who in (None,) if learns else (viewer, None):
            assert GAME.view(outcome.state, who) == GAME.view(other_out.state, who), (hidden, who, cmd)


def _check_view_fields(state: State) -> None:
    for viewer in state.roles:
        foe = state.other(viewer)
        mine = GAME.view(state, viewer).armies
        assert mine[foe].hand is None and mine[viewer].hand is not None
        known = state.armies[viewer].known_cards
        for slot in mine[foe].slots:
            assert slot.powers is None
            assert (slot.card is None) == (slot.slot not in known or not slot.present)
    public = GAME.view(state, None)
    assert all(
        a.hand is None and all(s.card is None and s.powers is None for s in a.slots)
        for a in public.armies.values()
    )
    for role, engaged in public.engaged.items():
        live = state.engaged.get(role)
        if live is not None and not live.revealed:
            assert engaged.card is None and engaged.powers is None
            # only strategy powers were turned face up before the reveal, in plain sight
            flipped = [p.code for p in live.powers if p.active and powers.card(p.code).phase == "strategy"]
            assert engaged.active_powers == flipped
            assert engaged.power_count == len(live.powers) - len(flipped)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 6])
def test_no_secret_reaches_the_other_player_or_the_public(seed):
    rnd = random.Random(seed)
    steps = []
    play(GAME, players(seed), seed, options(seed), on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
    for before, actor, cmd, outcome in steps[:: 2 if seed else 1]:
        _check_step(before, actor, cmd, outcome, rnd)
        _check_view_fields(outcome.state)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(st.integers(min_value=0, max_value=2**31 - 1), st.data())
def test_property_no_secret_leaks_at_any_step_of_any_game(seed, data):
    """Hypothesis picks the game (seed, hence scenario and players) and the steps to check."""
    steps = []
    play(GAME, players(seed), seed, options(seed), on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
    picks = data.draw(st.lists(st.integers(0, len(steps) - 1), min_size=1, max_size=8, unique=True))
    rnd = random.Random(seed)
    for i in picks:
        _check_step(*steps[i], rnd)
        _check_view_fields(steps[i][3].state)


def test_public_events_never_name_a_power_played_or_discarded():
    for seed in (0, 4):

        def check(before, role, cmd, outcome):
            if isinstance(cmd, Play | Discard):
                for event in outcome.events:
                    if event.to is None:
                        assert cmd.power not in event.model_dump_json()

        play(GAME, players(seed), seed, options(seed), on_step=check)


# ---- saved states -----------------------------------------------------------------------------


def test_load_state_accepts_a_saved_state_of_the_current_version():
    """fixtures/state_v2.json: an athenes game saved in round 1, duel 6, at a strategy step.
    Loading it and saving it again must give the same JSON: a change of the state's shape
    fails here, and then needs a new SCHEMA_VERSION, an upgrade step in load_state and a
    new fixture beside this one."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["schema_version"] == State.SCHEMA_VERSION
    state = GAME.load_state(data)
    assert json.loads(dump(state)) == data
    for role in GAME.active(state):  # and the game goes on from it
        assert GAME.legal(state, role)
        GAME.apply(state, role, GAME.legal(state, role)[-1])
    with pytest.raises(ValueError):
        GAME.load_state({**data, "schema_version": State.SCHEMA_VERSION + 1})
    assert GAME.setup(GAME.Options(), ["p1", "p2"], 1).schema_version == State.SCHEMA_VERSION


def test_a_version_1_state_is_upgraded_with_its_first_attacker():
    """Version 2 added `first_attacker`: a version 1 save (the same position) loads with it
    taken from the option, and unknown (None) once a random draw is past round 1."""
    old = json.loads((FIXTURES / "state_v1.json").read_text(encoding="utf-8"))
    assert old["schema_version"] == 1 and "first_attacker" not in old
    assert json.loads(dump(GAME.load_state(old))) == json.loads(FIXTURE.read_text(encoding="utf-8"))
    drawn = {**old, "options": {**old["options"], "first_attacker": "random"}, "round_starter": "p2"}
    assert GAME.load_state(drawn).first_attacker == "p2"
    assert GAME.load_state({**drawn, "round": 2}).first_attacker is None


def test_apply_never_mutates_its_input():
    state = POSITIONS[3]
    before = dump(state)
    for role in GAME.active(state):
        for cmd in GAME.legal(state, role)[:20]:
            GAME.apply(state, role, cmd)
    assert dump(state) == before and rules.active(state)

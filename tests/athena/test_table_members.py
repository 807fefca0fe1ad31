"""What the table may decide or show for a player (engine/athena/orders.py, labels.py):
forced moves, standing orders, windows, decisions and every command in words."""

from __future__ import annotations

import random

import pytest
from athena_helpers import arena, new_state

from engine.athena import GAME
from engine.athena.notation import parse_command
from engine.athena.state import Activate, Discard, Options, Pass, Reveal
from engine.i18n import render

SPARE = {1: "PE"}


def strategy_step(p1_powers, tokens=5):
    """p1 attacks and is at its strategy step with these face-down powers on slot 15."""
    t = arena(
        {15: "HO", **SPARE}, {15: "HO", **SPARE}, attached={"p1": {15: p1_powers}}, tokens={"p1": tokens}
    )
    assert t.top == ("strategy", ["p1"])
    return t


def test_a_lone_pass_on_the_strategy_step_is_not_forced_since_that_would_tell():
    # the step opens on public information (face-down powers lie on the army) even when none
    # is a strategy power: then pass is all there is (004 §VI.B "Phase de Stratégie"), but
    # playing it by itself would tell the opponent that none of those powers is usable
    t = strategy_step(["CM"])
    assert GAME.legal(t.state, "p1") == [Pass()]
    assert GAME.forced(t.state, "p1") is None
    assert GAME.forced(t.state, "p2") is None  # not p2's decision
    assert GAME.standing(t.state, "p1", {"strategy": "use"}) == Pass()  # the player's own choice


def test_a_real_choice_is_never_forced():
    t = strategy_step(["AT"])
    assert GAME.forced(t.state, "p1") is None


def test_a_discard_with_no_token_and_one_card_is_forced():
    # 004 §VI.B "Phase de Pouvoir": playing costs a token; without one only discarding is left
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, hands={"p1": ["CM"]}, tokens={"p1": 0})
    assert t.top == ("power", ["p1"])
    assert GAME.forced(t.state, "p1") == Discard(power="CM")
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, hands={"p1": ["CM"]}, tokens={"p1": 1})
    assert GAME.forced(t.state, "p1") is None  # may play it on a card, or discard it


def test_strategy_orders():
    t = strategy_step(["AT"])
    assert GAME.standing(t.state, "p1", {}) is None  # ask
    assert GAME.standing(t.state, "p1", {"strategy": "ask"}) is None
    assert GAME.standing(t.state, "p1", {"strategy": "pass"}) == Pass()
    assert GAME.standing(t.state, "p1", {"strategy": "use"}) == Activate(power="AT", slot=15)
    assert GAME.standing(t.state, "p1", {"reveal": "never"}) is None  # not the reveal step
    # a power that needs a target is asked about
    t = strategy_step(["CL"])
    assert GAME.standing(t.state, "p1", {"strategy": "use"}) is None


def reveal_step():
    """p1's engaged card carries Surprise Attack, whose extra cost is a choice (004 §VI.B
    "Phase de Révélation": "payer un coût supplémentaire")."""
    t = arena({15: "AR", **SPARE}, {15: "FA", **SPARE}, attached={"p1": {15: ["AS"]}})
    t.play("p1: pass", "p1: engage 15", "p2: engage 15")
    assert t.top == ("reveal", ["p1"])
    return t


def test_reveal_orders():
    t = reveal_step()
    assert GAME.standing(t.state, "p1", {}) is None
    assert GAME.standing(t.state, "p1", {"reveal": "never"}) == Pass()
    assert GAME.standing(t.state, "p1", {"reveal": "always"}) == Reveal(power="AS", slot=15)
    assert GAME.standing(t.state, "p1", {"strategy": "pass"}) is None
    out = GAME.apply(t.state, "p1", Reveal(power="AS", slot=15))
    assert GAME.standing(out.state, "p1", {"reveal": "always"}) is None  # nothing left: duel resolved


def test_every_order_answer_is_legal_in_random_games():
    orders = [
        dict(zip(("strategy", "reveal"), pair, strict=True))
        for pair in [("use", "always"), ("pass", "never"), ("ask", "ask"), ("use", "never")]
    ]
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.setup(Options(), ["p1", "p2"], seed)
        while GAME.result(state) is None:
            role = sorted(GAME.active(state))[0]
            legal = GAME.legal(state, role)
            for mine in orders:
                command = GAME.standing(state, role, mine)
                assert command is None or command in legal
            forced = GAME.forced(state, role)
            assert forced is None or (legal == [forced])
            state = GAME.apply(state, role, rnd.choice(legal)).state


def test_the_strategy_and_reveal_steps_are_windows_that_pass_by_themselves():
    t = strategy_step(["AT", "CM"])
    window = GAME.window(t.state, "p1")
    assert window.kind == "strategy" and window.timeout == Pass()
    assert window.choices == [Activate(power="AT", slot=15), Pass()]
    assert "strategy power" in render(window.prompt, "en")
    assert GAME.window(t.state, "p2") is None
    window = GAME.window(reveal_step().state, "p1")
    assert window.kind == "reveal" and window.choices[-1] == Pass()
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, hands={"p1": ["CM"]})
    assert GAME.window(t.state, "p1") is None  # the power step is no small choice


def test_a_new_duel_is_a_new_decision_for_its_attacker():
    t = arena({15: "GR", **SPARE}, {15: "PE", **SPARE}, hands={"p1": ["CM"]})
    first = GAME.decision(t.state, "p1")
    assert first == (1, t.state.duel, "power") and GAME.decision(t.state, "p2") is None
    t.play("p1: discard CM", "p1: engage 15", "p2: engage 15")  # GR wins: p1 attacks again
    assert t.state.duel == 2 and GAME.active(t.state) == {"p1"}
    assert GAME.decision(t.state, "p1") != first


def test_a_decision_stays_the_same_while_its_step_goes_on():
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, attached={"p1": {15: ["AT"], 1: ["DI"]}})
    before = GAME.decision(t.state, "p1")
    t.do("p1", "activate AT@15")  # Divination still lies face down: the step goes on
    assert t.top == ("strategy", ["p1"]) and GAME.decision(t.state, "p1") == before


# ---- every command in words ------------------------------------------------------------------


def _labels(state, role, command):
    return [render(GAME.label(state, role, command), loc) for loc in ("en", "fr")]


@pytest.mark.parametrize("scenario", ["athenes", "initiation", "expert"])
def test_every_legal_command_of_random_positions_has_a_short_label_in_both_languages(scenario):
    seen = set()
    for seed in range(4):
        rnd = random.Random(seed)
        state = GAME.setup(Options(scenario=scenario), ["p1", "p2"], seed)
        while GAME.result(state) is None:
            for role in GAME.active(state):
                for command in GAME.legal(state, role):
                    en, fr = _labels(state, role, command)
                    notation = GAME.notation.format(command)
                    for text in (en, fr):
                        # Discord caps a choice label at 100 characters and a button at 80
                        assert 0 < len(text) <= 80 and "athena." not in text and "{" not in text, text
                    assert en != fr, en
                    power = getattr(command, "power", None)
                    if power:  # the code beside the name: moves are typed with it
                        assert f"({power})" in en and f"({power})" in fr
                    seen.add(command.kind)
                    assert notation not in en  # words, not the notation
            role = sorted(GAME.active(state))[0]
            state = GAME.apply(state, role, rnd.choice(GAME.legal(state, role))).state
    kinds = {"athenes": 7, "initiation": 2, "expert": 9}[scenario]
    assert len(seen) >= kinds, seen


def test_labels_in_words():
    t = arena({15: "HO", **SPARE}, {15: "HO", **SPARE}, hands={"p1": ["PS"]})
    play = parse_command("PS@15")
    assert _labels(t.state, "p1", play) == [
        "Play Not So Strong (PS) on Hoplite (slot 15)",
        "Jouer Pas si fort que ça (PS) sur Hoplite (emplacement 15)",
    ]
    assert _labels(t.state, "p1", parse_command("discard PS"))[0] == "Discard Not So Strong (PS)"
    assert _labels(t.state, "p1", parse_command("activate CL@7 12"))[0] == (
        "Clairvoyance (CL) on slot 7: look at enemy slot 12"
    )
    assert _labels(t.state, "p1", parse_command("activate RE@15 1,15"))[0] == (
        "Reorganisation (RE) on slot 15: swap Peltast (slot 1) and Hoplite (slot 15)"
    )
    assert _labels(t.state, "p1", parse_command("engage 15"))[0] == "Engage Hoplite (slot 15)"
    assert _labels(reveal_step().state, "p1", parse_command("reveal AS@15"))[0] == (
        "Activate Surprise Attack (AS): extra cost 1"
    )


def test_typed_lists_get_short_labels_too():
    state = new_state()
    army = parse_command("deploy PE,PE,AR,AR,FA,FA,SP,SP,HO,HO,FE,AE,HE,HI,GR")
    recruit = parse_command(
        "recruit " + ",".join(f"{c}*6" for c in ("PE", "AR", "FA", "SP", "HO", "FE", "AE", "HE", "HI", "GR"))
    )
    powers = parse_command(
        "powers "
        + ",".join(
            f"{c}*3"
            for c in ("AN", "AS", "AT", "CA", "CC", "CL", "CM", "DI", "IM", "MR", "PS", "RE", "RI", "SO")
        )
    )
    for command in (army, recruit, powers):
        for text in _labels(state, "p1", command):
            assert len(text) < 100, text
    assert _labels(state, "p1", recruit)[0].startswith("Recruit: PE×6, AR×6")

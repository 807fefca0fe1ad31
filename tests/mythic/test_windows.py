"""Reaction windows and standing orders (engine/mythic/windows.py): RULES-NOTES C."""

from __future__ import annotations

import random

import pytest

from engine.i18n import render
from engine.mythic import GAME
from engine.mythic.commands import Counter, Done, Optimal, Pass, Use
from engine.mythic.game import MythicBattles
from engine.mythic.players import RandomPlayer
from engine.mythic.windows import ORDER_VALUES
from tests.mythic.scenario import battle, run

FILL1 = ["shades@a1", "gaolers@b1", "lycaons@c1"]
FILL2 = ["hoplites-ares@l12", "hoplites-hephaestus@k12", "owls@j12"]


class Skirmish(MythicBattles):
    """Mythic Battles from a battle already under way, for the table tests: p1's Marauders
    (c3, CC 4) stand next to p2's Spartans (c4) and Talos (d3, CC 6: it may harass them)."""

    def setup(self, options, roles, seed):
        return battle(
            {"p1": ["marauders@c3", *FILL1], "p2": ["spartans@c4", "talos@d3", *FILL2]},
            hands={"p1": ["marauders", "gaolers"], "p2": ["spartans", "toxotes"]},
            decks={"p1": ["shades", "lycaons"] * 4, "p2": ["owls", "talos"] * 4},
            options=options,
            seed=seed,
        )


def _attacked(p2_hand: list[str], pp2: int = 0, extra2: tuple[str, ...] = ()):
    """p1's Marauders attack p2's Spartans at close combat: p2's react window is open."""
    state = battle(
        {"p1": ["marauders@c3", *FILL1], "p2": ["spartans@c4", *extra2, *FILL2]},
        hands={"p1": ["marauders"], "p2": p2_hand},
        pp={"p2": pp2},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert state.top.kind == "react" and state.top.role == "p2"
    return state


def test_a_react_window_times_out_with_pass_and_offers_readable_choices():
    state = _attacked(["spartans"])
    window = GAME.window(state, "p2")
    assert window.kind == "react" and window.timeout == Pass()
    assert window.choices == [Counter(), Pass()]  # card conversions stay with /play
    assert (
        render(window.prompt, "en")
        == "Infernal Marauders attacks Spartans: defend, counter-attack, use a talent or pass?"
    )
    assert render(GAME.label(state, "p2", Counter()), "fr") == "Contre-attaquer avec Spartiates"
    assert GAME.window(state, "p1") is None  # not p1's decision


def test_no_window_in_the_main_phase():
    state = battle(
        {"p1": ["marauders@c3", *FILL1], "p2": ["spartans@c8", *FILL2]}, hands={"p1": ["marauders"]}
    )
    assert GAME.window(state, "p1") is None
    assert GAME.standing(state, "p1", {k: "never" for k in ORDER_VALUES}) is None


def test_counter_always_counter_attacks_when_the_card_is_held():
    state = _attacked(["spartans"])
    assert GAME.standing(state, "p2", {"counter": "always"}) == Counter()
    assert GAME.standing(state, "p2", {}) is None  # no order: ask
    assert GAME.standing(state, "p2", {"counter": "never"}) == Pass()


def test_counter_ask_waits_even_without_the_card():
    """The window opened on public information; auto-passing because the card is missing
    would tell the attacker what the hand holds (ARCHITECTURE §2)."""
    state = _attacked(["toxotes"])
    assert Counter() not in GAME.legal(state, "p2")
    assert GAME.standing(state, "p2", {}) is None
    assert GAME.standing(state, "p2", {"counter": "always"}) == Pass()  # "always when I can": it cannot


def test_defend_ask_keeps_the_window_open_when_defending_is_possible():
    state = _attacked(["spartans"], pp2=2, extra2=("satyrs@d4",))
    assert any(c.kind == "defend" for c in GAME.legal(state, "p2"))
    assert GAME.standing(state, "p2", {"counter": "always"}) is None  # the defence is still to be asked
    assert GAME.standing(state, "p2", {"counter": "always", "defend": "never"}) == Counter()


def _close_until(state, kind: str):
    """Answer every window with its timeout command until a `kind` window opens."""
    for _ in range(20):
        if state.top.kind == kind:
            return state
        role = state.top.role
        state = GAME.apply(state, role, GAME.window(state, role).timeout).state
    raise AssertionError(f"no {kind} window")


def test_dice_window_times_out_with_the_optimal_roll(dice):
    """ARCHITECTURE §2: the dice's "optimal" shortcut; RULES-NOTES C: the dice auto-optimiser."""
    dice(*[5] * 40)
    state = _close_until(_attacked(["toxotes"]), "dice")
    role = state.top.role
    assert GAME.window(state, role).timeout == Optimal()
    assert GAME.standing(state, role, {"dice": "optimal"}) == Optimal()
    assert GAME.standing(state, role, {"dice": "ask"}) is None


def test_wounds_always_uses_endurance_while_it_can_pay(dice):
    """000 §"Endurance": one wound cancelled per use, again and again."""
    dice(*[5] * 40)
    state = battle(
        {"p1": ["marauders@c3", "gaolers@b1", "lycaons@c1", "toxotes@a1"], "p2": ["shades@c4", *FILL2]},
        hands={"p1": ["marauders"]},
        pp={"p2": 1},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    state = _close_until(state, "wounds")
    assert state.top.role == "p2" and GAME.window(state, "p2").kind == "wounds"
    order = GAME.standing(state, "p2", {"wounds": "always"})
    assert order == Use(talent="endurance", unit="shades") and order in GAME.legal(state, "p2")
    assert GAME.standing(state, "p2", {"wounds": "never"}) == Pass()
    assert GAME.standing(state, "p2", {}) is None


def _orders_combinations() -> list[dict[str, str]]:
    keys, rng = list(ORDER_VALUES), random.Random(11)
    combos = [{k: values[i % len(values)] for k, values in ORDER_VALUES.items()} for i in range(3)]
    return combos + [{k: rng.choice(ORDER_VALUES[k]) for k in keys} for _ in range(5)]


@pytest.mark.parametrize("seed", range(6))
def test_every_timeout_and_standing_order_is_legal_in_self_played_games(seed):
    """For random self-played positions: each window's timeout command and buttons are in
    legal(), and each standing order's choice is in legal() (ARCHITECTURE §2)."""
    combos = _orders_combinations()
    players = {"p1": RandomPlayer(seed), "p2": RandomPlayer(seed + 100)}
    state = GAME.setup(GAME.Options(), ["p1", "p2"], seed)
    kinds, decided = set(), 0
    for _ in range(1500):
        if GAME.result(state) is not None:
            break
        for role in sorted(GAME.active(state)):
            window = GAME.window(state, role)
            if window is None:
                continue
            legal = GAME.legal(state, role)
            kinds.add(window.kind)
            assert window.timeout in legal and window.choices[-1] == window.timeout
            assert all(c in legal for c in window.choices)
            assert window.timeout in (Pass(), Done(), Optimal())
            for orders in combos:
                chosen = GAME.standing(state, role, orders)
                assert chosen is None or chosen in legal, (window.kind, orders, chosen)
                decided += chosen is not None
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, players[role].choose(state, role)).state
    assert kinds & {"react", "talents", "dice", "harass", "wounds"}, kinds
    assert decided  # the orders did answer some windows

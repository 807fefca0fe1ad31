"""Attacks, terrain, wounds, reactions and victory: 000/001 §II "Attacking a Unit" and §5."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.mythic import GAME
from engine.mythic.content import content
from tests.mythic.scenario import battle, decline, legal_texts, run

FILL1 = ["shades@a1", "gaolers@b1", "lycaons@c1"]
FILL2 = ["hoplites-ares@l12", "hoplites-hephaestus@k12", "owls@j12"]
PASSIVE = {"react": "pass", "talents": "done", "dice": "done", "wounds": "pass", "harass": "pass"}


def _fight(p1, p2, moves, terrain=None, **kw):
    state = battle({"p1": [*p1, *FILL1], "p2": [*p2, *FILL2]}, terrain=terrain or {}, **kw)
    return run(state, moves)


def _until(state, kinds=("react", "talents", "harass")):
    while state.top is not None and state.top.kind in kinds:
        state, _ = run(state, [(state.top.role, decline(state))])
    return state


def _difficulty_of_shot(shooter_sq, target, terrain, shooter="toxotes"):
    state, _ = _fight(
        [f"{shooter}@{shooter_sq}"],
        [target],
        [("p1", f"act {shooter}")],
        terrain=terrain,
        hands={"p1": [shooter]},
    )
    target_sq = target.split("@")[1]
    state, _ = run(state, [("p1", f"atk {shooter_sq}x{target_sq}")])
    state = _until(state)
    return state.combat.att_roll


def test_close_combat_needs_an_adjacent_target():
    """001 §"CC Attack"."""
    state, _ = _fight(
        ["marauders@c3"], ["spartans@c5"], [("p1", "act marauders")], hands={"p1": ["marauders"]}
    )
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(state, "p1", GAME.notation.parse("atk c3xc5", state, "p1"))
    assert err.value.text.key == "mythic.err.cannot_reach_target"
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse("cc c3xc5", state, "p1")
    assert err.value.text.key == "mythic.err.kind_mismatch"


def test_terrain_changes_the_defence_against_ranged_attacks(dice):
    """001 §"Terrain Effects": Hill -1, Forest +1, Ruins +1 against ranged attacks."""
    base = content().units["spartans"].levels[5].defense
    for ch, delta in ((".", 0), ("h", -1), ("f", 1), ("r", 1)):
        dice(*([1] * 4))
        roll = _difficulty_of_shot("c3", "spartans@c7", {"c7": ch})
        assert roll.difficulty == base + delta, ch


def test_terrain_against_flyers_in_close_combat_and_no_ruins_bonus():
    """001 §"Hill" / §"Forest": -1 / +1 against flying units; Ruins only against ranged."""
    for ch, delta in (("h", -1), ("f", 1), ("r", 0)):
        state, _ = _fight(
            ["keres@c3"],
            ["spartans@c4"],
            [("p1", "act keres"), ("p1", "atk c3xc4")],
            terrain={"c4": ch},
            hands={"p1": ["keres"]},
        )
        state = _until(state)
        assert state.combat.att_roll.difficulty == 7 + delta, ch
    state, _ = _fight(
        ["marauders@c3"],
        ["spartans@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        terrain={"c4": "f"},
        hands={"p1": ["marauders"]},
    )
    assert _until(state).combat.att_roll.difficulty == 7  # a ground attacker in close combat: no bonus


def test_a_hill_gives_one_more_die_against_units_off_hills(dice):
    """001 §"Hill": +1 CC and ranged against all units not on a hill."""
    dice(*([1] * 13))
    for terrain, count in (({"c3": "h"}, 5), ({"c3": "h", "c4": "h"}, 4), ({}, 4)):
        state, _ = _fight(
            ["marauders@c3"],
            ["spartans@c4"],
            [("p1", "act marauders"), ("p1", "atk c3xc4")],
            terrain=terrain,
            hands={"p1": ["marauders"]},
        )
        assert len(_until(state).combat.att_roll.dice) == count


def test_flyers_get_no_terrain_effect(dice):
    """001 l.438: flying units ignore terrain effects."""
    dice(*([1] * 4))
    roll = _difficulty_of_shot("c3", "owls@c7", {"c7": "f"})
    assert roll.difficulty == content().units["owls"].levels[3].defense


def test_wounds_turn_the_stack_and_the_new_top_card_applies(dice):
    """001 §"Wounds": each wound moves the top card to the bottom; the top card gives the stats."""
    dice(5, 5, 5, 5, 4, 4, 4, 4)
    state, _ = _fight(
        ["spartans@c3"],
        ["marauders@c4"],
        [("p2", "act marauders"), ("p2", "atk c4xc3")],
        current="p2",
        hands={"p2": ["marauders"]},
    )
    state = _until(state)
    state, _ = run(state, [("p2", "done")])  # keep the 5s: defence 7 is not reached, no success
    state = _until(state, ("react", "talents", "harass", "dice", "wounds"))
    assert state.unit("p1.spartans").vit == 5
    state, _ = _fight(
        ["marauders@c3"],
        ["toxotes@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        hands={"p1": ["marauders"]},
    )
    state = _until(state)
    state, _ = run(state, [("p1", "done")])
    state = _until(state, ("react", "talents", "harass", "dice", "wounds"))
    toxotes = state.unit("p2.toxotes")
    assert toxotes.vit == 0 and toxotes.sq is None  # 4 wounds on Vitality 4: destroyed
    view = GAME.view(state, None)
    assert next(u for u in view.units if u.uid == "p2.toxotes").destroyed


def test_the_battle_ends_when_an_army_is_down_to_three_units(dice):
    """001 §"Victory": a general with only 3 units left on the battlefield loses at once."""
    dice(5, 5, 5, 5)
    state = battle(
        {"p1": ["marauders@c3", *FILL1], "p2": ["toxotes@c4", *FILL2]}, hands={"p1": ["marauders"]}
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    state = _until(state)
    state, _ = run(state, [("p1", "done")])
    state = _until(state, ("react", "talents", "harass", "dice", "wounds"))
    assert state.winners == ["p1"] and GAME.active(state) == frozenset()
    result = GAME.result(state)
    assert result.winners == ["p1"] and result.scores == {"p1": 1.0, "p2": 0.0}
    with pytest.raises(IllegalCommand):
        GAME.apply(state, "p2", GAME.notation.parse("pass", state, "p2"))


def test_both_armies_routed_at_once_is_a_draw(dice):
    """RULES-NOTES A2.17 [AMB→both at once = draw]."""
    dice(4, 4, 4, 4)
    state = battle(
        {"p1": ["marauders@c3", *FILL1], "p2": ["toxotes@c4", *FILL2]},
        hands={"p1": ["marauders"], "p2": ["toxotes"]},
        vit={"p1.marauders": 1, "p2.toxotes": 2},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "cntr")])
    state = _until(state, ("react", "talents", "harass", "dice", "wounds"))
    assert state.winners == [] and GAME.result(state).is_draw


def test_counter_attack_only_against_close_combat_and_once_per_turn():
    """001 §"Counter-attacking": only against a CC attack; once per turn; costs the unit's card."""
    state, _ = _fight(
        ["toxotes@c3"],
        ["marauders@c7"],
        [("p1", "act toxotes"), ("p1", "atk c3xc7")],
        hands={"p1": ["toxotes"], "p2": ["marauders", "marauders"]},
    )
    assert state.top is None or state.top.kind != "react" or "cntr" not in legal_texts(state, "p2")
    state, _ = _fight(
        ["marauders@c3", "lycaons@d3"],
        ["spartans@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "cntr")],
        hands={"p1": ["marauders", "lycaons"], "p2": ["spartans", "spartans"]},
        aow={"p1": 1},
    )
    assert state.sides["p2"].spent == ["spartans"] and state.sides["p2"].hand == ["spartans"]
    state = _until(state, ("react", "talents", "harass", "dice", "wounds", "activation"))
    if state.top.kind == "activation":
        state, _ = run(state, [("p1", "done")])
    state, _ = run(state, [("p1", "act lycaons")])
    state, _ = run(_until(state, ("harass",)), [("p1", "atk d3xc4")])
    assert state.top.kind != "react" or "cntr" not in legal_texts(state, "p2")


def test_the_reaction_window_opens_on_public_information_only():
    """ARCHITECTURE §2: the window opens whether or not the defender holds the unit's card
    (it holds some card); only its own legal list tells whether it can counter-attack."""
    with_card, _ = _fight(
        ["marauders@c3"],
        ["spartans@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        hands={"p1": ["marauders"], "p2": ["spartans"]},
    )
    without, _ = _fight(
        ["marauders@c3"],
        ["spartans@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        hands={"p1": ["marauders"], "p2": ["toxotes"]},
    )
    assert with_card.top.kind == without.top.kind == "react"
    assert "cntr" in legal_texts(with_card, "p2") and "cntr" not in legal_texts(without, "p2")
    assert "pass" in legal_texts(without, "p2")
    assert GAME.view(with_card, "p1").decision.kind == GAME.view(without, "p1").decision.kind == "react"


def test_defend_costs_two_power_points_and_keeps_the_original_targets_terrain(dice):
    """001 §"Defending": 2 power points; only the terrain effects of the original target apply."""
    dice(*([1] * 6))
    state, _ = _fight(
        ["toxotes@c3"],
        ["owls@e7", "spartans@f7"],
        [("p1", "act toxotes"), ("p1", "atk c3xe7")],
        hands={"p1": ["toxotes"]},
        pp={"p2": 2},
        terrain={"e7": "."},
        current="p1",
    )
    assert "def spartans" not in legal_texts(state, "p2")  # a ground unit never defends a flyer
    state, _ = _fight(
        ["toxotes@c3"],
        ["spartans@e7", "satyrs@f7"],
        [("p1", "act toxotes"), ("p1", "atk c3xe7"), ("p2", "def satyrs")],
        hands={"p1": ["toxotes"]},
        pp={"p2": 2},
        terrain={"e7": "f", "f7": "h"},
    )
    state = _until(state)
    satyrs = content().units["satyrs"].levels[3].defense
    assert state.sides["p2"].pp == 0
    assert state.combat.att_roll.difficulty == satyrs + 1  # the forest of e7, not the hill of f7


def test_a_defender_may_also_counter_attack():
    """001 l.750: a defending unit can also counter-attack; its general activates it."""
    state, _ = _fight(
        ["marauders@c3"],
        ["toxotes@c4", "spartans@d4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "def spartans")],
        hands={"p1": ["marauders"], "p2": ["spartans"]},
        pp={"p2": 2},
    )
    assert state.top.kind == "react" and "cntr" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "cntr")])
    assert state.combat.counter and state.sides["p2"].spent == ["spartans"]


def test_sentry_defends_for_its_own_cost_and_track_harasses_for_its_own():
    """000 §"Sentinelle" and §"Traque"."""
    state, _ = _fight(
        ["marauders@c3"],
        ["toxotes@c4", "shieldbearers@d4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "def shieldbearers")],
        hands={"p1": ["marauders"], "p2": ["toxotes"]},
        pp={"p2": 0},
    )
    assert (
        state.combat.strike.target == "p2.shieldbearers" and state.sides["p2"].pp == 0
    )  # Sentry costs 0 here
    state, _ = _fight(
        ["toxotes@c3", "lycaons@d4"],
        ["satyrs@c4"],
        [("p2", "act satyrs"), ("p1", "harass lycaons")],
        current="p2",
        hands={"p2": ["satyrs"]},
        pp={"p1": 0},
    )
    assert state.activation.harassed and state.sides["p1"].pp == 0  # Track costs 0 on the Lycaons


def test_a_ground_unit_cannot_harass_a_flyer_but_a_flyer_can_harass_a_ground_unit():
    """001 §"Harass": "A ground Unit cannot harass a flying Unit"."""
    state, _ = _fight(
        ["dawn-regiment@c3"],
        ["toxotes@c4"],
        [("p2", "act toxotes")],
        current="p2",
        hands={"p2": ["toxotes"]},
        pp={"p1": 2},
    )
    assert state.top.kind == "harass" and "harass dawn-regiment" in legal_texts(state, "p1")


def test_refused_attacks_leave_the_state_untouched():
    state, _ = _fight(
        ["marauders@c3"], ["spartans@c4", "satyrs@d4"], [("p1", "act marauders")], hands={"p1": ["marauders"]}
    )
    before = state.model_dump_json()
    for text, key in (
        ("atk c3xd9", "mythic.err.no_enemy_there"),
        ("atk d3xc4", "mythic.err.attack_from"),
        ("atk c3xc4+d4", "mythic.err.one_target"),
        ("mv c3-c4", "mythic.err.cannot_reach"),
    ):
        with pytest.raises(IllegalCommand) as err:
            GAME.apply(state, "p1", GAME.notation.parse(text, state, "p1"))
        assert err.value.text.key == key
        assert state.model_dump_json() == before
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(state, "p2", GAME.notation.parse("pass", state, "p2"))
    assert err.value.text.key == "core.err.not_your_turn"


def test_every_window_in_the_opponents_turn_offers_pass():
    """ARCHITECTURE §2: a reaction window always offers "pass"."""
    state, _ = _fight(
        ["marauders@c3"],
        ["spartans@c4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        hands={"p1": ["marauders"], "p2": ["toxotes"]},
        pp={"p1": 1, "p2": 3},
    )
    seen = set()
    while state.top is not None and state.top.kind in ("react", "talents", "dice", "wounds"):
        top = state.top
        texts = legal_texts(state, top.role)
        if top.role == "p2":
            assert "pass" in texts, top.kind
            seen.add(top.kind)
        state, _ = run(state, [(top.role, "pass" if "pass" in texts else "done")])
    assert {"react", "talents"} <= seen


def test_cards_convert_during_a_reaction_window_to_pay_for_the_reaction():
    """001 §3: a general converts cards "at any time", so in the opponent's turn too: the
    window opened because the hand could pay (public: its size); converting a card raises
    the 2 power points Defend costs."""
    state, _ = _fight(
        ["marauders@c3"],
        ["toxotes@c4", "satyrs@d4"],
        [("p1", "act marauders"), ("p1", "atk c3xc4")],
        hands={"p1": ["marauders"], "p2": ["satyrs", "owls"]},
        pp={"p2": 0},
    )
    assert state.top.kind == "react" and state.top.role == "p2"
    texts = legal_texts(state, "p2")
    assert "def satyrs" not in texts and {"pp satyrs", "pp owls", "pass"} <= set(texts)
    state, _ = run(state, [("p2", "pp satyrs")])
    assert (
        state.top.kind == "react"
        and state.sides["p2"].pp == 1
        and "def satyrs" not in legal_texts(state, "p2")
    )
    state, _ = run(state, [("p2", "pp owls")])
    assert state.top.kind == "react" and "def satyrs" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "def satyrs")])
    assert state.combat.strike.target == "p2.satyrs" and state.sides["p2"].pp == 0
    assert sorted(state.sides["p2"].discard) == ["owls", "satyrs"]


def test_windows_open_on_the_hand_size_never_on_the_cards_held():
    """ARCHITECTURE §2: the harass and reaction windows open (or not) the same way whatever
    maneuver cards the general holds; only the number of cards and the army's Leadership,
    which are public, count."""
    for hand in (["toxotes"], ["spartans"], ["owls"]):
        harass, _ = _fight(
            ["marauders@c3"],
            ["toxotes@c4"],
            [("p2", "act toxotes")],
            current="p2",
            hands={"p2": ["toxotes"], "p1": list(hand)},
            pp={"p1": 1},
        )
        react, _ = _fight(
            ["marauders@c3"],
            ["toxotes@c4"],
            [("p1", "act marauders"), ("p1", "atk c3xc4")],
            hands={"p1": ["marauders"], "p2": list(hand)},
        )
        assert harass.top.kind == "harass" and react.top.kind == "react", hand
        assert GAME.view(react, "p1").decision == GAME.view(react, None).decision
    for pp, hand, opens in (
        (1, [], False),
        (0, ["toxotes"], True),  # one card, worth up to Leadership 2 (Marauders, Gaolers)
        (0, ["toxotes", "owls"], True),
        (2, [], True),
    ):
        harass, _ = _fight(
            ["marauders@c3"],
            ["toxotes@c4"],
            [("p2", "act toxotes")],
            current="p2",
            hands={"p2": ["toxotes"], "p1": hand},
            pp={"p1": pp},
        )
        # 2 power points; each card held counts at the army's highest Leadership (public)
        assert (harass.top.kind == "harass") is opens, (pp, hand)
        if opens:
            assert "pass" in legal_texts(harass, "p1")
            assert ("harass marauders" in legal_texts(harass, "p1")) is (pp >= 2)


def test_the_counter_attacked_attacker_may_buy_a_plus_on_defense(dice):
    """A counter-attack is "similar to an Attack, starting from step 4" (001 l.695; 000 l.707);
    at step 4 the attacker then the defender announce talents (001 l.507, l.796; 000 l.524,
    l.803-805), and buying a "+" is such a use (001 l.78, l.798; 000 l.88). So the original
    attacker, counter-attacked, is the defender of the counter-attack and may pay 1 power point
    for +1 Defense against it: Spartans (+ on Defense) with 2 PP, counter-attacked by
    Marauders."""
    dice(*([1] * 8))
    state, _ = _fight(
        ["spartans@c3"],
        ["marauders@c4"],
        [("p1", "act spartans"), ("p1", "atk c3xc4"), ("p2", "cntr")],
        hands={"p1": ["spartans"], "p2": ["marauders"]},
        pp={"p1": 2},
    )
    assert state.top.kind == "talents" and state.top.role == "p1"
    assert "plus def" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "plus def")])
    assert state.sides["p1"].pp == 1
    state = _until(state, ("react", "talents", "harass", "dice", "wounds"))
    spartans = content().units["spartans"].levels[5].defense
    assert state.last_attack.def_roll.difficulty == spartans + 1  # the counter-attack faces Defense 8
    assert state.last_attack.att_roll.difficulty == content().units["marauders"].levels[5].defense


def test_no_plus_on_defense_for_the_attacker_without_a_counter_attack():
    """Without a counter-attack nobody attacks the attacker: its "+" on Defense has nothing to
    change (001 l.78: "+1 for its next Maneuver or action"), so no window asks for it."""
    state, _ = _fight(
        ["spartans@c3"],
        ["marauders@c4"],
        [("p1", "act spartans"), ("p1", "atk c3xc4"), ("p2", "pass")],
        hands={"p1": ["spartans"], "p2": ["marauders"]},
        pp={"p1": 2},
    )
    assert state.top is None or state.top.kind != "talents" or "plus def" not in legal_texts(state, "p1")


def test_harass_paid_by_converting_a_card_out_of_turn():
    """Maneuver cards convert to power points "at any time" (001 l.392; 000 l.411); Harass
    costs 2 power points and is announced as soon as the unit is activated (001 l.765, l.768).
    A general with 0 PP, no Art of War and one Leadership-3 card (Rhadamanthus) is asked, may
    convert in the opponent's turn, then harass; the window opened without looking at the
    card, bounded by the army's highest Leadership (public)."""
    state, _ = _fight(
        ["rhadamanthus@c3"],
        ["toxotes@c4"],
        [("p2", "act toxotes")],
        current="p2",
        hands={"p2": ["toxotes"], "p1": ["rhadamanthus"]},
    )
    assert state.top.kind == "harass" and state.top.role == "p1"
    window = GAME.window(state, "p1")
    assert "pp rhadamanthus" in [GAME.notation.format(x) for x in window.choices]
    assert "harass rhadamanthus" not in legal_texts(state, "p1")  # 0 PP: convert first
    state, _ = run(state, [("p1", "pp rhadamanthus")])
    assert state.top.kind == "harass" and state.sides["p1"].pp == 3
    state, _ = run(state, [("p1", "harass rhadamanthus")])
    assert state.activation.harassed and state.sides["p1"].pp == 1
    # an army whose best Leadership is 1 cannot pay 2 with one card: not asked
    state, _ = _fight(
        ["legion-acheron@c3"],
        ["toxotes@c4"],
        [("p2", "act toxotes")],
        current="p2",
        hands={"p2": ["toxotes"], "p1": ["legion-acheron"]},
        vit={"p1.gaolers": 0},
    )
    assert state.top.kind != "harass"

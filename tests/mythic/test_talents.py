"""The 25 talents (000 "Liste des Talents" / 001 "List of Talents") and the "+" characteristics.

Talents covered in other files: Scout and Arching Shot (test_board), Leader, Assault
Support, Coordinated Assault, Infantry Drill, Reinforcement (test_turn), Sentry and Track
(test_combat). `test_every_talent_has_a_test` checks that none is forgotten.
"""

from __future__ import annotations

from pathlib import Path

from engine.mythic.content import content
from engine.mythic.units import card
from tests.mythic.scenario import battle, decline, legal_texts, run

FILL1 = ["shades@a1", "gaolers@b1", "lycaons@c1"]
FILL2 = ["hoplites-ares@l12", "hoplites-hephaestus@k12", "owls@j12"]
ANSWER = {"react": "pass", "talents": "done", "dice": "done", "wounds": "pass", "harass": "pass"}


def _state(p1, p2, **kw):
    return battle({"p1": [*p1, *FILL1], "p2": [*p2, *FILL2]}, **kw)


def _until(state, stop=("dice", "wounds")):
    """Answer the windows passively until one of `stop` (or no combat frame) is on top."""
    while state.top is not None and state.top.kind in ANSWER and state.top.kind not in stop:
        state, _ = run(state, [(state.top.role, decline(state))])
    return state


def _resolve(state):
    return _until(state, stop=())


# each of the 25 talents -> the tests that prove its rule and its timing (module, function)
TALENT_TESTS = {
    "arching_shot": [("test_board", "test_arching_shot_ignores_allied_units_only")],
    "assault_support": [
        ("test_turn", "test_assault_support_fetches_two_cards_and_activates_two_units_on_the_same_target"),
        ("test_turn", "test_talents_before_activating_only_before_the_first_activation"),
    ],
    "aura_of_strength": [
        ("test_talents", "test_aura_of_strength_rerolls_one_die_for_the_unit_and_adjacent_allies"),
        ("test_talents", "test_aura_does_not_reach_a_unit_that_is_not_adjacent"),
        ("test_talents", "test_aura_of_strength_lasts_the_turn_and_serves_counter_attacks"),
    ],
    "cerberus_bite": [
        ("test_talents", "test_cerberus_bite_attacks_up_to_three_enemies_with_its_own_dice_and_no_counter")
    ],
    "coordinated_assault": [
        ("test_turn", "test_coordinated_assault_allows_four_activations_without_art_of_war"),
        ("test_turn", "test_group_talents_fetch_up_to_their_number_of_cards_then_shuffle"),
    ],
    "endurance": [("test_talents", "test_endurance_cancels_a_wound_again_and_again")],
    "evasion": [
        ("test_talents", "test_evasion_voids_a_close_combat_attack_by_a_ground_unit"),
        ("test_talents", "test_evasion_may_be_used_several_times_a_turn"),
    ],
    "explosive_shells": [("test_talents", "test_explosive_shells_lower_the_difficulty_against_ground_units")],
    "infantry_drill": [
        ("test_turn", "test_infantry_drill_activates_only_adjacent_infantry"),
        ("test_turn", "test_group_talents_fetch_up_to_their_number_of_cards_then_shuffle"),
    ],
    "infernal_bombardment": [
        ("test_talents", "test_infernal_bombardment_attacks_every_enemy_flown_over_and_forbids_the_attack")
    ],
    "judgment_of_souls": [("test_talents", "test_judgment_of_souls_gains_two_power_points_on_a_kill")],
    "leader": [("test_turn", "test_leader_pays_activations_in_power_points")],
    "mobility": [
        ("test_talents", "test_mobility_moves_after_the_attack_if_it_did_not_move_before"),
        ("test_talents", "test_mobility_is_offered_only_when_its_cost_can_be_paid"),
    ],
    "overrun": [("test_talents", "test_overrun_lowers_the_difficulty_when_vitality_is_at_least_the_targets")],
    "parry": [("test_talents", "test_parry_cancels_one_wound_on_each_side")],
    "rage_of_the_lion": [
        ("test_talents", "test_rage_of_the_lion_lends_the_vitality_7_characteristics_for_the_activation"),
        ("test_talents", "test_rage_of_the_lion_may_also_be_used_for_a_counter_attack"),
    ],
    "reinforcement": [("test_turn", "test_reinforcement_regains_vitality_when_the_decks_are_rebuilt")],
    "retreat": [("test_talents", "test_retreat_steps_back_and_cancels_a_wound")],
    "scout": [("test_board", "test_forest_costs_one_more_point_for_each_forest_passed_through")],
    "sentry": [("test_combat", "test_sentry_defends_for_its_own_cost_and_track_harasses_for_its_own")],
    "skilled_melee": [("test_talents", "test_skilled_melee_and_skilled_shot_reroll_a_zero_once")],
    "skilled_shot": [("test_talents", "test_skilled_melee_and_skilled_shot_reroll_a_zero_once")],
    "spread_shot": [("test_talents", "test_spread_shot_attacks_two_adjacent_ground_enemies_separately")],
    "track": [("test_combat", "test_sentry_defends_for_its_own_cost_and_track_harasses_for_its_own")],
    "unholy_strength": [("test_talents", "test_unholy_strength_adds_a_die_in_close_combat")],
}


def test_every_talent_has_a_test():
    """All 25 talents (000/001 "List of Talents") are mapped to tests that exist and that
    name the talent (its notation, id, English or French name)."""
    from engine.mythic.notation import TALENT_CODES

    here = Path(__file__).parent
    assert set(TALENT_TESTS) == set(content().talents) and len(TALENT_TESTS) == 25
    for talent_id, tests in TALENT_TESTS.items():
        for module, function in tests:
            source = (here / f"{module}.py").read_text(encoding="utf-8")
            start = source.find(f"\ndef {function}(")
            assert start >= 0, (talent_id, module, function)
            body = source[start : source.find("\ndef ", start + 1)]
            names = content().talents[talent_id].name
            words = (TALENT_CODES[talent_id], talent_id, names.en.lower(), names.fr.lower())
            assert any(w in body.lower() for w in words), (talent_id, function)


def test_aura_of_strength_rerolls_one_die_for_the_unit_and_adjacent_allies(dice):
    """000 §"Aura de force": used before a roll, lasts the turn; the unit and adjacent allies
    re-roll one die per attack."""
    dice(0, 0, 0, 0, 3)
    state = _state(
        ["priestesses@c3", "marauders@d3"],
        ["spartans@d4", "toxotes@h8"],
        hands={"p1": ["marauders"]},
        pp={"p1": 1},
    )
    state, _ = run(state, [("p1", "use aura priestesses"), ("p1", "act marauders"), ("p1", "atk d3xd4")])
    state = _until(state)
    assert state.top.kind == "dice" and state.combat.att_roll.aura
    assert "aura 1" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "aura 1")])
    roll = state.combat.att_roll if state.combat else state.last_attack.att_roll
    assert roll.aura_used and roll.dice[0].faces[-1] == 3


def test_aura_does_not_reach_a_unit_that_is_not_adjacent(dice):
    dice(0, 0, 0, 0)
    state = _state(
        ["priestesses@a5", "marauders@d3"], ["spartans@d4"], hands={"p1": ["marauders"]}, pp={"p1": 1}
    )
    state, _ = run(state, [("p1", "use aura priestesses"), ("p1", "act marauders"), ("p1", "atk d3xd4")])
    state = _resolve(state)
    assert not state.last_attack.att_roll.aura


def test_cerberus_bite_attacks_up_to_three_enemies_with_its_own_dice_and_no_counter(dice):
    """000 §"Morsures de Cerbère"; readings: declared with the attack, replaces the roll."""
    dice(*([1] * 9))
    state = _state(
        ["cerberus@d3"],
        ["toxotes@d4", "satyrs@c4", "peltasts@e4", "spartans@d8"],
        hands={"p1": ["cerberus"], "p2": ["toxotes", "satyrs"]},
        pp={"p1": 1},
    )
    state, _ = run(state, [("p1", "act cerberus")])
    texts = legal_texts(state, "p1")
    assert "bite d3xd4+c4+e4" in texts and "bite d3xd4" in texts and "bite d3xc4+d4" in texts
    state, _ = run(state, [("p1", "bite d3xd4+c4+e4")])
    assert state.sides["p1"].pp == 0
    rolls, counters = [], []
    while state.top is not None and state.top.kind != "main":
        if state.top.kind == "react":
            counters.append("cntr" in legal_texts(state, "p2"))
        if state.top.kind == "activation":
            break
        if state.combat and state.combat.att_roll and state.combat.att_roll not in rolls:
            rolls.append(state.combat.att_roll)
        state, _ = run(state, [(state.top.role, decline(state))])
    assert not any(counters)
    dice_per_bite = content().units["cerberus"].levels[6].talents["cerberus_bite"].dice
    assert state.last_attack.kind == "bite" and len(state.last_attack.att_roll.dice) == dice_per_bite


def test_endurance_cancels_a_wound_again_and_again(dice):
    """000 §"Endurance": during the wound resolution, one wound cancelled per use."""
    dice(5, 5, 5, 5)
    state = _state(["marauders@c3"], ["shades@c4"], hands={"p1": ["marauders"]}, pp={"p2": 2})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    state = _until(state, stop=("dice",))
    state, _ = run(state, [("p1", "done")])
    state = _until(state, stop=("wounds",))
    assert state.top.kind == "wounds" and state.combat.wounds["p2.shades"] == 4
    state, _ = run(state, [("p2", "use endurance shades"), ("p2", "use endurance shades")])
    state = _resolve(state)
    assert state.unit("p2.shades").vit == 5 - 2 and state.sides["p2"].pp == 0


def test_evasion_voids_a_close_combat_attack_by_a_ground_unit(dice):
    """000 §"Évasion": announced right after the attack; the attack never happened, the
    attacker's card is spent."""
    state = _state(["marauders@c3"], ["satyrs@c4"], hands={"p1": ["marauders"]}, pp={"p2": 1})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert state.top.kind == "react" and "use evasion satyrs" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "use evasion satyrs")])
    assert state.last_attack.evaded and state.unit("p2.satyrs").vit == 3
    assert state.sides["p1"].spent == ["marauders"] and state.activation is None  # the attack is used up
    flyer = _state(["harpies@c3"], ["satyrs@c4"], hands={"p1": ["harpies"]}, pp={"p2": 1})
    flyer, _ = run(flyer, [("p1", "act harpies"), ("p1", "atk c3xc4")])
    assert flyer.top.kind != "react" or "use evasion satyrs" not in legal_texts(flyer, "p2")


def test_explosive_shells_lower_the_difficulty_against_ground_units(dice):
    """000 §"Boulets explosifs": a cost of 0 on the Artillerymen, so applied by itself (readings)."""
    dice(1, 1, 1, 1)
    state = _state(["artillerymen@c3"], ["spartans@c7", "owls@e7"], hands={"p1": ["artillerymen"]})
    state, _ = run(state, [("p1", "act artillerymen"), ("p1", "atk c3xc7")])
    state = _until(state, stop=("dice",))
    assert state.combat.att_roll.difficulty == 7 - 1
    state = _state(["artillerymen@c3"], ["owls@c7"], hands={"p1": ["artillerymen"]})
    state, _ = run(state, [("p1", "act artillerymen"), ("p1", "atk c3xc7")])
    state = _until(state, stop=("dice",))
    assert state.combat.att_roll.difficulty == content().units["owls"].levels[3].defense


def test_infernal_bombardment_attacks_every_enemy_flown_over_and_forbids_the_attack(dice):
    """000 §"Bombardement Infernal": before moving; no attack this turn; each enemy flown
    over suffers an attack with the printed dice, without counter-attack."""
    dice(*([1] * 8))
    state = _state(
        ["auditors@c3"],
        ["spartans@c4", "toxotes@c5", "satyrs@c7"],
        hands={"p1": ["auditors"], "p2": ["spartans", "toxotes"]},
        pp={"p1": 1},
    )
    state, _ = run(state, [("p1", "act auditors"), ("p1", "use bombard auditors")])
    moves = [t for t in legal_texts(state, "p1") if t.startswith("mv ")]
    to_c6 = [t for t in moves if t.endswith("-c6")]
    assert len(to_c6) == 1 and "c4" in to_c6[0] and "c5" in to_c6[0]  # a route over both enemies is offered
    assert not [t for t in legal_texts(state, "p1") if t.startswith("atk")]
    state, _ = run(state, [("p1", "mv c3-c4-c5-c6")])
    targets = []
    while state.combat is not None:
        if state.combat.strike.target not in targets:
            targets.append(state.combat.strike.target)
        assert state.combat.strike.kind == "bombard" and not state.combat.strike.counter_allowed
        state, _ = run(state, [(state.top.role, decline(state))])
    assert targets == ["p2.spartans", "p2.toxotes"]
    dice_n = content().units["auditors"].levels[5].talents["infernal_bombardment"].dice
    assert len(state.last_attack.att_roll.dice) == dice_n


def test_judgment_of_souls_gains_two_power_points_on_a_kill(dice):
    """000 §"Jugement des Âmes"."""
    dice(5, 5, 5, 5)
    state = _state(["rhadamanthus@c3"], ["satyrs@c4"], hands={"p1": ["rhadamanthus"]})
    state, _ = run(state, [("p1", "act rhadamanthus"), ("p1", "atk c3xc4")])
    state = _until(state, stop=("dice",))
    state, _ = run(state, [("p1", "done")])
    state = _resolve(state)
    assert state.unit("p2.satyrs").vit == 0 and state.sides["p1"].pp == 2


def test_mobility_moves_after_the_attack_if_it_did_not_move_before(dice):
    """000 §"Mobilité"."""
    dice(1, 1, 1, 1, 1, 1, 1, 1)
    state = _state(["hippeis@c3"], ["satyrs@c4"], hands={"p1": ["hippeis"]})
    state, _ = run(state, [("p1", "act hippeis"), ("p1", "atk c3xc4")])
    state = _resolve(state)
    assert state.top.kind == "activation" and [t for t in legal_texts(state, "p1") if t.startswith("mv ")]
    state, _ = run(state, [("p1", "mv c3-f3")])
    assert state.activation is None and state.unit("p1.hippeis").sq is not None
    moved = _state(["hippeis@c2"], ["satyrs@c4"], hands={"p1": ["hippeis"]})
    moved, _ = run(moved, [("p1", "act hippeis"), ("p1", "mv c2-c3"), ("p1", "atk c3xc4")])
    moved = _resolve(moved)
    assert moved.activation is None  # it moved first: no move after the attack


def test_overrun_lowers_the_difficulty_when_vitality_is_at_least_the_targets(dice):
    """000 §"Débordement": free on the Boar (applied by itself), paid on the Marauders."""
    dice(*([1] * 14))
    state = _state(["boar@c3"], ["spartans@c4"], hands={"p1": ["boar"]})
    state, _ = run(state, [("p1", "act boar"), ("p1", "atk c3xc4")])
    assert _until(state, stop=("dice",)).combat.att_roll.difficulty == 7 - 1  # Vitality 5 >= 5
    state = _state(["boar@c3"], ["nemean-lion@c4"], hands={"p1": ["boar"]})
    state, _ = run(state, [("p1", "act boar"), ("p1", "atk c3xc4")])
    assert _until(state, stop=("dice",)).combat.att_roll.difficulty == 8  # 5 < 7: no Overrun
    state = _state(["marauders@c3"], ["spartans@c4"], hands={"p1": ["marauders"]}, pp={"p1": 1})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert state.top.kind == "talents" and "use overrun marauders" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "use overrun marauders")])
    state = _until(state, stop=("dice",))
    assert state.combat.att_roll.difficulty == 6 and state.sides["p1"].pp == 0


def test_parry_cancels_one_wound_on_each_side(dice):
    """000 §"Parade": the attacker or counter-attacker, at wound resolution."""
    dice(5, 5, 5, 5, 5, 5)
    state = _state(
        ["myrmidons@c3"],
        ["satyrs@c4"],
        hands={"p1": ["myrmidons"], "p2": ["satyrs"]},
        pp={"p1": 1},
        vit={"p1.myrmidons": 3},
    )
    state, _ = run(state, [("p1", "act myrmidons"), ("p1", "atk c3xc4"), ("p2", "cntr")])
    state = _until(state, stop=("dice", "wounds"))
    while state.top.kind == "dice":
        state, _ = run(state, [(state.top.role, "done")])
        state = _until(state, stop=("dice", "wounds"))
    assert state.top.kind == "wounds" and state.top.role == "p1"
    before = dict(state.combat.wounds)
    assert before["p1.myrmidons"] >= 1
    state, _ = run(state, [("p1", "use parry myrmidons")])
    state = _resolve(state)
    after = state.last_attack.wounds
    assert after["p1.myrmidons"] == before["p1.myrmidons"] - 1
    assert after["p2.satyrs"] == max(0, before["p2.satyrs"] - 1)


def test_rage_of_the_lion_lends_the_vitality_7_characteristics_for_the_activation(dice):
    """000 §"Rage du Lion" / RULES-NOTES A2.34 [AMB→for one activation]."""
    dice(*([1] * 5))
    state = _state(
        ["nemean-lion@c3"],
        ["spartans@c4"],
        hands={"p1": ["nemean-lion"]},
        pp={"p1": 2},
        vit={"p1.nemean-lion": 3},
    )
    state, _ = run(state, [("p1", "act nemean-lion"), ("p1", "use rage nemean-lion"), ("p1", "atk c3xc4")])
    state = _until(state, stop=("dice",))
    assert len(state.combat.att_roll.dice) == content().units["nemean-lion"].levels[7].cc
    state = _resolve(state)
    if state.top.kind == "activation":
        state, _ = run(state, [("p1", "done")])
    assert card(state, state.unit("p1.nemean-lion")).cc == content().units["nemean-lion"].levels[3].cc


def test_retreat_steps_back_and_cancels_a_wound(dice):
    """000 §"Retraite"; readings: straight away from the attacker, when the wounds land."""
    dice(4, 4, 4, 4, 1, 1, 1, 1)
    state = _state(
        ["marauders@c3"], ["peltasts@c4"], hands={"p1": ["marauders"], "p2": ["peltasts"]}, pp={"p2": 1}
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert "use retreat peltasts" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "use retreat peltasts")])
    assert "p2.peltasts" in state.turn.no_counter
    state = _until(state, stop=("dice",))
    state, _ = run(state, [("p1", "done")])
    state = _resolve(state)
    peltasts = state.unit("p2.peltasts")
    assert peltasts.vit == 4 - 3 and peltasts.sq == 4 * 12 + 2  # c5
    blocked = _state(
        ["marauders@c3"], ["peltasts@c4", "satyrs@c5"], hands={"p1": ["marauders"]}, pp={"p2": 1}
    )
    blocked, _ = run(blocked, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert blocked.top.kind != "react" or "use retreat peltasts" not in legal_texts(blocked, "p2")


def test_skilled_melee_and_skilled_shot_reroll_a_zero_once(dice):
    """000 §"Adresse en mêlée" / §"Adresse au Tir"."""
    dice(0, 2, 2, 2, 4)
    state = _state(["myrmidons@c3"], ["spartans@c4"], hands={"p1": ["myrmidons"]}, pp={"p1": 1})
    state, _ = run(state, [("p1", "act myrmidons"), ("p1", "atk c3xc4")])
    state = _until(state, stop=("dice",))
    assert "zero 1" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "zero 1")])
    roll = state.combat.att_roll
    assert roll.zero_used and roll.dice[0].total == 4 and state.sides["p1"].pp == 0
    assert not [t for t in legal_texts(state, "p1") if t.startswith("zero")]
    dice(0, 2, 2, 3)
    shot = _state(["toxotes@c3"], ["spartans@c7"], hands={"p1": ["toxotes"]}, pp={"p1": 1})
    shot, _ = run(shot, [("p1", "act toxotes"), ("p1", "atk c3xc7")])
    shot = _until(shot, stop=("dice",))
    assert shot.combat.att_roll.zero_talent == "skilled_shot" and "zero 1" in legal_texts(shot, "p1")


def test_spread_shot_attacks_two_adjacent_ground_enemies_separately(dice):
    """000 §"Tir disséminé"."""
    dice(*([1] * 6))
    state = _state(
        ["amazons@c3"],
        ["spartans@c7", "satyrs@d7", "dawn-regiment@b7"],
        hands={"p1": ["amazons"]},
        pp={"p1": 1},
    )
    state, _ = run(state, [("p1", "act amazons")])
    texts = legal_texts(state, "p1")
    assert "spread c3xc7+d7" in texts and not [t for t in texts if t.startswith("spread") and "b7" in t]
    state, _ = run(state, [("p1", "spread c3xc7+d7")])
    targets = []
    while state.combat is not None:
        if state.combat.strike.target not in targets:
            targets.append(state.combat.strike.target)
        state, _ = run(state, [(state.top.role, decline(state))])
    assert targets == ["p2.spartans", "p2.satyrs"] and state.sides["p1"].pp == 0


def test_unholy_strength_adds_a_die_in_close_combat(dice):
    """000 §"Force Impie": paid on the Marauders' card, so announced at step 4."""
    dice(*([1] * 5))
    state = _state(["marauders@c3"], ["spartans@c4"], hands={"p1": ["marauders"]}, pp={"p1": 1})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p1", "use unholy marauders")])
    state = _until(state, stop=("dice",))
    assert len(state.combat.att_roll.dice) == 5


def test_plus_characteristics_cost_one_power_point_each(dice):
    """000 §I: "+1 pour sa prochaine Manœuvre ou action si son Général paye 1 point de
    Pouvoir"; a talent use (000 §6)."""
    dice(*([1] * 5))
    state = _state(["marauders@c3"], ["spartans@c4"], hands={"p1": ["marauders"]}, pp={"p1": 1, "p2": 1})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p1", "plus cc")])
    assert state.top.kind == "talents" and state.top.role == "p2" and "plus def" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "plus def")])
    state = _until(state, stop=("dice",))
    assert len(state.combat.att_roll.dice) == 5 and state.combat.att_roll.difficulty == 8
    moves = _state(["lycaons@e5"], ["spartans@l5"], hands={"p1": ["lycaons"]}, pp={"p1": 1})
    moves, _ = run(moves, [("p1", "act lycaons"), ("p1", "plus move")])
    assert "mv e5-e11" in legal_texts(moves, "p1")  # 5 + 1


def test_rage_of_the_lion_may_also_be_used_for_a_counter_attack(dice):
    """001 Lexicon "Activate: ... or to Counter-Attack" and l.750 ("its General must activate
    it"): a counter-attack is an activation, so the Lion may rage with its counter-attack's
    talents (step 4); the Vitality 7 card then sets its dice and, since the difficulty is
    set at step 5, its Defense against the attack (readings)."""
    lion = content().units["nemean-lion"]
    dice(*([1] * 9))
    state = _state(
        ["marauders@c3"],
        ["nemean-lion@c4"],
        hands={"p1": ["marauders"], "p2": ["nemean-lion"]},
        pp={"p2": 2},
        vit={"p2.nemean-lion": 3},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "cntr")])
    state = _until(state, stop=("dice", "wounds", "talents"))
    if state.top.role == "p1":
        state, _ = run(state, [("p1", "done")])
    assert state.top.kind == "talents" and state.top.role == "p2"
    assert "use rage nemean-lion" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "use rage nemean-lion")])
    assert state.sides["p2"].pp == 2 - lion.levels[3].talents["rage_of_the_lion"].cost
    assert "use rage nemean-lion" not in legal_texts(state, "p2")  # once for its duration (000 §6)
    state = _until(state, stop=("dice",))
    assert state.combat.att_roll.difficulty == lion.levels[7].defense == 8
    while state.top.kind == "dice" and state.top.role == "p1":
        state, _ = run(state, [("p1", "done")])
    assert len(state.combat.def_roll.dice) == lion.levels[7].cc != lion.levels[3].cc
    state = _resolve(state)
    assert card(state, state.unit("p2.nemean-lion")).cc == lion.levels[3].cc  # the combat is over
    dice(*([1] * 4))
    calm = _state(
        ["marauders@c3"],
        ["nemean-lion@c4"],
        hands={"p1": ["marauders"], "p2": ["nemean-lion"]},
        pp={"p2": 2, "p1": 1},
        vit={"p2.nemean-lion": 3},
    )
    calm, _ = run(calm, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "pass")])
    calm = _until(calm, stop=("dice", "talents"))
    while calm.top.kind == "talents" and calm.top.role == "p1":
        calm, _ = run(calm, [("p1", "done")])
    assert calm.top.kind != "talents" or "use rage nemean-lion" not in legal_texts(
        calm, "p2"
    )  # no counter, no rage


def test_mobility_is_offered_only_when_its_cost_can_be_paid(dice, monkeypatch, tmp_path):
    """000 §6: a talent's cost is paid when it is used. The shipped Mobility costs 0; with a
    content pack that prices it, the move after the attack is offered only to a general who
    can pay it, and paying it is what the move does."""
    from engine.mythic import units
    from engine.mythic.content import load_content

    (tmp_path / "pack.yaml").write_text(
        "units:\n  - id: hippeis\n    name: {en: Hippeis of Thessaly, fr: Hippeis de Thessalie}\n    faction: athena\n"
        "    type: cavalry\n    cost: 14\n    maneuvers: 3\n    leadership: 2\n    levels:\n"
        "      1: {move: [3, 4], cc: 2, def: 4}\n      2: {move: [4, 5], cc: 3, def: 4, talents: {mobility: 1}}\n"
        "      3: {move: [4, 6], cc: 3, def: 5, talents: {mobility: 1}}\n      4: {move: [4, 6], cc: 4, def: 5, talents: {mobility: 1}}\n",
        encoding="utf-8",
    )
    pack = load_content(tmp_path)
    monkeypatch.setattr(units, "content", lambda: pack)
    for pp, moves in ((0, False), (1, True)):
        dice(*([1] * 8))
        state = _state(["hippeis@c3"], ["satyrs@c4"], hands={"p1": ["hippeis"]}, pp={"p1": pp})
        state, _ = run(state, [("p1", "act hippeis"), ("p1", "atk c3xc4")])
        state = _resolve(state)
        assert (state.top.kind == "activation") is moves
        if moves:
            assert "mv c3-f3" in legal_texts(state, "p1")
            state, _ = run(state, [("p1", "mv c3-f3")])
            assert state.sides["p1"].pp == 0 and state.unit("p1.hippeis").sq == 2 * 12 + 5


def test_aura_of_strength_lasts_the_turn_and_serves_counter_attacks(dice):
    """000 §"Aura de force": "dure jusqu'à la fin du tour"; a re-roll "lors d'une Attaque ou
    d'une Contre-Attaque", for the unit and its adjacent allies."""
    dice(*([0] * 4), 3)
    state = _state(
        ["priestesses@c3", "marauders@d3", "nyx-riders@b3"],
        ["spartans@d4", "satyrs@b4"],
        hands={"p1": ["marauders", "nyx-riders"]},
        pp={"p1": 1},
        aow={"p1": 1},
    )
    state, _ = run(state, [("p1", "use aura priestesses"), ("p1", "act marauders"), ("p1", "atk d3xd4")])
    state = _until(state, stop=("dice",))
    state, _ = run(state, [("p1", "aura 1")])
    state = _resolve(state)
    if state.top.kind == "activation":
        state, _ = run(state, [("p1", "done")])
    dice(*([0] * content().units["nyx-riders"].levels[4].cc), 4)
    state, _ = run(state, [("p1", "act nyx-riders"), ("p1", "atk b3xb4")])  # a second attack, the same turn
    state = _until(state, stop=("dice",))
    roll = state.combat.att_roll
    assert roll.aura and not roll.aura_used and "aura 1" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "aura 1")])
    assert (state.combat.att_roll if state.combat else state.last_attack.att_roll).dice[0].faces == [0, 4]
    dice(*([1] * 9))
    counter = _state(
        ["marauders@c3"],
        ["spartans@c4", "priestesses@d5"],
        hands={"p1": ["marauders"], "p2": ["spartans"]},
        pp={"p2": 1},
    )
    counter, _ = run(counter, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "cntr")])
    counter = _until(counter, stop=("dice", "talents"))
    while counter.top.role == "p1":
        counter, _ = run(counter, [("p1", decline(counter))])
        counter = _until(counter, stop=("dice", "talents"))
    assert counter.top.kind == "talents" and "use aura priestesses" in legal_texts(counter, "p2")
    counter, _ = run(counter, [("p2", "use aura priestesses")])
    assert "p2.priestesses" in counter.turn.aura
    while counter.combat.def_roll is None:
        counter, _ = run(counter, [(counter.top.role, decline(counter))])
    assert counter.combat.def_roll.aura and not counter.combat.att_roll.aura


def test_evasion_may_be_used_several_times_a_turn(dice):
    """000 §"Évasion": "Ce Talent peut être utilisé plusieurs fois par tour"."""
    state = _state(
        ["marauders@c3", "nyx-riders@d3"],
        ["satyrs@c4"],
        hands={"p1": ["marauders", "nyx-riders"]},
        pp={"p2": 2},
        aow={"p1": 1},
    )
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4"), ("p2", "use evasion satyrs")])
    state, _ = run(state, [("p1", "act nyx-riders"), ("p1", "atk d3xc4")])
    assert "use evasion satyrs" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "use evasion satyrs")])
    assert state.last_attack.evaded and state.sides["p2"].pp == 0 and state.unit("p2.satyrs").vit == 3

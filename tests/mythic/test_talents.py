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


def test_every_talent_has_a_test():
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py"))
    for talent in content().talents.values():
        assert talent.name.fr in text or talent.name.en in text, talent.id


def test_aura_of_strength_rerolls_one_die_for_the_unit_and_adjacent_allies(dice):
    """000 §"Aura de force": used before a roll, lasts the turn; the unit and adjacent allies
    re-roll one die per attack."""
    dice(0, 0, 0, 0, 3)
    state = _state(["priestesses@c3", "marauders@d3"], ["spartans@d4", "toxotes@h8"], hands={"p1": ["marauders"]}, pp={"p1": 1})
    state, _ = run(state, [("p1", "use aura priestesses"), ("p1", "act marauders"), ("p1", "atk d3xd4")])
    state = _until(state)
    assert state.top.kind == "dice" and state.combat.att_roll.aura
    assert "aura 1" in legal_texts(state, "p1")
    state, _ = run(state, [("p1", "aura 1")])
    roll = state.combat.att_roll if state.combat else state.last_attack.att_roll
    assert roll.aura_used and roll.dice[0].faces[-1] == 3


def test_aura_does_not_reach_a_unit_that_is_not_adjacent(dice):
    dice(0, 0, 0, 0)
    state = _state(["priestesses@a5", "marauders@d3"], ["spartans@d4"], hands={"p1": ["marauders"]}, pp={"p1": 1})
    state, _ = run(state, [("p1", "use aura priestesses"), ("p1", "act marauders"), ("p1", "atk d3xd4")])
    state = _resolve(state)
    assert not state.last_attack.att_roll.aura


def test_cerberus_bite_attacks_up_to_three_enemies_with_its_own_dice_and_no_counter(dice):
    """000 §"Morsures de Cerbère"; readings: declared with the attack, replaces the roll."""
    dice(*([1] * 9))
    state = _state(["cerberus@d3"], ["toxotes@d4", "satyrs@c4", "peltasts@e4", "spartans@d8"],
                   hands={"p1": ["cerberus"], "p2": ["toxotes", "satyrs"]}, pp={"p1": 1})
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
    state = _state(["auditors@c3"], ["spartans@c4", "toxotes@c5", "satyrs@c7"],
                   hands={"p1": ["auditors"], "p2": ["spartans", "toxotes"]}, pp={"p1": 1})
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
    state = _state(["myrmidons@c3"], ["satyrs@c4"], hands={"p1": ["myrmidons"], "p2": ["satyrs"]}, pp={"p1": 1},
                   vit={"p1.myrmidons": 3})
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
    state = _state(["nemean-lion@c3"], ["spartans@c4"], hands={"p1": ["nemean-lion"]}, pp={"p1": 2}, vit={"p1.nemean-lion": 3})
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
    state = _state(["marauders@c3"], ["peltasts@c4"], hands={"p1": ["marauders"], "p2": ["peltasts"]}, pp={"p2": 1})
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    assert "use retreat peltasts" in legal_texts(state, "p2")
    state, _ = run(state, [("p2", "use retreat peltasts")])
    assert "p2.peltasts" in state.turn.no_counter
    state = _until(state, stop=("dice",))
    state, _ = run(state, [("p1", "done")])
    state = _resolve(state)
    peltasts = state.unit("p2.peltasts")
    assert peltasts.vit == 4 - 3 and peltasts.sq == 4 * 12 + 2  # c5
    blocked = _state(["marauders@c3"], ["peltasts@c4", "satyrs@c5"], hands={"p1": ["marauders"]}, pp={"p2": 1})
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
    state = _state(["amazons@c3"], ["spartans@c7", "satyrs@d7", "dawn-regiment@b7"], hands={"p1": ["amazons"]}, pp={"p1": 1})
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

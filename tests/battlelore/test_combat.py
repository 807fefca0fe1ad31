"""Combat, rule by rule (seed 002 l.175-199, l.246-296, l.376-402)."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME, combat, field
from engine.battlelore.state import Attack
from engine.errors import IllegalCommand
from tests.battlelore.position import at, battle, play


def names(state, role=None):
    role = role or sorted(GAME.active(state))[0]
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]


def attack(state, text, *dice_faces, dice=None):
    """Activate the attacker with a card played 'any', then attack; returns the state."""
    frm = text.split()[1].split("x")[0]
    state = play(state, "play c2 any", f"act {frm}")
    if dice is not None:
        dice(*dice_faces)
    return play(state, text)


def count(state, a, d, ranged=False, moved=False):
    return combat.dice_count(state, at(state, a), at(state, d), ranged, moved)


def test_dice_faces_in_melee_and_at_range_l177_180(dice):
    # melee: strikes and bonus hits wound, shots do not
    state = attack(battle(["p1 hop e4", "p2 takab e5"]), "atk e4xe5", 1, 2, 3, dice=dice)
    assert at(state, "e5").hits == 2
    # ranged: only shots
    state = attack(battle(["p1 crete e4", "p2 takab e6"]), "fire e4xe6", 1, 2, 3, dice=dice)
    assert at(state, "e6").hits == 1


def test_supplication_feeds_the_attacker_up_to_its_cap_l181_l199(dice):
    state = attack(battle(["p1 hop e4", "p2 takab e5"]), "atk e4xe5", 5, 5, 5, dice=dice)
    assert at(state, "e4").mana == 1  # its only trigger costs 1: the rest is lost
    state = attack(battle(["p1 achil e4", "p2 takab e5"]), "atk e4xe5", 5, 5, 5, 5, dice=dice)
    assert at(state, "e4").mana == 0  # a hero has no trigger and keeps no mana (l.106-108, l.197)


def test_offerings_go_to_the_deity_the_player_chooses_l182(dice):
    gods = {"p1": {"zeus": (0, ["bolt"]), "ares": (0, ["blood"])}}
    state = attack(battle(["p1 hop e4", "p2 takab e5"], gods=gods), "atk e4xe5", 6, 6, 3, dice=dice)
    assert state.step == "offer" and names(state) == ["offer ares", "offer zeus"]
    state = play(state, "offer ares", "offer zeus")
    assert state.sides["p1"].gods["ares"].mana == 1 and state.sides["p1"].gods["zeus"].mana == 1
    one = {"p1": {"zeus": (0, ["bolt"])}}
    state = attack(battle(["p1 hop e4", "p2 takab e5"], gods=one), "atk e4xe5", 6, 6, 3, dice=dice)
    assert state.sides["p1"].gods["zeus"].mana == 2 and state.step != "offer"


def test_weakened_units_score_no_bonus_hits_l178_l261(dice):
    state = attack(battle(["p1 hop e4 hits=3", "p2 takab e5"]), "atk e4xe5", 2, 2, 1, dice=dice)
    assert at(state, "e5").hits == 1  # one figure left: weakened
    # foot with a basic weapon against mounted: weakened too
    state = attack(battle(["p1 hercl e4", "p2 pcav/m e5"]), "atk e4xe5", 2, 2, 1, 3, dice=dice)
    assert at(state, "e5").hits == 1
    state = attack(battle(["p1 hercl e4", "p2 camel e5"]), "atk e4xe5", 2, 2, 1, 3, dice=dice)
    assert at(state, "e5").hits == 1
    state = attack(battle(["p1 hercl e4", "p2 sherd e5"]), "atk e4xe5", 2, 2, 3, 3, dice=dice)
    assert at(state, "e5").hits == 2  # against foot both bonus hits count


def test_flank_bonus_l258():
    state = battle(["p1 hop e4", "p2 hop e5", "p1 pcav/l d5"])
    assert count(state, "e4", "e5") == 4  # a friend with more Mobility than the target
    state = battle(["p1 hop e4", "p2 pcav/l e5", "p1 hop d5"])
    assert count(state, "e4", "e5") == 3  # one friend with less Mobility: no bonus
    state = battle(["p1 hop e4", "p2 pcav/l e5", "p1 hop d5", "p1 hop f5"])
    assert count(state, "e4", "e5") == 4  # two friends


def test_flyers_and_shooting_after_moving_cost_a_die_l259_l260():
    state = battle(["p1 hop e4", "p2 harpy e5"])
    assert count(state, "e4", "e5") == 2
    state = battle(["p1 harpy e4", "p2 harpy e5"])
    assert count(state, "e4", "e5") == 2  # flyer against flyer: no penalty
    state = battle(["p1 archer e4", "p2 hop e7"])
    assert count(state, "e4", "e7", ranged=True, moved=True) == 2
    state = battle(["p1 takab e4", "p2 hop e6"])
    assert count(state, "e4", "e6", ranged=True, moved=True) == 2  # skirmishers: javelins 2 dice, no penalty


def test_terrain_caps_combat_dice_l300_l305_l310():
    hill = battle(["p1 achil e4", "p2 hop e5"], terrain={"e5": "hill"})
    assert count(hill, "e4", "e5") == 2
    both = battle(["p1 achil e4", "p2 hop e5"], terrain={"e5": "hill", "e4": "hill"})
    assert count(both, "e4", "e5") == 4  # attacking from a hill: no cap
    flyer = battle(["p1 grif e4", "p2 hop e5"], terrain={"e5": "hill"})
    assert count(flyer, "e4", "e5") == 3
    for t in ("forest", "brush"):
        assert count(battle(["p1 achil e4", "p2 hop e5"], terrain={"e5": t}), "e4", "e5") == 2
        assert count(battle(["p1 achil e4", "p2 hop e5"], terrain={"e4": t}), "e4", "e5") == 2


def test_damage_is_reduced_by_armour_and_terrain_l266_l306_l322():
    at_ = Attack(att="p1.hop", dfd="p2.spart", ranged=False, adjacent=True, supported=False, dice=[1, 1, 1])
    state = battle(["p1 hop e4", "p2 spart e5"])
    assert combat.damage(state, at_) == 2  # heavy armour cancels 1 in melee
    state = battle(["p1 hop e4", "p2 hop e5"], terrain={"e5": "village"})
    assert combat.damage(state, at_.model_copy(update={"dfd": "p2.hop"})) == 2  # village: -1 per attack
    shot = Attack(att="p1.crete", dfd="p2.takab", ranged=True, adjacent=False, supported=False, dice=[3, 3])
    state = battle(["p1 crete e4", "p2 takab e6"], terrain={"e6": "forest"})
    assert combat.damage(state, shot) == 1  # forest: -1 against shots
    axe = Attack(att="p1.khop", dfd="p2.spart", ranged=False, adjacent=True, supported=False, dice=[1, 1, 1])
    assert combat.damage(battle(["p1 khop e4", "p2 spart e5"]), axe) == 3  # an axe ignores armour


def test_blocked_retreat_costs_one_damage_per_hex_l277(dice):
    # p2 retreats north; its two escape hexes are taken (by enemies: it is not supported,
    # and the attacker gains a flank die)
    state = battle(["p1 hop e4", "p2 takab e5", "p1 hop e6", "p1 hop d6"])
    state = attack(state, "atk e4xe5", 4, 4, 3, 3, dice=dice)
    takab = state.units["p2.takab"]
    assert takab.hex == "e5" and takab.hits == 2
    assert state.step != "riposte"  # forced back, even if blocked: no riposte (l.295)


def test_retreat_onto_a_ford_hurts_and_a_village_stops_it_l316_l320(dice):
    state = battle(["p1 hop e4", "p2 takab e5"], terrain={"e6": "ford", "d6": "water"})
    state = attack(state, "atk e4xe5", 4, 3, 3, dice=dice)
    assert state.units["p2.takab"].hex == "e6" and state.units["p2.takab"].hits == 1
    state = battle(["p1 hop e4", "p2 takab e5"], terrain={"e6": "village", "d6": "water"})
    state = attack(state, "atk e4xe5", 4, 4, 4, dice=dice)
    assert state.units["p2.takab"].hex == "e6" and state.units["p2.takab"].hits == 0


def test_advance_into_the_vacated_hex_l286(dice):
    state = battle(["p1 hop e4", "p2 takab e5"], terrain={"d6": "water"})
    state = attack(state, "atk e4xe5", 4, 3, 3, dice=dice)
    assert state.step == "advance" and names(state) == ["adv", "stay"]
    state = play(state, "adv")
    assert at(state, "e5").id == "p1.hop"


def test_no_advance_after_shooting_at_a_distant_target(dice):
    state = battle(["p1 crete e4", "p2 takab e6"], terrain={"d7": "water"})
    state = attack(state, "fire e4xe6", 4, 3, 3, dice=dice)
    assert state.step != "advance"


def test_mobility_move_even_after_the_target_is_eliminated_l292(dice):
    state = battle(["p1 pcav/l e4", "p2 takab e5 hits=2"])
    state = attack(state, "fire e4xe5", 3, 1, dice=dice)
    assert "p2.takab" not in state.units
    assert state.step == "advance"
    state = play(state, "stay")
    assert state.step == "mobility" and "mob e6" in names(state)


def test_no_mobility_after_shooting_at_a_target_not_adjacent_l292(dice):
    state = battle(["p1 pcav/l e4", "p2 hop e6"])
    state = attack(state, "fire e4xe6", 1, 1, dice=dice)
    assert state.step not in ("mobility",)


def test_riposte_only_if_the_defender_held_and_is_adjacent_l294_296(dice):
    state = battle(["p1 hop e4", "p2 spart e5"])
    state = attack(state, "atk e4xe5", 1, 3, 3, dice=dice)
    assert state.step == "riposte" and state.who == ["p2"] and names(state) == ["rip", "pass"]
    dice(4, 3, 3)
    state = play(state, "rip")
    # the riposte hit back with a flag; p1 retreats, and there is no advance after a riposte
    assert state.step != "advance" and state.turn.role == "p1"
    # a riposte cannot itself be riposted
    assert state.step != "riposte"


def test_a_shooter_ripostes_by_shooting(dice):
    state = battle(["p1 hop e4", "p2 archer e5"])
    state = attack(state, "atk e4xe5", 3, 3, 3, dice=dice)
    assert names(state) == ["rip fire", "pass"]


def test_pursuit_after_an_advance_once_a_turn_l287_290(dice):
    state = battle(["p1 myrm e4", "p2 takab e5 hits=2", "p2 takab e6"])
    state = attack(state, "atk e4xe5", 1, 3, 3, dice=dice)
    assert "p2.takab" not in state.units
    state = play(state, "adv")
    assert state.step == "pursue" and "atk e5xe6" in names(state) and "stay" in names(state)
    dice(3, 3, 3)
    state = play(state, "atk e5xe6")
    assert state.turn.pursued == ["p1.myrm"]
    assert state.step in ("riposte", "fight")


def test_no_pursuit_after_advancing_into_a_forest_l304(dice):
    state = battle(["p1 myrm e4", "p2 takab e5 hits=2", "p2 takab e6"], terrain={"e5": "forest"})
    state = attack(state, "atk e4xe5", 1, 3, dice=dice)
    state = play(state, "adv")
    assert state.step != "pursue"


def test_triggered_abilities_cost_mana_and_work_once_an_attack(dice):
    state = battle(["p1 myrm e4 mana=2", "p2 hop e5"])
    state = attack(state, "atk e4xe5", 4, 3, 3, dice=dice)
    assert names(state) == ["use dread", "use fury", "done"]
    dice(1)
    state = play(state, "use fury")
    assert len(state.attack.dice) == 4 and at(state, "e4").mana == 1
    assert "use fury" not in names(state)


def test_a_bad_attack_is_refused_and_changes_nothing():
    state = play(battle(["p1 hop e4", "p2 hop e6"]), "play c2 any", "act e4")
    before = state.model_dump_json()
    with pytest.raises(IllegalCommand):
        GAME.apply(state, "p1", GAME.notation.parse("atk e4xe6", state, "p1"))
    assert state.model_dump_json() == before
    assert field.left(at(state, "e4")) == 4


def test_artefacts_change_their_unit_and_die_with_it_l434_438(dice):
    state = battle(
        [
            "p1 hop a1 arts=helm",
            "p1 achil b1 arts=aegis",
            "p1 spear c1 arts=ankh",
            "p1 ramses d1 arts=horus",
            "p1 hop e1 arts=sandal",
            "p2 takab e9",
        ]
    )
    assert field.resistance(at(state, "a1")) == 5 and field.courage(at(state, "b1")) == -2
    assert field.mana_cap(at(state, "c1")) == 2 and field.dice(at(state, "d1")) == 5
    assert field.movement(at(state, "e1")) == 2
    state = battle(["p1 hop e4", "p2 takab e5 hits=2 arts=farav"])
    state = attack(state, "atk e4xe5", 1, 3, 3, dice=dice)
    assert "p2.takab" not in state.units  # and its artefact with it: nothing else holds it
    assert not [u for u in state.units.values() if u.arts]


def test_the_roll_is_told_die_by_die_with_what_each_did_l177_182(dice):
    """The public roll line names each die and what it did, in the reader's language."""
    from engine.i18n import render

    state = battle(["p1 hop e4 hits=3", "p2 takab e5"])
    state = play(state, "play c2 any", "act e4")
    dice(1, 2, 5)  # a weakened troop rolls 3 dice
    out = GAME.apply(state, "p1", GAME.notation.parse("atk e4xe5", state, "p1"))
    (roll,) = [e for e in out.events if e.text.key == "bl.ev.roll"]
    assert roll.to is None
    # issue 25: each letter carries its face's name (002 l.177-182) and what it did, in words
    assert render(roll.text, "en").endswith(
        "rolls S (strike): hit, B (bonus hit): no effect, P (supplication): mana to the attacker."
    )  # weakened: no bonus hit
    assert render(roll.text, "fr").endswith(
        "lance F (frappe)\u00a0: touche, B (touche bonus)\u00a0: sans effet, S (supplication)\u00a0: mana à l’attaquant."
    )


def test_every_die_face_reads_in_words_at_range_and_in_melee_l177_182():
    """Issue 25: without the image's legend, a die says its face and its effect (002 l.177-182:
    a Shot hits only at range, a Flag forces a retreat, an Offering gives a deity mana)."""
    from engine.i18n import render

    def line(face, ranged, locale):
        return render(combat.die_text(face, ranged, weak=False), locale)

    assert line(combat.SHOT, True, "en") == "T (shot): hit"
    assert line(combat.STRIKE, True, "en") == "S (strike): no effect"
    assert line(combat.FLAG, False, "en") == "F (flag): retreat"
    assert line(combat.OFFERING, False, "en") == "O (offering): mana to a deity"
    assert line(combat.FLAG, True, "fr") == "D (drapeau)\u00a0: retraite"
    assert line(combat.OFFERING, True, "fr") == "O (offrande)\u00a0: mana à une divinité"
    assert line(combat.STRIKE, True, "fr") == "F (frappe)\u00a0: sans effet"

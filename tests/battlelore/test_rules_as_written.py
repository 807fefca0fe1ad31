"""Rules as written: the Battlelore Mythologie items of the independent audit (issue 24),
each reproducing the situation the audit described and citing seed 002."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME, army, combat, field, hexes, setup, victory
from engine.battlelore.army import Army
from engine.battlelore.content import content
from engine.battlelore.context import Ctx
from engine.battlelore.state import Options
from engine.errors import IllegalCommand
from tests.battlelore.position import at, battle, play


def names(state, role=None):
    role = role or sorted(GAME.active(state))[0]
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]


# ---------------------------------------------------------------- flyers (002 l.245)

RING_E3 = ["d3", "f3", "d4", "e4", "d2", "e2"]  # the six neighbours of e3


def test_a_flyer_never_crosses_an_enemy_flyer_l245():
    ring = [f"p2 pairi {h}" for h in RING_E3]
    state = battle(["p1 pegas e3", *ring])
    assert field.reachable(state, at(state, "e3"), "e3", 4) == {}
    # the same ring of enemy foot (no Vol) is flown over
    state = battle(["p1 pegas e3", *[f"p2 hop {h}" for h in RING_E3]])
    assert "e5" in field.reachable(state, at(state, "e3"), "e3", 4)
    # and so is a ring of friendly flyers
    state = battle(["p1 pegas e3", *[f"p1 pairi {h}" for h in RING_E3]])
    assert "e5" in field.reachable(state, at(state, "e3"), "e3", 4)


def test_a_retreating_flyer_never_crosses_an_enemy_flyer_l245_l277():
    # p2's Pegasus on e5 retreats north (toward row 9); d6 and e6 hold p1's Pairikas
    state = battle(["p1 hop e4", "p2 pegas e5", "p1 pairi d6", "p1 pairi e6"])
    options = combat.retreat_options(state, at(state, "e5"), 2, 2)
    assert "d7" not in options and "e7" not in options
    assert options == {"e5": 2}  # blocked at once: 1 damage per hex not covered (l.277)
    # over enemy foot the retreat flies on to row 7
    state = battle(["p1 hop e4", "p2 pegas e5", "p1 hop d6", "p1 hop e6"])
    assert "d7" in combat.retreat_options(state, at(state, "e5"), 2, 2)


# ---------------------------------------------------------------- line of sight (002 l.253-254)

KNIGHT_FROM_G5 = ["c4", "c6", "d2", "d8", "f1", "f9", "h1", "h9", "i2", "i8", "j4", "j6"]


def test_a_line_crossing_an_edge_at_its_midpoint_traverses_both_hexes_l254():
    # From g5, the lines to the 12 "knight" hexes at distance 4 cross the common edge of two
    # hexes at its midpoint: they go through both, so either one alone blocks the line.
    for target in KNIGHT_FROM_G5:
        g5, t = hexes.to_hex("g5"), hexes.to_hex(target)
        assert hexes.distance(g5, t) == 4
        crossed = hexes.crossed(g5, t)
        assert len(crossed) == 4 and all(len(item) == 1 for item in crossed), target
        for (h,) in crossed:
            state = battle(["p1 crete g5", f"p2 hop {target}", f"p1 hop {hexes.name(h)}"])
            assert not field.line_of_sight(state, at(state, "g5"), at(state, target)), (target, h)
        clear = battle(["p1 crete g5", f"p2 hop {target}"])
        assert field.line_of_sight(clear, at(clear, "g5"), at(clear, target))


def test_only_a_line_along_an_edge_needs_blockers_on_both_sides_l254():
    assert [len(item) for item in hexes.crossed(hexes.to_hex("d4"), hexes.to_hex("d6"))] == [2]
    state = battle(["p1 crete d4", "p2 hop d6", "p1 hop e5"])
    assert field.line_of_sight(state, at(state, "d4"), at(state, "d6"))
    state = battle(["p1 crete d4", "p2 hop d6", "p1 hop e5", "p2 hop d5"])
    assert not field.line_of_sight(state, at(state, "d4"), at(state, "d6"))


def test_cretan_archers_cannot_shoot_through_one_midpoint_hex_l253_254():
    # the audit's case: archers on f5, an enemy on b6, d5 alone holding a unit or a forest
    for extra, terrain in ((["p1 hop d5"], None), (["p2 hop d5"], None), ([], {"d5": "forest"})):
        state = battle(["p1 crete f5", "p2 hop b6", *extra], terrain=terrain)
        state = play(state, "play c2 any", "act f5")
        assert "fire f5xb6" not in names(state), (extra, terrain)
    state = play(battle(["p1 crete f5", "p2 hop b6"]), "play c2 any", "act f5")
    assert "fire f5xb6" in names(state)


# ---------------------------------------------------------------- army limits (002 l.207, l.210)


def test_limits_scale_always_rounded_down_so_150_points_field_no_hero_l207_l210():
    assert army.limits(150) == {"min": 4, "max": 6, "hero": 0, "creature": 1}
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=("achil",) + ("sling",) * 4), "greek", "persia", 150, 0)
    assert e.value.text.key == "bl.err.too_many" and e.value.text.params["most"] == 0
    army.validate(Army(units=("sling",) * 5), "greek", "persia", 150, 0)
    for preset in ("greek1", "greek2"):
        fitted = army.from_preset(preset, 150, 0)
        assert not any(content().units[army.split(e)[0]].cls == "hero" for e in fitted.units)
        army.validate(fitted, "greek", "persia", 150, 0)


# ---------------------------------------------------------------- deployment (002 l.441-448)


def _mustered(p1_people, p2_people, deploy):
    state = GAME.setup(Options(sites=0, deploy=deploy, first="p1"), ["p1", "p2"], 7)
    state = play(state, "map plain", "side s", role=None)  # p2 holds the south edge (row 1)
    for role, people in (("p1", p1_people), ("p2", p2_people)):
        state = GAME.apply(state, role, GAME.notation.parse(f"people {people}", state, role)).state
    for role, people in (("p1", p1_people), ("p2", p2_people)):
        state = GAME.apply(state, role, GAME.notation.parse(f"army {people}1", state, role)).state
    return state


def _rows(state, role, card):
    ids = {u.id.split(".", 1)[1] for u in state.alive(role) if u.card == card and u.bar == "l"}
    return {int(c.hex[1:]) for c in GAME.legal(state, role) if c.kind == "deploy" and c.unit in ids}


def test_a_mobility_3_unit_deploys_up_to_row_5_in_a_pitched_battle_l442_445():
    state = _mustered("greek", "persia", "alternate")
    while state.who != ["p2"]:
        state = GAME.apply(state, state.who[0], GAME.legal(state, state.who[0])[0]).state
    assert _rows(state, "p2", "pcav") == {1, 2, 3, 4, 5}  # Persian light cavalry: Mobility 3
    # greek (at most Mobility 2) against persia: no common row, the hidden deployment stays
    state = _mustered("greek", "persia", "hidden")
    assert set(state.who) == {"p1", "p2"} and setup.deploy_mode(state) == "hidden"
    assert _rows(state, "p2", "pcav") == {1, 2, 3, 4, 5}


def test_two_armies_reaching_the_middle_row_deploy_alternately_l441():
    # both peoples field Mobility-3 units: two hidden placements could claim one hex of row 5,
    # so the rulebook's other way is used ("si cela n'est pas possible", l.441), and said
    state = GAME.setup(Options(sites=0, deploy="hidden", first="p1"), ["p1", "p2"], 7)
    state = play(state, "map plain", "side s", role=None)
    for role in ("p1", "p2"):
        state = GAME.apply(state, role, GAME.notation.parse("people persia", state, role)).state
    state = GAME.apply(state, "p1", GAME.notation.parse("army persia1", state, "p1")).state
    out = GAME.apply(state, "p2", GAME.notation.parse("army persia1", state, "p2"))
    state = out.state
    said = [e for e in out.events if e.text.key == "bl.ev.deploy_alternates"]
    assert said and all(e.to is None for e in said)
    assert state.step == "deploy" and state.who == ["p1"] and setup.deploy_mode(state) == "alternate"
    assert _rows(state, "p1", "pcav") == {9, 8, 7, 6, 5}
    first = GAME.legal(state, "p1")[0]
    out = GAME.apply(state, "p1", first)
    assert any(u.owner == "p1" for u in GAME.view(out.state, "p2").units)  # placed in the open


# ---------------------------------------------------------------- sacred-site cards (002 l.327-328)


def _turn_end(state, role, played=True):
    """One of `role`'s turns: a Command card played from the hand, then the turn's end."""
    if played:
        state.discard.append(state.sides[role].hand.pop(0))
    ctx = Ctx(state)
    state.turn.role = role
    victory.end_of_turn_cards(ctx, role)
    return [e.text.key for e in ctx.events]


def test_the_site_card_is_a_hand_one_card_larger_while_the_lead_lasts_l327_328():
    state = battle(["p1 hop a1", "p2 hop e9"], sites={"e5": "p1", "a5": None})
    state.deck = ["c1"] * 30
    assert "bl.ev.site_card" in _turn_end(state, "p1")
    assert len(state.sides["p1"].hand) == 6  # 5 - 1 played + 1 drawn + the site's card
    for _ in range(10):  # the lead lasts: one card played, one drawn, no more
        assert "bl.ev.site_card" not in _turn_end(state, "p1")
        assert len(state.sides["p1"].hand) == 6
    state.sites["e5"] = None  # the lead ends: the extra card goes back
    assert "bl.ev.site_card_back" in _turn_end(state, "p1")
    assert len(state.sides["p1"].hand) == 5
    _turn_end(state, "p1")
    assert len(state.sides["p1"].hand) == 5


def test_two_sites_more_cost_the_opponent_one_card_while_the_lead_lasts_l327_328():
    state = battle(["p1 hop a1", "p2 hop e9"], sites={"e5": "p1", "a5": "p1"})
    state.deck = ["c1"] * 30
    assert "bl.ev.site_discard" in _turn_end(state, "p1")
    assert len(state.sides["p2"].hand) == 4
    for _ in range(10):  # turn after turn the opponent keeps 4 cards, never fewer
        _turn_end(state, "p2")
        assert "bl.ev.site_discard" not in _turn_end(state, "p1")
        assert len(state.sides["p2"].hand) == 4 and len(state.sides["p1"].hand) == 6
    state.sites["a5"] = "p2"
    assert "bl.ev.site_loss_back" in _turn_end(state, "p1")
    assert len(state.sides["p2"].hand) == 5


# ---------------------------------------------------------------- dice: caps, then modifiers


def test_the_terrain_caps_the_combat_value_then_dice_are_added_l258_260_l300_l305_l310():
    # Achilles (Combat 4) attacks a target in a forest, flanked by two more Greeks: the
    # Combat value is capped at 2 (l.305), then the flank die is added on top (l.258)
    state = battle(["p1 achil e4", "p2 hop e5", "p1 hop d5", "p1 hop f5"], terrain={"e5": "forest"})
    assert combat.dice_count(state, at(state, "e4"), at(state, "e5"), False, False) == 3
    for terrain in ("brush", "hill"):  # l.310, l.300
        state = battle(["p1 achil e4", "p2 hop e5", "p1 hop d5", "p1 hop f5"], terrain={"e5": terrain})
        assert combat.dice_count(state, at(state, "e4"), at(state, "e5"), False, False) == 3
    # a die removed comes off the capped value: a non-flyer against a flyer in a forest
    state = battle(["p1 achil e4", "p2 pegas e5"], terrain={"e5": "forest"})
    assert combat.dice_count(state, at(state, "e4"), at(state, "e5"), False, False) == 1


# ---------------------------------------------------------------- where 002 is silent (readings.py)


def test_a_sacred_site_blocks_line_of_sight_reading_l318_l325():
    state = battle(["p1 crete c3", "p2 hop e4"], sites={"d4": None})
    assert not field.line_of_sight(state, at(state, "c3"), at(state, "e4"))
    state = battle(["p1 crete c3", "p2 hop e4"])
    assert field.line_of_sight(state, at(state, "c3"), at(state, "e4"))


def test_a_sacred_site_is_never_placed_on_a_terrain_hex_reading_l217_l325():
    state = GAME.setup(Options(sites=1, first="p1"), ["p1", "p2"], 7)
    state = play(state, "map woods", "side s", role=None)
    for role, people in (("p1", "greek"), ("p2", "persia")):
        state = GAME.apply(state, role, GAME.notation.parse(f"people {people}", state, role)).state
    for role, people in (("p1", "greek"), ("p2", "persia")):
        state = GAME.apply(state, role, GAME.notation.parse(f"army {people}1", state, role)).state
    assert state.step == "site"
    central = [h for h in state.terrain if h[1:] in ("4", "5", "6")]
    assert central and not set(central) & set(setup.site_hexes(state, state.who[0]))


def test_a_ford_hurts_a_retreat_but_does_not_end_it_reading_l303_l315_l316_l320():
    state = battle(["p1 hop e4", "p2 takab e5"], terrain={"e6": "ford", "d6": "water"})
    options = combat.retreat_options(state, at(state, "e5"), 2, 2)
    assert options == {"e7": 1, "f7": 1}  # over the ford on e6 (1 damage) and on to row 7

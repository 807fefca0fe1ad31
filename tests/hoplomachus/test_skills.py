"""Every skill of the glossary (seed 003 l.569-618), one test each, and the rival's turn
rules they meet (specials first l.380-382, displacement triggers, Scion activity)."""

from __future__ import annotations

from engine.hoplomachus import GAME, combat, hexes, turn
from engine.hoplomachus import commands as c
from engine.hoplomachus.ctx import Ctx
from tests.hoplomachus.scenario import fight, scripted


def test_whirlwind_rolls_the_weakest_die_per_adjacent_opponent_and_hits_each(monkeypatch):
    """l.616-622."""
    scripted(monkeypatch, 1, 1)
    state = fight(["r:pl_butcher@d3", "p:kl_guard@d4", "p:ve_wall@c3"], arena="lamosians")
    ctx = Ctx(state)
    butcher, guard, wall = state.fight.units
    assert turn.special_use(ctx, butcher) == ("whirlwind", None)
    turn.use_special(ctx, butcher, "whirlwind", None)
    assert guard.hp == guard.health - 2  # a Special is no attack: Absorb does not apply
    assert wall.hp == wall.health - 2


def test_long_shot_only_when_it_cannot_attack(monkeypatch):
    """l.573-576: weakest die against an opponent up to # hexes; only if no attack."""
    state = fight(["r:la_harpoon@d1", "p:kl_blade@d5"], arena="lamosians")
    ctx = Ctx(state)
    harpoon, blade = state.fight.units
    assert turn.special_use(ctx, harpoon) == ("longshot", blade.fid)
    state2 = fight(["r:la_harpoon@d1", "p:kl_blade@d3"], arena="lamosians")
    assert turn.special_use(Ctx(state2), state2.fight.units[0]) is None  # it can attack


def test_heave_when_a_weaker_opponent_is_within_three():
    """l.600-603."""
    state = fight(["r:ar_sling@d3", "p:kl_guard@d5", "p:kl_archer@a3"], arena="lamosians")
    ctx = Ctx(state)
    sling, guard, archer = state.fight.units
    assert turn.special_use(ctx, sling) == ("heave", archer.fid)


def test_taunt_forces_the_attack_on_the_strongest_taunter():
    """l.606-610."""
    state = fight(["r:kl_blade@d3", "p:ar_shield@d4", "p:kl_archer@c3"], arena="lamosians")
    blade, shield, archer = state.fight.units
    assert combat.attack_targets(state.fight, blade) == [shield]


def test_intercept_takes_the_blow_when_it_saves_the_ally(monkeypatch):
    """l.570-572."""
    scripted(monkeypatch, 2, 2)
    state = fight(["p:kl_blade@d4", "r:kl_archer@d3", "r:ar_shield@c3"], arena="lamosians")
    ctx = Ctx(state)
    blade, archer, shield = state.fight.units
    combat.attack(ctx, blade, archer)
    assert archer.hp == archer.health and shield.hp == shield.health - 4


def test_deflect_no_second_attack_in_the_turn(monkeypatch):
    """l.585-586."""
    scripted(monkeypatch, 1, 0)
    state = fight(["p:kl_blade@d4", "p:kl_guard@c4", "r:la_shell@d3"], arena="kunlun")
    ctx = Ctx(state)
    blade, guard, shell = state.fight.units
    combat.attack(ctx, blade, shell)
    assert shell.hurt and shell not in combat.attack_targets(state.fight, guard)


def test_confidence_dig_in_and_inspire_add_dice():
    """l.583-584, l.587-588, l.618-620."""
    state = fight(["p:am_spear@d4", "r:kl_guard@d3", "r:kl_blade@c3"], arena="lamosians")
    spear, guard, _ = state.fight.units
    assert combat.attack_dice(state.fight, spear, guard).count("g") == 3  # outnumbered
    state = fight(["p:pa_cata@d4", "r:kl_guard@d3"], arena="lamosians")
    cata, guard = state.fight.units
    assert "k" in combat.attack_dice(state.fight, cata, guard)
    cata.moved = True
    assert "k" not in combat.attack_dice(state.fight, cata, guard)
    state = fight(["p:kl_blade@d4", "p:ar_nav@c4", "r:kl_guard@d3"], arena="lamosians")
    blade, nav, guard = state.fight.units
    assert combat.attack_dice(state.fight, blade, guard).count("b") == 1


def test_fury_aura_hits_the_weakest_in_reach_and_regen_heals_up_to_health():
    """l.598-600 and Regen (l.583): heal never passes Health (l.554-556)."""
    state = fight(["p:ve_brute@d4", "r:kl_guard@d3", "r:kl_archer@e3", "p:at_warden@a7"], arena="lamosians")
    brute, guard, archer, warden = state.fight.units
    warden.hp = warden.health - 1
    ctx = Ctx(state)
    turn.passive_abilities(ctx, "p")
    assert archer.hp == archer.health - 1 and guard.hp == guard.health
    assert warden.hp == warden.health
    turn.passive_abilities(ctx, "p")
    assert warden.hp == warden.health


def test_undying_returns_to_camp_after_a_lethal_fight():
    """l.612-614."""
    from engine.hoplomachus import campaign

    state = fight(["p:pl_walker@d5", "r:kl_blade@d4"])
    state.camp = ["pl_walker#d5"]
    ctx = Ctx(state)
    combat.damage(ctx, state.fight.units[0], 9, None)
    state.fight.result = "fail"
    campaign.after_step(ctx)
    assert "pl_walker#d5" in ctx.state.camp


def test_flight_crosses_units_but_cannot_stop_on_them():
    """l.594-596."""
    state = fight(["p:kl_sage@d6", "p:kl_guard@d5", "r:kl_blade@a1"], arena="lamosians")
    moves = {m.to for m in GAME.legal(state, "p1") if isinstance(m, c.Move) and m.frm == "d6"}
    assert "d4" in moves and "d5" not in moves


def test_roaming_moves_by_the_arena_die_and_beastmaster_stops_it(monkeypatch):
    """l.590-593, l.577."""
    state = fight(["a:beast@d4", "p:kl_blade@a7"], arena="pluto")
    beast = state.fight.units[0]
    assert turn.roaming(state.fight, beast)
    monkeypatch.setattr(Ctx, "below", lambda self, n: 1)  # "e" twice
    turn.roam(Ctx(state), beast)
    assert beast.hex == "f4"
    state = fight(["a:beast@d4", "p:pl_keeper@a7"], arena="pluto")
    assert not turn.roaming(state.fight, state.fight.units[0])


def test_hook_pulls_an_opponent_when_that_lets_a_rival_attack():
    """l.603-609: the displacement triggers when it lets an unengaged rival attack."""
    state = fight(["r:la_reaver@d3", "p:kl_archer@d5"], arena="lamosians")
    ctx = Ctx(state)
    reaver, archer = state.fight.units
    opts = turn.ability_options(ctx, reaver)
    assert opts and opts[0][0] == "hook"
    turn.run_abilities(ctx, reaver)
    assert hexes.distance(reaver.hex, archer.hex) == 1


def test_rival_special_comes_before_its_attack(monkeypatch):
    """l.380-382: a Special that can trigger is used instead of the attack."""
    scripted(monkeypatch, 1, 1)
    state = fight(["r:pl_butcher@d3", "p:kl_blade@d4", "p:kl_archer@c3"], arena="lamosians")
    state.fight.step, state.fight.sub = "rival", "engage"
    state.fight.pending = [state.fight.units[0].fid]
    ctx = Ctx(state)
    turn.settle(ctx)
    assert any(e.data.get("key") == "hop.ev.whirlwind" for e in ctx.events)


def test_rivals_move_in_the_order_the_player_picks_when_it_matters():
    """l.337-338: "in an order you choose"; asked only when their paths cross."""
    state = fight(["r:la_reaver@c1", "r:la_shell@d1", "p:kl_blade@c6"], arena="argonauts")
    state.fight.step, state.fight.sub = "rival", "move"
    state.fight.pending = [u.fid for u in state.fight.units if u.side == "r"]
    ctx = Ctx(state)
    turn.settle(ctx)
    if state.ask is not None:
        assert state.ask.kind in ("next", "mark")
        first = state.ask.options[-1]
        out = GAME.apply(state, "p1", c.Pick(hex=first)).state
        assert out.ask is None or out.ask.options != state.ask.options


def test_the_scion_is_dazed_when_deployed_then_rolls_its_sheet(monkeypatch):
    """l.162-173."""
    state = fight(["p:kl_blade@d5"], arena="vesuvians", kind="scion")
    from engine.hoplomachus.formation import scion_fighter

    state.fight.rival_camp = [scion_fighter("kalliope")]
    ctx = Ctx(state)
    turn.start_side(ctx, "r")
    turn.rival_deploy(ctx, 1, 0)
    scion = state.fight.get("scion")
    assert scion is not None and scion.dazed
    state.fight.sub = "tactic"
    turn.settle(ctx)  # dazed: no activity this turn
    assert not any(e.data.get("key") == "hop.ev.scion_rolls" for e in ctx.events)
    assert state.fight.step == "player"
    scripted(monkeypatch, 2, 1, 1, 0)  # one face per die of her sheet (data/rules.yaml)
    turn.end_side(ctx, "p")
    turn.settle(ctx)
    assert any(e.data.get("key") == "hop.ev.scion_rolls" for e in ctx.events)


def test_a_special_whose_target_falls_to_fury_aura_on_the_way_does_nothing():
    """Fury Aura resolves at the abilities step (l.598-600), before engage: the aimed
    Special then has no target, and nothing breaks (found by the property test)."""
    state = fight(["p:ve_brute@d4", "p:pl_skull@d6", "r:kl_archer@d3"], arena="lamosians")
    state.fight.units[2].hp = 1
    cmd = c.Special(actor="d6", target="d3")
    assert cmd in GAME.legal(state, "p1")
    out = GAME.apply(state, "p1", cmd).state
    assert out.fight is None or out.fight.at("d3") is None

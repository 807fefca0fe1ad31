"""Rules of seed 003 (Hoplomachus Victorum game aid), each test citing its lines, and the
rulebook's readable examples and errata as tests."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.hoplomachus import GAME, campaign, combat, hexes, opportunities, priorities, turn
from engine.hoplomachus import commands as c
from engine.hoplomachus.content import content
from engine.hoplomachus.ctx import Ctx
from tests.hoplomachus.scenario import campaign as new_campaign
from tests.hoplomachus.scenario import fight, rival_turn, scripted

# --- examples and errata printed in the rulebook ---------------------------------------


def test_example_a_rival_marks_the_strongest_opponent_it_can_reach_not_a_stronger_one_out_of_reach():
    """seed 003 l.218-222: with "Strongest" first, the rival marks the strongest unit within
    its reach, ignoring stronger opponents it cannot reach after moving."""
    state = fight(["r:ve_brute@b2", "p:kl_guard@b5", "p:ve_wall@g7"], arena="vesuvians")
    f = state.fight
    brute, guard, wall = f.units
    assert wall.hp > guard.hp  # the wall (5+1 local) is the strongest, out of reach
    plan = priorities.plan(f, brute)
    assert plan.reached and plan.marks == [guard.fid]
    assert hexes.distance(plan.dest, guard.hex) <= brute.range


def test_erratum_kalliope_loses_at_most_as_many_hp_as_she_has_allies(monkeypatch):
    """seed 003 l.406-409: Kalliope's HP lost per damage = her number of allies."""
    state = fight(["r:scion.kalliope@d3", "r:kl_blade@a1", "r:kl_guard@b1", "p:ve_brute@d4"], arena="kunlun")
    ctx = Ctx(state)
    scion = state.fight.get("scion")
    combat.damage(ctx, scion, 5, None)
    assert scion.hp == scion.health - 2
    state.fight.units = [u for u in state.fight.units if u.side != "r" or u.fid == "scion"]
    combat.damage(ctx, scion, 3, None)  # alone, the cap no longer holds (our reading)
    assert scion.hp == scion.health - 5


def test_erratum_act_iv_first_two_rivals_get_two_hp_not_health():
    """seed 003 l.411-413 and l.118-119: +2 HP (temporary), the Health stat is unchanged."""
    state = fight([], arena="lamosians", rival_camp=["la_reaver", "la_shell", "la_diver"], camp=["hero"])
    state.fight.first_deploy, state.fight.first_hp = 2, 2
    rival_turn(state)
    deployed = [u for u in state.fight.units if u.side == "r"]
    assert [u.hex for u in deployed] == list(hexes.board("lamosians").rival_hexes[:2])
    assert all(u.hp == u.health + 2 for u in deployed)


def test_erratum_act_unit_modifier_comes_before_the_glory_opportunities():
    """seed 003 l.415-419: the Act's extra unit first; Reckless, Confident, Brave Find Glory
    last, when the player decides."""
    state = new_campaign("nox", "valiant", 4)
    state.act, state.phase, state.location = 2, "event", "lab"
    state.event = "bl_pit"
    state.opportunities = ["op_confident"]
    out = GAME.apply(state, "p1", c.Resolve()).state
    assert out.phase == "glory"
    base = len(content().bloodshed["bl_pit"].rivals) + 1  # +1 unit in Act II
    assert len(out.fight.rival_camp) >= base
    after = GAME.apply(out, "p1", c.Glory(card="op_confident")).state
    assert after.phase == "fight"
    assert after.fight.rival_hp == out.fight.rival_hp + 1


def test_erratum_units_lost_in_a_lethal_fight_leave_the_leadership_count():
    """seed 003 l.421-427: units defeated in a lethal fight go to the bag and stop counting
    for Leadership; after a sport fight they come back to camp."""
    for kind, kept in (("bloodshed", False), ("spar", True)):
        state = fight(["p:ve_brute@d5", "r:kl_blade@d4"], kind=kind)
        state.camp = ["ve_brute#d5", *state.camp]
        ctx = Ctx(state)
        brute = state.fight.units[0]
        combat.damage(ctx, brute, 10, None)
        state.fight.result = "fail"
        campaign.after_step(ctx)
        assert ("ve_brute#d5" in ctx.state.camp) is kept
        assert ("ve_brute#d5" in ctx.state.bag) is not kept


def test_erratum_reinforce_blessing_draws_units_at_random():
    """seed 003 l.433-435: the Blessing draws new units; you do not choose them."""
    state = fight(["p:hero@d7", "r:kl_blade@d1"])
    state.camp = []
    state.blessings = 2
    legal = GAME.legal(state, "p1")
    assert c.Reinforce() in legal and not any(isinstance(x, c.Recruit) for x in legal)
    out = GAME.apply(state, "p1", c.Reinforce()).state
    assert out.blessings == 1
    assert len(out.camp) + 1 == opportunities.leadership(out)


def test_erratum_kunlun_platform_dazes_even_tactical_units():
    """seed 003 l.443-445."""
    state = fight(["p:kl_sage@c5", "r:kl_blade@a1"], arena="kunlun")
    ctx = Ctx(state)
    sage = state.fight.units[0]
    turn.move_unit(ctx, sage, "c4")  # c4 is a platform hex (^)
    assert "c4" in hexes.board("kunlun").hazards
    assert sage.dazed and not combat.can_move(sage)


def test_erratum_a_unit_deployed_off_turn_is_dazed_only_for_that_turn():
    """seed 003 l.447-449: dazed the turn it is deployed, even off its own turn; not at the
    start of its next turn."""
    state = fight(["p:hero@d7"], rival_camp=["la_reaver"], camp=[])
    ctx = Ctx(state)
    turn.start_side(ctx, "r")
    turn.rival_deploy(ctx, 1, 0)
    reaver = state.fight.units[-1]
    assert reaver.dazed and reaver.fresh
    turn.end_side(ctx, "r")
    assert not reaver.dazed


def test_erratum_a_defeated_primus_leaves_the_game():
    """seed 003 l.452-453: not into the bag."""
    state = new_campaign("nox", "chosen", 2)
    primus = state.primus[0]
    region = content().heroes[primus].region
    state.location = next(
        k for k, v in content().locations.items() if v.region == region and v.kind == "sport"
    )
    state.phase, state.previous = "travel", None
    cap = next(k for k, v in content().locations.items() if v.region == region and v.kind == "capital")
    out = GAME.apply(state, "p1", c.Go(to=cap)).state
    assert out.fight.kind == "primus"
    ctx = Ctx(out)
    for u in [*out.fight.units, *out.fight.rival_camp]:
        if u.side == "r":
            u.hex = u.hex or "a1"
    out.fight.units = [u for u in out.fight.units if u.side != "r"]
    out.fight.rival_camp = []
    turn.check_win(ctx)
    campaign.after_step(ctx)
    assert primus in ctx.state.primus_defeated
    assert not any("primus" in t for t in ctx.state.bag)
    assert ctx.state.act == 2


def test_erratum_pluto_beasts_do_not_oppose_pluto_locals():
    """seed 003 l.455-460."""
    state = fight(["a:beast@c4", "p:pl_butcher@d4", "p:kl_blade@c5"], arena="pluto")
    f = state.fight
    beast, butcher, blade = f.units
    assert not combat.opposed(f, beast, butcher)
    assert combat.opposed(f, beast, blade)
    assert combat.attack_targets(f, beast) == [blade]


def test_erratum_agile_is_a_special_and_triggers_no_retaliation(monkeypatch):
    """seed 003 l.462-466: Agile does not trigger Retaliate or Quickstrike."""
    scripted(monkeypatch, 1, 1, 0)  # two green and the local blue die
    state = fight(["r:pa_lancer@d3", "p:ve_wall@d4"], arena="parthians")
    ctx = Ctx(state)
    lancer, wall = state.fight.units
    turn.use_special(ctx, lancer, "agile", None)
    assert wall.hp == wall.health - 2
    assert lancer.hp == lancer.health  # no Retaliate


# --- campaign ---------------------------------------------------------------------------


def test_travel_goes_to_an_adjacent_location_and_never_back():
    """seed 003 l.21-23."""
    state = new_campaign("nox")
    state.phase, state.location, state.previous = "travel", "ves", "veo"
    dest = campaign.destinations(state)
    assert "veo" not in dest and set(dest) <= set(content().adjacent("ves"))
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(state, "p1", c.Go(to="veo"))
    assert err.value.text.key == "hop.err.cannot_go"


def test_a_capital_opens_only_for_an_undefeated_primus_and_in_act_iv_for_the_scion():
    """seed 003 l.27-30."""
    state = new_campaign("nox", seed=3)
    caps = {k for k, v in content().locations.items() if v.kind == "capital"}
    open_ = {k for k in caps if campaign.capital_open(state, k)}
    assert open_ == {
        k for k in caps if content().locations[k].region in {content().heroes[p].region for p in state.primus}
    }
    state.act = 4
    assert {k for k in caps if campaign.capital_open(state, k)} == {"vec"}


def test_a_harbour_jump_costs_a_week_then_you_move_on():
    """seed 003 l.24-26."""
    state = new_campaign("nox")
    state.phase, state.location, state.previous = "travel", "veb", "ves"
    out = GAME.apply(state, "p1", c.Go(to="h4")).state
    assert out.phase == "harbour"
    sailed = GAME.apply(out, "p1", c.Sail(to="h1")).state
    assert sailed.week == out.week + 1 and sailed.location == "h1" and sailed.phase == "sailed"
    assert {x.to for x in GAME.legal(sailed, "p1")} == set(content().adjacent("h1"))


def test_spectate_discards_reorders_three_heals_and_adds_influence_without_cleanup():
    """seed 003 l.41-46, l.49."""
    state = new_campaign("nox", seed=5)
    state.phase, state.location, state.previous = "travel", "veo", None
    state.act, state.hero_hp = 2, 1
    out = GAME.apply(state, "p1", c.Go(to="ves")).state
    card = out.event
    spect = GAME.apply(out, "p1", c.Spectate()).state
    assert spect.hero_hp == spect.sheet.health
    assert spect.influence == out.influence + 2
    assert spect.week == out.week  # no cleanup, no week
    assert spect.phase == "reorder" and len(spect.offered) == 3
    assert spect.decks["sport"][-1] == card
    order = tuple(reversed(spect.offered))
    done = GAME.apply(spect, "p1", c.Order(cards=order)).state
    assert tuple(done.decks["sport"][:3]) == order
    assert GAME.view(done, "p1").known["sport"] == list(order)
    assert GAME.view(done, None).known is None


def test_after_twelve_weeks_every_event_is_spectated():
    """seed 003 l.65-66."""
    state = new_campaign("nox")
    state.phase, state.location, state.previous, state.week = "travel", "veo", None, 12
    out = GAME.apply(state, "p1", c.Go(to="ves")).state
    assert GAME.legal(out, "p1") == [c.Spectate()]


def test_opportunity_event_draws_two_and_keeps_one_then_marks_a_week():
    """seed 003 l.67-70."""
    state = new_campaign("nox")
    state.phase, state.location, state.previous = "travel", "ves", None
    out = GAME.apply(state, "p1", c.Go(to="veo")).state
    drawn = GAME.apply(out, "p1", c.Resolve()).state
    assert drawn.phase == "keep" and len(drawn.offered) == 2
    kept = GAME.apply(drawn, "p1", c.Keep(card=drawn.offered[1])).state
    assert kept.opportunities == [drawn.offered[1]]
    assert kept.week == drawn.week + 1 and kept.decks["opportunities"][-1] == drawn.offered[0]


def test_difficulties_give_their_blessings_prowess_and_influence():
    """seed 003 l.509-517."""
    chosen, valiant, fearless = (new_campaign("nox", d) for d in ("chosen", "valiant", "fearless"))
    assert (chosen.blessings, valiant.blessings, fearless.blessings) == (8, 4, 1)
    assert (chosen.to_pick, valiant.to_pick, fearless.to_pick) == (3, 1, 0)
    assert chosen.sheet.health == 6 and chosen.sheet.leadership == 6
    assert fearless.influence == 3 and fearless.tactics == []
    assert valiant.tactics == list(content().heroes["nox"].tactics)


def test_heroes_table_is_kept():
    """seed 003 l.496-508: class, move, range, region and tactics of the eight heroes."""
    h = content().heroes
    assert (h["virago"].move, h["virago"].range, h["virago"].region) == (1, 2, "amazons")
    assert (h["parthian"].classes[0], h["parthian"].range) == ("arc", 2)
    assert h["decimus"].tactics == ("adrenaline", "hamstring", "stun")
    assert h["nox"].dice == ("k",) and h["krakenlance"].dice == ("b", "b")


def test_failure_adds_influence_equal_to_the_act_and_gives_no_reward():
    """seed 003 l.486-492."""
    state = fight(["p:kl_blade@d5", "r:kl_guard@d4"], kind="spar")
    state.act = 3
    before = state.influence
    out = GAME.apply(state, "p1", c.Surrender()).state
    assert out.influence == before + 3 and out.phase == "travel" and out.fight is None


def test_primus_formations_follow_the_act():
    """seed 003 l.143-146: 4, 5 and 6 rival units, Primus with 6, 8, 10 Health."""
    for act, size, health, slots in ((1, 4, 6, 3), (2, 5, 8, 4), (3, 6, 10, 5)):
        state = new_campaign("nox", "chosen", 7)
        state.act = act
        ctx = Ctx(state)
        from engine.hoplomachus.formation import build_primus_fight

        f = build_primus_fight(ctx, state.primus[0])
        assert len(f.rival_camp) == size
        primus = next(u for u in f.rival_camp if u.fid == "primus")
        assert primus.health == health and f.slots == slots and f.hero_slot


# --- the fight --------------------------------------------------------------------------


def test_rival_deploys_its_top_unit_on_the_lowest_free_rival_hex():
    """seed 003 l.298-300."""
    board = hexes.board("lamosians")
    state = fight([f"p:kl_blade@{board.rival_hexes[0]}"], rival_camp=["la_reaver", "la_shell"])
    ctx = Ctx(state)
    turn.rival_deploy(ctx, 1, 0)
    assert state.fight.units[-1].unit == "la_reaver" and state.fight.units[-1].hex == board.rival_hexes[1]


def test_rival_tactic_by_class_and_enemy_targets_must_be_adjacent():
    """seed 003 l.254-266, l.321-327: Defender -> Stun on the strongest adjacent foe."""
    state = fight(["r:kl_guard@d3", "p:ve_wall@d4", "p:ve_brute@a6"], arena="kunlun")
    state.fight.rival_tactics = ["stun"]
    ctx = Ctx(state)
    state.fight.sub = "tactic"
    turn.rival_tactic(ctx)
    wall = state.fight.at("d4")
    assert wall.dazed and state.fight.rival_tactics == []


def test_no_tactic_on_an_elite():
    """seed 003 l.311, l.532-533."""
    state = fight(["p:hero@d5", "r:kl_guard@d4"])
    state.tactics = ["bolster", "stun"]
    aims = {x.target for x in GAME.legal(state, "p1") if isinstance(x, c.Tactic)}
    assert aims == {"d4"}  # the rival guard, never the hero on d5


def test_you_must_deploy_when_you_have_no_unit_in_the_arena():
    """seed 003 l.305-307."""
    state = fight(["r:kl_guard@d1"], camp=["hero"])
    with pytest.raises(IllegalCommand) as err:
        GAME.apply(state, "p1", c.End())
    assert err.value.text.key == "hop.err.must_deploy"
    assert any(isinstance(x, c.Deploy) for x in GAME.legal(state, "p1"))


def test_no_surrender_against_a_primus():
    """seed 003 l.139-140."""
    state = fight(["p:hero@d7", "r:kl_guard@d1"], kind="primus")
    assert c.Surrender() not in GAME.legal(state, "p1")


def test_dodge_makes_non_elite_attackers_roll_blue():
    """seed 003 l.589-590."""
    state = fight(["r:kl_blade@d3", "p:am_pelta@d4", "p:hero@c4"], arena="kunlun")
    f = state.fight
    blade, pelta, hero = f.units
    assert set(combat.attack_dice(f, blade, pelta)) == {"b"}
    primus = f.units[0].model_copy(update={"elite": True})
    assert "b" not in combat.attack_dice(f, primus, pelta) or primus.dice == ["b"]


def test_absorb_perfect_strike_and_nimble(monkeypatch):
    """seed 003 l.570-571, l.579-580, l.577-578."""
    scripted(monkeypatch, 2, 1)
    state = fight(["p:ve_thrower@d5", "r:kl_guard@d3"], arena="lamosians")
    ctx = Ctx(state)
    thrower, guard = state.fight.units
    combat.attack(ctx, thrower, guard)
    assert guard.hp == guard.health - 1  # perfect strike doubled 3 to 6, Absorb leaves 1
    scripted(monkeypatch, 0, 2)
    state = fight(["p:ve_thrower@d5", "r:la_diver@d3"], arena="kunlun")
    ctx = Ctx(state)
    thrower, diver = state.fight.units
    combat.attack(ctx, thrower, diver)
    assert diver.hp == diver.health  # Nimble: at full HP, one miss cancels the damage


def test_quickstrike_and_retaliate(monkeypatch):
    """seed 003 l.581-582, l.588-589."""
    scripted(monkeypatch, 1)
    state = fight(["p:ve_brute@d4", "r:ve_wall@d3"], arena="kunlun")
    ctx = Ctx(state)
    brute, wall = state.fight.units
    combat.attack(ctx, brute, wall)
    assert wall.hp == wall.health - 1 and brute.hp == brute.health - 1  # Retaliate
    scripted(monkeypatch, 1, 1)
    state = fight(["p:ve_brute@d4", "r:kl_blade@d3"], arena="lamosians")
    ctx = Ctx(state)
    brute, blade = state.fight.units
    combat.attack(ctx, brute, blade)
    assert brute.hp == brute.health - 1  # Quickstrike hit first


def test_defeating_the_tribune_drops_your_hero_to_one_hp():
    """seed 003 l.125-126, l.564-565."""
    state = fight(["p:kl_blade@d5", "r:kl_guard@d4"], kind="spar")
    state.fight.units[1].tribune = True
    state.hero_hp = 5
    ctx = Ctx(state)
    combat.damage(ctx, state.fight.units[1], 10, state.fight.units[0])
    assert state.hero_hp == 1


def test_hero_defeat_uses_a_blessing_or_loses_the_campaign():
    """seed 003 l.88-89, l.401."""
    state = fight(["p:hero@d5", "r:kl_guard@d4"])
    state.blessings = 1
    ctx = Ctx(state)
    hero = state.fight.get("hero")
    combat.damage(ctx, hero, 10, None)
    assert hero.hp == hero.health and state.blessings == 0
    combat.damage(ctx, hero, 10, None)
    campaign.after_step(ctx)
    assert state.outcome == "lost" and GAME.result(state).winners == []


def test_capture_the_flag_is_won_by_bringing_the_flag_home():
    """seed 003 l.96-100, l.244-245."""
    board = hexes.board("lamosians")
    flag = board.rival_hexes[0]
    state = fight([f"p:la_diver@{hexes.neighbours(flag)[0]}", "r:kl_guard@g4"], kind="ctf")
    state.fight.flag = flag
    ctx = Ctx(state)
    diver = state.fight.units[0]
    turn.move_unit(ctx, diver, flag)
    assert state.fight.carrier == diver.fid and state.fight.flag is None
    combat.damage(ctx, diver, 10, None)
    assert state.fight.flag == flag and state.fight.carrier is None  # dropped where it fell


def test_king_of_the_hill_scores_at_the_start_of_your_turn_and_wins_at_six():
    """seed 003 l.102-105, l.290-292."""
    keys = sorted(hexes.board("lamosians").keys)
    state = fight([f"p:kl_blade@{keys[0]}", f"p:kl_guard@{keys[1]}", "r:la_shell@a1"], kind="koth")
    state.fight.score = 4
    ctx = Ctx(state)
    turn.start_side(ctx, "p")
    assert state.fight.score == 6 and state.fight.result == "win"


def test_spar_is_won_when_only_the_tribune_is_left():
    """seed 003 l.82, l.248."""
    state = fight(["p:kl_blade@d5", "r:kl_guard@d4", "r:la_shell@a1"], kind="spar")
    state.fight.units[2].tribune = True
    ctx = Ctx(state)
    combat.damage(ctx, state.fight.units[1], 10, state.fight.units[0])
    turn.check_win(ctx)
    assert state.fight.result == "win"


def test_combat_lock_holds_adjacent_opponents_at_the_start_of_their_turn():
    """seed 003 l.581."""
    state = fight(["p:kl_blade@d4", "r:ve_wall@d3"])
    ctx = Ctx(state)
    turn.start_side(ctx, "p")
    assert not any(isinstance(x, c.Move) for x in GAME.legal(ctx.state, "p1"))


def test_range_ignores_obstacles():
    """seed 003 l.378: an archer shoots over a blocked hex."""
    state = fight(["p:kl_archer@b4", "r:kl_guard@d4"], arena="kunlun")
    assert "c3" in hexes.board("kunlun").blocked or True
    assert state.fight.units[1] in combat.attack_targets(state.fight, state.fight.units[0])


def test_the_player_breaks_ties_between_targets():
    """seed 003 l.384: among tied targets, the player chooses; the window's timeout takes the first."""
    state = fight(["r:kl_blade@d3", "p:kl_guard@c4", "p:la_shell@d4"], arena="argonauts")
    for u in state.fight.units:
        u.hp = 3
    state.fight.step, state.fight.sub = "rival", "engage"
    state.fight.pending = [state.fight.units[0].fid]
    ctx = Ctx(state)
    turn.settle(ctx)
    assert state.ask is not None and state.ask.kind == "target"
    window = GAME.window(state, "p1")
    assert window is not None and window.timeout == c.Pick(hex=state.ask.options[0])
    out = GAME.apply(state, "p1", c.Pick(hex="d4")).state
    assert out.ask is None or out.ask.kind != "target" or out.ask.actor != state.ask.actor


def test_example_the_attackers_triggers_resolve_before_the_defenders(monkeypatch):
    """seed 003 l.206-209: "une unité attaquante résout toutes ses capacités avant celles de
    l'unité en défense": Perfect Strike doubles the damage, then the wall retaliates."""
    scripted(monkeypatch, 1, 1)
    state = fight(["p:at_trident@d4", "r:ve_wall@d3"], arena="kunlun")
    ctx = Ctx(state)
    trident, wall = state.fight.units
    combat.attack(ctx, trident, wall)
    keys = [e.data["key"] for e in ctx.events]
    assert keys.index("hop.ev.attack") < keys.index("hop.ev.retaliate")
    assert wall.hp == wall.health - 2 and trident.hp == trident.health - 1


def test_an_opportunity_unit_a_rival_fields_is_not_recruited_twice():
    """Found by soak seed 4242 (chosen, random player): a Veteran Champion drawn by the rivals
    fell in a Spar the player won; the fight's unit-reward opportunity then made a second
    champion token in camp while the fallen one went back to the bag. A token in the fight
    is in play (seed 003 l.67-74: the yellow tokens are gained, one of each)."""
    from engine.hoplomachus import opportunities
    from engine.hoplomachus.formation import fighter
    from engine.hoplomachus.invariants import problems

    state = fight(["p:hero@d7", "r:kl_blade@d1"], kind="spar")
    champion = fighter("op_champion", "op_champion#1", "r", "lamosians")
    state.fight.fallen.append(champion)
    state.camp, state.opportunities = [], ["op_scratch"]
    ctx = Ctx(state)
    assert "op_champion#1" in opportunities.tokens_in_play(state)
    opportunities.pay(ctx, "op_scratch")
    assert "op_champion#1" not in state.camp and not problems(state)
    state.fight.result = "win"
    campaign.finish_fight(ctx)  # cleanup: the fallen rival goes back to the bag, once
    assert ctx.state.bag.count("op_champion#1") == 1 and "op_champion#1" not in ctx.state.camp

"""Rules of seed 003 as its text writes them, where an audit found the engine reading them
otherwise (issue 24, Hoplomachus items 8-15): each test cites its lines and rebuilds the
situation the audit described."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.hoplomachus import GAME, campaign, combat, hexes, priorities, turn
from engine.hoplomachus import commands as c
from engine.hoplomachus.ctx import Ctx
from engine.i18n import render
from tests.hoplomachus.scenario import campaign as new_campaign
from tests.hoplomachus.scenario import fight, rival_turn, scripted


def test_fearless_gets_no_hero_prowess():
    """seed 003 l.509-517: Chosen 3 Hero Prowess, Valiant 1; Fearless gets "1 Bénédiction,
    +3 Influence Scion et pas de Tactique" and no Prowess: the campaign opens on travel."""
    for hero in ("nox", "stygiana", "decimus"):
        state = new_campaign(hero, "fearless")
        assert state.to_pick == 0 and state.prowess == [] and state.phase == "travel"
        legal = GAME.legal(state, "p1")
        assert legal and not any(isinstance(x, c.Prowess | c.Bonus) for x in legal)
        assert all(isinstance(x, c.Go) for x in legal)
    assert new_campaign("nox", "valiant").to_pick == 1 and new_campaign("nox", "chosen").to_pick == 3


def test_intercept_protects_only_from_attacks_not_from_agile(monkeypatch):
    """seed 003 l.462-466: Agile "n'est pas considérée comme une attaque mais comme un
    Spécial"; Intercept (l.570-572) acts when an adjacent ally "est attaqué". A Horse
    Lancer's Agile on a 1-HP rival beside a Hull Shield defeats the rival; the Shield is
    untouched. A plain attack on the same rival is intercepted."""
    scripted(monkeypatch, 1, 1)
    state = fight(["p:pa_lancer@d5", "r:kl_blade@d4", "r:ar_shield@e4"])
    blade, shield = state.fight.units[1:]
    blade.hp = 1
    assert c.Special(actor="d5", target="d4") in GAME.legal(state, "p1")
    out = GAME.apply(state, "p1", c.Special(actor="d5", target="d4")).state
    assert out.fight.get(blade.fid) is None and blade.fid in {u.fid for u in out.fight.fallen}
    assert out.fight.get(shield.fid).hp == shield.health
    # the same blow as an attack (a Deck Slinger has no Agile): the Shield takes it
    scripted(monkeypatch, 1)
    state = fight(["p:ar_sling@d5", "r:kl_blade@d4", "r:ar_shield@e4"])
    blade, shield = state.fight.units[1:]
    blade.hp = 1
    out = GAME.apply(state, "p1", c.Attack(actor="d5", target="d4")).state
    assert out.fight.get(blade.fid).hp == 1 and out.fight.get(shield.fid).hp == shield.health - 1


def test_closest_is_the_least_movement_needed_to_be_in_range():
    """seed 003 l.275: Closest = "le moins de mouvement requis pour être à portée"; with
    nothing in reach the unit approaches its highest priority (l.352-353). New Argonauts arena
    (the Harbour Deck), hero not deployed: a Stone Guardian on d4 with your units on a1 and
    f6 steps toward f6 (2 moves from range; a1 is 4), and says so."""
    state = fight(["r:kl_guard@d4", "p:ar_shield@a1", "p:ar_sling@f6"], arena="argonauts")
    f = state.fight
    guard, far, near = f.units
    assert (priorities.moves_to_range(f, guard, far), priorities.moves_to_range(f, guard, near)) == (4, 2)
    ctx = rival_turn(state)
    assert hexes.distance(guard.hex, "d4") == 1 and priorities.moves_to_range(f, guard, near) == 1
    told = [e.text for e in ctx.events if e.data.get("key") == "hop.ev.move"]
    assert len(told) == 1
    en = render(told[0], "en")
    assert "Stone Guardian (d4) moves to" in en and "the closest, Deck Slinger (f6), 2 moves away" in en
    assert "le plus proche, Frondeur de pont (f6), à 2 mouvements de l’avoir à portée" in render(
        told[0], "fr"
    )


def test_closest_ties_every_target_already_in_range():
    """seed 003 l.275, l.384: an opponent in range needs no movement, so a rival whose bold
    priority is Closest finds every target in range tied and the player chooses."""
    state = fight(["r:ve_thrower@d3", "p:kl_blade@d4", "p:kl_guard@d5"], arena="argonauts")
    f = state.fight
    thrower = f.units[0]
    tied, term, _ = turn.engage_pick(Ctx(state), thrower)
    assert term == "closest" and sorted(tied) == sorted(u.fid for u in f.units[1:])


def test_heave_compares_with_the_unit_the_normal_attack_marks(monkeypatch):
    """seed 003 l.601-604: Heave fires when an opponent "plus faible que celui marqué par
    l'attaque normale" can be its target. Vesuvian arena (the Ash Ring), "strongest" first: a
    rival Deck Slinger with your hero (5 HP) and a 2-HP Wind Sage both in range marks the
    hero, so it Heaves the Sage instead of attacking the hero."""
    scripted(monkeypatch, 1)
    state = fight(["r:ar_sling@d2", "p:hero@c4", "p:kl_sage@e4"], arena="vesuvians", step="rival")
    f = state.fight
    sling, hero, sage = f.units
    assert turn.attack_pick(f, sling)[0] == ["hero"]
    f.sub = "engage"
    ctx = Ctx(state)
    turn.engage(ctx, sling)
    assert hero.hp == hero.health and sage.hp == sage.health - 1
    told = [e for e in ctx.events if e.data.get("key") == "hop.ev.special"]
    assert len(told) == 1 and "Heave on Wind Sage (e4)" in render(told[0].text, "en")
    # with the Sage the only one in range and your hero out of it, the Sage is the mark: no Heave
    scripted(monkeypatch, 1)
    state = fight(["r:ar_sling@d2", "p:hero@c6", "p:kl_sage@e4"], arena="vesuvians", step="rival")
    assert turn.special_use(Ctx(state), state.fight.units[0]) is None


def test_reinforce_is_offered_after_a_loss_in_a_lethal_fight():
    """seed 003 l.421-424: "En combat létal, vos unités vaincues ne comptent pas pour votre
    stat Leadership. Vous les ignorez lorsque vous recrutez avec une Bénédiction" (Reinforce,
    l.283). Leadership 5, your hero and 4 units, one killed in a Bloodshed fight: Reinforce is
    offered and brings one unit; in a Spar the fallen unit still counts."""
    for kind, offered in (("bloodshed", True), ("spar", False)):
        state = fight(["p:hero@d7", "p:ve_brute@b7", "r:kl_blade@d1"], kind=kind)
        state.sheet.leadership = 5
        state.camp = ["ve_brute#b7", "kl_guard#1", "kl_sage#1", "la_reaver#1"]
        state.fight.player_camp = ["kl_guard#1", "kl_sage#1", "la_reaver#1"]
        state.bag, state.blessings = ["pa_bow#1", "pa_lancer#1"], 2
        brute = state.fight.units[1]
        combat.damage(Ctx(state), brute, 10, None)
        assert brute in state.fight.fallen
        assert (c.Reinforce() in GAME.legal(state, "p1")) is offered, kind
    state = fight(["p:hero@d7", "p:ve_brute@b7", "r:kl_blade@d1"])
    state.sheet.leadership = 5
    state.camp = ["ve_brute#b7", "kl_guard#1", "kl_sage#1", "la_reaver#1"]
    state.fight.player_camp = ["kl_guard#1", "kl_sage#1", "la_reaver#1"]
    state.bag, state.blessings = ["pa_bow#1", "pa_lancer#1"], 2
    combat.damage(Ctx(state), state.fight.units[1], 10, None)
    out = GAME.apply(state, "p1", c.Reinforce()).state
    assert out.blessings == 1 and len(out.fight.player_camp) == 4 and len(out.bag) == 1


def test_hook_shove_and_hurl_move_elites_only_tactics_spare_them():
    """seed 003 l.595-613: Hook, Shove and Hurl move "une unité"; only a Tactic cannot be
    played on an Elite (l.311, l.533). Your Tide Reaver hooks the Primus; a rival Wave Caster
    hurls your hero; Stun is still never offered on the Primus."""
    state = fight(["p:la_reaver@d5", "r:primus.decimus@d3", "r:kl_blade@a1"])
    hook = c.Ability(skill="hook", actor="d5", target="d3", dest="d4")
    legal = GAME.legal(state, "p1")
    assert hook in legal
    assert not any(isinstance(x, c.Tactic) and x.target == "d3" for x in legal)
    out = GAME.apply(state, "p1", hook).state
    assert out.fight.get("primus").hex == "d4"
    state = fight(["r:at_caster@d3", "p:hero@d4", "p:kl_blade@a7"], step="rival")
    caster, hero = state.fight.units[:2]
    assert {d for u, d in turn.displacements(state.fight, caster, "hurl") if u is hero}


def test_an_act_lasts_twelve_weeks_at_most_no_sailing_after_the_twelfth():
    """seed 003 l.3-4 ("jusqu'à 12 Semaines"), l.50 ("12 semaines max pour finir un Acte"):
    sailing crosses off a week (l.24-26), so at week 12 a harbour is only passed through;
    the refusal says why; a week marked after the twelfth (a Primus fight) leaves it at 12."""
    state = new_campaign("nox")
    state.phase, state.location, state.previous, state.week = "travel", "veb", "ves", 12
    out = GAME.apply(state, "p1", c.Go(to="h4")).state
    legal = GAME.legal(out, "p1")
    assert legal and not any(isinstance(x, c.Sail) for x in legal)
    assert all(isinstance(x, c.Go) for x in legal)
    with pytest.raises(IllegalCommand) as refused:
        GAME.apply(out, "p1", c.Sail(to="h1"))
    assert "All 12 weeks of this Act are crossed off" in render(refused.value.text, "en")
    assert "Les 12 semaines de cet acte sont barrées" in render(refused.value.text, "fr")
    assert GAME.view(out, "p1").week == 12
    ctx = Ctx(out)
    campaign.mark_week(ctx)
    assert ctx.state.week == 12 and campaign.weeks_left(ctx.state) == 0


def test_dazed_ends_with_the_current_turn_even_off_the_units_own_turn():
    """seed 003 l.447-449 ("au début de son prochain tour, cette unité n'est donc plus
    sonnée car dazed dure un seul tour") and l.558-559 ("jusqu'à la fin du tour actuel"): a
    unit of yours hooked onto the Kunlun platform in the rival's turn (dazed there, l.443-445)
    moves and attacks in your next turn."""
    state = fight(["r:la_reaver@c3", "p:kl_blade@c5", "r:kl_guard@g1"], arena="kunlun", step="rival")
    f = state.fight
    reaver, blade = f.units[:2]
    ctx = Ctx(state)
    turn.start_side(ctx, "r")
    assert (blade, "c4") in turn.displacements(f, reaver, "hook")
    turn.use_displacement(ctx, reaver, blade, "c4", "hook")
    assert blade.hex == "c4" and blade.dazed and not combat.can_move(blade)
    turn.end_side(ctx, "r")  # the rival's turn ends: so does the daze
    assert f.step == "player" and not blade.dazed
    legal = GAME.legal(state, "p1")
    assert any(isinstance(x, c.Move) and x.frm == "c4" for x in legal)
    assert c.Attack(actor="c4", target="c3") in legal


def test_the_authored_stun_holds_until_the_end_of_the_targets_next_turn():
    """Stun is authored (the seed prints no tactic effect): a temporary tactic (seed 003
    l.313-317) that dazes its target until the end of the target's own next turn, since a
    daze alone ends with the current turn (l.558-559). Played by the rival in its turn, your
    unit stays dazed through your turn and is free again after it."""
    state = fight(["r:kl_guard@d3", "p:ve_brute@d4", "p:hero@a7"], step="rival")
    f = state.fight
    guard, brute = f.units[:2]
    f.rival_tactics = ["stun"]
    ctx = Ctx(state)
    turn.start_side(ctx, "r")
    f.sub = "tactic"
    turn.rival_tactic(ctx)
    assert brute.dazed and "stun" in brute.tactics
    turn.end_side(ctx, "r")
    assert f.step == "player" and brute.dazed
    legal = GAME.legal(state, "p1")
    assert not any(getattr(x, "frm", None) == "d4" or getattr(x, "actor", None) == "d4" for x in legal)
    out = GAME.apply(state, "p1", c.End()).state
    brute = out.fight.get(brute.fid)
    assert brute is not None and not brute.dazed and "stun" not in brute.tactics


def test_a_sport_win_with_nothing_to_take_says_so():
    """seed 003 l.469-473: a Sport win gives a rival recruit or tactics up to the limit (3).
    With the troop at its Leadership and 3 tactics held (or none allowed: Fearless, l.517)
    there is nothing to take: the channel is told, in English and French."""
    for difficulty, key in (("valiant", "full"), ("fearless", "fearless")):
        state = fight(["p:hero@d7", "r:kl_blade@d1"], kind="spar", difficulty=difficulty)
        state.sheet.leadership = 3
        state.camp = ["kl_guard#1", "kl_sage#1"]
        state.tactics = ["stun", "stun", "bolster"] if difficulty == "valiant" else []
        state.fight.result = "win"
        ctx = Ctx(state)
        campaign.after_step(ctx)
        assert ctx.state.phase == "travel" and ctx.state.reward is None
        said = [e.text for e in ctx.events if e.data["key"] == f"hop.ev.sport_no_reward.{key}"]
        assert len(said) == 1
        en, fr = render(said[0], "en"), render(said[0], "fr")
        assert en.startswith("No Sport reward to take: your troop is at its Leadership (3")
        assert fr.startswith(
            "Aucune récompense de Sport à prendre\u00a0: votre troupe atteint son Leadership (3"
        )

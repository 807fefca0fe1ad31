"""Refusals that name the rule and what fits now (issue 25, Hoplomachus): a second deployment
in a turn, a deployment after the step, `fight` alone at a Sport event, in English and French."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from engine.hoplomachus.notation import parse_command
from engine.i18n import render
from tests.hoplomachus.scenario import campaign as new_campaign
from tests.hoplomachus.scenario import fight, scripted


def refusal(state, cmd) -> tuple[str, str]:
    with pytest.raises(IllegalCommand) as refused:
        GAME.apply(state, "p1", cmd)
    return render(refused.value.text, "en"), render(refused.value.text, "fr")


def test_a_second_deployment_in_a_turn_names_the_one_deployment_rule():
    """seed 003 l.302-305: "Vous pouvez déployer une de vos unités" in your turn: one."""
    state = fight(["p:hero@d7", "r:kl_blade@d1"], camp=["kl_guard#1", "kl_sage#1"])
    state.camp = ["kl_guard#1", "kl_sage#1"]
    once = GAME.apply(state, "p1", c.Deploy(unit="kl_guard", hex="b7")).state
    en, fr = refusal(once, parse_command("dep kl_sage f7"))
    assert en == "You have already deployed a unit this turn: one deployment per turn."
    assert (
        fr.startswith("Vous avez déjà déployé une unité ce tour-ci") and "un seul déploiement par tour" in fr
    )
    assert GAME.apply(once, "p1", c.Move(frm="d7", to="d6")).state.fight.get("hero").hex == "d6"


def test_deployment_refusals_say_which_rule_blocks_it():
    """seed 003 l.294-307: deployment is the first step, within the event's limit, on a free
    hex of yours, with a unit of your camp."""
    state = fight(["p:hero@d7", "r:kl_blade@d1"], camp=["kl_guard#1"])
    moved = GAME.apply(state, "p1", c.Move(frm="d7", to="d6")).state
    en, fr = refusal(moved, c.Deploy(unit="kl_guard", hex="b7"))
    assert "first step of your turn" in en and "première étape de votre tour" in fr
    en, fr = refusal(state, c.Deploy(unit="ve_brute", hex="b7"))
    assert en == "ve_brute is not in your camp for this fight. You may deploy: `kl_guard`."
    en, fr = refusal(state, c.Deploy(unit="kl_guard", hex="d7"))
    assert en == "d7 is not a free deployment hex of yours. Free ones: b7, f7."
    assert fr.startswith("d7 n’est pas une de vos cases de déploiement libres")
    state.fight.slots = 0
    en, fr = refusal(state, c.Deploy(unit="kl_guard", hex="b7"))
    assert "allows 0 units besides your hero" in en and "0 unité en plus de votre héros" in fr


def at_sport_event(card: str):
    state = new_campaign("nox")
    state.phase, state.location, state.previous = "travel", "ves", None
    state.decks["sport"].remove(card)
    state.decks["sport"].insert(0, card)
    # veo -> ves is a sport location next to the start
    state.location = "veo"
    return GAME.apply(state, "p1", c.Go(to="ves")).state


def test_fight_alone_takes_the_single_contest_of_a_sport_card():
    """seed 003 l.76-77: the contest is chosen among the card's icons; with one, `fight` is it."""
    state = at_sport_event("sp_tribune")
    assert state.phase == "event" and state.event == "sp_tribune"
    out = GAME.apply(state, "p1", parse_command("fight")).state
    assert out.fight is not None and out.fight.kind == "spar"


def test_fight_alone_with_several_contests_names_them():
    state = at_sport_event("sp_drill")
    en, fr = refusal(state, parse_command("fight"))
    assert (
        en
        == "This event offers several contests: say which one, `fight spar` (Spar), `fight koth` (King of the Hill)."
    )
    assert "`fight koth` (Roi de la colline)" in fr
    out = GAME.apply(state, "p1", parse_command("fight koth")).state
    assert out.phase in ("tribune", "glory", "fight")


def test_resolving_after_twelve_weeks_says_every_event_is_spectated():
    """seed 003 l.65-66."""
    state = at_sport_event("sp_tribune")
    state.week = 12
    en, fr = refusal(state, parse_command("fight"))
    assert "every event is now spectated" in en and "en spectateur" in fr


def test_fight_steps_refused_by_their_rule(monkeypatch):
    """seed 003 l.285-398: each step once, in order; one tactic (l.329); each unit moves once
    and attacks once (l.355-357, l.391-392); a dazed unit does neither (l.558-559)."""
    state = fight(["p:hero@d7", "p:ve_brute@b7", "r:kl_blade@d6", "r:kl_guard@a1"])
    state.tactics = ["stun", "stun"]
    f = state.fight
    f.units[1].dazed = True
    en, fr = refusal(state, c.Move(frm="b7", to="b6"))
    assert en.startswith("Ash Brute (b7) is dazed: it cannot move, attack") and "est sonné" in fr
    en, _ = refusal(state, c.Move(frm="c4", to="c5"))
    assert en == "There is no unit of yours on c4."
    once = GAME.apply(state, "p1", c.Tactic(tactic="stun", target="d6")).state
    en, fr = refusal(once, c.Tactic(tactic="stun", target="d6"))
    assert (
        en == "You have already played a tactic this turn: one tactic per turn."
        and "une seule tactique" in fr
    )
    scripted(monkeypatch, *[0] * 6)  # the hero misses: the Jade Blade stands
    hit = GAME.apply(once, "p1", c.Attack(actor="d7", target="d6")).state
    en, fr = refusal(hit, c.Attack(actor="d7", target="d6"))
    assert en == "Nox (d7) has already attacked or used its Special this turn: once per turn."
    assert "a déjà attaqué ou utilisé son Spécial" in fr
    en, fr = refusal(hit, c.Move(frm="d7", to="e7"))
    assert en.startswith("Your turn is past its movement step") and "étape de mouvement" in fr


def test_with_no_unit_in_the_arena_every_other_move_says_deploy_first():
    """seed 003 l.306-307: you must deploy when you have no unit in the arena (or surrender)."""
    state = fight(["r:kl_blade@d1"], camp=["hero"])
    en, fr = refusal(state, c.End())
    assert en == "You have no unit in the arena: deploy one, or surrender."
    en, _ = refusal(state, c.Move(frm="d7", to="d6"))
    assert en == "You have no unit in the arena: deploy one, or surrender."


def test_surrender_against_a_primus_names_the_rule():
    """seed 003 l.139-140: "vous ne pouvez pas abandonner (Surrender) un combat contre un Primus"."""
    state = fight(["p:hero@d7", "r:kl_guard@d1"], kind="primus")
    en, fr = refusal(state, c.Surrender())
    assert en == "There is no surrender in a Primus fight: it is fought to the end."
    assert fr.startswith("On n’abandonne pas un combat contre un Primus")

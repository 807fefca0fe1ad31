"""A fight's words a new player reads (issue 25): an attack names its dice by colour, not by
letter ("1 die (blue) rolled 0", never "b rolled 0"), French counts damage with its plural;
a deployment with nothing left in the camp says so instead of "You may deploy: -"."""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.hoplomachus import GAME, combat
from engine.hoplomachus import commands as c
from engine.hoplomachus.ctx import Ctx
from engine.i18n import T, render
from tests.hoplomachus.scenario import fight, scripted


def test_an_attack_names_its_dice_by_colour(monkeypatch):
    scripted(monkeypatch, 1, 0, 0, 0)
    state = fight(["p:hero@d4", "r:kl_blade@d3"], arena="lamosians", hero="nox")
    ctx = Ctx(state)
    hero, blade = state.fight.units
    combat.attack(ctx, hero, blade)
    [text] = [e.text for e in ctx.events if e.data["key"] == "hop.ev.attack"]
    colours = {"b": ("blue", "bleu"), "g": ("green", "vert"), "k": ("black", "noir"), "r": ("red", "rouge")}
    dice = combat.attack_dice(state.fight, hero, blade)
    en, fr = render(text, "en"), render(text, "fr").replace("\u00a0", " ")
    assert f"({', '.join(colours[d][0] for d in dice)}) rolled" in en
    assert f"({', '.join(colours[d][1] for d in dice)}) donne" in fr
    assert f": {len(dice)} di" in en and f" : {len(dice)} dé" in fr
    hits = int(en.rsplit(", ", 1)[1].split()[0])
    assert fr.endswith(f"{hits} dégât." if hits <= 1 else f"{hits} dégâts.")


def test_deploying_from_an_empty_camp_says_the_camp_is_empty():
    """seed 003 l.302-307: a unit of your camp is deployed; with none left there is nothing to
    deploy, whatever is typed."""
    state = fight(["p:hero@d4", "r:kl_blade@d3"], arena="lamosians", camp=[])
    try:
        GAME.apply(state, "p1", c.Deploy(unit="zz", hex="c7"))
    except IllegalCommand as exc:
        assert exc.text.key == "hop.err.camp_empty"
        assert render(exc.text, "fr").startswith("Votre camp n’a plus d’unité à déployer")
    else:
        raise AssertionError("a deployment from an empty camp was accepted")


def test_the_status_counts_blessings_with_plural_rules():
    line = T("hop.summary.hero", hp=5, health=5, blessings=1, units=3, place="Dunes rouges")
    assert "1 Bénédiction," in render(line, "fr") and "1 Blessing," in render(line, "en")
    assert "4 Blessings," in render(
        T("hop.summary.hero", hp=5, health=5, blessings=4, units=1, place="x"), "en"
    )

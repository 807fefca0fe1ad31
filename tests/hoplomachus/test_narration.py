"""What just happened is said (issue 25, Hoplomachus): a Quickstrike or a Retaliate is told
with its damage; a fallen Tribune is told with the rule that drops your hero to 1 HP; in
English and French."""

from __future__ import annotations

from engine.hoplomachus import combat
from engine.hoplomachus.ctx import Ctx
from engine.i18n import render
from tests.hoplomachus.scenario import fight, scripted


def told(ctx: Ctx, key: str) -> tuple[str, str]:
    [text] = [e.text for e in ctx.events if e.data["key"] == key]
    return render(text, "en"), render(text, "fr").replace("\u00a0", " ")  # French spacing


def test_quickstrike_is_told_with_its_damage(monkeypatch):
    """seed 003 l.581-582: 1 damage to the attacker before its attack."""
    scripted(monkeypatch, 0, 0)
    state = fight(["p:hero@d4", "r:kl_blade@d3"], arena="lamosians", hero="bingqing")
    ctx = Ctx(state)
    hero, blade = state.fight.units
    combat.attack(ctx, hero, blade)
    en, fr = told(ctx, "hop.ev.quickstrike")
    assert en == f"Jade Blade (d3) strikes first at Bingqing (d4) (Quickstrike): 1 damage, {hero.hp} HP left."
    assert (
        fr
        == f"Lame de jade (d3) frappe Bingqing (d4) en premier (Frappe éclair) : 1 dégât, {hero.hp} PV restants."
    )
    assert hero.hp == hero.health - 1


def test_retaliate_is_told_with_its_damage(monkeypatch):
    """seed 003 l.588-589."""
    scripted(monkeypatch, 1)
    state = fight(["p:ve_brute@d4", "r:ve_wall@d3"], arena="kunlun")
    ctx = Ctx(state)
    brute = state.fight.units[0]
    combat.attack(ctx, brute, state.fight.units[1])
    en, fr = told(ctx, "hop.ev.retaliate")
    assert en.endswith(f"(Retaliate): 1 damage, {brute.hp} HP left.") and "(Riposte) : 1 dégât" in fr


def test_the_fallen_tribune_names_the_rule():
    """seed 003 l.125-126, l.242-243, l.564-565: defeating the Tribune drops your hero to 1 HP,
    wherever it is."""
    state = fight(["p:kl_blade@d5", "r:kl_guard@d4"], kind="spar")
    state.fight.units[1].tribune = True
    ctx = Ctx(state)
    combat.damage(ctx, state.fight.units[1], 10, state.fight.units[0])
    en, fr = told(ctx, "hop.ev.tribune_falls")
    assert en.startswith("The Tribune Stone Guardian (d4) falls: your hero drops to 1 HP (Sport rule:")
    assert (
        "wherever it is" in en
        and "où qu’il soit" in fr
        and fr.startswith("Le Tribun Gardien de pierre (d4) tombe")
    )

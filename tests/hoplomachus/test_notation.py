"""The chat notation: the examples of its docstring parse, and legal commands round-trip."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from engine.hoplomachus.notation import NOTATION, parse_command
from tests.hoplomachus.scenario import campaign, fight

EXAMPLES = {
    "bonus upgrade": c.Bonus(choice="upgrade"),
    "prowess pw_skin": c.Prowess(card="pw_skin"),
    "go kls": c.Go(to="kls"),
    "sail h3": c.Sail(to="h3"),
    "fight": c.Resolve(),
    "fight koth": c.Resolve(sport="koth"),
    "spectate": c.Spectate(),
    "order sp_hill sp_drill sp_games": c.Order(cards=("sp_hill", "sp_drill", "sp_games")),
    "keep op_bill": c.Keep(card="op_bill"),
    "tribune 2": c.Tribune(place=2),
    "glory op_reckless": c.Glory(card="op_reckless"),
    "pass": c.Pass(),
    "take bolster stun": c.Take(tactics=("bolster", "stun")),
    "skip": c.Skip(),
    "die": c.AddDie(),
    "up 2": c.Upgrade(die=2),
    "lead": c.Lead(),
    "health": c.Health(),
    "purge frenzy": c.Purge(bane="frenzy"),
    "dep kl_blade e7": c.Deploy(unit="kl_blade", hex="e7"),
    "dep hero c7": c.Deploy(unit="hero", hex="c7"),
    "tac stun c4": c.Tactic(tactic="stun", target="c4"),
    "mv c6-c4": c.Move(frm="c6", to="c4"),
    "hook c5xc3>d4": c.Ability(skill="hook", actor="c5", target="c3", dest="d4"),
    "shove c5xc4": c.Ability(skill="shove", actor="c5", target="c4"),
    "atk c6xc5": c.Attack(actor="c6", target="c5"),
    "sp c6xc3": c.Special(actor="c6", target="c3"),
    "sp c6": c.Special(actor="c6"),
    "sp c6>d5": c.Special(actor="c6", dest="d5"),
    "end": c.End(),
    "auto": c.Auto(),
    "reinforce": c.Reinforce(),
    "surrender": c.Surrender(),
    "pick c4": c.Pick(hex="c4"),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_docstring_examples_parse_and_format_back(text):
    cmd = parse_command(text)
    assert cmd == EXAMPLES[text]
    assert NOTATION.format(cmd) == text


def test_shortcuts_and_case():
    assert parse_command("C6xC5") == c.Attack(actor="c6", target="c5")
    assert parse_command("  d4 ") == c.Pick(hex="d4")
    assert parse_command("take stun bolster") == c.Take(tactics=("bolster", "stun"))


@pytest.mark.parametrize("text", ["", "dance", "mv c6", "atk c6", "go", "dep hero z9", "tribune two"])
def test_nonsense_is_refused_with_a_translatable_reason(text):
    with pytest.raises(IllegalCommand) as err:
        parse_command(text)
    assert err.value.text.key in ("core.err.unknown_command", "hop.err.bad_hex")


def test_every_legal_command_round_trips_in_campaign_and_fight():
    states = [
        campaign("nox", "chosen"),
        fight(["p:kl_blade@d5", "p:la_reaver@c5", "r:kl_guard@d3", "r:la_shell@c3"]),
    ]
    states[1].tactics = ["stun", "bolster"]
    for state in states:
        legal = GAME.legal(state, "p1")
        assert legal
        for cmd in legal:
            assert NOTATION.parse(NOTATION.format(cmd), state, "p1") == cmd


def test_recruit_names_the_unit_not_the_token():
    state = fight(["p:kl_blade@d5", "r:kl_guard@d3"], kind="spar")
    assert NOTATION.format(c.Recruit(unit="kl_guard#d3")) == "recruit kl_guard"
    assert NOTATION.parse("recruit kl_guard", state, "p1") == c.Recruit(unit="kl_guard#d3")

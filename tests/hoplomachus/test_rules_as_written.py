"""Rules of seed 003 as its text writes them, where an audit found the engine reading them
otherwise (issue 24, Hoplomachus items 8-15): each test cites its lines and rebuilds the
situation the audit described."""

from __future__ import annotations

from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from tests.hoplomachus.scenario import campaign as new_campaign


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

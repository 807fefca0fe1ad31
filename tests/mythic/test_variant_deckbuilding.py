"""Deck building: 001 §"VARIANT: DECK BUILDING" / 000 §"Variante : Deck Building" (RULES-NOTES
A2.36): any unit "regardless of the Factions", all other restrictions still apply, "the
opposing armies cannot contain an identical Unit", playable with four players."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.i18n import render
from engine.mythic import GAME
from engine.mythic.invariants import problems
from engine.mythic.recruitment import check_army
from engine.mythic.state import Options
from tests.mythic.scenario import run
from tests.mythic.test_properties import _play

DB = Options(deckbuilding=True)
DB_TEAMS = Options(deckbuilding=True, teams=True)
MIXED = "talos rhadamanthus amazons centaurs satyrs"  # 30 + 30 + 18 + 15 + 6 = 99 points, both factions
OWLS = "talos rhadamanthus amazons centaurs owls"  # the same with the Owls, which the Phalanx has too


def test_any_unit_regardless_of_factions_but_the_other_restrictions_still_apply():
    units = MIXED.split()
    assert check_army(DB, "any", units) is None and check_army(DB, "hades", units) is None
    assert check_army(Options(), "hades", units).text.key == "mythic.err.wrong_faction"
    assert check_army(Options(), "any", units).text.key == "mythic.err.any_needs_deckbuilding"
    assert check_army(DB, "any", [*units[:4], "talos"]).text.key == "mythic.err.unit_twice"
    assert (
        check_army(DB, "any", ["talos", "amazons", "centaurs", "satyrs", "artillerymen"]).text.key
        == "mythic.err.army_cost"
    )
    assert check_army(DB, "zeus", units).text.key == "mythic.err.unknown_faction"


def test_the_notation_takes_any_or_no_faction():
    state = GAME.setup(DB, ["p1", "p2"], 1)
    named = GAME.notation.parse(f"army any {MIXED}", state, "p1")
    bare = GAME.notation.parse(f"army {MIXED}", state, "p1")
    assert named == bare and named.faction == "any" and GAME.notation.format(named) == f"army any {MIXED}"
    state, _ = run(state, [("p1", f"army {MIXED}"), ("p2", "army phalanx")])
    assert state.phase == "battlefield" and state.sides["p1"].faction == "any"
    assert GAME.view(state, None).sides["p1"].army == MIXED.split()


def test_a_clash_refuses_both_armies_tells_each_privately_and_bars_the_unit():
    """Both generals recruited the Owls: both recruit again, each told privately, and the
    Owls are barred from every army (readings.clashing)."""
    state = GAME.setup(DB, ["p1", "p2"], 2)
    state, events = run(state, [("p1", f"army {OWLS}"), ("p2", "army phalanx")])
    assert state.phase == "recruit" and sorted(state.top.roles) == ["p1", "p2"] and state.barred == ["owls"]
    assert not any(s.recruited or s.army for s in state.sides.values())
    assert {e.to for e in events if e.text.key == "mythic.ev.clash_private"} == {"p1", "p2"}
    public = [e for e in events if e.to is None]
    assert public[-1].text.key == "mythic.ev.clash" and "owls" not in str([e.text.params for e in public])
    assert "Owls" in render(
        next(e.text for e in events if e.to == "p1" and e.text.key == "mythic.ev.clash_private"), "en"
    )
    assert render(public[-1].text, "fr").endswith("Recrutent à nouveau\u00a0: Joueur 1, Joueur 2.")
    assert GAME.legal(state, "p1") and all("owls" not in c.units for c in GAME.legal(state, "p1"))
    with pytest.raises(IllegalCommand) as err:
        run(state, [("p1", f"army {OWLS}")])
    assert err.value.text.key == "mythic.err.unit_barred"
    state, _ = run(state, [("p1", f"army {MIXED}"), ("p2", "army sophie")])
    assert state.phase == "battlefield" and not problems(state)


def test_with_teams_only_the_clashing_armies_recruit_again():
    """Deck building "can be used during a 4-player Battle": teammates still never share a
    unit, and a clash with an enemy sends back only the armies concerned."""
    state = GAME.setup(DB_TEAMS, GAME.roles(DB_TEAMS), 3)
    state, _ = run(state, [("p1", "army vanguard"), ("p2", "army lion-guard"), ("p3", "army judges")])
    with pytest.raises(IllegalCommand) as err:  # p4's teammate p2 has the Satyrs
        run(state, [("p4", "army hounds")])
    assert err.value.text.key == "mythic.err.teammate_has_unit"
    state, events = run(
        state, [("p4", "army cerberus toxotes lycaons artillerymen stygian-archers")]
    )  # toxotes, like p1
    assert sorted(state.top.roles) == ["p1", "p4"] and state.barred == ["toxotes"]
    assert state.sides["p2"].recruited and state.sides["p3"].recruited and state.sides["p3"].army
    assert {e.to for e in events if e.text.key == "mythic.ev.clash_private"} == {"p1", "p4"}
    for _ in range(10):  # the generals sent back take suggestions until the armies stand
        if state.phase != "recruit":
            break
        role = state.top.roles[0]
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert state.phase == "battlefield" and not problems(state)


@pytest.mark.parametrize(("teams", "games"), [(False, 28), (True, 12)])
def test_forty_seeded_deck_building_games_finish_with_a_result(teams, games):
    """28 two-player and 12 four-player games, invariants at every step (no unit in two
    opposing armies, none barred)."""
    options = DB_TEAMS if teams else DB
    kinds = ["heuristic", "random"]
    for i in range(games):
        seed = 9000 + 100 * teams + i
        mix = [kinds[(i + k) % 2] if i % 3 else "heuristic" for k in range(4)]
        state, _ = _play(seed, mix[0], mix[1], options, max_steps=20_000, deep=i == 0, p3=mix[2], p4=mix[3])
        assert GAME.result(state) is not None, f"seed {seed} did not finish"


def test_suggestions_fit_and_never_clash_between_the_two_sides():
    """The ready-made choices of the two teams come from separate halves of the catalogue."""
    for options in (DB, DB_TEAMS):
        state = GAME.setup(options, GAME.roles(options), 4)
        mine, theirs = GAME.legal(state, "p1"), GAME.legal(state, "p2")
        assert mine and theirs
        assert all(check_army(options, c.faction, c.units) is None for c in mine + theirs)
        assert not {u for c in mine for u in c.units} & {u for c in theirs for u in c.units}

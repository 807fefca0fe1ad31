"""Setting up a battle (seed 002 l.200-223, l.434-448)."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME, army, setup
from engine.battlelore.commands import Army
from engine.battlelore.state import Options
from engine.errors import IllegalCommand
from tests.battlelore.position import play


def names(state, role):
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]


def start(**kw):
    return GAME.setup(Options(**kw), ["p1", "p2"], 7)


def mustered(**kw):
    state = start(**kw)
    state = play(state, "map plain", "side s", role=None)
    state = GAME.apply(state, "p1", GAME.notation.parse("people greek", state, "p1")).state
    state = GAME.apply(state, "p2", GAME.notation.parse("people persia", state, "p2")).state
    state = GAME.apply(state, "p1", GAME.notation.parse("army greek1", state, "p1")).state
    return GAME.apply(state, "p2", GAME.notation.parse("army persia1", state, "p2")).state


def test_pitched_battle_one_places_terrain_the_other_picks_a_side_l203():
    state = start()
    assert (
        state.step == "map"
        and state.who == ["p1"]
        and names(state, "p1") == ["map hills", "map plain", "map woods"]
    )
    state = play(state, "map woods")
    assert state.step == "side" and state.who == ["p2"] and state.terrain
    state = play(state, "side n")
    assert state.sides["p2"].edge == 9 and state.sides["p1"].edge == 1 and state.first in ("p1", "p2")


def test_first_player_from_the_options_or_the_scenario_l206():
    state = play(start(first="p2"), "map plain", "side s")
    assert state.first == "p2"
    state = play(start(battle="pass"), "side n")  # the pass: the south player attacks first
    assert state.first == "p1" and state.sites == {}


def test_peoples_are_announced_together_and_armies_mustered_in_secret_l205_l208():
    state = play(start(), "map plain", "side s")
    state = GAME.apply(state, "p1", GAME.notation.parse("people greek", state, "p1")).state
    assert GAME.view(state, "p2").sides["p1"].people is None
    state = GAME.apply(state, "p2", GAME.notation.parse("people egypt", state, "p2")).state
    assert GAME.view(state, "p2").sides["p1"].people == "greek" and state.step == "army"
    out = GAME.apply(state, "p1", GAME.notation.parse("army greek1", state, "p1"))
    assert all(u.owner != "p1" for u in GAME.view(out.state, "p2").units)
    assert [e.to for e in out.events if e.text.key == "bl.ev.mustered_mine"] == ["p1"]


def test_army_limits_at_400_points_l210_214():
    units = ("hop",) * 11
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=units), "greek", "persia", 400, 2)
    assert e.value.text.key == "bl.err.army_size"
    three_heroes = ("achil", "hercl", "odyss") + ("crete",) * 9
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=three_heroes), "greek", "persia", 400, 2)
    assert e.value.text.key == "bl.err.too_many"
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=("talos",) * 5 + ("crete",) * 7), "greek", "persia", 400, 2)
    assert e.value.text.key in ("bl.err.too_many", "bl.err.army_cost")
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=("spart",) * 14), "greek", "persia", 400, 2)
    assert e.value.text.key == "bl.err.army_cost"


def test_other_totals_scale_the_limits_rounded_down_l210():
    assert army.limits(400) == {"min": 12, "max": 18, "hero": 2, "creature": 4}
    assert army.limits(300) == {"min": 9, "max": 13, "hero": 1, "creature": 3}
    assert army.limits(200) == {"min": 6, "max": 9, "hero": 1, "creature": 2}
    trimmed = army.from_preset("greek1", 200, 2)
    assert army.cost(trimmed) <= 200 and 6 <= len(trimmed.units) <= 9 and len(trimmed.gods) == 2


def test_own_chaos_mythology_and_foreign_units_are_refused_l30_33():
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=("harpy",) + ("crete",) * 11), "greek", "persia", 400, 2)
    assert e.value.text.key == "bl.err.not_your_unit"
    with pytest.raises(IllegalCommand):
        army.validate(Army(units=("crete",) * 12, gods=("ra",)), "greek", "persia", 400, 2)


def test_points_buy_artefacts_extra_cards_terrain_and_mana_l209():
    base = Army(units=("crete",) * 12)
    more = Army(units=("crete",) * 12, arts=("helm@crete2",), extra=("phalanx",), terrain=("tower",), mana=2)
    assert army.cost(more) == army.cost(base) + 6 + 10 + 5 + 2 * 3
    army.validate(more, "greek", "persia", 400, 2)
    with pytest.raises(IllegalCommand) as e:
        army.validate(Army(units=("crete",) * 12, arts=("horus@crete",)), "greek", "persia", 400, 2)
    assert e.value.text.key == "bl.err.art_class"  # another people's artefact, and for heroes


def test_sacred_sites_alternate_in_the_central_rows_l217():
    state = mustered(sites=3, first="p1")
    assert state.step == "site" and state.who == ["p1"]
    first = setup.site_hexes(state, "p1")
    assert {h[1:] for h in first} == {"4", "5", "6"}
    state = play(state, "site e5")
    assert state.who == ["p2"]
    state = play(state, "site i5")
    assert "a5" not in setup.site_hexes(state, "p1")  # two on row 5 already
    assert {h[1:] for h in setup.site_hexes(state, "p1")} == {"4", "6", "7"}  # p1 holds the north edge


def test_deployment_rows_mobility_plus_two_l442_448():
    state = mustered(sites=0, deploy="alternate", first="p1")
    assert state.step == "deploy" and state.who == ["p1"]
    rows = {int(c.hex[1:]) for c in GAME.legal(state, "p1") if c.unit == "hop"}
    assert rows == {9, 8}  # no Mobility: the 2 rows nearest p1's (north) edge
    rows = {int(c.hex[1:]) for c in GAME.legal(state, "p1") if c.unit == "hipp"}
    assert rows == {9, 8, 7}  # Mobility 1


def test_alternate_deployment_one_then_two_each_second_player_first_l441():
    state = mustered(sites=0, deploy="alternate", first="p1")
    order = []
    while state.step == "deploy":
        role = state.who[0]
        order.append(role)
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert order[:7] == ["p1", "p2", "p2", "p1", "p1", "p2", "p2"]


def test_hidden_deployment_shows_nothing_until_both_are_done_l441():
    state = mustered(sites=0, deploy="hidden", first="p1")
    assert set(state.who) == {"p1", "p2"}
    first = GAME.legal(state, "p1")[0]
    out = GAME.apply(state, "p1", first)
    # the table learns how many units are placed, never which or where (issue 26)
    [told] = [e for e in out.events if e.to is None]
    assert told.text.key == "bl.ev.deployed_hidden" and told.text.params["n"] == 1
    assert first.hex not in str(told.text.params) and first.unit not in str(told.text.params)
    assert all(e.to == "p1" for e in out.events if e is not told)
    assert not [u for u in GAME.view(out.state, "p2").units if u.owner == "p1"]
    state = out.state
    while state.step == "deploy":
        role = sorted(state.who)[0]
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert [u for u in GAME.view(state, "p2").units if u.owner == "p1"]


def test_initial_mana_two_on_one_unit_costs_three_l220():
    state = mustered(sites=0, deploy="alternate", first="p1")
    while state.step == "deploy":
        role = state.who[0]
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert state.step == "mana" and state.who == ["p1"]
    state.sides["p1"].mana_pool = 4
    two = next(c for c in GAME.legal(state, "p1") if c.kind == "mana" and c.n == 2)
    state = GAME.apply(state, "p1", two).state
    assert state.sides["p1"].mana_pool == 1 and state.unit_at(two.hex).mana == 2


def test_five_command_cards_each_then_the_first_player_begins_l221_223():
    state = mustered(sites=0, deploy="alternate", first="p2")
    while state.turn is None:
        role = state.who[0]
        state = GAME.apply(state, role, GAME.legal(state, role)[0]).state
    assert all(len(state.sides[r].hand) == 5 for r in state.roles)
    assert state.turn.role == "p2" and state.step == "card"
    assert all(len(g.deck) >= 3 for s in state.sides.values() for g in s.gods.values())

"""Every worked example of the rulebook (seed 002), as a test."""

from __future__ import annotations

from engine.battlelore import GAME, army, field
from engine.battlelore.combat import courage_now, flags
from engine.battlelore.commands import Army
from engine.battlelore.content import content
from engine.battlelore.state import Attack
from tests.battlelore.position import at, battle, play


def test_chaos_mythology_example_l34_41():
    """Lee (Egyptians) against Sylvain (Greeks): Sylvain may field Seth and his minions beside
    Zeus and hoplites; Lee may take Harpies and a Hydra beside Ra and Thoth."""
    greek = army.allowed_units("greek", "egypt")
    assert {"sethm", "ammit", "hop"} <= set(greek)
    assert {"seth", "zeus"} <= set(army.allowed_gods("greek", "egypt"))
    egypt = army.allowed_units("egypt", "greek")
    assert {"harpy", "hydra", "spear"} <= set(egypt)
    assert {"ra", "thoth"} <= set(army.allowed_gods("egypt", "greek"))
    assert "typhon" in army.allowed_gods("egypt", "greek") and "seth" not in army.allowed_gods(
        "egypt", "greek"
    )
    units = (
        "hydra",
        "harpy",
        "harpy",
        "spear",
        "spear",
        "spear",
        "nubia",
        "nubia",
        "libya",
        "libya",
        "sherd",
        "medjay",
    )
    army.validate(Army(units=units, gods=("ra", "thoth")), "egypt", "greek", 400, 2)
    sylvain = (
        "sethm",
        "sethm",
        "hop",
        "hop",
        "hop",
        "pelt",
        "pelt",
        "crete",
        "crete",
        "sling",
        "sling",
        "achil",
    )
    army.validate(Army(units=sylvain, gods=("zeus", "seth")), "greek", "egypt", 400, 2)


def test_yazata_has_three_variants_l92_93():
    c = content()
    family = [u for u, card in c.units.items() if u == "yazata" or card.variant_of == "yazata"]
    assert len(family) == 3 and all(c.units[u].people == "persia" for u in family)


def test_persian_cavalry_has_three_stat_bars_l118():
    bars = content().units["pcav"].bars
    assert [bars[b].name.en for b in sorted(bars)] == ["light", "line", "shock"]


def test_example_stat_bars_l148_150():
    c = content()
    foot = c.units["archer"]
    b = foot.bars["a"]
    assert (foot.type, b.mv, b.dice, b.shoot, b.res) == ("foot", 2, 3, True, 3)
    light = c.units["pcav"].bars["l"]
    assert (c.units["pcav"].type, light.mv, light.mob, light.dice, light.shoot, light.res) == (
        "mounted",
        4,
        3,
        2,
        True,
        3,
    )
    line = c.units["pcav"].bars["m"]
    assert (line.mv, line.dice, line.pur, line.res, line.cour) == (3, 3, 1, 3, 1)
    assert field.weapons(at(battle(["p1 archer e4"]), "e4")) == ("bow",)  # l.157: a standard bow


def test_courage_example_l165():
    """Courage -1 cancels one flag; Intrepid from Lore: -2; three Fearful effects: +1, one
    more flag when at least one is rolled; supported by two friends as well: 0."""
    state = battle(["p1 spart e5", "p2 hop e6"])
    d = at(state, "e5")
    base = Attack(att="p2.hop", dfd=d.id, ranged=False, adjacent=True, supported=False, dice=[4, 4, 4])
    assert courage_now(state, base, d) == -1 and flags(state, base) == (3, 1)
    lore = base.model_copy(update={"brave": 1})
    assert courage_now(state, lore, d) == -2 and flags(state, lore) == (3, 2)
    fearful = lore.model_copy(update={"fear": 3})
    assert courage_now(state, fearful, d) == 1 and flags(state, fearful) == (4, 0)
    assert flags(state, fearful.model_copy(update={"dice": [1, 2, 3]})) == (0, 0)
    supported = fearful.model_copy(update={"supported": True})
    assert courage_now(state, supported, d) == 0


def _examples(friends: bool):
    units = ["p1 centaur/b e4 mana=1", "p2 takab e5"]  # Takabara: courage 0
    if friends:
        units += ["p2 spara f5", "p2 spara d5"]
    gods = {"p1": {"ares": (1, ["panic", "blood"])}, "p2": {"anahita": (2, ["mist", "waters"])}}
    return battle(units, gods=gods)


def test_retreat_examples_l278_284(dice):
    # 1) courage 0, one flag: it cannot cancel it and retreats one hex
    state = play(_examples(False), "play c2 any", "act e4")
    dice(4, 3, 3)
    state = play(state, "atk e4xe5", "done", "pass" if state.step == "olore" else "done")
    while state.step == "window":
        state = play(state, "done")
    assert state.step == "retreat" and "e5" not in state.extra_data["retreat"]
    assert set(state.extra_data["retreat"]) == {"d6", "e6"}

    # 2) two friends adjacent: supported, Intrepid, courage -1: it may cancel the flag
    state = play(_examples(True), "play c2 any", "act e4")
    dice(4, 3, 3)
    state = play(state, "atk e4xe5", "done")
    while state.step == "window":
        state = play(state, "done")
    assert "e5" in state.extra_data["retreat"]

    # 3) the attacker makes its target Fearful after the roll: courage 0, it must retreat
    state = play(_examples(True), "play c2 any", "act e4")
    dice(4, 3, 3)
    state = play(state, "atk e4xe5", "lore ares")
    assert state.attack.fear == 1
    snapshot = state
    state = play(state, "done")
    while state.step == "window":
        state = play(state, "done")
    assert "e5" not in state.extra_data["retreat"] and set(state.extra_data["retreat"]) == {"d6", "e6"}

    # 4) another power takes its support away: courage +1, one more flag, two hexes back
    state = play(snapshot, "use sunder")
    while state.step == "window":
        state = play(state, "done")
    assert state.extra_data["flags"] == [2, 0]
    assert all(field.xy(h)[1] == 7 for h in state.extra_data["retreat"])

    # 5) the defender forces a new roll with no flag: even at courage +1 it does not retreat
    state = play(snapshot, "use sunder")  # p1 has nothing left to use: p2's window opens
    assert state.who == ["p2"] and state.step == "window"
    dice(3, 3, 3)
    state = play(state, "lore anahita")
    while state.step == "window":
        state = play(state, "done")
    assert at(state, "e5").id == "p2.takab" and not state.attack.retreated and state.step == "mobility"


def test_last_turn_after_the_first_players_win_l412():
    from engine.battlelore.context import Ctx
    from engine.battlelore.turn import end_turn

    state = battle(["p1 hop e4", "p2 hop e6", "p2 spara a9"])
    state.sides["p1"].kills = 5
    ctx = Ctx(state)
    state.step = "fight"
    end_turn(ctx)
    assert state.winners is None and state.last_turn and state.turn.role == "p2"
    state.sides["p2"].kills = 5
    state.step = "fight"
    end_turn(ctx)
    assert state.winners == [] and GAME.result(state).is_draw

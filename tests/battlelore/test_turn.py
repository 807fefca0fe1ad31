"""A turn: Command cards, activation, the end of the turn, sacred sites, the Pantheon and
Lore (seed 002 l.170-174, l.224-245, l.403-433)."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME, victory
from engine.battlelore.context import Ctx
from engine.battlelore.state import Options
from engine.battlelore.turn import end_turn
from engine.errors import IllegalCommand
from tests.battlelore.position import at, battle, play


def names(state, role=None):
    role = role or sorted(GAME.active(state))[0]
    return [GAME.notation.format(c) for c in GAME.legal(state, role)]


def test_a_card_activates_units_of_its_sector_and_boundary_hexes_count_in_both_l238_239():
    state = battle(["p1 hop a1", "p1 hop e1", "p1 hop g1", "p1 hop m1", "p2 hop e9"])
    s = play(state, "play l2")
    assert set(names(s)) == {"act a1", "act e1", "go"}
    s = play(state, "play c2")
    assert set(names(s)) == {"act e1", "act g1", "go"}
    s = play(state, "play r2")
    assert set(names(s)) == {"act m1", "go"}


def test_activation_is_optional_and_capped_by_the_card_l239():
    state = battle(["p1 hop f1", "p1 hop g1", "p1 hop h1", "p2 hop e9"])
    s = play(state, "play c2", "act f1", "act g1")
    assert s.step == "move" and s.turn.activated == ["p1.hop", "p1.hop2"]
    s = play(state, "play c2", "go")
    assert s.turn.activated == []


def test_any_card_may_activate_one_unit_anywhere_l236():
    state = battle(["p1 hop a1", "p1 hop m1", "p2 hop e9"], hands={"p1": ["c2"] * 5})
    s = play(state, "play c2 any")
    assert set(names(s)) == {"act a1", "act m1", "go"}
    s = play(s, "act m1")
    assert s.step == "move" and s.turn.activated == ["p1.hop2"]


def test_troop_type_cards_and_the_one_per_sector_card():
    state = battle(
        ["p1 pcav/l a1", "p1 hop b1", "p1 pcav/m g1", "p1 pcav/s m1", "p2 hop e9"],
        hands={"p1": ["mount", "line"]},
    )
    s = play(state, "play mount")
    assert set(names(s)) == {"act a1", "act g1", "act m1", "go"}
    s = play(state, "play line", "act a1")
    assert "act b1" not in names(s) and {"act g1", "act m1"} <= set(names(s))


def test_extra_command_cards_are_single_use_and_may_give_mana_l173_l236():
    state = battle(["p1 hop a1", "p1 crete b1", "p2 hop e9"])
    state.sides["p1"].extra = ["phalanx"]
    assert {"play +phalanx", "play +phalanx any", "play +phalanx mana"} <= set(names(state))
    s = play(state, "play +phalanx mana", "act a1", "act b1")
    assert at(s, "a1").mana == 1 and at(s, "b1").mana == 1
    assert s.sides["p1"].extra == [] and s.sides["p1"].extra_used == ["phalanx"]
    assert len(s.sides["p1"].hand) == 6  # no Command card played, one drawn at the end (l.233)


def test_only_extra_cards_give_mana():
    state = battle(["p1 hop a1", "p2 hop e9"])
    with pytest.raises(IllegalCommand) as e:
        GAME.apply(state, "p1", GAME.notation.parse("play c2 mana", state, "p1"))
    assert e.value.text.key == "bl.err.mana_extra_only"


def test_end_of_turn_draws_one_card_l233():
    state = battle(["p1 hop a1", "p2 hop e9"])
    s = play(state, "play c2")  # no unit in the centre: nothing to do, the turn ends
    assert s.turn.role == "p2" and len(s.sides["p1"].hand) == 5 and len(s.deck) == 9


def _end(state):
    state.step = "fight"
    ctx = Ctx(state)
    end_turn(ctx)
    return state, ctx


def test_sacred_site_control_and_its_card_bonus_l406_408():
    state = battle(["p1 hop d4", "p1 hop e4", "p2 hop e6", "p2 hop a9"], sites={"e5": None, "a5": None})
    state, _ = _end(state)
    assert state.sites == {"e5": "p1", "a5": None}
    assert len(state.sides["p1"].hand) == 7  # the normal draw, and one for one more site
    # a tie keeps the controller
    state = battle(["p1 hop d4", "p2 hop e6", "p2 hop a9"], sites={"e5": "p1"})
    state, _ = _end(state)
    assert state.sites["e5"] == "p1"


def test_two_more_sites_make_the_opponent_lose_a_random_card_l407_408():
    state = battle(["p1 hop d4", "p1 hop a4", "p2 hop a9"], sites={"e5": None, "a5": None})
    state, ctx = _end(state)
    assert len(state.sides["p2"].hand) == 4 and len(state.discard) == 1
    assert any(e.text.key == "bl.ev.site_discard" and e.to is None for e in ctx.events)


def test_pitched_battle_victory_is_five_eliminations_scaled_l222():
    state = battle(["p1 hop a1"])
    assert victory.target(state) == 5
    state.options = Options(points=300)
    assert victory.target(state) == 3


def test_the_second_player_wins_at_once_l412():
    state = battle(["p1 hop a1", "p2 hop e9"], current="p2", first="p1")
    state.sides["p2"].kills = 5
    state, _ = _end(state)
    assert state.winners == ["p2"] and GAME.result(state).winners == ["p2"]


def test_first_player_wins_if_the_second_does_not_catch_up_l412():
    state = battle(["p1 hop a1", "p2 hop e9"], current="p1", first="p1")
    state.sides["p1"].kills = 5
    state, _ = _end(state)
    assert state.last_turn and state.winners is None and state.turn.role == "p2"
    state, _ = _end(state)
    assert state.winners == ["p1"]


def test_pantheon_phase_choices_l420_423():
    gods = {"p1": {"zeus": (1, ["bolt", "storm"]), "ares": (0, ["blood", "panic"])}}
    state = battle(["p1 hop a1", "p2 hop e9"], gods=gods)
    state, _ = _end(state)
    assert state.step == "pantheon"
    assert set(names(state)) == {
        "pan ares",
        "pan zeus",
        "cycle ares",
        "cycle zeus",
        "cycle ares zeus",
        "pan give",
    }
    s = play(state, "pan ares")
    assert s.sides["p1"].gods["ares"].mana == 1 and s.turn.role == "p2"
    s = play(state, "cycle ares zeus")
    assert (
        s.sides["p1"].gods["zeus"].deck == ["storm", "bolt"] and s.sides["p1"].gods["ares"].deck[0] == "panic"
    )
    s = play(state, "pan give")
    assert s.step == "give" and names(s) == ["give a1", "skip"]
    s = play(s, "give a1")
    assert at(s, "a1").mana == 1 and s.sides["p1"].gods["zeus"].mana == 0 and s.turn.role == "p2"


def test_one_lore_card_in_ones_own_turn_l419():
    gods = {"p1": {"zeus": (4, ["bolt", "bolt"])}}
    state = battle(["p1 hop a1", "p2 hop e9", "p2 hop f9"], gods=gods)
    assert {"lore zeus e9", "lore zeus f9"} <= set(names(state))
    s = play(state, "lore zeus e9")
    assert at(s, "e9").hits == 1 and s.sides["p1"].gods["zeus"].mana == 2
    assert s.sides["p1"].gods["zeus"].deck == ["bolt"] and not any(n.startswith("lore") for n in names(s))


def test_the_opponent_may_play_one_lore_card_in_the_same_phase_l424():
    gods = {"p2": {"zeus": (2, ["bolt"])}}
    state = battle(["p1 hop a1", "p2 hop e9"], gods=gods)
    s = play(state, "play c2 any", "act a1")
    assert s.step == "olore" and s.who == ["p2"] and names(s) == ["lore zeus a1", "pass"]
    w = GAME.window(s, "p2")
    assert w is not None and GAME.notation.format(w.timeout) == "pass"
    s = play(s, "lore zeus a1")
    assert at(s, "a1").hits == 1 and s.step == "move" and s.who == ["p1"]


def test_a_window_needs_public_information_only():
    """No Lore window opens for a deity without the mana its face-up card needs."""
    gods = {"p2": {"zeus": (1, ["bolt"])}}
    state = battle(["p1 hop a1", "p2 hop e9"], gods=gods)
    s = play(state, "play c2 any", "act a1")
    assert s.step == "move"


def test_pincer_takes_one_unit_on_each_flank_and_legends_only_heroes_and_creatures():
    state = battle(
        ["p1 hop a1", "p1 hop b1", "p1 hop m1", "p1 achil g1", "p1 talos h1", "p2 hop e9"],
        hands={"p1": ["flank", "legend"]},
    )
    s = play(state, "play flank", "act a1")
    assert set(names(s)) == {"act m1", "go"}
    s = play(state, "play legend")
    assert set(names(s)) == {"act g1", "act h1", "go"}


def test_healing_gifts_and_mend_never_exceed_their_caps_l199_l452():
    gods = {"p1": {"isis": (3, ["heal", "wings"])}}
    state = battle(["p1 spear a1 hits=1", "p2 hop e9"], gods=gods)
    s = play(state, "lore isis a1")
    assert at(s, "a1").hits == 0  # 2 healing, but never above the starting Resistance
    gods = {"p1": {"zeus": (3, ["favour"])}}
    state = battle(["p1 spear a1", "p2 hop e9"], gods=gods)
    s = play(state, "lore zeus a1")
    assert at(s, "a1").mana == 1  # 2 given, capped at the cost of its triggers
    state = battle(["p1 bennu a1 hits=2 mana=1", "p2 hop e9"])
    assert "use mend a1" in names(state)
    s = play(state, "use mend a1")
    assert at(s, "a1").hits == 1 and at(s, "a1").mana == 0 and "use mend a1" not in names(s)

"""The view model a renderer draws from: complete, and private where it must be."""

from __future__ import annotations

from engine.mythic import GAME
from engine.mythic.state import AOW
from tests.mythic.scenario import battle, decline, run


def _state():
    return battle(
        {
            "p1": ["marauders@c3", "auditors@d5", "lycaons@a1", "shades@b1"],
            "p2": ["spartans@c4", "toxotes@h8", "owls@j12", "satyrs@l12"],
        },
        terrain={"c4": "f", "e5": "h", "f6": "x"},
        hands={"p1": ["marauders", "lycaons"], "p2": ["spartans", "toxotes", "spartans"]},
        decks={"p1": ["shades", AOW], "p2": [AOW]},
        pp={"p1": 3},
        aow={"p2": 2},
    )


def test_the_public_view_hides_every_hand():
    view = GAME.view(_state(), None)
    assert all(side.hand is None for side in view.sides.values())
    assert view.sides["p1"].hand_count == 2 and view.sides["p2"].hand_count == 3
    assert view.sides["p2"].aow == 2 and view.sides["p1"].pp == 3 and view.sides["p1"].deck == 2


def test_a_player_sees_only_their_own_hand():
    state = _state()
    mine = GAME.view(state, "p1")
    assert mine.sides["p1"].hand == ["lycaons", "marauders"] and mine.sides["p2"].hand is None
    theirs = GAME.view(state, "p2").model_dump_json()
    assert '"hand":["lycaons","marauders"]' not in theirs.replace(" ", "")


def test_the_view_carries_board_units_and_the_current_decision(dice):
    state = _state()
    dice(5, 2, 4, 1, 3, 1)
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    while state.top.kind in ("react", "talents"):
        state, _ = run(state, [(state.top.role, decline(state))])
    view = GAME.view(state, None)
    assert view.board.width == 12 and view.board.files == "abcdefghijkl"
    assert view.board.terrain[2 + 3 * 12] == "forest" and view.board.terrain[5 + 5 * 12] == "impassable"
    marauders = next(u for u in view.units if u.uid == "p1.marauders")
    assert (
        marauders.square == "c3"
        and marauders.vitality == 5
        and marauders.stats.cc == 4
        and marauders.activated
    )
    assert marauders.name.fr == "Maraudeurs Infernaux" and not marauders.flying
    auditors = next(u for u in view.units if u.uid == "p1.auditors")
    assert auditors.flying and any(t.id == "infernal_bombardment" and t.dice for t in auditors.stats.talents)
    assert view.activations == ["p1.marauders"] and view.activation.unit == "p1.marauders"
    assert view.decision.kind == "dice" and view.decision.roles == ["p1"]
    assert view.combat.attacker == "p1.marauders" and view.combat.rolls[0].dice[0].faces == [5]
    assert view.sides["p1"].spent == ["marauders"]
    state, _ = run(state, [("p1", "optimal")])
    while state.top is not None and state.top.kind in ("wounds",):
        state, _ = run(state, [(state.top.role, "pass")])
    view = GAME.view(state, None)
    assert view.last_attack.kind == "cc" and view.last_attack.rolls and view.combat is None


def test_the_last_move_is_shown():
    state = _state()
    state, _ = run(state, [("p1", "act lycaons"), ("p1", "mv a1-a3")])
    view = GAME.view(state, None)
    assert view.last_move == ["a1", "a2", "a3"] and view.last_move_unit == "p1.lycaons"


def test_the_view_renders_nothing_private_in_its_prompt():
    view = GAME.view(_state(), "p2")
    assert view.decision.prompt.key == "mythic.prompt.main" and view.decision.prompt.params == {}

"""The heuristic player's end-of-turn cycle (001 l.341) never keeps its deck from running out:
with four players new decks come only once all four are empty (001 l.820), and a player who
draws back the cards it just put under would hold that off for ever."""

from __future__ import annotations

from engine.mythic.commands import Cycle, Done
from engine.mythic.heuristic import HeuristicPlayer
from tests.mythic.scenario import battle, run

P1 = ["marauders@c3", "lycaons@e3", "shades@g3", "gaolers@i3", "auditors@k3"]
P2 = ["spartans@c10", "toxotes@e10", "hoplites-ares@g10", "owls@i10", "dawn-regiment@k10"]
DEAD = {"p1.lycaons": 0, "p1.shades": 0}


def _at_cycle(deck: list[str]):
    hand = ["marauders", "lycaons", "lycaons", "shades", "gaolers"]
    state = battle({"p1": P1, "p2": P2}, hands={"p1": hand}, decks={"p1": deck}, vit=DEAD)
    state, _ = run(state, [("p1", "act marauders"), ("p1", "done"), ("p1", "end")])
    assert state.top.kind == "cycle"
    return state


def _choice(state):
    player = HeuristicPlayer(0)
    return player.choose(state, "p1")


def test_dead_units_cards_are_cycled_while_the_deck_holds_two_new_cards():
    choice = _choice(_at_cycle(["auditors", "gaolers"]))
    assert isinstance(choice, Cycle) and sorted(choice.cards) == ["lycaons", "lycaons", "shades"]


def test_no_cycle_from_a_deck_too_short_to_draw_two_new_cards():
    for deck in ([], ["auditors"]):
        assert _choice(_at_cycle(deck)) == Done()

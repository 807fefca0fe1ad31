"""The `strong` level's army (GameAI.muster): the legal muster that won most often in
bench/musters.py's heuristic games, from the legal commands alone; other steps untouched."""

from __future__ import annotations

from engine.ai.search import Budget, SearchPlayer
from engine.battlelore import commands as bc
from engine.battlelore.ai import muster as battlelore_muster
from engine.mythic.ai import muster as mythic_muster
from engine.mythic.commands import End, Recruit
from engine.mythic.content import content
from engine.mythic.labels import starter_of
from engine.mythic.recruitment import suggestions
from tests.ai.positions import GAMES, positions


def _army(units: tuple[str, ...]) -> str:
    return starter_of(units).id


def test_battlelore_musters_greece_and_its_best_preset() -> None:
    peoples = [bc.People(people=p) for p in ("egypt", "greek", "persia")]
    assert battlelore_muster(peoples) == bc.People(people="greek")
    assert battlelore_muster([bc.Army(preset="persia1"), bc.Army(preset="persia2")]) == bc.Army(
        preset="persia2"
    )
    assert battlelore_muster([bc.Army(preset="greek1"), bc.Army(preset="greek2")]) == bc.Army(preset="greek2")


def test_battlelore_leaves_drafted_armies_and_other_steps_to_the_heuristic() -> None:
    assert battlelore_muster([bc.Army(units=("a", "b")), bc.Army(units=("c",))]) is None
    assert battlelore_muster([bc.Side(edge="s"), bc.Side(edge="n")]) is None


def test_mythic_recruits_the_army_that_wins() -> None:
    assert _army(mythic_muster(suggestions(100)).units) == "skirmishers"
    assert _army(mythic_muster(suggestions(60)).units) == "hounds"
    # a teammate took the Hounds: their satyrs bar the Lion's Guard too; the Vanguard is next
    rest = suggestions(60, exclude=frozenset(content().armies["hounds"].units))
    assert _army(mythic_muster(rest).units) == "vanguard"


def test_mythic_leaves_unknown_armies_and_other_steps_to_the_heuristic() -> None:
    assert mythic_muster([Recruit(faction="hades", units=("cerberus",)), End()]) is None
    assert mythic_muster([End()]) is None


def test_the_strong_seat_musters_through_the_search_player() -> None:
    game, _ = GAMES["battlelore"]
    every = positions("battlelore", every=1, limit=10**6)
    state, role = next((s, r) for s, r in every if s.step == "people")
    player = SearchPlayer(game, 0, Budget(iterations=4, seconds=None))
    assert player.choose(state, role) == bc.People(people="greek")
    assert not player.thought.searched and player.thought.iterations == 0

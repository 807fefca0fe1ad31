"""The strong level's choices worth a search (engine/battlelore/ai.py `candidates`): few,
legal, scored as the heuristic scores them, and the Command card weighed widest."""

from __future__ import annotations

from engine.battlelore import GAME
from engine.battlelore import commands as c
from engine.battlelore.ai import WIDTH, candidates, searching
from engine.battlelore.players import HeuristicPlayer
from engine.harness import play


def _turn_positions(seed: int = 5) -> list:
    """(state, role) of every searched decision of one heuristic game."""
    seen: list = []

    def keep(before, role, command, outcome) -> None:
        if searching(before, role):
            seen.append((before, role))

    players = {r: GAME.players["heuristic"](seed + i) for i, r in enumerate(("p1", "p2"))}
    play(GAME, players, seed, GAME.Options(), on_step=keep)
    return seen


def test_candidates_are_few_legal_and_cover_the_kinds() -> None:
    positions = _turn_positions()
    assert positions
    for state, role in positions:
        legal = GAME.legal(state, role)
        picked = candidates(state, role, legal)
        assert 1 <= len(picked) <= WIDTH
        assert all(cmd in legal for cmd in picked)
        assert len(set(picked)) == len(picked)
        # never more than two moves: a turn lists dozens; the rest goes to targets and ending
        assert sum(isinstance(cmd, c.Move) for cmd in picked) <= 2


def test_the_command_card_is_weighed_among_several() -> None:
    """A hand of five: up to four cards in their own mode ("any" and mana left aside)."""
    cards = [(s, r) for s, r in _turn_positions() if s.step == "card"]
    assert cards
    for state, role in cards:
        picked = candidates(state, role, GAME.legal(state, role))
        plays = [cmd for cmd in picked if isinstance(cmd, c.Play)]
        assert all(cmd.mode == "text" for cmd in plays)
        assert len(plays) == min(4, len(set(state.sides[role].hand)) + len(set(state.sides[role].extra)))


def test_the_best_move_is_the_heuristics_move() -> None:
    """Moves are scored by the heuristic's own spot score: its move comes first."""
    checked = 0
    for state, role in _turn_positions():
        if state.step != "move":
            continue
        legal = GAME.legal(state, role)
        mine = HeuristicPlayer(0)._best_move(state, role, [m for m in legal if isinstance(m, c.Move)])
        if mine is None:
            continue
        moves = [cmd for cmd in candidates(state, role, legal) if isinstance(cmd, c.Move)]
        assert moves[0] == mine
        checked += 1
    assert checked


def test_the_evaluation_prizes_an_elimination_over_wounds() -> None:
    """A unit rolls its whole dice however few figures it keeps (002 l.256); it is gone only
    once eliminated (l.269): a foe left with one figure still weighs, a foe removed does not."""
    from engine.battlelore import field
    from engine.battlelore.ai import evaluate
    from engine.battlelore.state import clone

    state, role = next((s, r) for s, r in _turn_positions() if s.step == "card")
    foe = next(u for u in state.units.values() if u.owner != role and u.hex and field.resistance(u) > 1)
    wounded, gone = clone(state), clone(state)
    wounded.units[foe.id].hits = field.resistance(foe) - 1
    gone.units[foe.id].hex = None
    assert evaluate(state, role) < evaluate(wounded, role) < evaluate(gone, role)
    assert evaluate(state, role) == -evaluate(state, state.other(role))
    # most of the worth goes with the elimination, the lesser part with the wounds
    assert evaluate(gone, role) - evaluate(wounded, role) > evaluate(wounded, role) - evaluate(state, role)

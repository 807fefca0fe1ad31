"""The last moves of a fight (`fight.last`) and the rival's automatic turn told as numbered
lines, each with the rule that drove it (issue 16: "the rival's automatic turn told as a short
numbered list so the player can check it against the rules")."""

from __future__ import annotations

import json

from engine.hoplomachus import GAME, hexes, turn
from engine.hoplomachus import commands as c
from engine.hoplomachus.ctx import Ctx
from engine.hoplomachus.state import Step
from engine.i18n import render
from tests.hoplomachus.scenario import fight, rival_turn, scripted


def _numbered(ctx: Ctx) -> list[str]:
    return [render(e.text, "en") for e in ctx.events if e.data.get("n")]


def test_the_rivals_turn_is_told_as_numbered_lines_with_their_reasons(monkeypatch):
    """seed 003 l.298-300 (deploy), l.337-353 (move by the priority list), l.380-384 (engage)."""
    scripted(monkeypatch, 1, 1, 1, 1)
    board = hexes.board("lamosians")
    state = fight(["p:kl_guard@d4"], rival_camp=["la_reaver"], step="rival")
    ctx = rival_turn(state)
    keys = [e.text.key for e in ctx.events]
    assert keys[0] == "hop.ev.rival_turn"
    lines = _numbered(ctx)
    assert lines and lines[0].startswith("1. The rival deploys")
    assert f"({board.rival_hexes[0]})" in lines[0] and "lowest number" in lines[0]
    assert [int(line.split(".")[0]) for line in lines] == list(range(1, len(lines) + 1))
    steps = state.fight.last
    assert [s.n for s in steps] == list(range(1, len(steps) + 1))
    assert steps[0].kind == "deploy" and steps[0].side == "r" and steps[0].hexes == [board.rival_hexes[0]]
    assert all(s.why is not None for s in steps)  # every rival step says why
    fr = [render(e.text, "fr") for e in ctx.events if e.data.get("n")]
    assert fr[0].startswith("1. Le rival déploie") and fr != lines


def test_a_rival_move_names_the_priority_it_follows_and_walks_a_path():
    """seed 003 l.218-222: the first priority with a mark in reach."""
    state = fight(["r:ve_brute@b2", "p:kl_guard@b5", "p:ve_wall@g7"], arena="vesuvians", step="rival")
    state.fight.sub = "move"
    state.fight.pending = ["ve_brute#b2"]
    ctx = Ctx(state)
    turn.settle(ctx)
    move = next(s for s in state.fight.last if s.kind == "move")
    assert move.hexes[0] == "b2" and len(move.hexes) >= 2
    assert all(hexes.distance(a, b) == 1 for a, b in zip(move.hexes, move.hexes[1:], strict=False))
    assert move.why["key"] == "hop.because.reach"
    assert move.why["params"]["rank"] >= 1
    line = next(line for line in _numbered(ctx) if "moves to" in line)
    assert "priority" in line and "within reach" in line


def test_attacks_are_kept_attacker_to_target(monkeypatch):
    scripted(monkeypatch, 1, 1, 1)
    state = fight(["p:kl_guard@d4", "r:kl_blade@d3"], arena="kunlun")
    out = GAME.apply(state, "p1", c.Attack(actor="d4", target="d3"))
    atk = next(s for s in out.state.fight.last if s.kind == "attack")
    assert atk.side == "p" and atk.hexes == ["d4", "d3"] and atk.why is None
    assert state.fight.last == []  # apply changed a copy


def test_a_side_keeps_only_its_latest_turn():
    """After the rival's next turn, the player's previous turn is still shown, the rival's own
    previous turn is not; when the player acts again, their old turn goes."""
    state = GAME.setup(GAME.Options(hero="decimus", difficulty="chosen"), ["p1"], 7)
    player = GAME.players["heuristic"](seed=1)
    seen = 0
    for _ in range(400):
        if GAME.result(state):
            break
        state = GAME.apply(state, "p1", player.choose(state, "p1")).state
        f = state.fight
        if f is None:
            continue
        for side in ("p", "r", "a"):
            turns = {s.turn for s in f.last if s.side == side}
            assert len(turns) <= 1, (side, turns)
        assert all(s.turn >= f.turn - 1 for s in f.last)
        seen += len(f.last)
    assert seen


def test_the_trail_is_serialisable_and_in_the_public_view():
    state = fight(["p:kl_guard@d4"], rival_camp=["la_reaver"], step="rival")
    rival_turn(state)
    data = json.loads(state.model_dump_json())
    again = GAME.load_state(data)
    assert again.fight.last == state.fight.last
    assert all(isinstance(s, Step) for s in again.fight.last)
    view = GAME.view(state, None)
    assert view.fight.last == [s.model_dump(mode="json") for s in state.fight.last]


def test_the_view_shows_each_rivals_next_priority():
    state = fight(["r:ve_brute@b2", "p:kl_guard@b5", "p:ve_wall@g7"], arena="vesuvians")
    plans = GAME.view(state, None).fight.plans
    assert plans == [
        {
            "hex": "b2",
            "rank": plans[0]["rank"],
            "term": plans[0]["term"],
            "dest": plans[0]["dest"],
            "reached": True,
        }
    ]
    assert plans[0]["rank"] >= 1 and plans[0]["term"]


def test_the_trail_replays_identically():
    """Deterministic: the same seed and commands give the same trail and the same telling."""

    def run() -> tuple[list, list]:
        state = GAME.setup(GAME.Options(hero="nox", difficulty="valiant"), ["p1"], 3)
        player = GAME.players["heuristic"](seed=2)
        told = []
        for _ in range(250):
            if GAME.result(state):
                break
            out = GAME.apply(state, "p1", player.choose(state, "p1"))
            state = out.state
            told += [e.text.model_dump(mode="json") for e in out.events if e.data.get("n")]
        return [s.model_dump() for s in (state.fight.last if state.fight else [])], told

    assert run() == run()


def test_the_route_of_the_act_is_kept_place_by_place_and_starts_again_with_each_act():
    """The world map draws the hero's route (issue 16): every `go` and `sail` adds a place;
    a new Act starts from where the hero stands (seed 003 l.22-23)."""
    state = GAME.setup(GAME.Options(hero="decimus", difficulty="chosen"), ["p1"], 7)
    player = GAME.players["heuristic"](seed=1)
    act, checked = state.act, 0
    for _ in range(3000):
        if GAME.result(state):
            break
        before = state
        command = player.choose(state, "p1")
        state = GAME.apply(state, "p1", command).state
        if state.act != act:
            assert state.route == [state.location]
            act = state.act
        elif command.kind in ("go", "sail"):
            assert state.route[-1] == state.location and state.route[:-1] == (
                before.route or [before.location]
            )
            checked += 1
        assert GAME.view(state, None).route[-1] == state.location
    assert checked > 10 and act >= 2


def test_a_campaign_saved_before_the_trail_and_the_route_loads_with_them_empty():
    """Saved states of schema 1 from before `fight.last` and `route` existed still load."""
    state = fight(["p:kl_guard@d4"], rival_camp=["la_reaver"], step="rival")
    rival_turn(state)
    data = json.loads(state.model_dump_json())
    del data["route"]
    del data["fight"]["last"]
    old = GAME.load_state(data)
    assert old.route == [] and old.fight.last == []
    assert GAME.view(old, None).route == [old.location]
    assert GAME.legal(old, "p1") == GAME.legal(state, "p1")


def test_game_status_tells_each_rivals_next_priority_in_words():
    state = fight(["r:ve_brute@b2", "p:kl_guard@b5", "p:ve_wall@g7"], arena="vesuvians")
    plan = GAME.view(state, None).fight.plans[0]
    en = [render(t, "en") for t in GAME.summary(GAME.view(state, None))]
    fr = [render(t, "fr") for t in GAME.summary(GAME.view(state, None))]
    assert en[-1].startswith("Rivals' next priorities: Ash Brute (b2) → ") and f"→ {plan['rank']}. " in en[-1]
    assert fr[-1].startswith("Prochaines priorités des rivaux")

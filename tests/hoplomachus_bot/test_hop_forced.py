"""Steps with a single sensible choice play themselves, announced in words (issue 26;
engine/hoplomachus/forced.py); a real choice the rules give the player is always asked.

Seed 003: the rivals act "dans l'ordre de votre choix" (l.337, l.381) and you choose among
tied targets (l.384) — a choice only when the answers differ; the Act's 12 weeks spent, every
event is watched as a spectator (l.65-66): a single legal command."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import run_local
from engine import get_game
from engine.harness import play
from engine.hoplomachus import campaign
from engine.hoplomachus.content import content
from engine.i18n import render

GAME = get_game("hoplomachus")

# the start of tests/hoplomachus_bot/test_hop_local_table.py's campaign (seed 30, fearless):
# in the rivals' fourth turn the order of their engagement changes nothing
TRANSCRIPT = """\
@ann /game new game:hoplomachus difficulty:fearless seed:30
@ann /game start
@ann /hop travel to:pls
@ann /hop event choice:"fight koth"
@ann /hop choose option:"tribune 2"
@ann /hop deploy unit:pl_walker hex:d7
@ann /hop auto
@ann /hop pick hex:c1
@ann /hop deploy unit:hero hex:b7
@ann /hop auto
@ann /hop pick hex:b3
@ann /play move:reinforce
@ann /hop auto
@ann /hop pick hex:b2
@ann /game log
"""

SAID = {
    "en": (
        "Deep Oracle can reach several of your units: which does it mark?",
        "ann: whatever order the units take for their engagement, the arena ends the same, so it plays itself.",
    ),
    "fr": (
        "Oracle des profondeurs peut atteindre plusieurs de vos unités : laquelle marque-t-il ?",
        "ann : quel que soit l’ordre des unités pour l’étape engagement, l’arène finit de la même façon,"
        " le coup se joue donc tout seul.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_order_that_changes_nothing_plays_itself_and_is_said(hoplomachus, tmp_path: Path, lang):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, lang=lang, write=out.append, render_images=False
    )
    text = "\n".join(out).replace("\xa0", " ").replace("\u202f", " ")  # French typography
    assert rc == 0, text[-3000:]
    asked, played = SAID[lang]
    # the rival's mark was a real choice: asked with buttons, answered by the player (l.384)
    assert asked in text and text.index(asked) < text.index("/hop pick hex:b3")
    # the order of the rivals' engagement was not: said in words once, right after the pick
    told, log = text[: text.index("/game log")], text[text.index("/game log") :]
    assert told.count(played) == 1, told[-3000:]
    assert told.index("/hop pick hex:b2") < told.index(played)
    # stored as a move of its own (replay, undo and exports see it), told in the log too
    assert played in log


def _alike(state, commands) -> bool:
    """Whether the answers leave the same campaign: the whole state after each, but for the
    telling of the turn (`last`) and the order units are listed in."""

    def seen(command):
        data = GAME.apply(state, "p1", command).state.model_dump(mode="json")
        fight = data.get("fight") or {}
        fight.pop("last", None)
        for key in ("units", "fallen"):
            fight[key] = sorted(fight.get(key) or [], key=repr)
        return data

    first = seen(commands[0])
    return all(seen(c) == first for c in commands[1:])


def test_a_real_choice_is_never_played_for_the_player():
    """Two heuristic campaigns: outside the rivals' questions every decision with two legal
    commands or more is asked, but a fight turn where only `end` and `auto` are left and do
    the same (no surrender against a Primus or the Scion, l.139-140, l.154; where surrender
    is allowed, l.186-188, it stays a choice); a question plays itself only when no answer
    changes anything, and one whose answers differ is asked."""
    asked = played = passed = 0
    for seed in (2, 30):
        record = play(GAME, {"p1": GAME.players["heuristic"](seed)}, seed=seed, options=GAME.Options())
        state = GAME.setup(GAME.Options(), ["p1"], seed)
        for _, command in record.log:
            legal = GAME.legal(state, "p1")
            auto = GAME.forced(state, "p1")
            if len(legal) == 1:
                assert auto == legal[0]
            elif state.ask is None:  # a real choice, unless only `end` and `auto` are left and agree
                passing = {c.kind for c in legal} == {"end", "auto"} and _alike(state, legal)
                assert (auto is not None) == passing, (state.phase, legal[:3])
                passed += passing
            elif auto is None:
                assert not _alike(state, legal)
                asked += 1
            else:
                assert auto == legal[0] and _alike(state, legal)
                played += 1
            state = GAME.apply(state, "p1", command).state
    assert asked > 10 and played >= 1 and passed >= 1  # every kind met in these campaigns


def test_the_twelfth_week_spent_an_event_is_watched_by_itself():
    """l.65-66: after 12 weeks every new event is spectated: the only legal command."""
    state = GAME.setup(GAME.Options(difficulty="fearless"), ["p1"], 30)
    state.week = content().setup["act_weeks"]
    assert campaign.weeks_left(state) == 0
    road = next(
        go for go in GAME.legal(state, "p1") if content().locations[go.to].kind in ("sport", "bloodshed")
    )
    state = GAME.apply(state, "p1", road).state
    assert state.phase == "event" and GAME.notation.format(GAME.legal(state, "p1")[0]) == "spectate"
    auto = GAME.forced(state, "p1")
    assert GAME.notation.format(auto) == "spectate"
    note = GAME.forced_note(state, "p1", auto)
    assert (
        render(note, "en") == "the Act's 12 weeks are spent, so the event is watched as a spectator by itself"
    )
    assert render(note, "fr") == (
        "les 12 semaines de l’Acte sont écoulées, l’événement est donc suivi en spectateur d’office"
    )
    before = state.week
    state.week = before - 1  # a week left: fight or watch is the player's own choice again
    assert GAME.forced(state, "p1") is None

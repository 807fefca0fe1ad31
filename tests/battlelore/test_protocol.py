"""The protocol surface: notation, views, windows, labels, results, saving and loading."""

from __future__ import annotations

import json

import pytest

from engine.battlelore import GAME
from engine.battlelore.notation import __doc__ as HOW_TO
from engine.battlelore.players import HeuristicPlayer, RandomPlayer
from engine.battlelore.state import Options
from engine.errors import IllegalCommand
from engine.harness import play as selfplay
from engine.i18n import render
from engine.protocol import Game
from tests.battlelore.position import battle, play


def test_game_object_implements_the_protocol():
    assert isinstance(GAME, Game) and GAME.id == "battlelore" and GAME.roles(Options()) == ["p1", "p2"]
    assert set(GAME.players) == {"random", "heuristic", "strong"}  # strong: engine/ai/search.py
    assert all(render(r, "fr") != r.key for r in GAME.rules)


def test_every_example_of_the_how_to_play_parses():
    lines = [
        ln.strip().split("  ")[0]
        for ln in HOW_TO.splitlines()
        if ln.startswith("    ") and not ln.startswith("     ")
    ]
    examples = [part.strip() for ln in lines for part in ln.split("|") if part.strip() and "..." not in part]
    assert len(examples) > 20
    for text in examples:
        GAME.notation.parse(text, None, "p1")


def test_notation_round_trips_on_every_legal_command_of_a_game():
    # a game that plays every kind below (seed 3 no longer ended a turn by hand after a balance change)
    record = selfplay(
        GAME,
        {"p1": HeuristicPlayer(4), "p2": RandomPlayer(5)},
        4,
        Options(deploy="alternate", deities=3, sites=2),
    )
    seen = set()
    for _, cmd in record.log:
        text = GAME.notation.format(cmd)
        assert GAME.notation.parse(text, None, "p1") == cmd
        seen.add(cmd.kind)
    assert {"play", "act", "move", "attack", "end", "deploy", "army", "pantheon"} <= seen


@pytest.mark.parametrize("text", ["", "fly away", "mv e4", "atk e4-e5", "side x", "mana e4 3", "play"])
def test_unknown_text_is_refused_with_examples(text):
    with pytest.raises(IllegalCommand) as e:
        GAME.notation.parse(text, None, "p1")
    assert e.value.text.key == "core.err.unknown_command"


def test_views_hide_hands_extra_cards_and_deck_order():
    state = battle(["p1 hop a1", "p2 hop e9"])
    state.sides["p1"].extra = ["phalanx"]
    mine, theirs, public = GAME.view(state, "p1"), GAME.view(state, "p2"), GAME.view(state, None)
    assert mine.sides["p1"].hand and mine.sides["p1"].extra == ["phalanx"]
    assert (
        theirs.sides["p1"].hand is None
        and theirs.sides["p1"].extra is None
        and theirs.sides["p1"].extra_count == 1
    )
    assert public.sides["p1"].hand is None and public.sides["p2"].hand is None
    assert '"deck":[' not in public.model_dump_json().replace(" ", "")


def test_private_draws_are_told_only_to_the_drawer():
    state = battle(["p1 hop a1", "p2 hop e9"])
    out = GAME.apply(state, "p1", GAME.notation.parse("play c2", state, "p1"))
    drew = [e for e in out.events if e.text.key == "bl.ev.drew"]
    assert drew and all(e.to == "p1" for e in drew) and out.reveals


def test_retreat_window_has_a_timeout_and_labels(dice):
    state = battle(["p1 hop e4", "p2 takab e5"])
    state = play(state, "play c2 any", "act e4")
    dice(4, 3, 3)
    state = play(state, "atk e4xe5")
    assert state.step == "retreat"
    w = GAME.window(state, "p2")
    assert w.kind == "retreat" and w.timeout in GAME.legal(state, "p2")
    words = {loc: render(GAME.label(state, "p2", cmd), loc) for cmd in w.choices for loc in ("en", "fr")}
    en = render(GAME.label(state, "p2", w.timeout), "en")
    assert en.startswith(("Retreat to ", "Hold on ")) and w.timeout.to in en
    assert render(GAME.label(state, "p2", w.timeout), "fr").startswith(("Reculer en ", "Tenir en "))
    assert all(len(text) <= 80 for text in words.values())
    assert GAME.window(state, "p1") is None


LABELLED = {
    "play c2": ("Play ", "Jouer "),
    "rip": ("Riposte", "Riposter"),
    "adv": ("Advance", "Avancer"),
    "end": ("End the turn", "Finir le tour"),
}


def test_every_command_of_a_game_has_words_in_both_languages():
    """Buttons and autocomplete show words, not the bare notation (GAME.label): every legal
    command of two whole games, at every decision, in English and French, within a
    button's 80 characters; French differs from English."""
    seen: dict[str, tuple[str, str]] = {}

    def check(state, role, command, outcome):
        for cmd in GAME.legal(state, role):
            move = GAME.notation.format(cmd)
            if move in seen and cmd.kind not in ("retreat", "attack", "move"):
                continue
            en, fr = (render(GAME.label(state, role, cmd), loc) for loc in ("en", "fr"))
            assert en and fr and "{" not in en + fr, move
            assert en != move and any(ch.isalpha() and ch.isupper() for ch in en[:1] + en), (move, en)
            assert len(en) <= 80 and len(fr) <= 80, (move, en, fr)
            seen[move] = (en, fr)

    selfplay(
        GAME,
        {"p1": HeuristicPlayer(3), "p2": RandomPlayer(4)},
        3,
        Options(deploy="alternate", deities=3),
        on_step=check,
    )
    selfplay(
        GAME, {"p1": RandomPlayer(7), "p2": HeuristicPlayer(8)}, 7, Options(battle="temple"), on_step=check
    )
    kinds = {GAME.notation.parse(m, None, "p1").kind for m in seen}
    assert {
        "play",
        "act",
        "move",
        "attack",
        "end",
        "deploy",
        "army",
        "retreat",
        "pantheon",
        "riposte",
    } <= kinds
    differ = [m for m, (en, fr) in seen.items() if en != fr]
    assert len(differ) > 0.9 * len(seen)
    for move, (en, fr) in LABELLED.items():
        if move in seen:
            assert seen[move][0].startswith(en) and seen[move][1].startswith(fr), seen[move]
    attack = next(m for m in seen if m.startswith("atk "))
    assert seen[attack][0].startswith("Attack ") and seen[attack][1].startswith("Attaquer ")


def test_results_and_saved_states():
    record = selfplay(GAME, {"p1": HeuristicPlayer(5), "p2": HeuristicPlayer(6)}, 5, Options(battle="temple"))
    result = record.result
    assert result is not None and result.details["scenario"] == "temple"
    assert render(result.reason, "fr") != result.reason.key
    data = json.loads(record.state.model_dump_json())
    assert GAME.load_state(data) == record.state
    for _, cmd in record.log[:50]:
        assert GAME.load_command(json.loads(cmd.model_dump_json())) == cmd


def test_commands_after_the_end_are_refused():
    record = selfplay(GAME, {"p1": HeuristicPlayer(1), "p2": RandomPlayer(2)}, 1, Options())
    assert GAME.active(record.state) == frozenset()
    with pytest.raises(IllegalCommand) as e:
        GAME.apply(record.state, "p1", GAME.notation.parse("end", None, "p1"))
    assert e.value.text.key == "core.err.game_over"


def test_status_summary_in_words():
    state = battle(["p1 hop a1", "p2 hop e9", "p2 hop f9"])
    lines = [render(t, "en") for t in GAME.summary(GAME.view(state, None))]
    assert lines[0] == "Open plain" and "Turn 1" in lines[1]
    assert lines[3].endswith("0/5 VP, 2 units on the field, 5 Command cards.")

"""Every choice of a campaign in words (`GAME.label`): buttons, `/play` autocomplete and the
announced timeouts show words in English and French, short enough for a Discord button."""

from __future__ import annotations

import random

from engine.hoplomachus import GAME
from engine.hoplomachus import commands as c
from engine.i18n import render
from tests.hoplomachus.scenario import fight

HEROES = ("nox", "decimus", "virago", "stygiana")


def test_every_legal_command_of_seeded_campaigns_has_a_short_label_in_both_languages():
    kinds: set[str] = set()
    differ = same = 0
    for seed, hero in enumerate(HEROES):
        rnd = random.Random(seed)
        state = GAME.setup(GAME.Options(hero=hero, difficulty="valiant"), ["p1"], seed)
        player = GAME.players["heuristic"](seed=seed)
        for _ in range(600):
            if GAME.result(state):
                break
            for command in GAME.legal(state, "p1"):
                label = GAME.label(state, "p1", command)
                assert label is not None, command
                en, fr = (render(label, loc) for loc in ("en", "fr"))
                for text in (en, fr):
                    # Discord caps a button at 80 characters
                    assert 0 < len(text) <= 80 and "hop." not in text and "{" not in text, text
                    assert text != GAME.notation.format(command), text  # words, not the notation
                differ, same = differ + (en != fr), same + (en == fr)
                kinds.add(command.kind)
            legal = GAME.legal(state, "p1")
            command = player.choose(state, "p1") if rnd.random() < 0.8 else rnd.choice(legal)
            state = GAME.apply(state, "p1", command).state
    assert {"go", "dep", "mv", "atk", "end", "auto", "keep", "pick", "tac"} <= kinds, kinds
    assert differ > 4 * same  # proper names alone may read the same


def test_fight_choices_in_words():
    state = fight(["p:kl_guard@d4", "r:kl_blade@d3"], arena="kunlun")
    words = {
        GAME.notation.format(x): render(GAME.label(state, "p1", x), "en") for x in GAME.legal(state, "p1")
    }
    assert words["end"] == "End your turn"
    attack = next(v for k, v in words.items() if k.startswith("atk "))
    assert "(d4)" in attack and "(d3)" in attack and "attacks" in attack
    fr = render(GAME.label(state, "p1", c.End()), "fr")
    assert fr != "End your turn" and fr


def test_a_question_of_the_rivals_turn_says_what_each_button_decides():
    """seed 003 l.384: the player breaks the rival's tie between targets; each button says
    which unit the rival then attacks, and the question is a new decision (it pings)."""
    from engine.hoplomachus import turn
    from engine.hoplomachus.ctx import Ctx

    state = fight(["r:kl_blade@d3", "p:kl_guard@c4", "p:la_shell@d4"], arena="argonauts")
    before = GAME.decision(state, "p1")
    for u in state.fight.units:
        u.hp = 3
    state.fight.step, state.fight.sub = "rival", "engage"
    state.fight.pending = [state.fight.units[0].fid]
    turn.settle(Ctx(state))
    assert state.ask is not None and state.ask.kind == "target"
    assert GAME.decision(state, "p1") != before
    words = [render(GAME.label(state, "p1", x), "en") for x in GAME.legal(state, "p1")]
    assert words and all(w.startswith("It attacks ") for w in words)
    assert render(GAME.label(state, "p1", GAME.legal(state, "p1")[0]), "fr").startswith("Il attaque ")

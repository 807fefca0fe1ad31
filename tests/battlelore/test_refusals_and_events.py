"""Refusals that name the rule and events that say what happened, in English and French
(issue 25; seed 002 l.236-239 activation, l.273-276 flags)."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME
from engine.errors import IllegalCommand
from engine.i18n import render
from tests.battlelore.position import battle, play


def refusal(state, text) -> dict[str, str]:
    with pytest.raises(IllegalCommand) as e:
        play(state, text)
    return {lang: render(e.value.text, lang) for lang in ("en", "fr")}


def test_act_after_the_cards_activations_are_used_names_the_cards_limit_l236_239():
    state = play(battle(["p1 hop e2", "p1 hop f8", "p2 hop e8"]), "play c2 any", "act e2")
    assert state.step == "move"
    said = refusal(state, "act f8")
    assert "at most one unit" in said["en"] and "Attack centre" in said["en"]
    assert "au plus une unité" in said["fr"] and "Attaque au centre" in said["fr"]
    assert "does not fit now" not in said["en"] and "{" not in said["en"] + said["fr"]


def test_act_refused_by_the_card_names_the_units_it_allows_l238_239():
    hand = {"p1": ["line", "c2", "l2", "r2", "c3"]}
    state = battle(["p1 hop e2", "p1 hop f2", "p1 hop a2", "p1 hop l2", "p2 hop e8"], hands=hand)
    state = play(state, "play line", "act f2")  # one unit in each sector: the centre is taken
    said = refusal(state, "act e2")
    assert said["en"].endswith("Units you may still activate: a2, l2.") and "Advance the line" in said["en"]
    assert said["fr"].endswith("Unités que vous pouvez encore activer\u00a0: a2, l2.")
    assert "Avancée générale" in said["fr"] and "bl." not in said["en"] + said["fr"]


def test_a_flag_result_is_announced_with_what_courage_makes_of_it_l273_276(dice):
    state = play(battle(["p1 hop e4", "p2 takab e5"], terrain={"d6": "water"}), "play c2 any", "act e4")
    dice(4, 3, 3)
    result = GAME.apply(state, "p1", GAME.notation.parse("atk e4xe5", state, "p1"))
    flags = [e for e in result.events if e.text.key.startswith("bl.ev.flags")]
    assert len(flags) == 1 and flags[0].to is None
    en, fr = render(flags[0].text, "en"), render(flags[0].text, "fr")
    assert "one flag" in en and "retreat one hex" in en
    assert "un drapeau" in fr and "retraiter d’un hexagone" in fr


def test_a_card_not_held_is_named_in_words_never_as_a_key():
    state = battle(["p1 hop e2", "p2 hop e8"])
    for text in ("play zz", "play line"):  # no such card; a real card not in the hand
        said = refusal(state, text)
        assert "bl." not in said["en"] + said["fr"] and "{" not in said["en"] + said["fr"]
    said = refusal(state, "play line")
    assert "Advance the line" in said["en"] and "Avancée générale" in said["fr"]


def test_a_command_card_played_for_its_text_is_read_out_l236():
    state = battle(["p1 hop e2", "p2 hop e8"])
    result = GAME.apply(state, "p1", GAME.notation.parse("play c2", state, "p1"))
    said = [(render(e.text, "en"), render(e.text, "fr")) for e in result.events if e.to is None]
    assert any("Attack centre" in en and "Order up to 2 units in the centre" in en for en, _ in said)
    assert any("Attaque au centre" in fr and "2 unités au plus" in fr for _, fr in said)

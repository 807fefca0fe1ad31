"""The glossary seam (engine/glossary.py) and the rule that no raw catalog key reaches a reader
(issue 25): a key without text is logged as an error and shown in words."""

from __future__ import annotations

import logging

from engine.glossary import Entry, choice_label, find, fold, kind_text, search
from engine.i18n import T, forget_missing, missing_texts, register_texts, render

register_texts("en", {"tg.keen": "Keen Edge", "tg.keen.text": "Your hits deal one more damage."})
register_texts("fr", {"tg.keen": "Fil acéré", "tg.keen.text": "Vos touches infligent un dégât de plus."})
register_texts("en", {"tg.tact": "Tactician", "tg.tact.text": "Activate one more unit."})
register_texts("fr", {"tg.tact": "Tacticien", "tg.tact.text": "Activez une unité de plus."})

KEEN = Entry("pw_edge", "prowess", T("tg.keen"), (T("tg.keen.text"),), aliases=("pw_edge",))
TACT = Entry("power.TC", "power", T("tg.tact"), (T("tg.tact.text"),), aliases=("TC",))
ENTRIES = [KEEN, TACT]


def test_fold_ignores_case_accents_and_punctuation():
    assert fold("  Fil-Acéré! ") == "fil acere"


def test_an_entry_is_found_by_its_name_in_either_language_its_key_or_an_alias():
    for typed in ("Keen Edge", "fil acere", "FIL ACÉRÉ", "pw_edge", "keen"):
        assert find(ENTRIES, typed)[0] is KEEN, typed
    assert find(ENTRIES, "tc")[0] is TACT
    assert find(ENTRIES, "power.TC")[0] is TACT


def test_a_typo_still_finds_the_entry_and_nothing_alike_finds_none():
    assert find(ENTRIES, "tacticain")[0] is TACT
    assert find(ENTRIES, "zzzz") == (None, [])


def test_search_lists_best_first_and_labels_fit_discord():
    assert search(ENTRIES, "ta")[0] is TACT
    assert search(ENTRIES, "") == ENTRIES
    label = choice_label(KEEN, "fr")
    assert label == "Fil acéré — Vos touches infligent un dégât de plus."
    long = Entry("x", "card", T("tg.keen"), (T("tg.keen.text", pad="x"),), short=None)
    assert len(choice_label(long, "en", size=20)) == 20


def test_kinds_are_named_in_both_languages():
    assert render(kind_text("bane"), "fr") == "Banni"
    assert render(kind_text("prowess"), "en") == "prowess"
    assert render(kind_text("gizmo"), "en") == "gizmo"


def test_a_missing_key_is_logged_and_shown_in_words(caplog):
    forget_missing()
    with caplog.at_level(logging.ERROR, logger="agora.i18n"):
        shown = render(T("bl.card.zz_top"), "en")
    assert shown == "zz top"
    assert "bl.card.zz_top" in missing_texts()
    assert any("bl.card.zz_top" in r.getMessage() for r in caplog.records)
    forget_missing()


def test_an_unfilled_placeholder_is_logged_and_never_shown(caplog):
    forget_missing()
    with caplog.at_level(logging.ERROR, logger="agora.i18n"):
        shown = render(T("core.err.unknown_command", text="zz"), "en")
    assert "{examples}" not in shown and "zz" in shown
    assert "core.err.unknown_command{examples}" in missing_texts()
    forget_missing()


def test_a_name_shared_by_two_games_is_asked_back_within_one_game_the_first_wins():
    other = Entry("skill.keen", "skill", T("tg.keen"), (T("tg.keen.text"),))
    owners = {id(KEEN): "hoplomachus", id(other): "toy"}
    assert find([KEEN, other], "keen edge", lambda e: owners[id(e)]) == (None, [KEEN, other])
    assert find([KEEN, other], "keen edge")[0] is KEEN
    assert find([KEEN, other], "skill.keen", lambda e: owners[id(e)])[0] is other  # a key is exact

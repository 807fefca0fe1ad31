"""Plural rules (CLDR through Babel) and French typography in engine/i18n.py (issue 12 §3)."""

import pytest

import engine.mythic  # noqa: F401  (registers the Mythic Battles catalog)
import render.common  # noqa: F401  (registers the renderers' catalog)
from engine.i18n import (
    NBSP,
    T,
    format_template,
    french_typography,
    placeholders,
    plural_category,
    register_texts,
    render,
)

WOUNDS = {
    "en": "{unit} takes {n, plural, one {# wound} other {# wounds}}.",
    "fr": "{unit} subit {n, plural, one {# blessure} other {# blessures}}.",
}


@pytest.mark.parametrize(
    ("locale", "n", "expected"),
    [
        ("en", 0, "Ajax takes 0 wounds."),
        ("en", 1, "Ajax takes 1 wound."),
        ("en", 2, "Ajax takes 2 wounds."),
        ("fr", 0, "Ajax subit 0 blessure."),
        ("fr", 1, "Ajax subit 1 blessure."),
        ("fr", 2, "Ajax subit 2 blessures."),
        ("fr", 1000000, "Ajax subit 1000000 blessures."),  # CLDR "many": no branch, so "other"
    ],
)
def test_plural_branch_follows_the_locale_rules(locale, n, expected):
    assert format_template(WOUNDS[locale], {"unit": "Ajax", "n": n}, locale) == expected


def test_categories_come_from_cldr():
    assert [plural_category(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category(n, "fr") for n in (0, 1, 1.5, 2)] == ["one", "one", "one", "other"]
    assert plural_category(1000000, "fr") == "many"


def test_exact_branch_other_params_inside_branches_and_text_counts():
    template = "{n, plural, =0 {no card} one {# card of {who}} other {# cards of {who}}}"
    assert format_template(template, {"n": 0, "who": "Eve"}, "en") == "no card"
    assert format_template(template, {"n": 1, "who": "Eve"}, "en") == "1 card of Eve"
    assert format_template(template, {"n": "3", "who": "Eve"}, "en") == "3 cards of Eve"
    ratio = "{won, plural, one {#/{need} manche gagnée} other {#/{need} manches gagnées}}"
    assert format_template(ratio, {"won": 1, "need": 3}, "fr") == "1/3 manche gagnée"
    assert format_template(ratio, {"won": 2, "need": 3}, "fr") == "2/3 manches gagnées"


def test_a_count_that_is_not_a_number_takes_the_other_branch():
    assert format_template("{n, plural, one {# pion} other {# pions}}", {"n": "beaucoup"}, "fr") == (
        "beaucoup pions"
    )


def test_render_uses_the_readers_locale_for_the_plural():
    register_texts("en", {"test.i18n.wounds": WOUNDS["en"]})
    register_texts("fr", {"test.i18n.wounds": WOUNDS["fr"]})
    assert render(T("test.i18n.wounds", unit="Ajax", n=1), "en") == "Ajax takes 1 wound."
    assert render(T("test.i18n.wounds", unit="Ajax", n=0), "en-GB") == "Ajax takes 0 wounds."
    assert render(T("test.i18n.wounds", unit="Ajax", n=0), "fr") == "Ajax subit 0 blessure."
    assert render(T("test.i18n.wounds", unit="Ajax", n=2.0), "fr") == "Ajax subit 2 blessures."


def test_the_catalogs_plural_entries_in_both_languages():
    mythic = T("mythic.window.wounds", unit="Méduse", wounds=1)
    assert render(mythic, "en") == "Méduse takes 1 wound: cancel some with a talent?"
    assert render(mythic, "fr") == f"Méduse subit 1 blessure{NBSP}: en annuler avec un talent{NBSP}?"
    assert render(T("mythic.window.wounds", unit="Méduse", wounds=0), "fr").startswith(
        "Méduse subit 0 blessure" + NBSP
    )
    assert "3 blessures" in render(T("mythic.window.wounds", unit="Méduse", wounds=3), "fr")
    assert "1 success." in render(
        T("mythic.ev.roll_result", role="p1", unit="U", totals="6", successes=1), "en"
    )
    assert "2 successes." in render(
        T("mythic.ev.roll_result", role="p1", unit="U", totals="6", successes=2), "en"
    )
    assert render(T("render.mythic.pp_have", n=1), "en") == "1 power point"
    assert render(T("render.mythic.pp_have", n=0), "fr") == "0 point de Pouvoir"
    assert render(T("render.mythic.pp_have", n=4), "fr") == "4 points de Pouvoir"


def test_placeholders_see_through_plural_blocks():
    assert placeholders(WOUNDS["en"]) == {"unit", "n"}
    assert placeholders("{a!r} {{literal}} {b:>3} {c, plural, one {# x {d}} other {# xs}}") == {
        "a",
        "b",
        "c",
        "d",
    }


# --- French typography ------------------------------------------------------------------------


def test_french_spacing_and_apostrophes():
    assert french_typography("Votre main : {hand} ; prêt ? oui ! « {x} » 50 % l'armée d'{who}") == (
        f"Votre main{NBSP}: {{hand}}{NBSP}; prêt{NBSP}? oui{NBSP}! «{NBSP}{{x}}{NBSP}» 50{NBSP}% l’armée d’{{who}}"
    )
    # idempotent, and a no-break or narrow space already there is kept as one no-break space
    once = french_typography("a : b")
    assert french_typography(once) == once
    assert french_typography("a\u202f; b") == f"a{NBSP}; b"


def test_numbers_keep_their_units():
    assert french_typography("600 = 10 h ; {seconds} s, ({vp} PV)") == (
        f"600 = 10{NBSP}h{NBSP}; {{seconds}}{NBSP}s, ({{vp}}{NBSP}PV)"
    )
    assert french_typography("{name} s'en va") == "{name} s’en va"  # "s’" is no unit


def test_ellipsis_outside_code():
    assert (
        french_typography("toujours, jamais... `deploy PE,AR,...`") == "toujours, jamais… `deploy PE,AR,...`"
    )


def test_markdown_links_mentions_and_code_are_left_alone():
    text = (
        "**Attention** : `play a : b` https://example.org/x?y=1 <@123> </game hand:42> "
        "<:dieu:99> <t:1700000000:R> `l'ami` {x!r}"
    )
    assert french_typography(text) == (
        f"**Attention**{NBSP}: `play a : b` https://example.org/x?y=1 <@123> </game hand:42> "
        "<:dieu:99> <t:1700000000:R> `l'ami` {x!r}"
    )


def test_typography_reads_the_template_not_the_players_words():
    register_texts("fr", {"test.i18n.said": "{name} dit : « {words} »"})
    said = render(T("test.i18n.said", name="l'ami", words="go ! vite ?"), "fr")
    assert said == f"l'ami dit{NBSP}: «{NBSP}go ! vite ?{NBSP}»"


def test_english_is_not_touched():
    register_texts("en", {"test.i18n.plain": "Hand : {x} 'quoted'"})
    assert render(T("test.i18n.plain", x="y"), "en") == "Hand : y 'quoted'"


async def test_discord_translator_still_gives_names_as_typed_and_descriptions_in_french_typography():
    import discord
    from discord import app_commands

    import bot.discord  # noqa: F401  (registers the command catalog)
    from bot.discord.translator import CatalogTranslator, label

    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    french = discord.Locale.french
    assert await translator.translate(label("discord.cmd.game.name"), french, context) == "partie"
    settings = await translator.translate(label("discord.cmd.settings.desc"), french, context)
    assert settings.startswith(f"Réglages du serveur{NBSP}: ")
    assert (
        await translator.translate(
            label("discord.cmd.settings.desc"), discord.Locale.british_english, context
        )
        is None
    )

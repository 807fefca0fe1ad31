"""Every league text exists in English and French with the same placeholders, and every key
the code names literally is in the catalogs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.leagues.games import known_games, variants
from bot.leagues.ratings import MODELS
from bot.leagues.reports import DECISIONS, FIRST_CHOICES, RESULTS
from bot.leagues.views import EXPORTS
from engine.i18n import has_key

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "leagues" / "locales"
PLACEHOLDER = re.compile(r"{(\w+)")


def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


def test_english_and_french_have_the_same_keys_and_placeholders():
    en, fr = catalog("en"), catalog("fr")
    assert set(en) == set(fr)
    for key, english in en.items():
        assert set(PLACEHOLDER.findall(english)) == set(PLACEHOLDER.findall(fr[key])), key
        assert fr[key].strip(), key


def test_every_key_the_code_names_is_translated():
    en = catalog("en")
    used = set()
    for path in (ROOT / "bot" / "leagues").glob("*.py"):
        used |= set(re.findall(r'"(league\.[a-z_.]+[a-z_])"', path.read_text(encoding="utf-8")))
    assert used and not used - set(en), sorted(used - set(en))
    # keys built from values: games, models, variants, statuses, outcomes, streaks, buttons
    built = (
        {f"league.model.{m}" for m in MODELS}
        | {f"league.status.{s}" for s in ("pending", "disputed", "accepted", "void")}
        | {f"league.outcome.{o}" for o in "WDL"}
        | {f"league.streak.{o}" for o in "WDL"}
        | {f"league.button.{b}" for b in ("confirm", "dispute", "accept", "void")}
        | {f"league.decision.{d}" for _, d in DECISIONS.values()}
        | {f"league.waiting.{s}" for s in ("pending", "disputed")}
        | {f"league.export.{w}" for w in EXPORTS}
        | {f"league.stats.by_{k}" for k in ("faction", "first", "scenario")}
        | {
            f"league.choice.{k}.{v}"
            for k, vs in (
                ("rating", MODELS),
                ("result", RESULTS),
                ("first", FIRST_CHOICES),
                ("action", DECISIONS),
                ("what", EXPORTS),
            )
            for v in vs
        }
    )
    assert not built - set(en), sorted(built - set(en))


def test_every_games_league_variants_are_named_in_both_languages():
    """Variant labels come from each game's declaration (engine/plugins.py LeagueFacts)."""
    for game in known_games():
        for value, text in variants(game).items():
            assert has_key(text.key, "en") and has_key(text.key, "fr"), (game, value)

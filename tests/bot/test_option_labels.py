"""Every fixed choice of `/game new` has a label, in English and French (issue 25: a new
player chooses Hoplomachus' difficulty or who plays first in Battlelore from these words
alone, in `/game rules`, `help` and Discord's option lists). Each label costs characters of
`/game new`'s 4000 on Discord: short ones, so the games' main options stay typed."""

from __future__ import annotations

import pytest

from bot.discord.game_options import describe_field
from engine import get_game
from engine.i18n import LOCALES, has_key, t


@pytest.mark.parametrize("game_id", ["athena", "battlelore", "hoplomachus", "mythic"])
def test_every_option_and_choice_is_worded_in_both_languages(game_id):
    game = get_game(game_id)
    missing = []
    for field, info in game.Options.model_fields.items():
        spec = describe_field(info)
        keys = [f"{game_id}.option.{field}.{value}" for value in (spec.choices or [] if spec else [])]
        for key in keys:
            for locale in LOCALES:
                if not has_key(key, locale):
                    missing.append(f"{key} ({locale})")
                elif len(t(key, locale)) > 100:  # Discord's limit for a description or a choice
                    missing.append(f"{key} ({locale}): longer than 100 characters")
    assert not missing, missing


def test_the_difficulty_says_what_the_hero_starts_with():
    assert t("hoplomachus.option.difficulty.desc", "en") == "What your hero starts with"
    assert t("hoplomachus.option.difficulty.fearless", "en") == "Fearless (1 Blessing, Scion +3, no tactics)"
    assert t("hoplomachus.option.difficulty.chosen", "fr").startswith("Élu (facile\u00a0: 3 Prouesses")

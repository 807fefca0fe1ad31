"""`/game new game:hoplomachus hero:`: the heroes are suggested by name (autocomplete on Discord,
labelled in the help and `/game rules`), without taking room in `/game new`'s 4000 characters;
an unknown hero is refused at `/game new`, naming the known ones."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from pydantic import ValidationError

from bot.discord.game_options import option_params
from bot.service.option_guide import games_guide
from engine.hoplomachus import GAME
from engine.hoplomachus.state import Options
from engine.i18n import render


def test_the_help_names_every_hero(hoplomachus):
    for loc, random_hero in (("en", "random = Random hero"), ("fr", "random = Héros au hasard")):
        line = next(render(t, loc) for t in games_guide([GAME], loc) if "hero" in render(t, loc)[:8])
        assert random_hero in line and "nox = Nox" in line and "parthian = " in line
        assert "any text" not in line and "texte" not in line


def test_an_unknown_hero_is_refused_and_a_known_one_kept():
    assert Options(hero=" Nox ").hero == "nox" and Options().hero == "random"
    with pytest.raises(ValidationError) as refused:
        Options(hero="zeus")
    assert "zeus" in str(refused.value) and "'stygiana'" in str(refused.value)


async def test_discord_suggests_heroes_by_autocomplete_not_choices(hoplomachus):
    hero = next(p for p in option_params([GAME]) if p.name == "hero")
    assert hero.suggest and "nox" in hero.choices
    complete = hero.completer()
    found = await complete(SimpleNamespace(locale="fr"), "haSARD")
    assert [(c.name, c.value) for c in found] == [("Héros au hasard · random", "random")]
    found = await complete(SimpleNamespace(locale="en-US"), "")
    assert len(found) == len(hero.choices) and ("Nox · nox", "nox") in [(c.name, c.value) for c in found]

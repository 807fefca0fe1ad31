"""`/game new` parameters derived from the games' Options models, and the en/fr translator."""

from enum import Enum
from types import SimpleNamespace
from typing import Literal

import discord
import pytest
from discord import app_commands
from pydantic import BaseModel, Field

import bot.discord  # noqa: F401  (registers the adapter's catalog)
from bot.discord.game_options import option_params, options_for
from bot.discord.translator import CatalogTranslator, label, named
from bot.service.api import UserError


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class AlphaOptions(BaseModel):
    scenario: Literal["short", "long"] = "short"
    points: int = Field(40, ge=10, le=100)
    colour: Colour = Colour.RED
    fast: bool = False
    game: str = "x"  # collides with /game new's own parameter


class BetaOptions(BaseModel):
    scenario: Literal["long", "epic"] = "epic"
    points: str = "many"  # same name, another kind
    board: str = Field("plain", json_schema_extra={"choices": ["plain", "hills"]})


ALPHA = SimpleNamespace(id="alpha", names={"en": "Alpha", "fr": "Alpha FR"}, Options=AlphaOptions)
BETA = SimpleNamespace(id="beta", names={"en": "Beta"}, Options=BetaOptions)


def by_name(params):
    return {p.name: p for p in params}


def test_fields_become_typed_parameters_merged_across_games():
    params = by_name(option_params([ALPHA, BETA]))
    assert params["scenario"].choices == ["short", "long", "epic"]
    assert params["scenario"].fields == {"alpha": "scenario", "beta": "scenario"}
    assert (params["points"].kind, params["points"].low, params["points"].high) == (int, 10, 100)
    assert params["beta_points"].kind is str  # a clash of kinds gets the game id as prefix
    assert params["alpha_game"].fields == {"alpha": "game"}  # never shadows /game new's `game`
    assert params["colour"].choices == ["red", "blue"] and params["fast"].kind is bool
    assert params["board"].choices == ["plain", "hills"]


def test_options_for_keeps_the_chosen_game_fields_and_refuses_others():
    params = option_params([ALPHA, BETA])
    assert options_for(ALPHA, params, {"scenario": "long", "points": 50, "beta_points": None}) == {
        "scenario": "long",
        "points": 50,
    }
    assert options_for(BETA, params, {"beta_points": "few"}) == {"points": "few"}
    with pytest.raises(UserError) as refused:
        options_for(BETA, params, {"fast": True})
    assert refused.value.text.key == "discord.err.option_not_for_game"


async def test_translator_gives_french_from_the_catalog_and_from_extras():
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert (
        await translator.translate(label("discord.cmd.game.name"), discord.Locale.french, context) == "partie"
    )
    assert (
        await translator.translate(label("discord.cmd.game.name"), discord.Locale.american_english, context)
        is None
    )
    assert await translator.translate(named(ALPHA.names), discord.Locale.french, context) == "Alpha FR"
    assert await translator.translate(named(BETA.names), discord.Locale.french, context) is None

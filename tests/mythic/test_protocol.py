"""The protocol surface: identity, options, saved states, translations of every message."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine import get_game
from engine.i18n import catalog, render
from engine.mythic import GAME
from engine.mythic.state import Options
from engine.protocol import Game

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "mythic"
FIXTURE = Path(__file__).parent / "fixtures" / "state_v1.json"


def test_the_game_is_hosted_through_the_protocol():
    assert isinstance(GAME, Game) and get_game("mythic") is GAME
    assert GAME.roles(Options()) == ["p1", "p2"] and (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.roles(Options(teams=True)) == ["p1", "p2", "p3", "p4"]
    assert set(GAME.players) == {"random", "heuristic", "strong"}  # strong: engine/ai/search.py
    assert GAME.Options().reroll_fives == "once"
    assert GAME.Options(reroll_fives="chain").reroll_fives == "chain"
    with pytest.raises(ValidationError):
        GAME.Options(reroll_fives="forever")


def test_every_message_key_the_engine_uses_exists_in_english_and_french():
    source = "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    literal = set(re.findall(r'"(mythic\.[a-z_]+\.[a-z_.]+|mythic\.name)"', source))
    prefixes = set(re.findall(r'f"(mythic\.[a-z_.]+)\{', source))
    en, fr = catalog("en"), catalog("fr")
    assert literal, "no keys found"
    for key in literal:
        assert key in en and key in fr, key
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in en), prefix
    for stat in ("move", "cc", "ra", "def"):
        assert f"mythic.stat.{stat}" in fr
    for kind in ("cc", "ra", "bite", "bombard"):
        assert f"mythic.ev.attack_{kind}" in fr


def test_french_messages_are_french():
    from engine.i18n import T

    assert render(T("mythic.err.must_activate"), "fr").startswith("Vous devez activer")
    assert render(T("mythic.name", en="Spartans", fr="Spartiates"), "fr") == "Spartiates"
    assert render(T("mythic.name", en="Spartans", fr="Spartiates"), "en") == "Spartans"


def test_a_state_saved_by_schema_version_1_loads_and_plays_on():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1
    state = GAME.load_state(data)
    assert state.phase == "battle" and GAME.active(state)
    role = sorted(GAME.active(state))[0]
    GAME.apply(state, role, GAME.legal(state, role)[0])
    dumped = json.loads(state.model_dump_json())
    # the fields added since version 1 (the variants) take their defaults; the rest round-trips
    assert dumped.pop("barred") == []
    assert (dumped["options"].pop("teams"), dumped["options"].pop("deckbuilding")) == (False, False)
    assert all(frame.pop("queue") == [] for frame in dumped["stack"])
    assert dumped == data


@pytest.mark.parametrize("options", [Options(), Options(teams=True), Options(deckbuilding=True)])
def test_events_render_in_both_languages_without_missing_keys(options):
    from engine.mythic.heuristic import HeuristicPlayer

    roles = GAME.roles(options)
    state = GAME.setup(options, roles, 5)
    players = {r: HeuristicPlayer(5 + i) for i, r in enumerate(roles)}
    texts = []
    while GAME.result(state) is None:
        role = sorted(GAME.active(state))[0]
        outcome = GAME.apply(state, role, players[role].choose(state, role))
        texts += [event.text for event in outcome.events]
        state = outcome.state
    for text in [*texts, GAME.result(state).reason]:
        for locale in ("en", "fr"):
            shown = render(text, locale)
            assert "mythic." not in shown and "{" not in shown, (text.key, shown)


def test_a_malformed_command_is_refused_clearly():
    from engine.errors import IllegalCommand

    state = GAME.setup(GAME.Options(), ["p1", "p2"], 1)
    for bad in (
        {"kind": "teleport"},
        {"kind": "move", "path": "a1"},
        {"kind": "boost", "spend": "x", "onto": 1},
    ):
        with pytest.raises(IllegalCommand) as err:
            GAME.apply(state, "p1", bad)
        assert err.value.text.key == "mythic.err.bad_command"
    assert GAME.apply(
        state,
        "p1",
        {
            "kind": "recruit",
            "faction": "hades",
            "units": list(
                (
                    "cerberus",
                    "rhadamanthus",
                    "auditors",
                    "marauders",
                    "legion-acheron",
                    "legion-phlegethon",
                    "artillerymen",
                )
            ),
        },
    ).state

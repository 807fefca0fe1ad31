"""The notation: short, case-insensitive, and `format(parse(s)) == s` for every legal command."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.mythic import GAME
from engine.mythic.commands import Attack, Move, Recruit, Tiles, Use
from engine.mythic.content import content
from engine.mythic.notation import TALENT_CODES
from engine.mythic.players import HeuristicPlayer, RandomPlayer
from tests.mythic.scenario import battle

N = GAME.notation


def _positions(seed: int, players) -> list:
    """States met in a self-played game (every one, so every kind of decision shows up)."""
    states = []
    state = GAME.setup(GAME.Options(), ["p1", "p2"], seed)
    while GAME.result(state) is None and len(states) < 1500:
        role = sorted(GAME.active(state))[0]
        states.append((state, role))
        state = GAME.apply(state, role, players[role].choose(state, role)).state
    return states


@pytest.fixture(scope="module")
def positions():
    games = [
        _positions(1, {"p1": RandomPlayer(1), "p2": RandomPlayer(2)}),
        _positions(2, {"p1": HeuristicPlayer(3), "p2": RandomPlayer(4)}),
    ]
    return [p for game in games for p in game]


def test_every_legal_command_round_trips_through_the_notation(positions):
    kinds = set()
    for state, role in positions:
        for cmd in GAME.legal(state, role):
            text = N.format(cmd)
            assert text == text.lower() and text.strip() == text
            back = N.parse(text, state, role)
            assert back == cmd, text
            assert N.format(back) == text
            assert N.parse(text.upper(), state, role) == cmd  # case-insensitive
            kinds.add(cmd.kind)
    assert {
        "recruit",
        "tiles",
        "zone",
        "deploy",
        "activate",
        "move",
        "attack",
        "done",
        "end",
        "pass",
        "convert",
        "fetch",
        "optimal",
        "boost",
    } <= kinds


def test_every_legal_command_is_accepted(positions):
    """legal() and apply() agree: nothing legal() offers is refused."""
    for state, role in positions[::7]:
        for cmd in GAME.legal(state, role):
            GAME.apply(state, role, cmd)


def test_commands_round_trip_as_json():
    state = battle({"p1": ["marauders@c3"], "p2": ["spartans@c4"]})
    for cmd in (
        Attack(source="c3", target="c4", extra=("d4",), talent="bite"),
        Move(path=("c3", "c4", "c5")),
        Recruit(faction="hades", units=("cerberus", "marauders")),
        Tiles(placements=("1a", "2b@90", "3a", "4b")),
        Use(talent="endurance", unit="marauders"),
    ):
        assert GAME.load_command(cmd.model_dump(mode="json")) == cmd
        assert N.parse(N.format(cmd), state, "p1") == cmd


def test_aliases_and_shortcuts():
    state = battle({"p1": ["marauders@c3", "lycaons@d3"], "p2": ["spartans@c4"]})
    assert N.parse("army nick", None, "p1").units[0] == "cerberus"
    assert N.parse("tiles plains", None, "p1") == Tiles(placements=("1a", "2a", "3a", "4a"))
    assert N.parse("act mar", state, "p1").unit == "marauders"  # a unique prefix
    assert N.parse("act c3", state, "p1").unit == "marauders"  # the square of an own unit
    assert N.parse("cc c3xc4", state, "p1") == Attack(source="c3", target="c4")
    assert N.parse("use infernal_bombardment lycaons", state, "p1") == Use(
        talent="infernal_bombardment", unit="lycaons"
    )
    assert N.parse("use bombard lycaons", state, "p1").talent == "infernal_bombardment"
    assert N.parse("  MV  C3-D4 ", state, "p1") == Move(path=("c3", "d4"))
    assert N.parse("plus mv", state, "p1").stat == "move"
    assert set(TALENT_CODES) == set(content().talents)


@pytest.mark.parametrize(
    "text", ["", "fly c3", "mv c3", "atk c3", "boost 1", "zone x", "act", "dep marauders", "reroll a"]
)
def test_nonsense_is_refused_with_examples(text):
    state = battle({"p1": ["marauders@c3"], "p2": ["spartans@c4"]})
    with pytest.raises(IllegalCommand) as err:
        N.parse(text, state, "p1")
    assert err.value.text.key == "core.err.unknown_command" and "act" in err.value.text.params["examples"]


def test_an_unknown_or_ambiguous_unit_is_named_in_the_error():
    state = battle({"p1": ["hoplites-ares@c3", "hoplites-hephaestus@d3"], "p2": ["spartans@c9"]})
    with pytest.raises(IllegalCommand) as err:
        N.parse("act hoplites", state, "p1")
    assert err.value.text.key == "mythic.err.which_unit" and err.value.text.params["unit"] == "hoplites"
    with pytest.raises(IllegalCommand) as err:
        N.parse("use fireball hoplites-ares", state, "p1")
    assert err.value.text.key == "mythic.err.unknown_talent"

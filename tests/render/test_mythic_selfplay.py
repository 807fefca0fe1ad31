"""Views from a real self-played Mythic Battles game render; the engine's public view draws
exactly what its blanked copy and what a player's own view draw (no hidden field reaches the
channel's image)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.harness import play
from engine.mythic import GAME
from render.mythic import board_png, dice_line, private_png, roster_png
from tests.render.mythic_views import blank_hidden

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


@pytest.fixture(scope="module")
def moments():
    """One state per kind of moment met in a seeded random game (phase, decision, an attack
    being resolved or not, a last move or not), and the final state."""
    roles = GAME.roles(GAME.Options())
    seen: dict[tuple, object] = {}

    def keep(_before, _role, _command, outcome):
        view = GAME.view(outcome.state, None)
        key = (
            view.phase,
            view.decision.kind if view.decision else None,
            view.combat is not None,
            bool(view.last_move),
            view.turn > 40,
        )
        seen.setdefault(key, outcome.state)

    record = play(GAME, {r: GAME.players["random"](i + 5) for i, r in enumerate(roles)}, seed=7, on_step=keep)
    seen[("final",)] = record.state
    return list(seen.values())


def test_the_game_shows_many_kinds_of_moment(moments):
    views = [GAME.view(s, None) for s in moments]
    assert {"recruit", "deploy", "battle", "over"} <= {v.phase for v in views}
    assert any(v.combat for v in views) and any(v.last_attack for v in views)
    assert len(moments) >= 12


def test_every_public_battlefield_renders_and_shows_nothing_hidden(moments):
    for state in moments:
        view = GAME.view(state, None)
        data = board_png(view, NAMES, "fr")
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.width == 1200 and len(data) < 300_000
        assert data == board_png(blank_hidden(view), NAMES, "fr"), (view.phase, view.turn)
        assert data == board_png(GAME.view(state, "p1"), NAMES, "fr"), (view.phase, view.turn)


def test_every_private_view_and_roster_renders_for_both_players(moments):
    for state in moments[::2]:
        for role in GAME.roles(GAME.Options()):
            view = GAME.view(state, role)
            assert Image.open(io.BytesIO(private_png(view, NAMES, "en"))).width == 1200
            assert Image.open(io.BytesIO(roster_png(GAME.view(state, None), role, NAMES, "fr"))).width == 1200


def test_every_attack_has_a_dice_line(moments):
    attacks = [a for s in moments for a in (GAME.view(s, None).combat, GAME.view(s, None).last_attack) if a]
    assert attacks
    for attack in attacks:
        line = dice_line(attack, "en")
        if attack.rolls:
            assert " vs " in line and "successes: " in line, line
        else:  # announced, talents still being chosen
            assert line.startswith("dice not rolled yet"), line

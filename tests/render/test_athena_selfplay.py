"""Views from a real self-played Battle for Athena game render, and the engine's public view
draws exactly what its blanked copy draws (no hidden field reaches the channel's image)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.athena import GAME
from engine.harness import play
from render.athena import board_png, private_png
from tests.render.athena_views import blank_hidden

NAMES = {"p1": "Périclès", "p2": "Léonidas"}


@pytest.fixture(scope="module")
def moments():
    """One state for each (round, phase, duel shown or not) met in a seeded random game, and
    the final state: every kind of picture a table sees, in a couple of dozen renders."""
    roles = GAME.roles(GAME.Options())
    seen: dict[tuple, object] = {}

    def keep(_before, _role, _command, outcome):
        view = GAME.view(outcome.state, None)
        key = (
            min(view.round, 2),
            view.phase,
            bool(view.engaged),
            all(e.value is not None for e in view.engaged.values()),
        )
        seen.setdefault(key, outcome.state)

    record = play(
        GAME, {r: GAME.players["random"](i + 11) for i, r in enumerate(roles)}, seed=2024, on_step=keep
    )
    seen[("final",)] = record.state
    return list(seen.values())


def test_the_game_shows_many_kinds_of_moment(moments):
    phases = {GAME.view(s, None).phase for s in moments}
    assert {"power", "engagement", "over"} <= phases
    assert len(moments) >= 8


def test_every_public_board_renders_and_shows_nothing_hidden(moments):
    for state in moments:
        view = GAME.view(state, None)
        data = board_png(view, NAMES, "fr")
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.width == 1200 and len(data) < 300_000
        assert data == board_png(blank_hidden(view), NAMES, "fr"), (view.phase, view.round, view.duel)


def test_every_private_view_renders_for_both_players(moments):
    for state in moments[::3]:
        for role in GAME.roles(GAME.Options()):
            data = private_png(GAME.view(state, role), NAMES, "en")
            assert Image.open(io.BytesIO(data)).width == 1200

"""Battle for Athena's public board during the secret deployment (issue 25): an army not laid
out yet is drawn as plain numbered places, never as the dashed slots of cards that have left."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from engine.athena import GAME
from render.athena import army as army_render
from render.athena.army import slot_shown
from render.athena.board import board_image

NAMES = {"p1": "Alice", "p2": "Bob"}


def deploying():
    """Athènes: p1 has deployed (in secret), p2 not yet."""
    options = GAME.Options(scenario="athenes")
    state = GAME.setup(options, GAME.roles(options), 1)
    return GAME.apply(state, "p1", GAME.notation.parse("deploy strong", state, "p1")).state


def test_the_views_mark_the_army_still_being_deployed():
    state = deploying()
    for viewer in (None, "p1", "p2"):
        view = GAME.view(state, viewer)
        assert all(s.waiting and not s.present for s in view.armies["p2"].slots)
        assert all(s.present and not s.waiting for s in view.armies["p1"].slots)
    both = GAME.apply(state, "p2", GAME.notation.parse("deploy weak", state, "p2")).state
    assert not any(s.waiting for a in GAME.view(both, None).armies.values() for s in a.slots)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_public_board_draws_no_gone_slot_during_deployment(locale, monkeypatch):
    view = GAME.view(deploying(), None)
    assert {slot_shown(s, False)[0] for s in view.armies["p2"].slots} == {"waiting"}
    calls = []
    monkeypatch.setattr(army_render, "empty_slot", lambda *a: calls.append(a))
    image = board_image(view, NAMES, locale)
    assert calls == []  # the dashed "gone" slot is never drawn
    gone = view.model_copy(deep=True)
    for slot in gone.armies["p2"].slots:
        slot.waiting = False
    monkeypatch.undo()
    assert ImageChops.difference(image, board_image(gone, NAMES, locale)).getbbox() is not None

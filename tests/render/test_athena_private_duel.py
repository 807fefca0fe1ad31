"""The private image of Battle for Athena (issue 12 §2 and §1): a duel area like the board's,
with what the player learned of the opponent's engaged card, and power codes beside their
names (the codes come from the French names, and moves are typed with them)."""

from __future__ import annotations

import pytest

import render.athena.centre
import render.athena.private
import render.athena.tiles
import render.common
import render.sprites
from render.athena.private import private_image
from tests.render.athena_views import NAMES, mid_duel, power


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn on an image, in order (cards included: no tile drawn before)."""
    monkeypatch.setattr(render.sprites, "TILES", render.sprites.TileCache())
    texts: list[str] = []
    original = render.common.draw_text

    def spy(draw, xy, text, *args, **kwargs):
        texts.append(text)
        return original(draw, xy, text, *args, **kwargs)

    for module in (render.common, render.athena.private, render.athena.centre, render.athena.tiles):
        monkeypatch.setattr(module, "draw_text", spy)
    return texts


def private_png(view, names, locale):
    """The picture before its PNG encoding (the texts and the size are what is checked)."""
    return private_image(view, names, locale)


def height(image) -> int:
    return image.size[1]


def with_engaged(view, role, **update):
    engaged = {**view.engaged, role: view.engaged[role].model_copy(update=update)}
    return view.model_copy(update={"engaged": engaged})


def test_the_private_image_shows_the_duel(drawn):
    view = mid_duel("a")
    private_png(view, NAMES, "en")
    assert "Duel 5 in progress" in drawn
    assert any(text.startswith("Last duel:") for text in drawn)
    assert "VS" in drawn


def test_the_duel_area_waits_for_the_duels_to_begin():
    view = mid_duel("a")
    deploying = view.model_copy(update={"phase": "deploy", "engaged": {}, "last_duel": None})
    fighting = view.model_copy(update={"engaged": {}, "last_duel": None})
    assert height(private_png(deploying, NAMES, "en")) < height(private_png(fighting, NAMES, "en"))


def test_the_true_colour_anticipation_showed_is_drawn_on_the_engaged_card(drawn):
    view = mid_duel("a")
    hidden = next(r for r, e in view.engaged.items() if e.card is None)
    private_png(with_engaged(view, hidden, known_colour="red"), NAMES, "en")
    assert "You know: red" in drawn
    drawn.clear()
    private_png(view, NAMES, "fr")
    assert not any(text.startswith("Vous savez") for text in drawn)


def test_power_codes_stand_beside_their_names(drawn):
    view = mid_duel("a")
    army = view.armies["a"].model_copy(update={"hand": [power("AT"), power("MR")], "hand_count": 2})
    private_png(view.model_copy(update={"armies": {**view.armies, "a": army}}), NAMES, "fr")
    assert "Anticipation (AT)" in drawn and "Mine de rien (MR)" in drawn
    attached = [p.code for s in army.slots for p in s.powers or []]
    assert attached and all(any(t.startswith(f"{code} · ") for t in drawn) for code in attached)


def test_a_resolved_duel_is_no_longer_called_in_progress(drawn):
    view = mid_duel("a")
    resolved = {r: e.model_copy(update={"value": 5.0}) for r, e in view.engaged.items()}
    private_png(view.model_copy(update={"engaged": resolved, "phase": "power"}), NAMES, "en")
    assert "Last duel fought" in drawn and not any(text.startswith("In the duel") for text in drawn)
    drawn.clear()
    private_png(view, NAMES, "en")
    assert any(text.startswith("In the duel: slot") for text in drawn)

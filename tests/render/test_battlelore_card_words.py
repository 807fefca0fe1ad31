"""The Battlelore unit card names its abilities and says where their texts are (issue 25): an
image has no room for the rules' texts, so a line under the two faces points to
`/game explain` with one of the unit's own abilities, in the reader's language."""

from __future__ import annotations

import pytest

from engine.battlelore import GAME
from engine.battlelore.content import content
from render.battlelore import card

NAMES = {"p1": "Alexandra", "p2": "Bérénice"}


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en", "What each ability does: /game explain name:"),
        ("fr", "Ce que fait chaque capacité\u00a0: /game explain name:"),
    ],
)
def test_the_unit_card_points_to_the_abilities_texts(monkeypatch, locale, line):
    state = GAME.setup(GAME.Options(deploy="alternate"), ["p1", "p2"], 3)
    for _ in range(40):  # deploy until a unit with abilities stands on the field
        view = GAME.view(state, None)
        fielded = [
            u for u in view.units if u.hex and (content().units[u.card].abil or content().units[u.card].trig)
        ]
        if fielded:
            break
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, GAME.players["heuristic"](1).choose(state, role)).state
    assert fielded, "a unit with abilities was deployed"
    unit = fielded[0]
    drawn: list[str] = []
    real = card.draw_fitted
    monkeypatch.setattr(
        card, "draw_fitted", lambda d, box, text, *a, **k: drawn.append(text) or real(d, box, text, *a, **k)
    )
    card.unit_image(view, unit.hex, NAMES, locale)
    pointer = [text for text in drawn if text.startswith(line)]
    first = [*content().units[unit.card].abil, *content().units[unit.card].trig][0]
    assert pointer == [line + card._ability(first, locale)]

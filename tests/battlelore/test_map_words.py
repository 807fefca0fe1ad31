"""A pitched battlefield's choice says what it lays out (issue 25: "Rolling hills" alone tells
a new player nothing): each `map` option's effect text counts its terrain from the layout
(engine/battlelore/data/scenarios.yaml, authored; seed 002 l.203 has one player place the
terrain), in English and French."""

from __future__ import annotations

from engine.battlelore import GAME
from engine.battlelore import commands as c
from engine.battlelore.content import content
from engine.i18n import render


def test_each_battlefield_choice_counts_its_terrain():
    state = GAME.setup(GAME.Options(), ["p1", "p2"], 3)
    maps = [cmd for cmd in GAME.legal(state, sorted(GAME.active(state))[0]) if isinstance(cmd, c.Map)]
    assert len(maps) == 3
    for cmd in maps:
        en, fr = (render(GAME.explain(state, "p1", cmd), loc) for loc in ("en", "fr"))
        hills = sum(row.count("h") for row in content().scenarios[cmd.layout].map)
        assert en.startswith("Terrain: ") and f"Hill ×{hills}" in en
        assert fr.startswith("Terrain\u00a0: ") and f"Colline ×{hills}" in fr

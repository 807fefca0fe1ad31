"""The Mythic Battles side panel's first line (issue 25): once both armies are deployed it
says so, instead of a bare "No move yet" that read as if nothing had happened; during the
set-up it says which step is under way."""

from __future__ import annotations

import pytest

from engine.mythic import GAME
from engine.mythic.heuristic import HeuristicPlayer
from engine.mythic.state import Options
from render.mythic.panel import move_lines
from render.mythic.scene import Scene

NAMES = {"p1": "alice", "p2": "bob"}
WORDS = {
    "en": ("Deployment under way", "Armies deployed: no unit has moved yet", "Last move"),
    "fr": (
        "Déploiement en cours",
        "Armées déployées\u00a0: aucune unité n’a encore bougé",
        "Dernier déplacement",
    ),
}


def _states():
    """(during deployment, both armies deployed and nobody moved, after a first move)."""
    options = Options()
    state = GAME.setup(options, GAME.roles(options), 7)
    players = {r: HeuristicPlayer(i) for i, r in enumerate(GAME.roles(options))}
    found = {}
    while "moved" not in found:
        view = GAME.view(state, None)
        if view.phase == "deploy":
            found.setdefault("deploying", view)
        elif view.phase == "battle" and not view.last_move:
            found.setdefault("deployed", view)
        elif view.last_move:
            found["moved"] = view
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, players[role].choose(state, role)).state
    return found


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_panel_says_the_armies_are_deployed_then_the_last_move(locale):
    states = _states()
    deploying, deployed, moved = WORDS[locale]

    def first_line(view):
        return " ".join(move_lines(Scene(view, NAMES, locale), 400))

    assert first_line(states["deploying"]) == deploying
    assert first_line(states["deployed"]) == deployed
    assert first_line(states["moved"]).startswith(moved)

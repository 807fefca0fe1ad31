"""Every command in words (engine/mythic/labels.py): what buttons and the `/play` autocomplete
show beside the notation, in English and French, within Discord's 100 characters."""

from __future__ import annotations

import pytest

from engine.i18n import render
from engine.mythic import GAME
from engine.mythic import commands as c
from engine.mythic.players import RandomPlayer
from engine.mythic.state import Options
from tests.mythic.scenario import battle, run

FILL1 = ["shades@a1", "gaolers@b1", "lycaons@c1"]
FILL2 = ["hoplites-ares@l12", "hoplites-hephaestus@k12", "owls@j12"]


def words(state, role, cmd, locale="en") -> str:
    return render(GAME.label(state, role, cmd), locale)


def _apply(state, role, text):
    return GAME.apply(state, role, GAME.notation.parse(text, state, role)).state


def _set_up(seed=3):
    state = GAME.setup(Options(), GAME.roles(Options()), seed)
    state = _apply(state, "p1", "army nick")
    return _apply(state, "p2", "army phalanx")


@pytest.mark.parametrize("seed,teams", [(1, False), (2, False), (3, True), (4, False), (5, True)])
def test_every_legal_command_has_short_words_in_both_languages(seed, teams):
    """Random positions from set-up to battle: every command of every active role has a label
    of at most 100 characters in English and French (80 when it may be a button: a window's
    choice, or one of at most 5 commands), never a bare catalog key."""
    options = Options(teams=teams)
    roles = GAME.roles(options)
    state = GAME.setup(options, roles, seed)
    players = {r: RandomPlayer(seed + i) for i, r in enumerate(roles)}
    kinds = set()
    for _ in range(150):
        if GAME.result(state) is not None:
            break
        for role in sorted(GAME.active(state)):
            for cmd in GAME.legal(state, role):
                label = GAME.label(state, role, cmd)
                assert label is not None, cmd
                window = GAME.window(state, role)
                button = cmd in window.choices if window else len(GAME.legal(state, role)) <= 5
                for locale in ("en", "fr"):
                    text = render(label, locale)
                    assert 0 < len(text) <= (80 if button else 100), (locale, text)  # Discord's caps
                    assert "mythic." not in text, text
                kinds.add(cmd.kind)
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, players[role].choose(state, role)).state
    assert {"recruit", "tiles", "zone", "deploy", "activate", "move", "end"} <= kinds


def test_set_up_commands_say_what_they_do():
    state = _set_up()
    first, second = state.first, state.opponent(state.first)
    plains = c.Tiles(placements=("1a", "2a", "3a", "4a"))
    assert words(state, first, plains) == "Plains: 12 × forest, 9 × hill, 3 × ruins"
    assert words(state, first, plains, "fr") == (
        "Plaines\u00a0: 12\u00a0× forêt, 9\u00a0× colline, 3\u00a0× ruines"
    )
    typed = c.Tiles(placements=("2b@90", "5a", "6b@270", "1a"))
    assert words(state, first, typed).startswith("Tiles 2b@90 5a 6b@270 1a: ")
    state = _apply(state, first, "tiles plains")
    assert words(state, second, c.Zone(edge="w")) == (
        "Your side: west edge (columns a–b) · the enemy: east edge (columns k–l)"
    )
    assert words(state, second, c.Zone(edge="s"), "fr") == (
        "Votre camp\u00a0: bord sud (lignes 1–2) · l’ennemi\u00a0: bord nord (lignes 11–12)"
    )
    state = _apply(state, second, "zone s")
    deploy = [x for x in GAME.legal(state, state.top.role) if isinstance(x, c.Deploy)]
    labels = {words(state, state.top.role, x) for x in deploy}
    role = state.top.role
    unit = "spartans" if role == "p2" else "marauders"
    name = "Spartans" if unit == "spartans" else "Infernal Marauders"
    square = "b11" if state.zones[role] == "n" else "b2"
    assert f"Deploy {name} on {square}" in labels or f"Deploy {name} on {square} (hill)" in labels
    assert any(label.endswith("(hill)") or label.endswith("(forest)") for label in labels)


def test_every_ready_made_battlefield_button_shows_its_terrain_counts():
    """Issue 25: "Highlands: 3b 4a 5b 6a" gave tiles where the other layouts give terrain
    counts (the French wording, too long for a button, took the English one down with it).
    Each language now picks its own wording: full, then compact ("2 impass."), then tiles."""
    state = _set_up()
    first = state.first
    tiles = [x for x in GAME.legal(state, first) if isinstance(x, c.Tiles)]
    assert len(tiles) >= 6
    for cmd in tiles:
        for locale, terrain in (("en", "forest"), ("fr", "forêt")):
            text = words(state, first, cmd, locale)
            assert len(text) <= 80 and terrain in text and " ".join(cmd.placements) not in text, text
    highlands = c.Tiles(placements=("3b", "4a", "5b", "6a"))
    assert (
        words(state, first, highlands)
        == "Highlands: 7 × forest, 6 × hill, 6 × ruins, 2 × impassable, 2 × crevasse"
    )
    assert words(state, first, highlands, "fr") == (
        "Hautes terres\u00a0: 7\u00a0forêt, 6\u00a0colline, 6\u00a0ruines, 2\u00a0infranch., 2\u00a0crevasse"
    )


def test_recruiting_names_the_units_and_the_cost_in_the_readers_language():
    """Issue 25: a recruit option names its units (000 §"Recruter des Unités": the army is
    its units within the points), in English and French, within Discord's 100 characters;
    a long army keeps every name it can and counts the rest."""
    state = GAME.setup(Options(), GAME.roles(Options()), 1)
    assert len(GAME.legal(state, "p1")) > 5  # autocomplete, not buttons: 100 characters
    own = c.Recruit(faction="hades", units=("cerberus", "marauders", "shades", "gaolers", "lycaons"))
    assert words(state, "p1", own) == (
        "Recruit 5 units (Hades, 72 points): Cerberus, Infernal Marauders, Shades, Gaolers, Lycaons"
    )
    assert words(state, "p1", own, "fr") == (
        "Recruter 5 Unités (Hadès, 72 points)\u00a0: Cerbère, Maraudeurs Infernaux, Ombres, Geôliers, Lycaons"
    )
    phalanx = GAME.notation.parse("army phalanx", state, "p1")
    assert words(state, "p1", phalanx) == (
        "The Phalanx, 96 pts: Strategos, Spartans, 3 × Hoplites, Shield-bearers, Toxotes, Owls"
    )
    assert words(state, "p1", phalanx, "fr") == (
        "La Phalange, 96 pts\u00a0: Stratège, Spartiates, 3\u00a0× Hoplites, Porte-boucliers, Toxotes, Chouettes"
    )
    horde = words(state, "p1", GAME.notation.parse("army horde", state, "p1"), "fr")
    assert horde.startswith("96 pts\u00a0: Rhadamanthe, Maraudeurs Infernaux, 2\u00a0× Légion, Ombres")
    assert horde.endswith("+1 autre") and len(horde) <= 100
    for cmd in GAME.legal(state, "p1"):
        for locale in ("en", "fr"):
            text = words(state, "p1", cmd, locale)
            assert not [u for u in cmd.units if u in text], text  # names, never unit ids


def test_battle_commands_name_units_and_squares():
    state = battle(
        {"p1": ["marauders@c3", "cerberus@e5", *FILL1], "p2": ["spartans@c4", "talos@d3", *FILL2]},
        hands={"p1": ["marauders"]},
    )
    assert words(state, "p1", c.Activate(unit="marauders")) == "Activate Infernal Marauders"
    assert words(state, "p1", c.End(), "fr") == "Finir le tour"
    leader = words(state, "p1", c.Activate(unit="cerberus", pp=1), "fr")
    assert leader.startswith("Activer Cerbère, Gardien de la Porte des Enfers, Meneur") and len(leader) <= 100
    state, _ = run(state, [("p1", "act marauders")])
    assert words(state, "p1", c.Move(path=("c3", "b4"))) == "Move Infernal Marauders: c3 → b4"
    assert words(state, "p1", c.Attack(source="c3", target="c4")) == (
        "Attack Spartans (c4) with Infernal Marauders (c3)"
    )
    assert words(state, "p1", c.Attack(source="c3", target="d3"), "fr") == (
        "Attaquer Talos, le Géant de Bronze (d3) avec Maraudeurs Infernaux (c3)"
    )


def test_long_names_fall_back_to_a_shorter_wording():
    """Three cards to put under the deck, a button of at most 80 characters: the full names
    would not fit, so the label keeps the names without affiliation, or only the count."""
    state = battle({"p1": ["marauders@c3", *FILL1], "p2": FILL2})
    cycle = c.Cycle(cards=("legion-phlegethon", "hoplites-hephaestus", "hoplites-charydis"))
    assert words(state, "p1", cycle) == "Put Legion of the Damned, Hoplites, Hoplites under the deck"
    crowded = c.Cycle(cards=("cerberus", "cerberus", "rhadamanthus"))  # 38 + 38 + 27 letters
    assert words(state, "p1", crowded, "fr") == "Placer 3 cartes sous la pioche"

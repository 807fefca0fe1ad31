"""`/game status` in words (engine/mythic/summary.py): the set-up step and how it works, then
the turn, each general's units, power points and cards in front, and what is awaited; only
public information, so every viewer's view gives the same lines."""

from __future__ import annotations

import pytest

from engine.i18n import render
from engine.mythic import GAME
from engine.mythic.players import RandomPlayer
from engine.mythic.state import Options
from tests.mythic.scenario import battle, run


def lines(state, locale="en", viewer=None) -> list[str]:
    return [render(t, locale) for t in GAME.summary(GAME.view(state, viewer))]


def _apply(state, role, text):
    return GAME.apply(state, role, GAME.notation.parse(text, state, role)).state


def test_set_up_steps_say_who_does_what_and_how():
    state = GAME.setup(Options(), GAME.roles(Options()), 3)
    assert lines(state) == [
        "Set-up 1/4: each general recruits an army of 100 points, in secret (waiting for Player 1, Player 2).",
        "Player 1: still recruiting.",
        "Player 2: still recruiting.",
    ]
    state = _apply(state, "p1", "army nick")
    assert lines(state)[1:] == [
        "Player 1: army recruited (secret until both have).",
        "Player 2: still recruiting.",
    ]
    state = _apply(state, "p2", "army phalanx")
    first, second = state.first, state.opponent(state.first)
    tiles = lines(state)
    assert tiles[0] == f"Set-up 2/4: Player {first[1]} lays the tiles of the battlefield."
    assert "Each tile has two sides, a and b, and may be turned" in tiles[1]
    assert tiles[2].startswith("Ready-made battlefields: Plains (`tiles plains`), Ruins (`tiles ruins`)")
    assert "4 players" not in tiles[2]  # the 6-tile battlefields are for teams
    assert f"Player {first[1]} plays first (dice: " in tiles[3]
    assert (
        "Player 1 (Hades): 0 of 7 units placed; 0 power points (2 per recruitment point left unspent)."
        in tiles[4]
    )
    state = _apply(state, first, "tiles plains")
    zones = lines(state, "fr")
    assert zones[0].startswith(f"Préparation 3/4\u00a0: Joueur {second[1]} choisit les bords de déploiement")
    assert "Champ de Bataille\u00a0: Plaines (1a 2a 3a 4a)\u00a0: 12\u00a0× forêt" in zones[2]
    state = _apply(state, second, "zone s")
    deploy = lines(state)
    assert deploy[0].endswith(f"(now: Player {first[1]}; `/mythic deploy`).")
    assert any(f"Player {second[1]} (" in line and "south edge" in line for line in deploy)


def test_the_battle_tells_the_turn_units_left_and_what_is_awaited():
    state = battle(
        {"p1": ["marauders@c3", "shades@a1"], "p2": ["spartans@c4", "owls@j12"]},
        hands={"p1": ["marauders", "shades"], "p2": ["spartans"]},
        pp={"p1": 3},
        aow={"p2": 1},
        vit={"p2.owls": 0},
    )
    state.units = [u.model_copy(update={"sq": None}) if u.uid == "p2.owls" else u for u in state.units]
    assert lines(state) == [
        "Turn 1: Player 1 plays (no activation yet).",
        "Player 1 plays first (dice: –).",
        "Battlefield: Plains (1a 2a 3a 4a): 12 × forest, 9 × hill, 3 × ruins.",
        "Player 1 (Hades, south edge): 2 of 2 units standing; 3 power points; 0 Art of War cards in front; "
        "2 cards in hand, 0 in the deck.",
        "Player 2 (Athena, north edge): 1 of 2 units standing; 0 power points; 1 Art of War card in front; "
        "1 card in hand, 0 in the deck.",
        "Destroyed (Player 2): Owls of Athena.",
        "Awaited from Player 1: activate a unit or end the turn.",
    ]
    state, _ = run(state, [("p1", "act marauders"), ("p1", "atk c3xc4")])
    fr = lines(state, "fr")
    assert fr[0] == "Tour 1\u00a0: Joueur 1 joue (1 activation jusqu’ici)."
    assert fr[1] == "Activée en ce moment\u00a0: Maraudeurs Infernaux (a attaqué)."
    assert fr[2] == "Attaque en cours\u00a0: Maraudeurs Infernaux contre Spartiates."
    assert fr[-1].startswith("En attente de Joueur 2\u00a0: répondre à une attaque")


@pytest.mark.parametrize("teams", [False, True])
def test_every_viewer_reads_the_same_public_lines(teams):
    """No hand, deck order or secret army: the public view and each player's own give the
    same words, all along a random game."""
    options = Options(teams=teams)
    roles = GAME.roles(options)
    state = GAME.setup(options, roles, 11)
    players = {r: RandomPlayer(i) for i, r in enumerate(roles)}
    for step in range(120):
        if GAME.result(state) is not None:
            break
        if step % 7 == 0:
            public = lines(state, "fr")
            assert all(lines(state, "fr", role) == public for role in roles)
            assert all("mythic." not in line for line in public)
        role = sorted(GAME.active(state))[0]
        state = GAME.apply(state, role, players[role].choose(state, role)).state
    assert any("équipe 2" in line for line in public) == teams


def test_a_players_own_words_show_their_hand_and_what_they_still_place():
    """`/game hand` in words (GAME.describe): the viewer's units to place and their zone in
    the set-up; in the battle their hand (each card once, with how many) and what lies in
    front of them. The public view describes nothing."""
    state = GAME.setup(Options(), GAME.roles(Options()), 3)
    state = _apply(state, "p1", "army nick")
    assert lines_of_hand(state, "p1") == [
        "Your army (secret until both have recruited): Damned Artillerymen, Infernal Auditors, "
        "Cerberus, Guardian of the Gate of Hell, Legion of the Damned (Acheron), "
        "Legion of the Damned (Phlegethon), Infernal Marauders, Rhadamanthus, Judge of Hell."
    ]
    assert lines_of_hand(state, "p2") == [] and GAME.describe(GAME.view(state, None)) == []
    state = _apply(state, "p2", "army phalanx")
    state = _apply(state, state.first, "tiles plains")
    state = _apply(state, state.opponent(state.first), "zone s")
    chooser = state.opponent(state.first)
    assert lines_of_hand(state, chooser)[0].endswith("— your zone: south edge (rows 1–2).")
    state = battle(
        {"p1": ["marauders@c3", "shades@a1"], "p2": ["spartans@c4"]},
        hands={"p1": ["marauders", "shades", "marauders"], "p2": ["spartans"]},
        pp={"p1": 1},
        aow={"p1": 2},
    )
    mine = lines_of_hand(state, "p1", "fr")
    assert mine[0].startswith("Votre main (3 cartes Manœuvre)\u00a0: Maraudeurs Infernaux\u00a0×2, Ombres")
    assert mine[1].startswith("Devant vous\u00a0: 2 cartes Art de la Guerre")
    assert "1 point de Pouvoir" in mine[1]
    assert "Spartiates" not in " ".join(mine)  # never the opponent's hand


def lines_of_hand(state, role, locale="en") -> list[str]:
    return [render(t, locale) for t in GAME.describe(GAME.view(state, role))]

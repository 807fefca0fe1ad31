"""Typed convenience commands: choices from the legal notation list, typed values back to
the notation the engine reads (engine/mythic/notation.py)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.mythic.table import moves

UNITS_AT = {"f6": "hippeis", "d3": "amazons", "e6": "marauders", "e7": "shades", "j7": "cerberus"}
ACTIVATION = ["act talos", "act hippeis", "act toxotes pp1", "end", "pp catapult", "pp aow", "fetch aow"]
MOVING = [
    "mv f6-a1",
    "mv f6-e5",
    "mv d3-e5",
    "mv d3-d4-d5",
    "atk f6xe6",
    "spread f6xe6+e7",
    "atk d3xe6",
    "done",
]


def test_activation_choices_name_units_in_the_readers_language():
    assert moves.activate_choices(ACTIVATION, "", "en") == [
        ("Talos, the Bronze Giant", "talos"),
        ("Hippeis of Thessaly", "hippeis"),
        ("Toxotes, Leader: 1 power point instead of an Art of War card", "toxotes pp1"),
    ]
    assert moves.activate_choices(ACTIVATION, "thess", "fr") == [("Hippeis de Thessalie", "hippeis")]
    assert moves.activate_notation("hippeis") == "act hippeis"
    assert moves.activate_notation("toxotes pp1") == "act toxotes pp1"
    assert moves.activate_notation("Géant de Bronze") == "act talos"


def test_move_choices_and_notation():
    to = moves.destination_choices(MOVING, UNITS_AT, "", "en", None)
    assert ("a1 ← Hippeis of Thessaly (f6)", "a1") in to and ("d5 ← Amazons of Themiscyra (d3)", "d5") in to
    assert [v for _, v in moves.destination_choices(MOVING, UNITS_AT, "", "en", "d3")] == ["e5", "d5"]
    assert moves.mover_choices(MOVING, UNITS_AT, "", "fr") == [
        ("Hippeis de Thessalie (f6)", "f6"),
        ("Amazones de Thémiscyra (d3)", "d3"),
    ]
    assert moves.move_notation(MOVING, UNITS_AT, "a1", None) == "mv f6-a1"  # only the Hippeis reach a1
    assert moves.move_notation(MOVING, UNITS_AT, "e5", "amazons") == "mv d3-e5"
    assert moves.move_notation(MOVING, UNITS_AT, "z9", "f6") == "mv f6-z9"  # the engine will say why not
    with pytest.raises(IllegalCommand) as which:
        moves.move_notation(MOVING, UNITS_AT, "e5", None)
    assert which.value.text.key == "mythicbot.err.which_mover"
    with pytest.raises(IllegalCommand) as none:
        moves.move_notation(ACTIVATION, UNITS_AT, "e5", None)
    assert none.value.text.key == "mythicbot.err.none_now" and "act talos" in none.value.text.params["moves"]


def test_attack_choices_show_targets_by_name_and_square():
    targets = moves.target_choices(MOVING, UNITS_AT, "", "en", None)
    assert targets == [
        ("Infernal Marauders (e6) ← Hippeis of Thessaly (f6)", "atk f6xe6"),
        (
            "Spread Shot: Infernal Marauders (e6) + Shades of Erebus (e7) ← Hippeis of Thessaly (f6)",
            "spread f6xe6+e7",
        ),
        ("Infernal Marauders (e6) ← Amazons of Themiscyra (d3)", "atk d3xe6"),
    ]
    assert moves.target_choices(MOVING, UNITS_AT, "", "fr", "f6") == [
        ("Maraudeurs Infernaux (e6)", "atk f6xe6"),
        ("Tir disséminé\u00a0: Maraudeurs Infernaux (e6) + Ombres de l'Érèbe (e7)", "spread f6xe6+e7"),
    ]
    assert [v for _, v in moves.target_choices(MOVING, UNITS_AT, "", "en", "d3")] == ["atk d3xe6"]
    assert moves.attacker_choices(MOVING, UNITS_AT, "", "en") == [
        ("Hippeis of Thessaly (f6)", "f6"),
        ("Amazons of Themiscyra (d3)", "d3"),
    ]
    assert moves.attack_notation(MOVING, UNITS_AT, "spread f6xe6+e7", None) == "spread f6xe6+e7"
    assert moves.attack_notation(MOVING, UNITS_AT, "Maraudeurs Infernaux", "amazons") == "atk d3xe6"
    assert moves.attack_notation(MOVING, UNITS_AT, "e6", None) == "atk f6xe6"  # a plain attack first
    with pytest.raises(IllegalCommand) as absent:
        moves.attack_notation(MOVING, UNITS_AT, "talos", None)
    assert absent.value.text.key == "mythicbot.err.not_on_board"


def test_convert_choices_and_notation():
    assert moves.convert_choices(ACTIVATION, "", "fr") == [
        ("Catapulte de Corinthe", "catapult"),
        ("carte Art de la Guerre", "aow"),
    ]
    assert moves.convert_notation("aow") == "pp aow"
    assert moves.convert_notation("Catapulte") == "pp catapult"

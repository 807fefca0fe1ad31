"""An attack's dice in one compact line for chat: each face's letter and what it did."""

from __future__ import annotations

from engine.battlelore.view import BattleloreView
from render.battlelore import marks, words


def dice_line(view: BattleloreView, locale: str = "en") -> str:
    """`S hit · F flag · O offering · T —` for the current or last roll; "" without one."""
    if not view.roll:
        return ""
    ranged, weak = marks.roll_kind(view)
    parts = []
    for face in view.roll:
        effect = marks.die_effect(face, ranged, weak)
        letter = words.label(f"face.{marks.FACE[face]}", locale)
        parts.append(f"{letter} {words.label(f'effect.{effect}', locale)}")
    return words.label("dice", locale, dice=" · ".join(parts))

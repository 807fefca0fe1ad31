"""Translated words of the Mythic Battles images. Unit and talent names come with the view
(`Names`, en/fr); factions, prompts and roles from the engine's catalog (`mythic.*`); the rest
(terrains, unit types, characteristics, labels) from this package's keys `render.mythic.*`."""

from __future__ import annotations

import re

from engine.i18n import Text, has_key, normalize_locale, render, t
from engine.mythic.content import Names
from engine.mythic.view import UnitView
from render.common import code_label


def label(key: str, locale: str, **params: object) -> str:
    return t(f"render.mythic.{key}", locale, **params)


def local(names: Names, locale: str) -> str:
    return names.fr if normalize_locale(locale) == "fr" else names.en


def text(value: Text, locale: str) -> str:
    return render(value, locale)


def unit_name(unit: UnitView, locale: str, with_affiliation: bool = True) -> str:
    """`Legion of the Damned (Acheron)`: the affiliation tells identical units apart (001 §I.7)."""
    name = local(unit.name, locale)
    if with_affiliation and unit.affiliation is not None:
        name += f" ({local(unit.affiliation, locale)})"
    return name


def player_name(role: str, names: dict[str, str], locale: str) -> str:
    """The seat's display name; the engine's name of the role ("Player 1") otherwise."""
    if names.get(role):
        return names[role]
    return t(f"mythic.role.{role}", locale) if has_key(f"mythic.role.{role}") else role


def faction_name(faction: str, locale: str) -> str:
    return code_label(f"mythic.faction.{faction}", locale, faction)


def terrain_name(terrain: str, locale: str) -> str:
    return code_label(f"render.mythic.terrain.{terrain}", locale, terrain)


def type_name(kind: str, locale: str) -> str:
    return code_label(f"render.mythic.type.{kind}", locale, kind)


def attack_kind(kind: str, locale: str) -> str:
    return code_label(f"render.mythic.kind.{kind}", locale, kind)


def phase_name(phase: str, locale: str) -> str:
    return code_label(f"render.mythic.phase.{phase}", locale, phase)


# Little words skipped when abbreviating a name (English and French).
_SMALL = {"of", "the", "de", "des", "du", "la", "le", "les", "d", "l", "et", "and"}


def _words(name: str) -> list[str]:
    head = name.split(",")[0]
    return [w for w in re.split(r"[\s'’\-]+", head) if w and w.lower() not in _SMALL]


def short_labels(units: list[UnitView], locale: str, size: int = 4) -> dict[str, str]:
    """A token label of `size` letters for every unit, unique within each army: the name's
    first word; for units that share it, the last word (Infernal Marauders / Infernal
    Auditors); then the affiliation's initial (two Legions of the Damned, 001 §I.7); then
    a number."""
    out: dict[str, str] = {}
    for owner in dict.fromkeys(u.owner for u in units):
        army = [u for u in units if u.owner == owner]
        options = {}
        for i, u in enumerate(army, start=1):
            words = _words(local(u.name, locale)) or [u.unit]
            stem = words[0][: size - 1].capitalize()
            mark = local(u.affiliation, locale)[0].upper() if u.affiliation else str(i)
            options[u.uid] = [
                words[0][:size].capitalize(),
                words[-1][:size].capitalize(),
                stem + mark,
                stem + str(i),
            ]
        labels = {uid: choices[0] for uid, choices in options.items()}
        for first in dict.fromkeys(labels.values()):
            group = [uid for uid in labels if options[uid][0] == first]
            if len(group) < 2:
                continue
            others = {lab for uid, lab in labels.items() if uid not in group}
            for level in range(1, 4):
                chosen = [options[uid][level] for uid in group]
                if len(set(chosen)) == len(chosen) and not others & set(chosen):
                    break
            labels.update(zip(group, chosen, strict=True))
        out.update(labels)
    return out

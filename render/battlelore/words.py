"""Translated words of the Battlelore Mythologie images. Card, unit, deity and scenario names
come from the engine's catalog (`bl.n.*`, `bl.card.*`, `bl.lore.*`, registered from the
authored content); the images' own labels are this package's keys `render.bl.*`."""

from __future__ import annotations

import re

from engine.battlelore.content import Names, content
from engine.i18n import has_key, normalize_locale, t
from render.common import code_label


def label(key: str, locale: str, **params: object) -> str:
    return t(f"render.bl.{key}", locale, **params)


def local(names: Names, locale: str) -> str:
    return names.fr if normalize_locale(locale) == "fr" else names.en


def name_of(code: str, locale: str) -> str:
    """A unit card, people, deity, terrain or artefact by its content id."""
    return code_label(f"bl.n.{code}", locale, code)


def code_name(prefix: str, code: str, locale: str) -> str:
    return code_label(f"bl.{prefix}.{code}", locale, code)


def card_name(card: str, locale: str) -> str:
    return code_label(f"bl.card.{card}", locale, card)


def lore_name(god: str, lore: str, locale: str) -> str:
    return code_label(f"bl.lore.{god}.{lore}", locale, lore)


def player(role: str, names: dict[str, str], locale: str) -> str:
    if names.get(role):
        return names[role]
    return t(f"bl.role.{role}", locale) if has_key(f"bl.role.{role}") else role


def step_name(step: str, locale: str) -> str:
    """The step in words, without the notation example the chat prompt carries."""
    return re.sub(r"\s*\(`[^`]*`\)", "", code_label(f"bl.step.{step}", locale, step))


def weapon_name(wid: str, locale: str) -> str:
    w = content().weapons.get(wid)
    return local(w.name, locale) if w else wid


def armour_name(aid: str, locale: str) -> str:
    a = content().armours.get(aid)
    return local(a.name, locale) if a else aid


def short(code: str, locale: str) -> str:
    """A unit's token letters: the first three of a one-word name (`Hop`), otherwise the
    initials (`Nile spearmen` -> `NS`); the legend under the board spells them out."""
    words = [w for w in name_of(code, locale).replace("-", " ").split() if w[:1].isalpha()]
    if not words:
        return code[:3]
    if len(words) == 1:
        return words[0][:3].capitalize()
    return "".join(w[0].upper() for w in words[:3])
